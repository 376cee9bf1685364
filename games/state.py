"""A game's state as one table of fields, from which `to_dict`, `from_dict` and `copy` follow.

A game lists every attribute of its state once (`Game.fields`), each with how it is copied: as
it is (a number, a word, a tuple), as a flat list, as rows (a list of flat lists), as a flat
dict, as nested JSON data, or by functions of its own (the Rng, an island). A field may carry
another key in the dump, and a field kept out of the dump (`key=None`) is a cache or a note of
the move being played: copied along, rebuilt by the game's `_derive` after a load.

The three methods are written out from the table once, when the class is made, as straight
code with a line per field (as `dataclasses` writes `__init__`): the searching players copy
states by the thousand, and a loop over the table per copy would cost them a call per field. A
copy takes the instance's dict whole first, so a field kept as it is costs nothing more.
The conformance suite (tests/games/test_conformance.py) checks that a copy shares nothing
mutable with its original and that every attribute of the game is in the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

# values a copy keeps as they are, looked at without a call
PLAIN = frozenset({int, str, bool, float, type(None)})


def record_copy(value: dict | None) -> dict | None:
    """A dict of plain values and flat lists of them (a move's record), copied; None stays None."""
    return None if value is None else {k: v[:] if type(v) is list else v for k, v in value.items()}


def deep_copy(value: Any) -> Any:
    """Nested lists and dicts of plain values, copied all the way down (tuples become lists, as
    JSON would make them)."""
    if type(value) is dict:
        return {k: v if type(v) in PLAIN else deep_copy(v) for k, v in value.items()}
    if type(value) is list or type(value) is tuple:
        return [v if type(v) in PLAIN else deep_copy(v) for v in value]
    return value


# how each kind dumps and loads a value `V` (unless the field has functions of its own): a copy
# made of the same types whatever sequence it is given
KINDS = {
    "value": "V",
    "list": "list(V)",
    "rows": "[list(row) for row in V]",  # verbatim: code
    "dict": "dict(V)",
    "record": "_record(V)",
    "deep": "_deep(V)",
}
# how each kind copies a value of the state itself (the same, with the quicker forms its own types allow)
COPIES = {**KINDS, "list": "V[:]", "rows": "[row[:] for row in V]", "dict": "V.copy()"}  # verbatim: code


@dataclass(frozen=True)
class Field:
    """One attribute of a game's state and how it is dumped, loaded and copied."""

    name: str
    kind: str = "value"  # one of KINDS: value, list, rows, dict, record (`record_copy`), deep (`deep_copy`)
    key: str | None = ""  # its key in the dump: "" for its name, None to keep it out of the dump
    dump: Callable[[Any], Any] | None = None  # to JSON, where the kind's copy is not the form kept
    load: Callable[[Any], Any] | None = None  # from JSON, the inverse of `dump`
    copy: Callable[[Any], Any] | None = None  # an independent copy, where the kind's is not one
    shared: bool = False  # a copy may share what the value holds: it is replaced, never changed in place


def _expression(field: Field, role: str, index: int, value: str, names: dict[str, Any]) -> str:
    own = getattr(field, role)
    if own is None:
        return (COPIES if role == "copy" else KINDS)[field.kind].replace("V", value)
    name = f"_{role}_{index}"
    names[name] = own
    return f"{name}({value})"


def compile_state(fields: Sequence[Field], owner: type) -> dict[str, Callable]:
    """`to_dict`, `from_dict` (a classmethod) and `copy` of a game class with these fields."""
    names: dict[str, Any] = {"_deep": deep_copy, "_record": record_copy}
    slots = {name for cls in owner.__mro__ for name in getattr(cls, "__slots__", ())}
    dumped, loaded, copied = [], [], []
    for index, field in enumerate(fields):
        if field.kind not in KINDS:
            raise ValueError(f"{owner.__name__}.{field.name}: no kind {field.kind!r}")
        if field.kind != "value" or field.copy is not None or field.name in slots:  # the rest come in one update
            copied.append(f"    new.{field.name} = {_expression(field, 'copy', index, 'self.' + field.name, names)}")
        if field.key is not None:
            key = repr(field.key or field.name)
            dumped.append(f"        {key}: {_expression(field, 'dump', index, 'self.' + field.name, names)},")
            loaded.append(f"    game.{field.name} = {_expression(field, 'load', index, f'data[{key}]', names)}")
    source = "\n".join([
        "def to_dict(self):",  # verbatim: code
        "    return {",
        *dumped,
        "    }",
        "def from_dict(cls, data):",  # verbatim: code
        "    game = cls()",
        *loaded,
        "    game._derive()",
        "    return game",  # verbatim: code
        "def copy(self):",  # verbatim: code
        "    new = type(self).__new__(type(self))",
        "    new.__dict__.update(self.__dict__)",
        *copied,
        "    return new",  # verbatim: code
    ])
    exec(compile(source, f"<state of {owner.__name__}>", "exec"), names)  # noqa: S102 - written from the table above
    return {"to_dict": names["to_dict"], "from_dict": classmethod(names["from_dict"]), "copy": names["copy"]}
