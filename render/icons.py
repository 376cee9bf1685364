"""Small vector pictures of the Archipels elements and pieces, and of Pioneer's Isle's resources
and Ramparts' commodities, drawn with ImageDraw.

Each picture is painted on a 100 x 100 grid at four times the asked size and scaled down
(smooth edges), then kept in a cache: `icon("fish", 40)` is a 40 x 40 RGBA image.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from render.common import RGB, Cache, rgb, supersampled

# the main colour of each element (also used for its flower row on the score board)
COLOURS: dict[str, RGB] = {
    "seahorse": rgb("#ffd43b"),
    "manta": rgb("#1f2f57"),
    "octopus": rgb("#e64980"),
    "fish": rgb("#ff8a1e"),
    "turtle": rgb("#2b8a3e"),
    "parrot": rgb("#1c7ed6"),
    "crab": rgb("#e03131"),
    "hut": rgb("#d9a13b"),
    "tiki": rgb("#7a4a22"),
    "bottle": rgb("#5fb98a"),
}

OUTLINE = rgb("#2a1d12")
EYE = rgb("#141414")
WHITE = (255, 255, 255)


class Pen:
    """ImageDraw in units of a 100 x 100 grid."""

    def __init__(self, draw: ImageDraw.ImageDraw, k: float):
        self.d = draw
        self.k = k

    def _p(self, pts: Sequence[float]) -> list[float]:
        return [v * self.k for v in pts]

    def _w(self, width: float) -> int:
        return max(1, round(width * self.k))

    def ellipse(self, box: Sequence[float], fill=None, outline=None, width: float = 0) -> None:
        self.d.ellipse(self._p(box), fill=fill, outline=outline, width=self._w(width) if outline else 0)

    def circle(self, x: float, y: float, r: float, fill=None, outline=None, width: float = 0) -> None:
        self.ellipse((x - r, y - r, x + r, y + r), fill, outline, width)

    def rect(self, box: Sequence[float], fill=None, outline=None, width: float = 0, radius: float = 0) -> None:
        if radius:
            self.d.rounded_rectangle(self._p(box), radius=radius * self.k, fill=fill, outline=outline,
                                     width=self._w(width) if outline else 0)
        else:
            self.d.rectangle(self._p(box), fill=fill, outline=outline, width=self._w(width) if outline else 0)

    def poly(self, pts: Sequence[tuple[float, float]], fill=None, outline=None, width: float = 0) -> None:
        flat = [(x * self.k, y * self.k) for x, y in pts]
        self.d.polygon(flat, fill=fill)
        if outline:
            self.d.line(flat + flat[:1], fill=outline, width=self._w(width), joint="curve")

    def line(self, pts: Sequence[tuple[float, float]], fill, width: float, round_ends: bool = True) -> None:
        flat = [(x * self.k, y * self.k) for x, y in pts]
        self.d.line(flat, fill=fill, width=self._w(width), joint="curve")
        if round_ends:
            r = width / 2
            for x, y in (pts[0], pts[-1]):
                self.circle(x, y, r, fill=fill)

    def arc(self, box: Sequence[float], start: float, end: float, fill, width: float) -> None:
        self.d.arc(self._p(box), start, end, fill=fill, width=self._w(width))

    def pie(self, box: Sequence[float], start: float, end: float, fill=None, outline=None, width: float = 0) -> None:
        self.d.pieslice(self._p(box), start, end, fill=fill, outline=outline, width=self._w(width) if outline else 0)


def _eye(p: Pen, x: float, y: float, r: float = 6) -> None:
    p.circle(x, y, r, fill=WHITE, outline=EYE, width=1.5)
    p.circle(x + r * 0.25, y, r * 0.5, fill=EYE)


def _fish(p: Pen) -> None:
    body = COLOURS["fish"]
    dark = rgb("#8a3b00")
    p.poly([(66, 50), (95, 26), (89, 50), (95, 74)], fill=body, outline=dark, width=3)  # tail
    p.poly([(34, 32), (52, 16), (60, 33)], fill=body, outline=dark, width=3)  # top fin
    p.ellipse((6, 28, 76, 72), fill=body, outline=dark, width=3.5)
    for x in (30, 50):
        top = 31.5 if x == 30 else 29.5
        p.line([(x, top), (x, 100 - top)], fill=WHITE, width=7, round_ends=False)
    p.ellipse((6, 28, 76, 72), outline=dark, width=3.5)
    _eye(p, 19, 46, 5.5)


def _octopus(p: Pen) -> None:
    body = COLOURS["octopus"]
    dark = rgb("#8c1a4a")
    for i, (x0, x1) in enumerate(((30, 10), (40, 28), (50, 50), (60, 72), (70, 90))):
        bend = -6 if i < 2 else 6 if i > 2 else 0
        pts = [(x0, 52), ((x0 + x1) / 2 + bend, 76), (x1, 92)]
        p.line(pts, fill=dark, width=13)
        p.line(pts, fill=body, width=8)
    p.ellipse((18, 6, 82, 66), fill=body, outline=dark, width=3.5)
    p.ellipse((30, 14, 46, 26), fill=rgb("#f7a1c4"))
    _eye(p, 39, 40, 7)
    _eye(p, 61, 40, 7)


def _seahorse(p: Pen) -> None:
    body = COLOURS["seahorse"]
    dark = rgb("#8a6d00")
    fin = rgb("#f08c00")
    spine = [(50, 24), (42, 40), (44, 56), (54, 68), (56, 80), (48, 92), (36, 90), (34, 80), (42, 76)]
    p.poly([(40, 36), (22, 44), (38, 56)], fill=fin, outline=dark, width=2.5)  # back fin
    p.line(spine[3:], fill=dark, width=13)  # tail, outlined
    p.line(spine[3:], fill=body, width=8)
    p.line([(50, 18), (80, 26)], fill=dark, width=13)  # snout
    p.line([(50, 18), (80, 26)], fill=body, width=8)
    p.ellipse((36, 30, 64, 70), fill=body, outline=dark, width=3)  # belly
    p.circle(50, 20, 14, fill=body, outline=dark, width=3)  # head
    p.line([(56, 22), (80, 26)], fill=body, width=6, round_ends=False)
    p.poly([(42, 9), (46, 0), (52, 7)], fill=fin)  # crest
    for y in (42, 51, 60):
        p.arc((40, y - 7, 64, y + 7), 20, 160, fill=dark, width=2)
    _eye(p, 52, 18, 4.5)


def _manta(p: Pen) -> None:
    body = COLOURS["manta"]
    light = rgb("#dbe4ff")
    p.line([(50, 62), (52, 80), (46, 98)], fill=body, width=4)  # tail
    wing = [(2, 52), (26, 30), (42, 24), (50, 26), (58, 24), (74, 30), (98, 52), (70, 56), (56, 70), (50, 72),
            (44, 70), (30, 56)]
    p.poly(wing, fill=body, outline=light, width=2.5)
    p.line([(42, 26), (38, 12)], fill=body, width=7)  # head fins
    p.line([(58, 26), (62, 12)], fill=body, width=7)
    p.ellipse((40, 40, 60, 60), fill=rgb("#3b5bdb"))
    p.circle(40, 33, 3.5, fill=light)
    p.circle(60, 33, 3.5, fill=light)


def _turtle(p: Pen) -> None:
    shell = COLOURS["turtle"]
    skin = rgb("#94d82d")
    dark = rgb("#173d1f")
    for x, y in ((24, 30), (76, 30), (24, 74), (76, 74)):
        p.ellipse((x - 11, y - 8, x + 11, y + 8), fill=skin, outline=dark, width=2.5)
    p.poly([(50, 82), (44, 94), (56, 94)], fill=skin)  # tail
    p.ellipse((38, 2, 62, 28), fill=skin, outline=dark, width=2.5)  # head
    p.circle(44, 12, 2.5, fill=EYE)
    p.circle(56, 12, 2.5, fill=EYE)
    p.ellipse((20, 18, 80, 88), fill=shell, outline=dark, width=3.5)
    p.poly([(50, 36), (62, 44), (62, 60), (50, 68), (38, 60), (38, 44)], fill=rgb("#51cf66"), outline=dark, width=2)
    for a, b in (((50, 36), (50, 21)), ((62, 44), (76, 38)), ((38, 44), (24, 38)), ((62, 60), (75, 70)),
                 ((38, 60), (25, 70)), ((50, 68), (50, 85))):
        p.line([a, b], fill=dark, width=2, round_ends=False)


def _parrot(p: Pen) -> None:
    body = COLOURS["parrot"]
    chest = rgb("#ffd43b")
    dark = rgb("#0b3d75")
    p.poly([(40, 64), (22, 98), (34, 98), (54, 70)], fill=body, outline=dark, width=2.5)  # tail
    p.ellipse((26, 26, 70, 80), fill=body, outline=dark, width=3)  # body
    p.ellipse((42, 38, 70, 76), fill=chest)  # chest
    p.ellipse((22, 36, 50, 76), fill=rgb("#1864ab"), outline=dark, width=2)  # wing
    p.circle(54, 24, 18, fill=body, outline=dark, width=3)  # head
    p.ellipse((52, 16, 70, 34), fill=WHITE)  # face patch
    p.poly([(68, 16), (86, 22), (84, 36), (74, 32), (68, 34)], fill=rgb("#343a40"))  # hooked beak
    p.circle(60, 23, 3.5, fill=EYE)


def _crab(p: Pen) -> None:
    body = COLOURS["crab"]
    dark = rgb("#6b0d0d")
    for side in (-1, 1):
        for i, dy in enumerate((52, 62, 72)):
            x0 = 50 + side * 24
            x1 = 50 + side * (42 + i * 2)
            p.line([(x0, dy), (x1, dy + 10), (x1 + side * 4, dy + 22)], fill=dark, width=5)
        p.line([(50 + side * 18, 48), (50 + side * 30, 34), (50 + side * 34, 26)], fill=dark, width=6)
        cx = 50 + side * 34
        p.circle(cx, 20, 13, fill=body, outline=dark, width=3)  # claw
        p.pie((cx - 14, 2, cx + 14, 30), 250 if side < 0 else 250, 300, fill=rgb("#fff4e6"))
    p.line([(43, 44), (40, 30)], fill=dark, width=3)  # eye stalks
    p.line([(57, 44), (60, 30)], fill=dark, width=3)
    p.ellipse((20, 40, 80, 82), fill=body, outline=dark, width=3.5)
    p.circle(40, 29, 5, fill=WHITE, outline=dark, width=2)
    p.circle(60, 29, 5, fill=WHITE, outline=dark, width=2)
    p.circle(40, 29, 2.2, fill=EYE)
    p.circle(60, 29, 2.2, fill=EYE)
    p.arc((38, 56, 62, 72), 20, 160, fill=dark, width=2.5)


def _hut(p: Pen) -> None:
    wall = rgb("#9c5f2b")
    roof = COLOURS["hut"]
    dark = OUTLINE
    p.rect((14, 84, 86, 92), fill=rgb("#6b4226"))  # deck
    for x in (22, 50, 78):
        p.rect((x - 2.5, 84, x + 2.5, 98), fill=rgb("#6b4226"))  # stilts
    p.rect((22, 46, 78, 86), fill=wall, outline=dark, width=3)
    for y in (56, 66, 76):
        p.line([(24, y), (76, y)], fill=rgb("#7f4a1f"), width=1.5, round_ends=False)
    p.rect((42, 60, 58, 86), fill=rgb("#3b2412"), radius=3)  # door
    p.poly([(4, 52), (50, 6), (96, 52)], fill=roof, outline=dark, width=3.5)
    for x in (30, 50, 70):
        p.line([(50, 10), (x, 50)], fill=rgb("#a8741d"), width=2, round_ends=False)


def _tiki(p: Pen) -> None:
    wood = COLOURS["tiki"]
    dark = rgb("#2b170a")
    accent = rgb("#ff922b")
    p.poly([(26, 16), (34, 2), (42, 14), (50, 0), (58, 14), (66, 2), (74, 16)], fill=rgb("#37b24d"))  # leaves
    p.rect((24, 12, 76, 98), fill=wood, outline=dark, width=3.5, radius=10)
    p.rect((24, 22, 76, 30), fill=rgb("#5c3417"))  # brow
    p.ellipse((29, 30, 47, 46), fill=accent, outline=dark, width=2.5)
    p.ellipse((53, 30, 71, 46), fill=accent, outline=dark, width=2.5)
    p.circle(38, 38, 3.5, fill=dark)
    p.circle(62, 38, 3.5, fill=dark)
    p.poly([(50, 42), (44, 58), (56, 58)], fill=rgb("#5c3417"))  # nose
    p.rect((32, 64, 68, 82), fill=dark, radius=4)  # mouth
    for x in (38, 46, 54, 62):
        p.rect((x - 2.5, 65, x + 2.5, 71), fill=rgb("#fff4e6"))
    p.line([(30, 90), (70, 90)], fill=rgb("#5c3417"), width=3, round_ends=False)


def _bottle(p: Pen) -> None:
    glass = COLOURS["bottle"]
    dark = rgb("#1f5136")
    p.rect((43, 6, 57, 18), fill=rgb("#b07a47"), outline=dark, width=2, radius=2)  # cork
    p.rect((42, 16, 58, 40), fill=glass, outline=dark, width=3, radius=3)  # neck
    p.rect((26, 34, 74, 96), fill=glass, outline=dark, width=3.5, radius=14)  # body
    p.rect((35, 48, 65, 84), fill=rgb("#fff3bf"), outline=rgb("#8a6d00"), width=2, radius=3)  # message
    for y in (57, 65, 73):
        p.line([(40, y), (60, y)], fill=rgb("#8a6d00"), width=2, round_ends=False)
    p.line([(31, 44), (31, 80)], fill=(255, 255, 255), width=3)  # glint


def _flower(p: Pen) -> None:
    petal = rgb("#ff8fab")
    dark = rgb("#a61e4d")
    for dx, dy in ((0, -26), (25, -8), (15, 22), (-15, 22), (-25, -8)):
        p.circle(50 + dx, 50 + dy, 20, fill=petal, outline=dark, width=3)
    p.circle(50, 50, 15, fill=rgb("#ffd43b"), outline=rgb("#e67700"), width=3)


def _canoe(p: Pen) -> None:
    hull = rgb("#a0522d")
    dark = rgb("#4a2410")
    p.line([(70, 8), (38, 78)], fill=rgb("#d9a066"), width=5)  # paddle shaft
    p.ellipse((28, 66, 44, 96), fill=rgb("#d9a066"), outline=dark, width=2.5)  # blade
    p.poly([(0, 40), (10, 58), (26, 70), (74, 70), (90, 58), (100, 40), (80, 50), (20, 50)], fill=hull,
           outline=dark, width=3.5)
    p.line([(8, 46), (20, 52), (80, 52), (92, 46)], fill=rgb("#e8b07a"), width=4, round_ends=False)
    p.poly([(40, 56), (50, 62), (60, 56), (50, 50)], fill=rgb("#ffd43b"))


# -- Pioneer's Isle: the five resources (a Ramparts hand shows them beside the commodities) ----------
def _lumber(p: Pen) -> None:
    bark = rgb("#7a4a22")
    dark = rgb("#3b220e")
    wood = rgb("#e0b27a")
    for x0, y0 in ((6, 56), (44, 56), (25, 22)):  # three logs, end on
        p.rect((x0, y0 + 6, x0 + 36, y0 + 32), fill=bark, outline=dark, width=3)
        p.circle(x0 + 36, y0 + 19, 13, fill=wood, outline=dark, width=3)
        p.circle(x0 + 36, y0 + 19, 5, outline=rgb("#a0522d"), width=2)


def _brick(p: Pen) -> None:
    clay = rgb("#c0562c")
    dark = rgb("#5c1f0b")
    for y, xs in ((72, (4, 36, 68)), (50, (20, 52)), (28, (36,))):  # a stack, each row set on the joints below
        for x in xs:
            p.rect((x, y, x + 28, y + 20), fill=clay, outline=dark, width=3, radius=2)


def _wool(p: Pen) -> None:
    fleece = rgb("#f8f9fa")
    dark = rgb("#495057")
    for x, y in ((22, 66), (40, 70), (58, 70), (76, 66)):
        p.line([(x, y), (x, y + 26)], fill=dark, width=6)  # legs
    for x, y, r in ((30, 50, 18), (50, 42, 20), (70, 50, 18), (42, 62, 16), (60, 62, 16)):
        p.circle(x, y, r, fill=fleece, outline=dark, width=3)
    p.circle(50, 52, 14, fill=fleece)
    p.ellipse((72, 26, 96, 52), fill=rgb("#343a40"))  # head
    p.circle(86, 36, 3, fill=WHITE)


def _grain(p: Pen) -> None:
    straw = rgb("#e8b923")
    dark = rgb("#7a5c00")
    for angle_x in (-22, -10, 0, 10, 22):
        p.line([(50, 96), (50 + angle_x, 30)], fill=dark, width=3, round_ends=False)
    for top_x, top_y in ((28, 14), (40, 8), (50, 4), (60, 8), (72, 14)):
        for k in range(4):
            y = top_y + k * 8
            p.ellipse((top_x - 6, y, top_x + 6, y + 12), fill=straw, outline=dark, width=2)
    p.rect((36, 62, 64, 70), fill=rgb("#c92a2a"), radius=2)  # the band round the sheaf


def _ore(p: Pen) -> None:
    stone = rgb("#868e96")
    dark = rgb("#212529")
    p.poly([(6, 92), (18, 52), (42, 40), (56, 62), (50, 92)], fill=stone, outline=dark, width=3)
    p.poly([(40, 92), (52, 34), (72, 16), (94, 46), (94, 92)], fill=rgb("#adb5bd"), outline=dark, width=3)
    for x, y in ((64, 40), (76, 60), (26, 70)):  # a glint of metal in the rock
        p.poly([(x, y - 6), (x + 6, y), (x, y + 6), (x - 6, y)], fill=rgb("#e9ecef"), outline=dark, width=1.5)


# -- Pioneer's Isle Ramparts: the three commodities ------------------------------------------------
def _ink(p: Pen) -> None:
    glass = rgb("#2b3a67")
    dark = rgb("#10162b")
    p.poly([(60, 6), (70, 2), (44, 64), (40, 62)], fill=rgb("#f1f3f5"), outline=rgb("#868e96"), width=2)  # quill
    p.line([(66, 6), (43, 60)], fill=rgb("#adb5bd"), width=2, round_ends=False)
    p.rect((36, 38, 64, 50), fill=glass, outline=dark, width=3, radius=3)  # neck
    p.rect((16, 48, 84, 96), fill=glass, outline=dark, width=3.5, radius=12)  # bottle
    p.rect((26, 60, 74, 84), fill=rgb("#fff3bf"), outline=rgb("#8a6d00"), width=2, radius=3)  # label
    p.ellipse((42, 64, 58, 80), fill=rgb("#10162b"))  # an ink drop on the label
    p.line([(22, 56), (22, 88)], fill=rgb("#748ffc"), width=3)  # glint


def _sailcloth(p: Pen) -> None:
    cloth = rgb("#f8f0dc")
    dark = rgb("#6b4f2a")
    p.rect((10, 58, 90, 92), fill=rgb("#e9dcc0"), outline=dark, width=3, radius=8)  # the folded bolt
    p.line([(14, 70), (86, 70)], fill=dark, width=2, round_ends=False)
    p.line([(14, 80), (86, 80)], fill=dark, width=2, round_ends=False)
    p.line([(30, 4), (30, 60)], fill=dark, width=4)  # mast
    p.poly([(34, 6), (84, 50), (34, 50)], fill=cloth, outline=dark, width=3)  # sail
    p.line([(40, 20), (40, 46)], fill=rgb("#d9c7a3"), width=2, round_ends=False)
    p.line([(52, 30), (52, 46)], fill=rgb("#d9c7a3"), width=2, round_ends=False)


def _silver(p: Pen) -> None:
    metal = rgb("#ced4da")
    light = rgb("#f8f9fa")
    dark = rgb("#495057")
    for y in (62, 40):  # two ingots, stacked
        p.poly([(8, y + 30), (22, y), (78, y), (92, y + 30)], fill=metal, outline=dark, width=3)
        p.poly([(24, y + 6), (76, y + 6), (80, y + 14), (20, y + 14)], fill=light)
    p.circle(50, 22, 18, fill=metal, outline=dark, width=3)  # a coin on top
    p.circle(50, 22, 11, outline=dark, width=2)
    p.line([(44, 14), (40, 28)], fill=light, width=3)


_PAINTERS: dict[str, Callable[[Pen], None]] = {
    "fish": _fish,
    "octopus": _octopus,
    "seahorse": _seahorse,
    "manta": _manta,
    "turtle": _turtle,
    "parrot": _parrot,
    "crab": _crab,
    "hut": _hut,
    "tiki": _tiki,
    "bottle": _bottle,
    "flower": _flower,
    "canoe": _canoe,
    "lumber": _lumber,
    "brick": _brick,
    "wool": _wool,
    "grain": _grain,
    "ore": _ore,
    "ink": _ink,
    "sailcloth": _sailcloth,
    "silver": _silver,
}

NAMES = tuple(_PAINTERS)
_cache = Cache(size=256)


def _unknown(p: Pen) -> None:
    p.circle(50, 50, 40, fill=rgb("#adb5bd"), outline=OUTLINE, width=4)
    p.rect((44, 22, 56, 62), fill=OUTLINE)
    p.rect((44, 68, 56, 80), fill=OUTLINE)


def icon(name: str, size: int) -> Image.Image:
    """The picture of an element or piece, `size` pixels square, RGBA (read-only)."""
    size = max(4, int(size))

    def build() -> Image.Image:
        painter = _PAINTERS.get(name, _unknown)
        return supersampled((size, size), lambda draw, k: painter(Pen(draw, size * k / 100)))

    return _cache.get((name, size), build)


def paste(image: Image.Image, name: str, size: int, centre: tuple[float, float]) -> None:
    """Paste the picture `name` centred at `centre`."""
    picture = icon(name, size)
    image.paste(picture, (round(centre[0] - size / 2), round(centre[1] - size / 2)), picture)


def paddle(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: RGB, dark: RGB,
           vertical: bool) -> None:
    """A paddle lying in `box`: the blade at the far end (right or bottom), the grip at the start."""
    x0, y0, x1, y1 = box
    if vertical:
        cx = (x0 + x1) / 2
        length = y1 - y0
        w = x1 - x0
        shaft = max(3, round(w * 0.22))
        draw.rounded_rectangle((cx - shaft / 2, y0 + length * 0.1, cx + shaft / 2, y0 + length * 0.55),
                               radius=shaft / 2, fill=dark)
        draw.rounded_rectangle((cx - w * 0.3, y0, cx + w * 0.3, y0 + length * 0.12), radius=3, fill=dark)
        draw.ellipse((x0, y0 + length * 0.45, x1, y1), fill=colour, outline=dark, width=2)
    else:
        cy = (y0 + y1) / 2
        length = x1 - x0
        h = y1 - y0
        shaft = max(3, round(h * 0.22))
        draw.rounded_rectangle((x0 + length * 0.1, cy - shaft / 2, x0 + length * 0.55, cy + shaft / 2),
                               radius=shaft / 2, fill=dark)
        draw.rounded_rectangle((x0, cy - h * 0.3, x0 + length * 0.12, cy + h * 0.3), radius=3, fill=dark)
        draw.ellipse((x0 + length * 0.45, y0, x1, y1), fill=colour, outline=dark, width=2)
