"""Clickable regions for Pioneer's Isle pictures, for the page tests: corners as circles named by
their number (`settlement 12`), edges as thin quadrilaterals named `12-13` (`road 12-13`)."""

from __future__ import annotations

import math

from games.pioneers import board as B
from render import pioneers as R


def pioneers_regions(view, names):
    out = []
    for node in range(B.NODE_COUNT):
        x, y = R.node_xy(node)
        out.append({"name": str(node + 1), "shape": "circle", "cx": round(x, 1), "cy": round(y, 1), "r": 11})
    for label, (a, b) in zip(B.EDGE_LABELS, B.EDGE_NODES, strict=True):
        (ax, ay), (bx, by) = R.node_xy(a), R.node_xy(b)
        length = math.hypot(bx - ax, by - ay)
        nx, ny = -(by - ay) / length * 6, (bx - ax) / length * 6
        x0, y0 = ax + (bx - ax) * 0.3, ay + (by - ay) * 0.3
        x1, y1 = ax + (bx - ax) * 0.7, ay + (by - ay) * 0.7
        points = [x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny]
        out.append({"name": label, "shape": "poly", "points": [round(p, 1) for p in points]})
    return out
