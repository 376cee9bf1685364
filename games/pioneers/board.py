"""The geometry of the island: 19 hexes, 54 corners (nodes), 72 edges, 9 harbours.

Hexes are pointy-topped, in rows of 3, 4, 5, 4, 3, labelled A..S from the top left. Corners
are numbered 1..54 row by row from the top, left to right. An edge is named by its two
corners, smaller first: "12-17". Everything here is computed once at import.

Coordinates use exact integers: x in units of sqrt(3)/2 of the hex radius, y in units of
half the radius, so a hex centre sits at (2q + r, 3r) for axial coordinates (q, r).
"""

from __future__ import annotations

import math

from games.base import Rng, is_number
from games.pioneers import data

# -- hexes -----------------------------------------------------------------------------
HEX_AXIAL: list[tuple[int, int]] = [
    (q, r) for r in range(-2, 3) for q in range(max(-2, -2 - r), min(2, 2 - r) + 1)
]
HEX_COUNT = len(HEX_AXIAL)  # 19
HEX_LABELS = [chr(ord("A") + index) for index in range(HEX_COUNT)]
HEX_INDEX = {label.lower(): index for index, label in enumerate(HEX_LABELS)}
HEX_CENTER = [(2 * q + r, 3 * r) for q, r in HEX_AXIAL]
_AXIAL_INDEX = {axial: index for index, axial in enumerate(HEX_AXIAL)}
HEX_NEIGHBOURS: list[list[int]] = [
    [
        _AXIAL_INDEX[(q + dq, r + dr)]
        for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
        if (q + dq, r + dr) in _AXIAL_INDEX
    ]
    for q, r in HEX_AXIAL
]

# corners of a pointy hex, clockwise from the top
_CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))

# -- nodes -----------------------------------------------------------------------------
_points = sorted(
    {(cx + dx, cy + dy) for cx, cy in HEX_CENTER for dx, dy in _CORNER_OFFSETS},
    key=lambda point: (point[1], point[0]),
)
NODE_XY: list[tuple[int, int]] = _points  # node index i has label str(i + 1)
NODE_COUNT = len(NODE_XY)  # 54
_NODE_AT = {point: index for index, point in enumerate(NODE_XY)}
HEX_NODES: list[list[int]] = [
    [_NODE_AT[(cx + dx, cy + dy)] for dx, dy in _CORNER_OFFSETS] for cx, cy in HEX_CENTER
]
NODE_HEXES: list[list[int]] = [[] for _ in range(NODE_COUNT)]
for _hex, _nodes in enumerate(HEX_NODES):
    for _node in _nodes:
        NODE_HEXES[_node].append(_hex)

# -- edges -----------------------------------------------------------------------------
_edge_set: set[tuple[int, int]] = set()
_edge_hexes: dict[tuple[int, int], list[int]] = {}
for _hex, _nodes in enumerate(HEX_NODES):
    for _i in range(6):
        _a, _b = _nodes[_i], _nodes[(_i + 1) % 6]
        _key = (min(_a, _b), max(_a, _b))
        _edge_set.add(_key)
        _edge_hexes.setdefault(_key, []).append(_hex)
EDGE_NODES: list[tuple[int, int]] = sorted(_edge_set)
EDGE_COUNT = len(EDGE_NODES)  # 72
EDGE_LABELS = [f"{a + 1}-{b + 1}" for a, b in EDGE_NODES]
EDGE_INDEX = {label: index for index, label in enumerate(EDGE_LABELS)}
NODE_EDGES: list[list[int]] = [[] for _ in range(NODE_COUNT)]
NODE_NEIGHBOURS: list[list[int]] = [[] for _ in range(NODE_COUNT)]
for _edge, (_a, _b) in enumerate(EDGE_NODES):
    NODE_EDGES[_a].append(_edge)
    NODE_EDGES[_b].append(_edge)
    NODE_NEIGHBOURS[_a].append(_b)
    NODE_NEIGHBOURS[_b].append(_a)
# EDGE_OTHER[edge][node] is not needed often; edge endpoints are in EDGE_NODES.


def edge_between(a: int, b: int) -> int | None:
    return EDGE_INDEX.get(f"{min(a, b) + 1}-{max(a, b) + 1}")


# -- coast and harbours ----------------------------------------------------------------
def _coast_ring() -> list[int]:
    """The 30 coast edges in clockwise order, starting at the top."""
    coast = [index for index, key in enumerate(EDGE_NODES) if len(_edge_hexes[key]) == 1]

    def angle(edge: int) -> float:
        a, b = EDGE_NODES[edge]
        x = (NODE_XY[a][0] + NODE_XY[b][0]) * math.sqrt(3) / 4
        y = (NODE_XY[a][1] + NODE_XY[b][1]) / 4
        # clockwise from straight up, screen y pointing down
        return (math.atan2(x, -y) + 2 * math.pi) % (2 * math.pi)

    return sorted(coast, key=angle)


COAST = _coast_ring()
HARBOUR_EDGES: list[int] = []
_position = 0
for _gap in data.HARBOUR_GAPS:
    HARBOUR_EDGES.append(COAST[_position])
    _position += _gap
HARBOUR_HEX = [_edge_hexes[EDGE_NODES[edge]][0] for edge in HARBOUR_EDGES]
# per corner on a harbour, the index of that harbour
HARBOUR_NODES: dict[int, int] = {}
for _index, _edge in enumerate(HARBOUR_EDGES):
    for _node in EDGE_NODES[_edge]:
        HARBOUR_NODES[_node] = _index


def node_label(node: int) -> str:
    return str(node + 1)


def parse_node(text: str) -> int | None:
    if is_number(text):
        value = int(text) - 1
        if 0 <= value < NODE_COUNT:
            return value
    return None


def parse_edge(text: str) -> int | None:
    parts = text.split("-")
    if len(parts) != 2 or not is_number(parts[0]) or not is_number(parts[1]):
        return None
    a, b = int(parts[0]) - 1, int(parts[1]) - 1
    if not (0 <= a < NODE_COUNT and 0 <= b < NODE_COUNT) or a == b:
        return None
    return edge_between(a, b)


# -- making a board --------------------------------------------------------------------
def beginner_board() -> tuple[list[int], list[int], list[str]]:
    """(resource per hex, number per hex, harbour kinds) of the fixed beginner board."""
    terrain = [data.RES_INDEX.get(name, data.DESERT) for name, _ in data.BEGINNER_LAYOUT]
    numbers = [number for _, number in data.BEGINNER_LAYOUT]
    return terrain, numbers, list(data.HARBOUR_KINDS)


def hot_numbers_touch(numbers: list[int]) -> bool:
    for index, number in enumerate(numbers):
        if number in (6, 8):
            for other in HEX_NEIGHBOURS[index]:
                if numbers[other] in (6, 8):
                    return True
    return False


def random_board(rng: Rng) -> tuple[list[int], list[int], list[str]]:
    """A shuffled board whose 6s and 8s never touch; harbour kinds shuffled too."""
    terrain = [res for res, count in enumerate(data.HEX_COUNTS) for _ in range(count)]
    tokens = list(data.NUMBER_TOKENS)
    while True:
        rng.shuffle(terrain)
        rng.shuffle(tokens)
        numbers = []
        pool = iter(tokens)
        for res in terrain:
            numbers.append(0 if res == data.DESERT else next(pool))
        if not hot_numbers_touch(numbers):
            break
    kinds = list(data.HARBOUR_KINDS)
    rng.shuffle(kinds)
    return terrain, numbers, kinds
