"""Texts made from legal moves by the mistakes people and pastes make, for the fuzz tests."""

from __future__ import annotations

import random

ODD_DIGITS = "²³¹④⑦٣١०໓߂Ⅻ½"
ODD = ODD_DIGITS + ";,:-+ #`'\"\\\n\t\u200b\u0301😀ßİ"


def mutations(legal: list[str], rng: random.Random) -> list[str]:
    """Texts close to legal moves, and some far from any."""
    base = rng.choice(legal)
    other = rng.choice(legal)
    out = [
        base + rng.choice(ODD_DIGITS),
        "".join(rng.choice(ODD_DIGITS) if c.isdigit() else c for c in base),
        f"{base}; {rng.choice(ODD_DIGITS)}",
        f"{base}; {other}",
        f"{base};",
        "; ".join([base] * rng.randint(2, 40)),
        " ".join(w if not w.strip("-").isdigit() else rng.choice(["99999", "-7", "0", str(10**30)])
                 for w in base.split()),
        base.replace(",", rng.choice([",,", ", ", ";", ""])),
        base.upper(),
        base[: rng.randint(0, len(base))],
        base * rng.randint(50, 700),
        "".join(rng.choice(ODD + "abcdefghijklmnopqrstuvwxyz0123456789 ") for _ in range(rng.randint(1, 60))),
        " ".join(rng.sample(base.split(), len(base.split()))),
        base.split()[0] + " " + rng.choice(ODD) * rng.randint(1, 8),
    ]
    pos = rng.randint(0, len(base))
    out.append(base[:pos] + rng.choice(ODD) + base[pos:])
    return out
