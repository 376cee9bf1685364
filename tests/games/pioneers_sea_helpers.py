"""Positions on the sea layouts of Pioneer's Isle for the rules tests: a game past its setup, and
pieces put down by hand where a scenario needs them."""

from __future__ import annotations

from games.pioneers import GAME
from games.pioneers import data as D
from games.pioneers.sea import SeaGame


def after_setup(board: str = "shores", players: int = 3, seed: int = 1, options: dict | None = None) -> SeaGame:
    """A game whose setup was played with the first listed moves, now at the first roll."""
    game = GAME.new(players, {"board": board, **(options or {})}, seed)
    assert isinstance(game, SeaGame)
    while game.phase == "setup":
        seat = game.to_act()[0]
        game.play(seat, game.legal_moves(seat)[0])
    return game


def bare(board: str = "shores", players: int = 3, seed: int = 1, options: dict | None = None) -> SeaGame:
    """A game in its main phase with nothing on the board and empty hands: seat 0 to build."""
    game = GAME.new(players, {"board": board, **(options or {})}, seed)
    game.phase, game.turn, game.current = "main", 1, 0
    return game


def edge(game: SeaGame, label: str) -> int:
    return game.GEOMETRY.edge_index[label]


def node(label: int) -> int:
    return label - 1


def settle(game: SeaGame, seat: int, corner: int, level: int = 1) -> None:
    """A settlement (or city) put on corner `corner` (its label) for `seat`."""
    n = node(corner)
    game.node_owner[n] = seat
    game.node_level[n] = level
    game.pieces[seat][level] += 1


def ship(game: SeaGame, seat: int, label: str) -> None:
    game.ship_owner[edge(game, label)] = seat


def road(game: SeaGame, seat: int, label: str) -> None:
    game.edge_owner[edge(game, label)] = seat
    game.pieces[seat][0] += 1


def give(game: SeaGame, seat: int, **cards: int) -> None:
    for name, count in cards.items():
        game.hands[seat][D.RES_INDEX[name]] += count
        game.bank[D.RES_INDEX[name]] -= count


def hex_edges(game: SeaGame, hex_index: int) -> list[str]:
    nodes = game.HEX_NODES[hex_index]
    return [game.EDGE_LABELS[game.GEOMETRY.edge_between(nodes[i], nodes[(i + 1) % 6])] for i in range(6)]


def coast_start(game: SeaGame, island: str = "h") -> tuple[int, str, str]:
    """A coastal corner of `island` (its label), a sea edge leaving it that lies between two sea
    hexes' worth of water onward, and a further sea edge continuing that one away from land."""
    geometry = game.GEOMETRY
    for n in geometry.land_nodes:
        if geometry.node_island[n] != island:
            continue
        for first in geometry.node_edges[n]:
            if not geometry.sea_edges[first] or geometry.land_edges[first]:
                continue
            far = next(x for x in geometry.edge_nodes[first] if x != n)
            for second in geometry.node_edges[far]:
                if second != first and not geometry.land_edges[second]:
                    blocked = set(hex_edges(game, game.pirate))
                    labels = geometry.edge_labels
                    if labels[first] not in blocked and labels[second] not in blocked:
                        return n + 1, labels[first], labels[second]
    raise AssertionError("no open coast")


def path(game: SeaGame, start: int, count: int) -> list[int]:
    """`count` free land edges in a line from corner `start`, never back to a corner passed."""
    def walk(at: int, seen: set[int], edges: list[int]) -> list[int] | None:
        if len(edges) == count:
            return edges
        for e in game.NODE_EDGES[at]:
            other = next(x for x in game.EDGE_NODES[e] if x != at)
            if game.GEOMETRY.land_edges[e] and game.ship_owner[e] == -1 and other not in seen:
                found = walk(other, seen | {other}, edges + [e])
                if found:
                    return found
        return None

    found = walk(start, {start}, [])
    assert found
    return found
