"""A strict reader of Prometheus' text exposition format (0.0.4), for the tests of /metrics: it
refuses what Prometheus would refuse (a sample before its family's TYPE, a TYPE twice, a bad name,
label or number, a sample twice, a histogram whose buckets shrink or whose +Inf is not its
count) rather than reading around it."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
LABEL = r"[a-zA-Z_][a-zA-Z0-9_]*"
SAMPLE = re.compile(rf"^({NAME})(?:\{{(.*)\}})? (\S+)(?: (-?\d+))?$")
PAIR = re.compile(rf'\s*({LABEL})="((?:[^"\\]|\\["\\n])*)"\s*(,|$)')
KINDS = ("counter", "gauge", "histogram", "summary", "untyped")


class Malformed(ValueError):
    pass


@dataclass
class Family:
    name: str
    kind: str = "untyped"
    help: str = ""
    samples: dict[tuple[str, tuple[tuple[str, str], ...]], float] = field(default_factory=dict)

    def value(self, suffix: str = "", **labels: str) -> float:
        return self.samples[(self.name + suffix, tuple(sorted(labels.items())))]


def number(text: str) -> float:
    if text in ("+Inf", "-Inf", "NaN"):
        return float(text.replace("Inf", "inf").replace("NaN", "nan"))
    if not re.fullmatch(r"-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?", text):
        raise Malformed(f"not a number: {text!r}")
    return float(text)


def labels_of(text: str | None) -> tuple[tuple[str, str], ...]:
    if not text:
        return ()
    found, at = {}, 0
    while at < len(text):
        match = PAIR.match(text, at)
        if not match:
            raise Malformed(f"bad labels: {text!r}")
        if match[1] in found:
            raise Malformed(f"label {match[1]} twice")
        found[match[1]] = match[2].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
        at = match.end()
    return tuple(sorted(found.items()))


def family_of(sample: str, families: dict[str, Family]) -> Family:
    if sample in families:
        return families[sample]
    for suffix in ("_bucket", "_sum", "_count"):
        base = sample.removesuffix(suffix)
        if base != sample and base in families and families[base].kind in ("histogram", "summary"):
            return families[base]
    raise Malformed(f"sample {sample} comes before its family's TYPE")


def parse(text: str) -> dict[str, Family]:
    if not text.endswith("\n"):
        raise Malformed("the text must end with a line feed")
    families: dict[str, Family] = {}
    sampled: set[str] = set()
    for line in text[:-1].split("\n"):
        if line.startswith("#"):
            parts = line.split(" ", 3)
            if len(parts) >= 3 and parts[1] in ("HELP", "TYPE"):
                if not re.fullmatch(NAME, parts[2]):
                    raise Malformed(f"bad family name {parts[2]!r}")
                family = families.setdefault(parts[2], Family(parts[2]))
                if parts[1] == "TYPE":
                    kind = parts[3] if len(parts) == 4 else ""
                    if kind not in KINDS or family.name in sampled or getattr(family, "_typed", False):
                        raise Malformed(f"bad or late TYPE line: {line!r}")
                    family.kind, family._typed = kind, True  # type: ignore[attr-defined]
                else:
                    family.help = parts[3] if len(parts) == 4 else ""
            continue
        if not line.strip():
            continue
        match = SAMPLE.match(line)
        if not match:
            raise Malformed(f"not a sample line: {line!r}")
        family = family_of(match[1], families)
        key = (match[1], labels_of(match[2]))
        if key in family.samples:
            raise Malformed(f"sample twice: {line!r}")
        family.samples[key] = number(match[3])
        sampled.add(family.name)
    for family in families.values():
        check(family)
    return families


def check(family: Family) -> None:
    for (name, _labels), value in family.samples.items():
        if family.kind == "counter" and (not name.endswith("_total") or value < 0 or math.isnan(value)):
            raise Malformed(f"counter sample {name} = {value}")
    if family.kind != "histogram":
        return
    buckets = sorted(((number(dict(labels)["le"]), value) for (name, labels), value in family.samples.items()
                      if name == family.name + "_bucket"))
    if not buckets or not math.isinf(buckets[-1][0]):
        raise Malformed(f"{family.name}: no +Inf bucket")
    if any(later < earlier for (_, earlier), (_, later) in zip(buckets, buckets[1:], strict=False)):
        raise Malformed(f"{family.name}: buckets are not cumulative")
    if buckets[-1][1] != family.value("_count") or (family.name + "_sum", ()) not in family.samples:
        raise Malformed(f"{family.name}: +Inf bucket differs from _count, or no _sum")
