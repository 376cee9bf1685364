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

# corners of a pointy hex, clockwise from the top
_CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


class Geometry:
    """Hexes, corners and edges of one board, worked out once: the base island, or a sea layout
    (data.SEA_LAYOUTS) whose frame of sea hexes the islands stand in.

    `hex_axial` lists the hexes row by row; `sea[h]` says which are water. Corners are numbered
    row by row from the top, an edge by its two corners (smaller first), as on the base island."""

    def __init__(self, hex_axial: list[tuple[int, int]], sea: list[bool] | None = None,
                 labels: list[str] | None = None) -> None:
        self.hex_axial = hex_axial
        self.hex_count = len(hex_axial)
        self.sea = list(sea) if sea is not None else [False] * self.hex_count
        self.land_hexes = [h for h in range(self.hex_count) if not self.sea[h]]
        self.sea_hexes = [h for h in range(self.hex_count) if self.sea[h]]
        self.hex_labels = labels or [chr(ord("A") + index) for index in range(self.hex_count)]
        self.hex_index = {label.lower(): index for index, label in enumerate(self.hex_labels)}
        self.hex_center = [(2 * q + r, 3 * r) for q, r in hex_axial]
        at = {axial: index for index, axial in enumerate(hex_axial)}
        self.hex_neighbours = [[at[(q + dq, r + dr)] for dq, dr in _DIRECTIONS if (q + dq, r + dr) in at]
                               for q, r in hex_axial]
        points = sorted({(cx + dx, cy + dy) for cx, cy in self.hex_center for dx, dy in _CORNER_OFFSETS},
                        key=lambda point: (point[1], point[0]))
        self.node_xy: list[tuple[int, int]] = points  # node index i has label str(i + 1)
        self.node_count = len(points)
        node_at = {point: index for index, point in enumerate(points)}
        self.hex_nodes = [[node_at[(cx + dx, cy + dy)] for dx, dy in _CORNER_OFFSETS] for cx, cy in self.hex_center]
        self.node_hexes: list[list[int]] = [[] for _ in range(self.node_count)]
        for hex_index, nodes in enumerate(self.hex_nodes):
            for node in nodes:
                self.node_hexes[node].append(hex_index)
        edge_hexes: dict[tuple[int, int], list[int]] = {}
        for hex_index, nodes in enumerate(self.hex_nodes):
            for i in range(6):
                a, b = nodes[i], nodes[(i + 1) % 6]
                edge_hexes.setdefault((min(a, b), max(a, b)), []).append(hex_index)
        self.edge_nodes: list[tuple[int, int]] = sorted(edge_hexes)
        self.edge_count = len(self.edge_nodes)
        self.edge_hexes = [edge_hexes[key] for key in self.edge_nodes]
        self.edge_labels = [f"{a + 1}-{b + 1}" for a, b in self.edge_nodes]
        self.edge_index = {label: index for index, label in enumerate(self.edge_labels)}
        at_edge = {key: index for index, key in enumerate(self.edge_nodes)}
        self.hex_edges = [[at_edge[(min(nodes[i], nodes[(i + 1) % 6]), max(nodes[i], nodes[(i + 1) % 6]))]
                           for i in range(6)] for nodes in self.hex_nodes]
        self.node_edges: list[list[int]] = [[] for _ in range(self.node_count)]
        self.node_neighbours: list[list[int]] = [[] for _ in range(self.node_count)]
        for edge, (a, b) in enumerate(self.edge_nodes):
            self.node_edges[a].append(edge)
            self.node_edges[b].append(edge)
            self.node_neighbours[a].append(b)
            self.node_neighbours[b].append(a)
        # where pieces may stand: a settlement on a corner touching land, a road on an edge touching
        # land, a ship on an edge touching water
        self.land_nodes = [node for node in range(self.node_count)
                           if any(not self.sea[h] for h in self.node_hexes[node])]
        self.land_nodes_set = frozenset(self.land_nodes)
        self.land_edges = [any(not self.sea[h] for h in hexes) for hexes in self.edge_hexes]
        self.sea_edges = [any(self.sea[h] for h in hexes) for hexes in self.edge_hexes]
        # filled in by a sea layout (`sea_geometry`): the island of each hex and corner
        self.island: list[str] = ["" for _ in range(self.hex_count)]
        self.node_island: list[str] = ["" for _ in range(self.node_count)]
        self.harbour_edges: list[int] = []
        self.harbour_hex: list[int] = []
        self.harbour_nodes: dict[int, int] = {}

    def edge_between(self, a: int, b: int) -> int | None:
        return self.edge_index.get(f"{min(a, b) + 1}-{max(a, b) + 1}")

    def parse_node(self, text: str) -> int | None:
        if is_number(text):
            value = int(text) - 1
            if 0 <= value < self.node_count:
                return value
        return None

    def parse_edge(self, text: str) -> int | None:
        parts = text.split("-")
        if len(parts) != 2 or not is_number(parts[0]) or not is_number(parts[1]):
            return None
        a, b = int(parts[0]) - 1, int(parts[1]) - 1
        if not (0 <= a < self.node_count and 0 <= b < self.node_count) or a == b:
            return None
        return self.edge_between(a, b)

    def ring(self, edges: list[int]) -> list[int]:
        """`edges` clockwise from straight up around the middle of their corners."""
        xs = [self.node_xy[node][0] for edge in edges for node in self.edge_nodes[edge]]
        ys = [self.node_xy[node][1] for edge in edges for node in self.edge_nodes[edge]]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)

        def angle(edge: int) -> float:
            a, b = self.edge_nodes[edge]
            x = ((self.node_xy[a][0] + self.node_xy[b][0]) / 2 - mx) * math.sqrt(3) / 2
            y = ((self.node_xy[a][1] + self.node_xy[b][1]) / 2 - my) / 2
            # clockwise from straight up, screen y pointing down
            return (math.atan2(x, -y) + 2 * math.pi) % (2 * math.pi)

        return sorted(edges, key=angle)


BASE = Geometry([(q, r) for r in range(-2, 3) for q in range(max(-2, -2 - r), min(2, 2 - r) + 1)])

# -- hexes -----------------------------------------------------------------------------
HEX_AXIAL = BASE.hex_axial
HEX_COUNT = BASE.hex_count  # 19
HEX_LABELS = BASE.hex_labels
HEX_INDEX = BASE.hex_index
HEX_CENTER = BASE.hex_center
HEX_NEIGHBOURS = BASE.hex_neighbours

# -- nodes -----------------------------------------------------------------------------
NODE_XY = BASE.node_xy
NODE_COUNT = BASE.node_count  # 54
HEX_NODES = BASE.hex_nodes
NODE_HEXES = BASE.node_hexes

# -- edges -----------------------------------------------------------------------------
EDGE_NODES = BASE.edge_nodes
EDGE_COUNT = BASE.edge_count  # 72
EDGE_LABELS = BASE.edge_labels
EDGE_INDEX = BASE.edge_index
NODE_EDGES = BASE.node_edges
NODE_NEIGHBOURS = BASE.node_neighbours
edge_between = BASE.edge_between


# -- coast and harbours ----------------------------------------------------------------
COAST = BASE.ring([edge for edge, hexes in enumerate(BASE.edge_hexes) if len(hexes) == 1])
HARBOUR_EDGES: list[int] = []
_position = 0
for _gap in data.HARBOUR_GAPS:
    HARBOUR_EDGES.append(COAST[_position])
    _position += _gap
HARBOUR_HEX = [BASE.edge_hexes[edge][0] for edge in HARBOUR_EDGES]


def harbour_nodes(edges: list[int], geometry: Geometry = BASE) -> dict[int, int]:
    """Per corner on a harbour, the index of that harbour."""
    found: dict[int, int] = {}
    for index, edge in enumerate(edges):
        for node in geometry.edge_nodes[edge]:
            found[node] = index
    return found


HARBOUR_NODES = harbour_nodes(HARBOUR_EDGES)
BASE.harbour_edges = HARBOUR_EDGES
BASE.harbour_hex = HARBOUR_HEX
BASE.harbour_nodes = HARBOUR_NODES


def node_label(node: int) -> str:
    return str(node + 1)


parse_node = BASE.parse_node
parse_edge = BASE.parse_edge


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


# -- sea layouts -------------------------------------------------------------------------------
def sea_geometry(name: str) -> Geometry:
    """The map of a sea layout (data.SEA_LAYOUTS): its hexes row by row, land hexes lettered,
    sea hexes S1, S2, ...; its islands, harbours and the pirate's first hex."""
    layout = data.SEA_LAYOUTS[name]
    axial, sea, islands = [], [], []
    for r, row in enumerate(layout["rows"]):
        for c, cell in enumerate(row.split()):
            axial.append((c - (r - (r & 1)) // 2, r))
            sea.append(cell == ".")
            islands.append("" if cell == "." else cell)
    labels, land, water = [], iter(data.LAND_LETTERS), 0
    for is_sea in sea:
        if is_sea:
            water += 1
            labels.append(f"S{water}")
        else:
            labels.append(next(land))
    geometry = Geometry(axial, sea, labels)
    geometry.island = islands
    for node in range(geometry.node_count):
        found = {islands[h] for h in geometry.node_hexes[node] if islands[h]}
        if len(found) > 1:
            raise ValueError(f"{name}: islands touch at corner {node + 1}")
        geometry.node_island[node] = found.pop() if found else ""
    harbours = []
    for island, kinds in layout["harbours"].items():
        coast = geometry.ring([edge for edge, hexes in enumerate(geometry.edge_hexes)
                               if sorted(islands[h] for h in hexes) == ["", island]])
        step = len(coast) / len(kinds)
        harbours += [coast[int(index * step)] for index in range(len(kinds))]
    geometry.harbour_edges = harbours
    geometry.harbour_hex = [next(h for h in geometry.edge_hexes[edge] if not sea[h]) for edge in harbours]
    geometry.harbour_nodes = harbour_nodes(harbours, geometry)
    if len(geometry.harbour_nodes) != 2 * len(harbours):
        raise ValueError(f"{name}: two harbours share a corner")
    row, col = layout["pirate"]
    geometry.pirate_start = row * len(layout["rows"][0].split()) + col
    if not sea[geometry.pirate_start]:
        raise ValueError(f"{name}: the pirate must start at sea")
    return geometry


SEA_GEOMETRY = {name: sea_geometry(name) for name in data.SEA_LAYOUTS}


def sea_harbour_kinds(name: str) -> list[str]:
    return [kind for kinds in data.SEA_LAYOUTS[name]["harbours"].values() for kind in kinds]


def sea_board(name: str, rng: Rng, shuffled: bool = True) -> tuple[list[int], list[int], list[str]]:
    """(terrain per hex, number per hex, harbour kinds) of a sea layout: each group's mix shuffled
    over its islands' hexes, the tokens over every numbered hex until no 6 or 8 touches another."""
    layout = data.SEA_LAYOUTS[name]
    geometry = SEA_GEOMETRY[name]
    pools = {group: [kind for kind, count in zip((0, 1, 2, 3, 4, data.DESERT, data.GOLD), mix, strict=True)
                     for _ in range(count)] for group, mix in layout["mix"].items()}
    tokens = list(layout["tokens"])
    while True:
        for pool in pools.values():
            rng.shuffle(pool)
        rng.shuffle(tokens)
        drawn = {group: iter(pool) for group, pool in pools.items()}
        terrain = [data.SEA if geometry.sea[h] else next(drawn[layout["groups"][geometry.island[h]]])
                   for h in range(geometry.hex_count)]
        pool = iter(tokens)
        numbers = [0 if kind in (data.SEA, data.DESERT) else next(pool) for kind in terrain]
        if not any(numbers[h] in (6, 8) and any(numbers[o] in (6, 8) for o in geometry.hex_neighbours[h])
                   for h in range(geometry.hex_count)):
            break
    kinds = sea_harbour_kinds(name)
    rng.shuffle(kinds)
    return terrain, numbers, kinds
