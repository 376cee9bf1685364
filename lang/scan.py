"""Finds the sentences of a module that reach a person without being wrapped for translation.

A string counts as a sentence when, with its `{placeholders}` and `code spans` taken out, two words
of letters stand side by side, or it is one capitalised word of three letters or more (a button's
label). It needs no wrapping where no person reads it as written: a docstring, a log line, a
programmer's error (ValueError, TypeError, ...), an assert, a comparison, a dict's key or an index,
a regular expression, a module for the host (`domains.FOR_THE_HOST`), a line that says
`# verbatim: <why>`, or the argument of `verbatim(...)`. Everything else is wrapped by `tr`,
`ngettext`, `pgettext`, `npgettext` or `N_`."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from lang.domains import FOR_THE_HOST, ROOT

WRAPPERS = {"tr", "ngettext", "pgettext", "npgettext", "N_", "verbatim"}
LOGGING = {"debug", "info", "warning", "error", "exception", "critical", "log", "report", "warn"}
FOR_PROGRAMMERS = {"ValueError", "TypeError", "KeyError", "RuntimeError", "AssertionError", "NotImplementedError",
                   "LookupError", "IndexError", "AttributeError", "OSError", "ImportError", "StopIteration"}
REGEX = {"compile", "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer"}

_PLACEHOLDER = re.compile(r"\{[^{}]*\}|`[^`]*`|<[^<>]*>|https?://\S+")
_TWO_WORDS = re.compile(r"[A-Za-z][A-Za-z']+[,;:]? +[A-Za-z]{2,}")
_LABEL = re.compile(r"[A-Z][a-z]{2,}[!.?]?")


@dataclass(frozen=True)
class Unwrapped:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text[:90]!r}"


def is_sentence(text: str) -> bool:
    bare = _PLACEHOLDER.sub(" ", text).strip()
    return bool(_TWO_WORDS.search(bare) or _LABEL.fullmatch(bare))


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


class _Finder(ast.NodeVisitor):
    def __init__(self, path: str, lines: list[str]):
        self.path, self.lines = path, lines
        self.found: list[Unwrapped] = []

    def _skip_lines(self, node: ast.AST) -> bool:
        first, last = node.lineno, getattr(node, "end_lineno", node.lineno) or node.lineno
        return any("# verbatim" in self.lines[i - 1] for i in range(first, last + 1) if 0 < i <= len(self.lines))

    def generic_visit(self, node: ast.AST) -> None:
        # a docstring
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]
            for child in ast.iter_child_nodes(node):
                if child in node.body and child not in body:
                    continue
                self.visit(child)
            return
        super().generic_visit(node)

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant):  # a bare string: a comment in quotes
            return
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        if name in WRAPPERS or name in LOGGING and isinstance(node.func, ast.Attribute):
            return
        if name in REGEX and isinstance(node.func, ast.Attribute) and _name(node.func.value) == "re":
            return
        if name in FOR_PROGRAMMERS:
            return
        self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        return

    def visit_Compare(self, node: ast.Compare) -> None:
        return

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.visit(node.value)

    def visit_Dict(self, node: ast.Dict) -> None:
        for value in node.values:
            self.visit(value)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and is_sentence(node.value) and not self._skip_lines(node):
            self.found.append(Unwrapped(self.path, node.lineno, node.value))

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        if is_sentence(text) and not self._skip_lines(node):
            self.found.append(Unwrapped(self.path, node.lineno, text))


def unwrapped(path: Path | str) -> list[Unwrapped]:
    """The unwrapped sentences of one module (a path from the repository's root)."""
    relative = Path(path).as_posix()
    if relative in FOR_THE_HOST:
        return []
    source = (ROOT / relative).read_text(encoding="utf-8")
    finder = _Finder(relative, source.splitlines())
    finder.visit(ast.parse(source))
    return finder.found
