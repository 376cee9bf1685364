"""The layers, read from the source: who may import whom (bot/README.md).

The import graph of bot/, games/, render/ and db/ is built with `ast` from every import
statement, at module level and inside functions alike (a lazy import is still a dependency).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TREES = ("bot", "games", "render", "db")
DATABASES = {"sqlite3", "aiosqlite", "asyncpg"}
NOT_IN_GAMES = {"discord", "PIL", *DATABASES}
WIRING = {"bot", "bot.cli", "bot.settings", "bot.extensions", "bot.lease", "bot.copy_store"}


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the module imported (for a name taken from a module: that module)
    names: tuple[str, ...]  # the names taken by `from target import ...`; () for `import target`
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for tree in TREES for path in sorted((ROOT / tree).rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> list[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [Import(name, alias.name, (), node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, up level - 1
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                if submodule in known:  # `from bot.core import replay` imports the module bot.core.replay
                    found.append(Import(name, submodule, (), node.lineno))
                else:
                    found.append(Import(name, base, (alias.name,), node.lineno))
    return found


@pytest.fixture(scope="module")
def graph() -> list[Import]:
    known = modules()
    return [imp for name, path in known.items() for imp in imports_of(name, path, set(known))]


def top(module: str) -> str:
    return module.split(".")[0]


def internal(imp: Import, known: set[str]) -> bool:
    return imp.target in known


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected part of more than one module (or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                part.append(member)
                if member == node:
                    break
            if len(part) > 1 or node in edges.get(node, ()):
                found.append(sorted(part))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def edges_of(graph: list[Import], keep) -> dict[str, set[str]]:
    known = set(modules())
    edges: dict[str, set[str]] = {}
    for imp in graph:
        if internal(imp, known) and keep(imp):
            edges.setdefault(imp.source, set()).add(imp.target)
    return edges


def described(graph: list[Import], part: list[str]) -> str:
    inside = set(part)
    links = sorted({f"{i.source} -> {i.target} (line {i.line})" for i in graph
                    if i.source in inside and i.target in inside})
    return " | ".join(part) + "\n    " + "\n    ".join(links)


@pytest.mark.parametrize("tree", TREES)
def test_no_import_circle_within(graph, tree):
    found = cycles(edges_of(graph, lambda i: top(i.source) == tree and top(i.target) == tree))
    assert not found, f"{len(found)} import circle(s) in {tree}/:\n" + "\n".join(described(graph, c) for c in found)


def test_no_import_circle_across_the_folders(graph):
    found = [c for c in cycles(edges_of(graph, lambda i: True)) if len({top(m) for m in c}) > 1]
    assert not found, "import circles across folders:\n" + "\n".join(described(graph, c) for c in found)


def test_games_import_no_discord_database_or_pillow(graph):
    wrong = [f"{i.source}:{i.line} imports {i.target}" for i in graph
             if top(i.source) == "games" and top(i.target) in NOT_IN_GAMES]
    assert not wrong, "\n".join(wrong)


def test_only_db_speaks_to_databases(graph):
    wrong = [f"{i.source}:{i.line} imports {i.target}" for i in graph
             if top(i.target) in DATABASES and top(i.source) != "db"]
    assert not wrong, "\n".join(wrong)


def test_only_the_discord_adapter_imports_discord(graph):
    wrong = [f"{i.source}:{i.line} imports {i.target}" for i in graph
             if top(i.target) == "discord" and not i.source.startswith("bot.adapters.discord")]
    assert not wrong, "\n".join(wrong)


def test_the_core_imports_only_games_db_render_and_itself(graph):
    known = set(modules())
    wrong = [f"{i.source}:{i.line} imports {i.target}" for i in graph
             if i.source.startswith("bot.core") and internal(i, known)
             and not (top(i.target) in ("games", "db", "render") or i.target.startswith("bot.core"))]
    assert not wrong, "\n".join(wrong)


def test_features_use_the_core_by_its_public_names_only(graph):
    known = set(modules())
    wrong = []
    for i in graph:
        if not i.source.startswith("bot.features") or not internal(i, known):
            continue
        if i.target.startswith("bot.adapters") or i.target in WIRING:
            wrong.append(f"{i.source}:{i.line} imports {i.target}, above the features")
        private = [n for n in i.names if n.startswith("_")]
        if i.target.startswith("bot.") and private:
            wrong.append(f"{i.source}:{i.line} takes {', '.join(private)} from {i.target}")
        if i.target.rpartition(".")[2].startswith("_") and i.target.startswith("bot."):
            wrong.append(f"{i.source}:{i.line} imports the private module {i.target}")
    assert not wrong, "\n".join(wrong)


def test_no_module_of_bot_imports_a_particular_game(graph):
    """What a feature or an adapter needs of a game is a member of the protocol or a class
    attribute (games/base.py), so a new game needs no change in bot/."""
    wrong = [f"{i.source}:{i.line} imports {i.target}" for i in graph
             if top(i.source) == "bot" and top(i.target) == "games" and i.target not in ("games", "games.base",
                                                                                        "games.registry",
                                                                                        "games.levels", "games.auto")]
    assert not wrong, "\n".join(wrong)


def test_adapters_do_not_import_one_another(graph):
    """Each adapter stands on the core alone; bot/cli.py puts two side by side (the pages beside the console)."""
    def adapter(module: str) -> str:
        parts = module.split(".")
        return parts[2] if len(parts) > 2 and parts[:2] == ["bot", "adapters"] else ""

    wrong = [f"{i.source}:{i.line} imports {i.target}" for i in graph
             if adapter(i.source) and adapter(i.target) and adapter(i.source) != adapter(i.target)]
    assert not wrong, "\n".join(wrong)


def test_no_module_takes_another_modules_private_names(graph):
    """What SLF001 checks for attributes, for imported names: bot/, render/ and db/ only."""
    known = set(modules())
    wrong = [f"{i.source}:{i.line} takes {', '.join(n for n in i.names if n.startswith('_'))} from {i.target}"
             for i in graph
             if top(i.source) in ("bot", "render", "db") and internal(i, known)
             and any(n.startswith("_") for n in i.names)]
    assert not wrong, "\n".join(wrong)


def test_the_graph_sees_lazy_imports():
    """A function-level import counts: the command line reaches the Discord client only when run."""
    known = modules()
    found = imports_of("bot.cli", known["bot.cli"], set(known))
    assert any(i.target == "bot.adapters.discord.client" for i in found)


@pytest.mark.parametrize("game", sorted(p.name for p in (ROOT / "games").iterdir() if (p / "game.py").exists()))
def test_a_games_rules_never_import_its_computer_players(graph, game):
    """game.py is the rules; ai.py, search.py and players.py are the computer players, handed to
    the class by the package (`GAME.computer = COMPUTER`), so the rules never reach for them."""
    package = f"games.{game}"
    players = {f"{package}.ai", f"{package}.search", f"{package}.players"}
    reached = sorted(f"{i.target} (line {i.line})" for i in graph if i.source == f"{package}.game" and i.target in players)
    assert not reached, f"{package}.game imports its players: {reached}"


def test_discord_markup_is_written_by_its_adapter_alone():
    """The core and the features mark people, places and moments (bot/core/marks.py); only the
    Discord adapter writes them as `<@id>`, `<#id>` and `<t:epoch>`."""
    wrong = [f"{path.relative_to(ROOT)}:{n}" for tree in ("bot", "games") for path in sorted((ROOT / tree).rglob("*.py"))
             if not str(path.relative_to(ROOT)).startswith("bot/adapters/discord")
             for n, line in enumerate(path.read_text().splitlines(), 1) if "<@" in line or "<#" in line or "<t:" in line]
    assert not wrong, "\n".join(wrong)
