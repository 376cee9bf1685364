"""The Grow Sky picture: one column 550 px wide, read where Discord shows it on a phone.

Discord shows a posted picture about 550 px wide until it is opened; a wider board came out at
half its size there, its small print 5 px tall. This one is drawn at that width, and every word
and number on it is at least 14 px (capitals 10 px tall). Top to bottom:

    +---------------------------------------------+
    | Grow Sky · round 3                           |
    | [who must act and what]                      |
    | the final-round warning, a /preview's words  |
    | Ann's turn: every step with what it did      |
    +---------------------------------------------+
    | dice left; Fly, Develop and Standby spaces   |  (the setup draft's pool over it)
    +---------------------------------------------+
    | route tile market: rows of 2, 1 and 0 fuel   |
    +---------------------------------------------+
    | search track 0..44 in three rows of 15       |
    +---------------------------------------------+
    | per player: name and gauges; route ring with |
    | airship, rudder inside; engine room; counts  |
    +---------------------------------------------+
    | part orientations (while a part waits)       |
    | final scoring (once the game is over)        |
    | the key to the codes                         |
    +---------------------------------------------+

The header's height follows the words of the last turn; everything under it is placed from the
top of the boards (`Layout`), and the boards' frame, which depends only on the number of
players, is drawn once and cached. While a part waits, the acting player's engine room marks
every legal anchor square and a legend draws the orientations o1, o2, ... of each shape on
offer, so the picture is the placement preview. A view from `/preview` also hatches the
previewed part's squares in that seat's engine room and says what it costs under the headline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any

from PIL import Image, ImageDraw

import lang
from lang import N_, tr
from render.common import (
    CARD,
    INK,
    LINE,
    MUTED,
    PAPER,
    WHITE,
    Cache,
    fit_text,
    mix,
    pill,
    rect_region,
    rgb,
    seat_colour,
    seat_name,
    shade,
    text,
    text_width,
    to_png,
)

W = 550
EDGE = 6  # the cards' margin
X0 = 14  # where words start
ROOM = W - 2 * X0  # the width words may take
SMALL = 14  # the least size of any word or number: capitals 10 px tall
BODY = 15
HEADING = 17

YELLOW = rgb("#f6c945")
BLUE = rgb("#6fa8dc")
PRINTED = rgb("#dbe8f4")
GOLD = rgb("#a8790a")
SKY = rgb("#eef4fb")
CHECK = rgb("#c9b8e8")
SHAPE_COLOURS = {"cube": rgb("#3b6fb6"), "i2": rgb("#8fbf6a"), "v3": rgb("#e39b4a"), "l4": rgb("#c0616b"),
                 "p5": rgb("#8a6bbf")}
CARD_FILL = rgb("#9e9384")
ANCHOR = rgb("#2f9e44")
SIDE_FILLS = (rgb("#b197fc"), rgb("#63e6be"))  # a room card's two sides before one is chosen
SIDE_TINTS = tuple(mix(WHITE, colour, 0.6) for colour in SIDE_FILLS)  # their squares, over the engine room's icons
GHOST = rgb("#d6336c")  # a /preview part: hatched in a colour no part or seat uses

CHECKPOINTS = ("V", "R/S", "V", "P1/S")
FACES = {1: "RSP", 2: "RS", 3: "SP", 4: "RP", 5: "S", 6: "P"}
# engine room icons and row bonuses (as in games/growsky/data.py, drawn from there by the view's words)
ICONS = {"e1": "C2", "b2": "F2", "g2": "G", "d3": "S2", "h3": "R", "a4": "V", "b5": "G", "e5": "R", "g5": "F2",
         "c6": "C2", "h6": "S2", "d6": "T", "a7": "T", "f7": "V"}
ROW_BONUS = ("cap", "F2", "cap", "S2", "V", "V", "V2")
SEARCH_TRACK = {2: "C", 4: "F", 5: "V", 6: "G", 8: "C", 9: "F", 10: "V", 12: "G", 13: "C", 14: "R", 15: "V",
                16: "F", 17: "G", 18: "C", 20: "V", 21: "F", 23: "G", 24: "C", 25: "V", 26: "R", 27: "F",
                28: "G", 29: "V", 30: "C", 32: "V", 34: "F", 35: "V", 36: "G", 38: "V", 40: "V", 42: "V",
                44: "V2"}
FLAGS = {11: "P2", 22: "P3", 33: "P4"}
ATOMS = {"vp": "V", "fuel": "F", "grow": "G", "cube": "C", "search": "S", "rudder": "R", "buy": "T", "cap": "cap"}


def short(bonus: str) -> str:
    """`cube*2+rudder` -> `C2+R`; `boost:5:3|fuel*2` -> `5>3/F2`."""
    alts = []
    for alt in bonus.split("|"):
        atoms = []
        for atom in alt.split("+"):
            if atom.startswith("part:"):
                atoms.append(f"P{atom[5:]}")
            elif atom.startswith("boost:"):
                _, fuel, spaces = atom.split(":")
                atoms.append(f"{fuel}>{spaces}")
            else:
                name, _, count = atom.partition("*")
                atoms.append(ATOMS.get(name, name) + (count if count and count != "1" else ""))
        alts.append("+".join(atoms))
    return "/".join(alts)


def wrap(words: str, size: int, width: float, bold: bool = False) -> list[str]:
    """`words` cut between words into lines of at most `width` pixels; a word wider than a line
    is shortened."""
    lines: list[str] = []
    for word in words.split():
        if lines and text_width(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(fit_text(word, size, int(width), bold))
    return lines


KEY_SIZE, KEY_LINE = SMALL, 19
KEY = (  # translated where drawn (`key_lines`)
    N_("Key: F fuel · C blue cube · G grow · S search step · V victory point · R rudder turn · "
    "T buy a route tile · cap raises the Lv0 storage cap by 1 · P1-P4 a part of that tier · 5>3 pay 5 fuel to fly 3 more"),
    N_("A+B both · A/B one of them · x2 tiles stacked on a space · * bolt · gold: the tile's back once upgraded · "
    "dice: R rudder, S search, P purchase · checkpoints R/S, P1/S: one of the two"),
)


def key_lines() -> list[str]:
    """The key to every code and mark of the picture, wrapped to its width."""
    lines: list[str] = []
    for words in KEY:
        for piece in tr(words).split(" · "):
            if lines and lines[-1] and text_width(lines[-1] + " · " + piece, KEY_SIZE) <= ROOM:
                lines[-1] += " · " + piece
            else:
                lines.append(piece)
    return lines


def key_height() -> int:
    return len(key_lines()) * KEY_LINE + 14


# -- the header: headline, warnings, the last turn ------------------------------------------------
TITLE_SIZE = 22
PILL_SIZE, PILL_PAD = 16, 6
LINES_Y = 68  # the first line under the headline's pill
LAST_SIZE, LAST_LINE = BODY, 20
STEP_INDENT = 12  # a step's second line, under its first word
TURN_WORDS = N_("{name}'s turn:")
STEP_WORDS = "{step} — {said}"  # a step and what it did
FINAL_WORDS = N_("Final round next, triggered by {name}.")
PREVIEW_WORDS = N_("Preview {words}")


def turn_steps(view: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """Every step of the last mover's turn so far in the words the channel was told, each with
    what it did: the view's `told`, else (a view of an older game) the move and its notes."""
    last = view.get("last")
    if not last:
        return []
    told = last.get("told")
    if told is None:
        return [(last["move"], list(last.get("notes") or []))]
    return [(words, list(said)) for words, said in told]


def last_lines(view: dict[str, Any], names: list[str]) -> list[tuple[str, int, bool]]:
    """The last turn whole, in plain words, as (words, indent, bold) lines of the header:
    `Ann's turn:`, then each step with what it did, cut between words."""
    steps = turn_steps(view)
    if not steps:
        return []
    lines = [(tr(TURN_WORDS).format(name=seat_name(names, view["last"]["seat"])), 0, True)]
    for step, said in steps:
        words = STEP_WORDS.format(step=step, said="; ".join(said)) if said else step
        for k, line in enumerate(wrap(words, LAST_SIZE, ROOM - STEP_INDENT)):
            lines.append((("· " if k == 0 else "") + line, 0 if k == 0 else STEP_INDENT, False))
    return lines


def last_text(view: dict[str, Any], names: list[str]) -> str:
    """The last turn's lines as one text (what the picture says of it)."""
    return " ".join(words for words, _, _ in last_lines(view, names))


def header_lines(view: dict[str, Any], names: list[str]) -> list[tuple[str, int, bool, Any]]:
    """(words, indent, bold, colour) of every line under the headline's pill."""
    lines: list[tuple[str, int, bool, Any]] = []
    if view.get("trigger") is not None and view["phase"] != "over" and not view["final"]:
        lines.append((tr(FINAL_WORDS).format(name=seat_name(names, view["trigger"])), 0, True, GOLD))
    if view.get("preview"):
        lines += [(line, 0, True, GHOST) for line in preview_lines(view)]
    lines += [(words, indent, bold, INK) for words, indent, bold in last_lines(view, names)]
    return lines


def header_height(view: dict[str, Any], names: list[str]) -> int:
    lines = header_lines(view, names)
    return LINES_Y + len(lines) * LAST_LINE + (8 if lines else 0)


# -- where everything goes ------------------------------------------------------------------------
SHARED_H = 262  # dice left, Fly, Develop, Standby
MARKET_H = 252
TRACK_H = 214
PANEL_H = 290
PANEL_GAP = 8
PANEL_W = W - 2 * EDGE
RESULTS_LINE = 19


@dataclass(frozen=True)
class Layout:
    """The tops of the picture's bands, in its pixels."""

    shared: int
    players: int
    legend_h: int
    results_h: int

    @property
    def market(self) -> int:
        return self.shared + SHARED_H

    @property
    def track(self) -> int:
        return self.market + MARKET_H

    @property
    def panels(self) -> int:
        return self.track + TRACK_H

    @property
    def legend(self) -> int:
        return self.panels + self.players * (PANEL_H + PANEL_GAP)

    @property
    def results(self) -> int:
        return self.legend + self.legend_h

    @property
    def key(self) -> int:
        return self.results + self.results_h

    @property
    def height(self) -> int:
        return self.key + key_height()

    def panel(self, seat: int) -> tuple[int, int]:
        """The top left corner of a seat's panel."""
        return EDGE, self.panels + seat * (PANEL_H + PANEL_GAP)

    def ring(self, seat: int) -> tuple[int, int]:
        x0, y0 = self.panel(seat)
        return x0 + 8, y0 + 40

    def engine(self, seat: int) -> tuple[int, int]:
        """The top left corner of the engine room's square a7."""
        x0, y0 = self.panel(seat)
        return x0 + ENGINE_X, y0 + ENGINE_Y

    def cell_box(self, seat: int, cell: str) -> tuple[int, int, int, int]:
        """The box of an engine room square (`c1`) on a seat's board."""
        gx, gy = self.engine(seat)
        c, r = "abcdefgh".index(cell[0]), int(cell[1:]) - 1
        x, y = gx + c * EC, gy + (6 - r) * EC
        return x, y, x + EC, y + EC


def layout(view: dict[str, Any], names: Sequence[str] = ()) -> Layout:
    names = list(names)
    return Layout(header_height(view, names), view["players"],
                  legend_height(view) if _pending_part(view) is not None else 0,
                  len(results_lines(view, names)) * RESULTS_LINE + 14 if view.get("end") else 0)


def canvas_size(view: dict[str, Any], names: Sequence[str] = ()) -> tuple[int, int]:
    return W, layout(view, names).height


def _pending_part(view: dict[str, Any]) -> int | None:
    pending = view.get("pending")
    if pending and pending.startswith("part:") and "|" not in pending and view.get("placements"):
        return int(pending[5:])
    return None


# the boards' frame depends only on the number of players: drawn once, pasted under each header
_static = Cache(size=8, max_bytes=12 << 20)


def _frame(size: tuple[int, int], at: Layout) -> Image.Image:
    """The picture without its pieces, new to draw on: the shared boards' and the panels' frames
    under the header, the key at the bottom, paper between."""
    players = at.players

    def build_boards() -> Image.Image:
        image = Image.new("RGB", (W, at.legend - at.shared), PAPER)
        d = ImageDraw.Draw(image)
        frame = Layout(0, players, 0, 0)
        for top, height in ((frame.shared, SHARED_H), (frame.market, MARKET_H), (frame.track, TRACK_H)):
            d.rounded_rectangle((EDGE, top, W - EDGE, top + height - 6), 10, fill=CARD, outline=LINE)
        for seat in range(players):
            x, y = frame.panel(seat)
            d.rounded_rectangle((x, y, x + PANEL_W, y + PANEL_H), 10, fill=CARD, outline=LINE)
            _static_panel(d, frame, seat)
        _static_shared(d, frame, players)
        _static_market(d, frame)
        _static_track(d, frame)
        return image

    def build_key() -> Image.Image:
        image = Image.new("RGB", (W, key_height()), PAPER)
        d = ImageDraw.Draw(image)
        for k, line in enumerate(key_lines()):
            text(d, (X0, 6 + k * KEY_LINE), line, KEY_SIZE, MUTED)
        return image

    image = Image.new("RGB", size, PAPER)
    image.paste(_static.get(("boards", players, lang.current()), build_boards), (0, at.shared))
    image.paste(_static.get(("key", lang.current()), build_key), (0, size[1] - key_height()))
    return image


# -- header ---------------------------------------------------------------------------------
def headline(view: dict[str, Any], names: list[str]) -> tuple[str, int | None]:
    """The words of the pill under the title and the seat whose colour it takes (None: grey)."""
    outcome = view.get("outcome")
    if view["phase"] == "over" and outcome:
        best = [s for s, rank in enumerate(outcome["ranks"]) if rank == 1]
        who = reduce(lambda a, b: tr("{first} and {second}").format(first=a, second=b),
                     [seat_name(names, s) for s in best])
        vp = int(outcome["scores"][best[0]])
        if len(best) == 1:
            return tr("Game over: {names} wins with {vp} VP").format(names=who, vp=vp), best[0]
        return tr("Game over: {names} win with {vp} VP").format(names=who, vp=vp), None
    if view.get("ended"):
        return view["ended"], None
    current = view.get("current")
    if current is not None:
        return f"{seat_name(names, current)}: {_doing(view)}", current
    if view["phase"] == "room":
        return tr("each player chooses a room card side"), None
    return "", None


def title_words(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "room":
        return tr("Grow Sky  ·  setup: room cards")
    if phase == "draft":
        return tr("Grow Sky  ·  setup draft")
    if phase == "over":
        return tr("Grow Sky  ·  game over")
    if view["final"]:
        return tr("Grow Sky  ·  final round")
    return tr("Grow Sky  ·  round {round}").format(round=view["round"])


def _header(d: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    text(d, (X0, 8), title_words(view), TITLE_SIZE, INK, bold=True, width=ROOM)
    words, seat = headline(view, names)
    if words:  # a long name is shortened rather than run off the picture
        pill(d, (X0, 38), fit_text(words, PILL_SIZE, ROOM - 2 * PILL_PAD, True), PILL_SIZE,
             seat_colour(seat) if seat is not None else MUTED, anchor="lt", pad=PILL_PAD)
    for k, (line, indent, bold, colour) in enumerate(header_lines(view, names)):
        text(d, (X0 + indent, LINES_Y + k * LAST_LINE), line, LAST_SIZE, colour, bold=bold, width=ROOM - indent)


def _doing(view: dict[str, Any]) -> str:
    if view["phase"] == "draft":
        return tr("draft a route tile")
    pending = view.get("pending")
    if pending:
        if "|" in pending:
            return tr("choose {choice}").format(choice=short(pending))
        if pending.startswith("part:"):
            return tr("place a tier-{tier} part").format(tier=pending[5:])
        return tr("buy route tiles or pass")
    return tr("free actions or end") if view.get("die_used") else tr("place a die")


# -- shared board: dice and action spaces ---------------------------------------------------------
DIE = 44  # the dice left
PLACED = 42  # a die on a Fly or Develop space
STANDBY_DIE, STANDBY_STEP = 40, 46
DICE_Y = 34
ACTIONS_Y = 90  # the Fly row; Develop and Standby under it
ACTION_ROW = 56
SPACES_X, SPACE_STEP, SPACE = 104, 54, 48
AREAS = {2: 3, 3: 4, 4: 5}
COSTS = {"Fly": (1, 2, 2, 3, 4), "Develop": (0, 0, 1, 1, 2)}


def _die(d: ImageDraw.ImageDraw, x: float, y: float, face: int, size: int = DIE, dim: bool = False) -> None:
    fill = mix(WHITE, PAPER, 0.5) if dim else WHITE
    d.rounded_rectangle((x, y, x + size, y + size), 6, fill=fill, outline=INK, width=2)
    # set on baselines, clear of the rim: the face letters (capitals 10 px) end four rows above it
    letters_base = y + size - 5
    text(d, (x + size / 2, letters_base), FACES[face], SMALL, MUTED, "ms")
    number_base = letters_base - 10 - 4  # a capital's height and a gap above the letters
    text(d, (x + size / 2, number_base), str(face), 20 if size >= DIE else 18, INK, "ms", bold=True)


def dice_step(count: int) -> tuple[int, int]:
    """The pitch and size of the dice left: nine at four players fit the width."""
    step = min(DIE + 6, ROOM // max(count, 1))
    return step, min(DIE, step - 4)


def _action_y(at: Layout, row: int) -> int:
    return at.shared + ACTIONS_Y + row * ACTION_ROW


def _static_shared(d: ImageDraw.ImageDraw, at: Layout, players: int) -> None:
    top = at.shared
    text(d, (X0, top + 8), tr("Dice left"), HEADING, INK, bold=True)
    text(d, (W - X0, top + 10), tr("R rudder · S search · P purchase"), SMALL, MUTED, anchor="ra")
    for row, label in enumerate(("Fly", "Develop")):  # verbatim: keys of COSTS, drawn translated
        y = _action_y(at, row)
        name = tr("Fly") if label == "Fly" else tr("Develop")
        text(d, (X0, y + SPACE / 2), name, HEADING if text_width(name, HEADING, True) <= SPACES_X - X0 - 4 else SMALL,
             INK, "lm", bold=True)
        for i in range(AREAS[players]):
            x = SPACES_X + i * SPACE_STEP
            d.rounded_rectangle((x, y, x + SPACE, y + SPACE), 6, fill=SKY, outline=LINE)
            text(d, (x + SPACE / 2, y + SPACE / 2), f"{COSTS[label][i]}F", BODY, MUTED, "mm")
    y = _action_y(at, 2)
    text(d, (X0, y + 4), tr("Standby"), HEADING, INK, bold=True)
    text(d, (X0, y + 26), "C + S + F", SMALL, MUTED)


def _pool_tile(i: int, at: Layout) -> tuple[int, int]:
    return X0 + (i % 3) * (TILE_W + 26), at.shared + 36 + (i // 3) * (TILE_H + 10)


def _pool(d: ImageDraw.ImageDraw, view: dict[str, Any], at: Layout) -> None:
    """The setup draft's tiles, drawn over the (still empty) dice area."""
    top = at.shared
    d.rectangle((EDGE + 4, top + 4, W - EDGE - 4, top + SHARED_H - 12), fill=CARD)
    text(d, (X0, top + 8), tr("Setup draft: tiles to take (no bonus paid)"), HEADING, INK, bold=True, width=ROOM)
    for i, tile in enumerate(view["pool"]):
        x, y = _pool_tile(i, at)
        _tile(d, x, y, f"p{i + 1}", tile)


def _shared(d: ImageDraw.ImageDraw, view: dict[str, Any], at: Layout) -> None:
    if view["phase"] in ("draft", "room") and view["pool"]:
        _pool(d, view, at)
    step, size = dice_step(len(view["dice"]))
    for i, face in enumerate(view["dice"]):
        _die(d, X0 + i * step, at.shared + DICE_Y, face, size)
    for row, key in enumerate(("flight", "develop")):
        y = _action_y(at, row)
        for i, face in enumerate(view[key]):
            _die(d, SPACES_X + i * SPACE_STEP + 3, y + 3, face, PLACED)
    for i, face in enumerate(view["standby"][:9]):
        _die(d, SPACES_X + i * STANDBY_STEP, _action_y(at, 2) + 2, face, STANDBY_DIE)


# -- the market -----------------------------------------------------------------------------------
MARKET_ROWS = (((5, 6, 7), N_("2 fuel")), ((2, 3, 4), N_("1 fuel")), ((0, 1), N_("free")))  # translated where shown
TILE_W, TILE_H = 146, 64
MARKET_X, MARKET_STEP, MARKET_ROW = 78, 152, 70


def _market_xy(at: Layout, row: int, k: int) -> tuple[int, int]:
    return MARKET_X + k * MARKET_STEP, at.market + 36 + row * MARKET_ROW


def _static_market(d: ImageDraw.ImageDraw, at: Layout) -> None:
    text(d, (X0, at.market + 8), tr("Route tile market"), HEADING, INK, bold=True)
    for r, (_, cost) in enumerate(MARKET_ROWS):
        _, y = _market_xy(at, r, 0)
        text(d, (X0, y + TILE_H / 2), tr(cost), BODY, INK, bold=True, anchor="lm")


def _market(d: ImageDraw.ImageDraw, view: dict[str, Any], at: Layout) -> None:
    supply = tr("bag {bag} · cubes {cubes} · parts {parts}").format(
        bag=view["bag"], cubes=view["cube_supply"], parts="/".join(map(str, view["part_supply"])))
    text(d, (W - X0, at.market + 10), supply, SMALL, MUTED, anchor="ra")
    for r, (slots, _) in enumerate(MARKET_ROWS):
        for k, slot in enumerate(slots):
            x, y = _market_xy(at, r, k)
            _tile(d, x, y, f"m{slot + 1}", view["market"][slot])


def _tile(d: ImageDraw.ImageDraw, x: float, y: float, label: str, tile: dict[str, Any] | None) -> None:
    """A route tile of the market or the draft's pool: its slot, colour and bolt, its bonus large,
    the bonus of its gold back under it."""
    box = (x, y, x + TILE_W, y + TILE_H)
    if tile is None:
        d.rounded_rectangle(box, 6, outline=LINE, width=2)
        text(d, (x + TILE_W / 2, y + TILE_H / 2), tr("{label} empty").format(label=label), SMALL, MUTED, "mm")
        return
    colour = YELLOW if tile["colour"] == "Y" else BLUE
    d.rounded_rectangle(box, 6, fill=colour, outline=shade(colour, -0.4), width=2)
    text(d, (x + 6, y + 4), label, SMALL, INK, bold=True)
    yellow = tile["colour"] == "Y"
    kind = ((tr("yellow +bolt") if yellow else tr("blue +bolt")) if tile["bolt"]
            else tr("yellow") if yellow else tr("blue"))
    text(d, (x + TILE_W - 6, y + 4), kind, SMALL, INK, anchor="ra")
    text(d, (x + TILE_W / 2, y + 32), short(tile["bonus"]), 20, INK, "mm", bold=True, width=TILE_W - 8)
    back_colour, back = tile["back"]
    text(d, (x + TILE_W / 2, y + 52), tr("gold: {colour} {bonus}").format(colour=back_colour, bonus=short(back)), SMALL,
         INK, "mm", width=TILE_W - 8)


# -- the search track -----------------------------------------------------------------------------
TRACK_COLUMNS = 15
TRACK_CELL = ROOM / TRACK_COLUMNS
TRACK_ROW = 62
TRACK_H_CELL = 28


def track_cell(at: Layout, space: int) -> tuple[float, float]:
    """The top left corner of a space of the search track (three rows of 15)."""
    row, column = divmod(space, TRACK_COLUMNS)
    return X0 + column * TRACK_CELL, at.track + 46 + row * TRACK_ROW


def _static_track(d: ImageDraw.ImageDraw, at: Layout) -> None:
    text(d, (X0, at.track + 8), tr("Search track (flags: first arrival P2/P3/P4, later P1/P1/P2)"), SMALL, MUTED,
         width=ROOM)
    for i in range(45):
        x, y = track_cell(at, i)
        label = FLAGS.get(i) or SEARCH_TRACK.get(i, "")
        fill = rgb("#fff3bf") if label.startswith("V") else rgb("#ffe3e3") if i in FLAGS else WHITE
        d.rectangle((x, y, x + TRACK_CELL - 2, y + TRACK_H_CELL), fill=fill, outline=LINE)
        text(d, (x + TRACK_CELL / 2 - 1, y + TRACK_H_CELL / 2), label, BODY, INK, "mm", bold=label.startswith("V"))
        if i % 5 == 0 or i == 44:
            text(d, (x + TRACK_CELL / 2 - 1, y - 3), str(i), SMALL, MUTED, "ms")


def _track(d: ImageDraw.ImageDraw, view: dict[str, Any], at: Layout) -> None:
    for space, owner in view.get("flags", {}).items():
        x, y = track_cell(at, int(space))
        d.rectangle((x + 1, y + 1, x + TRACK_CELL - 3, y + 4), fill=seat_colour(owner))
    by_space: dict[int, list[int]] = {}
    for b in view["boards"]:
        by_space.setdefault(min(b["search"], 44), []).append(b["seat"])
    for space, seats in by_space.items():
        x, y = track_cell(at, space)
        cx, cy, r = x + TRACK_CELL / 2 - 1, y + TRACK_H_CELL + 9, 7
        for k, seat in enumerate(seats):
            dx = (k - (len(seats) - 1) / 2) * 9
            left = min(max(cx + dx, X0 + r), W - X0 - r)
            d.ellipse((left - r, cy - r, left + r, cy + r), fill=seat_colour(seat), outline=INK)


# -- player panels ----------------------------------------------------------------------
RING_W, RING_H = 56, 48  # a route space with its gap: wider than tall, for bonuses such as 4>3/F3
LABEL_X, LABEL_Y = RING_W // 2 - 1, 26  # the centre of a route space's bonus, above the airship's corner
LABEL_ROOM = RING_W - 8  # inside an upgraded tile's gold frame
LABEL_FACES = ((15, True), (SMALL, True), (15, False), (SMALL, False))
# the rudder's rows inside the ring: label, up to four cubes, the count; all within the three
# inner columns so that nothing runs into spaces 4-6
RUDDER_CUBES = 4
CUBES_X = 78
RUDDER_RIGHT = 3 * RING_W - 16
RUDDER_ROOM = 3 * RING_W - 14
RUDDER_LINE = 23
EC = 24
ENGINE_X = 8 + 5 * RING_W + 20  # the engine room's square a7, right of the ring and its row numbers
ENGINE_Y = 60
STATS_Y = ENGINE_Y + 7 * EC + 24  # two lines under the engine room's column letters
STATS_LINE = 19
STATS_ROOM = PANEL_W - ENGINE_X + 10


def route_label(bonus: str) -> tuple[str, int, bool]:
    """A route space's bonus code, and the largest size and weight at which it fits its space:
    bold where it can be, plain for a boost (bold's stroke runs `4>3` together)."""
    words = short(bonus)
    for size, bold in LABEL_FACES:
        if (bold is False or ">" not in words) and text_width(words, size, bold) <= LABEL_ROOM:
            return words, size, bold
    return words, SMALL, False


def airship_points(bx: float, by: float) -> list[tuple[float, float]]:
    """The airship pennant in the lower left corner of the space at (bx, by)."""
    return [(bx + 3, by + 34), (bx + 14, by + 39), (bx + 3, by + 44)]


def _ring_xy(index: int) -> tuple[int, int]:
    if index <= 4:
        return index, 0
    if index <= 8:
        return 4, index - 4
    if index <= 12:
        return 12 - index, 4
    return 0, 16 - index


def space_box(at: Layout, seat: int, index: int) -> tuple[int, int, int, int]:
    """The box of the ring's place `index` (0: the start checkpoint, then clockwise) on a seat's board."""
    rx, ry = at.ring(seat)
    gx, gy = _ring_xy(index)
    bx, by = rx + gx * RING_W, ry + gy * RING_H
    return bx, by, bx + RING_W - 2, by + RING_H - 2


def _rudder_xy(at: Layout, seat: int) -> tuple[int, int]:
    rx, ry = at.ring(seat)
    return rx + RING_W + 6, ry + RING_H + 2


def gauges(board: dict[str, Any]) -> str:
    return tr("VP {vp}  Grow {grow}/8  Fuel {fuel}/10  Search {search}").format(
        vp=board["vp"], grow=board["grow"], fuel=board["fuel"], search=board["search"])


STATS_WORDS = N_("blank {blanks} · upgraded {upgraded}")
PAY_WORDS = N_("can pay {fuel} fuel")
PAY_CARD_WORDS = N_("can pay {fuel} fuel · room card {card}")


def stats_lines(board: dict[str, Any]) -> list[str]:
    """The two lines under the engine room: its blank squares and the route's upgraded tiles,
    the fuel the seat can pay and its room card; before a side is chosen, the two sides."""
    card = board.get("card")
    if card and card["side"] is None and card.get("sides"):
        return wrap(side_words(card["card"], card["sides"]), SMALL, STATS_ROOM)
    first = tr(STATS_WORDS).format(blanks=board["blanks"], upgraded=board["upgraded"])
    if not card:
        return [first, tr(PAY_WORDS).format(fuel=board["spendable"])]
    side = card["side"].upper() if card["side"] else "?"
    return [first, tr(PAY_CARD_WORDS).format(fuel=board["spendable"], card=f"{card['card']}{side}")]


def _panel(d: ImageDraw.ImageDraw, view: dict[str, Any], board: dict[str, Any], names: list[str], at: Layout,
           anchors: set[str], ghost: dict[str, Any] | None = None) -> None:
    seat = board["seat"]
    x0, y0 = at.panel(seat)
    colour = seat_colour(seat)
    first = view["first"] == seat and view["phase"] == "turn"
    name = tr("{name} (1st)").format(name=seat_name(names, seat)) if first else seat_name(names, seat)
    words = gauges(board)
    room = PANEL_W - 30 - text_width(words, 16, True)
    text(d, (x0 + 10, y0 + 16), name, HEADING, WHITE, "lm", bold=True, width=room)
    text(d, (x0 + PANEL_W - 10, y0 + 16), words, 16, WHITE, "rm", bold=True)
    # route ring
    for index in range(16):
        if index % 4 == 0:
            continue
        gx, gy = _ring_xy(index)
        box = space_box(at, seat, index)
        bx, by = box[:2]
        space = board["route"][index - 1 - index // 4]
        fill = PRINTED if space["tile"] is None else YELLOW if space["colour"] == "Y" else BLUE
        edge = GOLD if space["upgraded"] else shade(fill, -0.4)
        d.rectangle(box, fill=fill, outline=edge, width=3 if space["upgraded"] else 1)
        text(d, (bx + 4, by + 3), str(space["space"]), SMALL, MUTED)
        if space["depth"] > 1:
            text(d, (bx + RING_W - 7, by + 3), f"x{space['depth']}", SMALL, MUTED, anchor="ra")
        if space["bolt"]:
            text(d, (bx + RING_W - 7, by + 30), "*", 18, INK, anchor="ra", bold=True)
        label, size, bold = route_label(space["bonus"])
        text(d, (bx + LABEL_X, by + LABEL_Y), label, size, INK, "mm", bold=bold)
    bx, by, right, bottom = space_box(at, seat, board["pos"])
    # the airship: the space framed in the seat's colour, a pennant in its free lower left corner
    d.rectangle((bx - 1, by - 1, right + 1, bottom + 1), outline=colour, width=3)
    d.polygon(airship_points(bx, by), fill=colour, outline=INK)
    # rudder inside the ring
    ix, iy = _rudder_xy(at, seat)
    cubes, cap = board["cubes"], board["cap"]
    text(d, (ix + 34, iy + RUDDER_LINE), tr("cap {cap}").format(cap=cap), SMALL, MUTED)
    for level in range(4):
        y = iy + RUDDER_LINE * (level + 1)
        for k in range(min(cubes[level], RUDDER_CUBES)):
            d.rectangle((ix + CUBES_X + k * 9, y + 3, ix + CUBES_X + 7 + k * 9, y + 13), fill=BLUE, outline=INK)
        text(d, (ix + RUDDER_RIGHT, y), str(cubes[level]), BODY, INK, anchor="ra", bold=True)
    text(d, (ix, iy + RUDDER_LINE * 5 + 2), tr("flown {flown}").format(flown=board["flown"]), SMALL, INK)
    # engine room
    _engine(d, at, board, anchors)
    if ghost:
        _ghost(d, at, ghost)
    elif board.get("card") and board["card"]["side"] is None and board["card"].get("sides"):
        _card_sides(d, at, seat, board["card"]["sides"])
    for k, line in enumerate(stats_lines(board)):
        text(d, (x0 + ENGINE_X - 14, y0 + STATS_Y + k * STATS_LINE), line, SMALL, INK, width=STATS_ROOM)


def _static_panel(d: ImageDraw.ImageDraw, at: Layout, seat: int) -> None:
    x0, y0 = at.panel(seat)
    colour = seat_colour(seat)
    d.rounded_rectangle((x0, y0, x0 + PANEL_W, y0 + 32), 10, fill=colour)
    d.rectangle((x0, y0 + 20, x0 + PANEL_W, y0 + 32), fill=colour)
    for index in range(0, 16, 4):
        box = space_box(at, seat, index)
        d.rounded_rectangle(box, 8, fill=CHECK, outline=shade(CHECK, -0.4))
        text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), CHECKPOINTS[index // 4], SMALL, INK, "mm", bold=True)
    ix, iy = _rudder_xy(at, seat)
    text(d, (ix, iy), tr("Rudder"), BODY, INK, bold=True)
    for level in range(4):
        label = "Lv0" if level == 0 else f"Lv{level}" + (" 2=1F" if level == 1 else " 1=1F")
        text(d, (ix, iy + RUDDER_LINE * (level + 1)), label, SMALL, MUTED)
    gx, gy = at.engine(seat)
    text(d, (gx - 14, y0 + 38), tr("Engine room"), BODY, INK, bold=True)
    for r in range(7):
        y = gy + (6 - r) * EC
        text(d, (gx - 4, y + EC / 2), str(r + 1), SMALL, MUTED, "rm")
        text(d, (gx + 8 * EC + 4, y + EC / 2), ROW_BONUS[r], SMALL, GOLD, "lm", bold=True)
        for c in range(8):
            x = gx + c * EC
            name = "abcdefgh"[c] + str(r + 1)
            d.rectangle((x, y, x + EC - 1, y + EC - 1), fill=WHITE, outline=LINE)
            if name in ICONS:
                text(d, (x + EC / 2, y + EC / 2), ICONS[name], SMALL, INK, "mm", bold=True)
    for c in range(8):
        text(d, (gx + c * EC + EC / 2, gy + 7 * EC + 10), "abcdefgh"[c], SMALL, MUTED, "mm")


def side_words(card: int, sides: list[list[str]]) -> str:
    return tr("Room card {card}: {sides}").format(card=card, sides=tr(" or ").join(
        tr("side {side} ({cells})").format(side="AB"[k], cells=" ".join(cells)) for k, cells in enumerate(sides)))


def _card_sides(d: ImageDraw.ImageDraw, at: Layout, seat: int, sides: list[list[str]]) -> None:
    """Before a side is chosen, the squares each side of the seat's room card would fill, shaded
    and lettered (a square both sides fill is split), so a side can be chosen from the picture."""
    both = set(sides[0]) & set(sides[1])
    for k, cells in enumerate(sides):
        for cell in cells:
            x, y, _, _ = at.cell_box(seat, cell)
            left = x + (EC // 2 if k and cell in both else 0)
            right = x + (EC // 2 if not k and cell in both else EC) - 1
            # a tint, so that the engine room's icon beneath still reads: where there is one it is
            # drawn again over the tint, and the side's letter makes way (its colour tells the side)
            d.rectangle((left, y, right, y + EC - 1), fill=SIDE_TINTS[k], outline=shade(SIDE_FILLS[k], -0.45), width=2)
            if cell in ICONS:
                text(d, (x + EC / 2, y + EC / 2), ICONS[cell], SMALL, INK, "mm", bold=True)
            else:
                text(d, ((left + right) / 2, y + EC / 2), "AB"[k], BODY, INK, "mm", bold=True)


def _engine(d: ImageDraw.ImageDraw, at: Layout, board: dict[str, Any], anchors: set[str]) -> None:
    seat = board["seat"]
    owner: dict[int, str] = {}
    masks = []
    for shape, _, cells in board["parts"]:
        mask = 0
        for cell in cells:
            i = (int(cell[1:]) - 1) * 8 + "abcdefgh".index(cell[0])
            owner[i] = shape
            mask |= 1 << i
        masks.append(mask)
    card_cells = set(board["card"]["cells"]) if board.get("card") else set()
    gx, gy = at.engine(seat)
    for r in board["full_rows"]:  # a paid row bonus is struck through
        y = gy + (6 - r) * EC + EC // 2
        d.line((gx + 8 * EC + 3, y, gx + 8 * EC + 30, y), fill=INK, width=2)
    for cell in card_cells | anchors:
        x, y, _, _ = at.cell_box(seat, cell)
        if cell in card_cells:
            d.rectangle((x, y, x + EC - 1, y + EC - 1), fill=CARD_FILL, outline=shade(CARD_FILL, -0.3))
        else:
            d.rectangle((x + 2, y + 2, x + EC - 3, y + EC - 3), outline=ANCHOR, width=3)
    for i, shape in owner.items():
        c, r = i % 8, i // 8
        x, y = gx + c * EC, gy + (6 - r) * EC
        fill = SHAPE_COLOURS[shape]
        d.rectangle((x, y, x + EC - 1, y + EC - 1), fill=fill, outline=shade(fill, -0.35))
    # outline parts so neighbours of one shape stay apart
    for mask in masks:
        for i in range(56):
            if not mask >> i & 1:
                continue
            c, r = i % 8, i // 8
            x, y = gx + c * EC, gy + (6 - r) * EC
            if c == 7 or not mask >> (i + 1) & 1:
                d.line((x + EC - 1, y, x + EC - 1, y + EC - 1), fill=INK, width=2)
            if c == 0 or not mask >> (i - 1) & 1:
                d.line((x, y, x, y + EC - 1), fill=INK, width=2)
            if r == 6 or not mask >> (i + 8) & 1:
                d.line((x, y, x + EC - 1, y), fill=INK, width=2)
            if r == 0 or not mask >> (i - 8) & 1:
                d.line((x, y + EC - 1, x + EC - 1, y + EC - 1), fill=INK, width=2)


def preview_words(board: dict[str, Any], ghost: dict[str, Any]) -> str:
    """What the previewed placement costs and gives: the icons it covers and the bonus of every
    row it fills."""
    where = ghost["move"].split(" ", 1)[1] if " " in ghost["move"] else ghost["move"]
    cost = ghost.get("cost_words") or (tr("costs 1 Lv. 3 cube") if ghost["shape"] == "cube" else tr("costs nothing more"))
    filled = {cell for _, _, cells in board["parts"] for cell in cells}
    if board.get("card"):
        filled |= set(board["card"]["cells"])
    new = set(ghost["cells"])
    gains = [ICONS[cell] for cell in sorted(new, key=lambda c: (int(c[1:]), c[0])) if cell in ICONS]
    for row in range(7):
        cells = {f"{c}{row + 1}" for c in "abcdefgh"}
        if not cells <= filled and cells <= filled | new:
            gains.append(tr("row {row}: {bonus}").format(row=row + 1, bonus=ROW_BONUS[row]))
    return tr("{where}: {cost}, gives {gains}").format(where=where, cost=cost,
                                                       gains=", ".join(gains) if gains else tr("nothing"))


def preview_lines(view: dict[str, Any]) -> list[str]:
    """`Preview ...` under the headline, cut between words."""
    ghost = view["preview"]
    words = tr(PREVIEW_WORDS).format(words=preview_words(view["boards"][ghost["seat"]], ghost))
    return wrap(words, BODY, ROOM, True)


def _ghost(d: ImageDraw.ImageDraw, at: Layout, ghost: dict[str, Any]) -> None:
    """The previewed part: hatched squares and a thick outline, the icons under it kept readable."""
    gx, gy = at.engine(ghost["seat"])
    cells = {("abcdefgh".index(cell[0]), int(cell[1:]) - 1) for cell in ghost["cells"]}
    for c, r in cells:
        x, y = gx + c * EC, gy + (6 - r) * EC
        d.rectangle((x, y, x + EC - 1, y + EC - 1), fill=mix(WHITE, GHOST, 0.18))
        for t in range(3, 2 * EC - 2, 6):  # diagonal hatching u + v = t inside the square
            u0, u1 = max(0, t - (EC - 1)), min(t, EC - 1)
            d.line((x + u0, y + t - u0, x + u1, y + t - u1), fill=GHOST, width=1)
        name = "abcdefgh"[c] + str(r + 1)
        if name in ICONS:  # over the hatching, on a white halo
            text(d, (x + EC / 2, y + EC / 2), ICONS[name], SMALL, INK, "mm", bold=True, outline=WHITE)
        if (c + 1, r) not in cells:
            d.line((x + EC - 1, y, x + EC - 1, y + EC - 1), fill=GHOST, width=3)
        if (c - 1, r) not in cells:
            d.line((x, y, x, y + EC - 1), fill=GHOST, width=3)
        if (c, r + 1) not in cells:
            d.line((x, y, x + EC - 1, y), fill=GHOST, width=3)
        if (c, r - 1) not in cells:
            d.line((x, y + EC - 1, x + EC - 1, y + EC - 1), fill=GHOST, width=3)


# -- the orientations of a waiting part ------------------------------------------------------------
UNIT = 14
LEGEND_HEAD = 26
LEGEND_ROW = 68
SHAPE_LABEL = 34


def legend_places(view: dict[str, Any]) -> tuple[list[tuple[str, int, int, list[tuple[int, int, int, int]]]], int]:
    """Where the legend puts each shape on offer: (shape, x, row, [(orientation number, x, row,
    width)]), rows counted under its heading, and how many rows it takes; a shape too long for
    a line goes on under its first turn."""
    places = []
    x, row = X0, 0
    for shape, offsets_list in view["orientations"].items():
        widths = [max((max(dx for dx, _ in o) - min(dx for dx, _ in o) + 1) * UNIT, 22) for o in offsets_list]
        if x > X0 and x + SHAPE_LABEL + sum(width + 12 for width in widths) - 12 > W - X0:
            x, row = X0, row + 1  # a shape starts a line of its own unless it ends on this one
        label_x, label_row = x, row
        x += SHAPE_LABEL
        turns = []
        for k, width in enumerate(widths, start=1):
            if x + width > W - X0:
                x, row = X0 + SHAPE_LABEL, row + 1
            turns.append((k, x, row, width))
            x += width + 12
        x += 12
        places.append((shape, label_x, label_row, turns))
    return places, row + 1


def legend_height(view: dict[str, Any]) -> int:
    return LEGEND_HEAD + legend_places(view)[1] * LEGEND_ROW


def _legend(d: ImageDraw.ImageDraw, view: dict[str, Any], y0: int) -> None:
    orient = {shape: [[tuple(p) for p in o] for o in offsets] for shape, offsets in view["orientations"].items()}
    text(d, (X0, y0 + 4), tr("Part orientations (dot: anchor square; green frames: where it may go)"), SMALL, MUTED,
         width=ROOM)
    places, _ = legend_places(view)
    for shape, label_x, label_row, turns in places:
        top = y0 + LEGEND_HEAD + label_row * LEGEND_ROW
        text(d, (label_x, top), shape, BODY, INK, bold=True)
        for k, x, row, _ in turns:
            offsets = orient[shape][k - 1]
            top = y0 + LEGEND_HEAD + row * LEGEND_ROW
            minx = min(dx for dx, _ in offsets)
            maxy = max(dy for _, dy in offsets)
            for dx, dy in offsets:
                px, py = x + (dx - minx) * UNIT, top + (maxy - dy) * UNIT
                d.rectangle((px, py, px + UNIT - 1, py + UNIT - 1), fill=SHAPE_COLOURS[shape], outline=INK)
                if (dx, dy) == (0, 0):
                    d.ellipse((px + 3, py + 3, px + UNIT - 4, py + UNIT - 4), fill=INK)
            text(d, (x, top + 3 * UNIT + 4), f"o{k}", SMALL, INK, bold=True)


# -- the end --------------------------------------------------------------------------------------
def results_lines(view: dict[str, Any], names: list[str]) -> list[tuple[str, int, bool, int | None]]:
    """(words, indent, bold, seat whose colour marks the line) of the final scoring."""
    end = view["end"]
    outcome = view.get("outcome") or {}
    ranks = outcome.get("ranks") or [0] * len(end)
    lines: list[tuple[str, int, bool, int | None]] = [
        (line, 0, True, None) for line in wrap(tr("Final scoring: end steps on the search track pay victory points "
                                                  "only"), BODY, ROOM, True)]
    if outcome.get("tiebreak"):
        lines.append((tr("Tie-break: {tiebreak}").format(tiebreak=outcome["tiebreak"]), 0, True, None))
    for seat in sorted(range(len(end)), key=lambda s: ranks[s]):
        rec = end[seat]
        head = tr("{rank}. {name}: {vp} VP").format(rank=ranks[seat], name=seat_name(names, seat), vp=rec["vp"])
        if "blanks" not in rec:
            lines.append((head + (tr(" — instant win") if rec.get("instant_win") else ""), 20, True, seat))
            continue
        lines.append((tr("{head} (was {before})").format(head=head, before=rec["vp_before"]), 20, True, seat))
        detail = tr("{blanks} blank +{blank_steps} · {upgraded} upgraded +{upgrade_steps} · leftovers +{grow_steps}G "
                    "+{cube_steps}C +{fuel_steps}F · search {search_before}->{search} · flown {flown}").format(
            blanks=rec["blanks"], blank_steps=rec["blank_steps"], upgraded=rec["upgraded"],
            upgrade_steps=rec["upgrade_steps"], grow_steps=rec["grow_steps"], cube_steps=rec["cube_steps"],
            fuel_steps=rec["fuel_steps"], search_before=rec["search_before"], search=rec["search"], flown=rec["flown"])
        lines += [(line, 20, False, None) for line in wrap(detail, SMALL, ROOM - 20)]
    return lines


def _results(d: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y0: int) -> None:
    for k, (words, indent, bold, seat) in enumerate(results_lines(view, names)):
        y = y0 + 6 + k * RESULTS_LINE
        if seat is not None:
            d.rectangle((X0, y + 3, X0 + 12, y + 15), fill=seat_colour(seat))
        text(d, (X0 + indent, y), words, BODY if bold else SMALL, INK, bold=bold, width=ROOM - indent)


def image(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """`draw`'s picture before it is encoded."""
    names = list(names)
    at = layout(view, names)
    picture = _frame((W, at.height), at)
    d = ImageDraw.Draw(picture)
    _header(d, view, names)
    _shared(d, view, at)
    _market(d, view, at)
    _track(d, view, at)
    anchors: set[str] = set()
    if _pending_part(view) is not None:
        anchors = {move.split(" ")[-1] for move in view["placements"]}
    ghost = view.get("preview")
    for board in view["boards"]:
        _panel(d, view, board, names, at,
               anchors if board["seat"] == view.get("current") and not view.get("ended") else set(),
               ghost if ghost and ghost["seat"] == board["seat"] else None)
    if at.legend_h:
        _legend(d, view, at.legend)
    if view.get("end"):
        _results(d, view, names, at.results)
    return picture


def draw(view: dict[str, Any], names: Sequence[str]) -> bytes:
    return to_png(image(view, names))


def size(view: dict[str, Any], names: Sequence[str]) -> tuple[int, int]:
    """The size of `draw`'s picture, without drawing it."""
    return canvas_size(view, names)


# -- regions ----------------------------------------------------------------------------------
FACE_WORDS = {"R": N_("rudder"), "S": N_("search"), "P": N_("purchase")}
ACTION_TIPS = {
    "fly": N_("a die on the leftmost free Flight space: pay its fuel, fly that many spaces"),
    "develop": N_("a die on the leftmost free Develop space: pay its fuel, do the die's symbols"),
    "standby": N_("any die: 1 blue cube, 1 search step, 1 fuel"),
}


def _tile_tip(tile: dict[str, Any]) -> str:
    yellow, bolt = tile["colour"] == "Y", bool(tile["bolt"])
    words = (tr("yellow tile with a bolt: {bonus}; gold side {code} {back}") if yellow and bolt
             else tr("yellow tile: {bonus}; gold side {code} {back}") if yellow
             else tr("blue tile with a bolt: {bonus}; gold side {code} {back}") if bolt
             else tr("blue tile: {bonus}; gold side {code} {back}"))
    return words.format(bonus=short(tile["bonus"]), code=tile["back"][0], back=short(tile["back"][1]))


def regions(view: dict[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """What a player may point at on `draw(view, names)`, in its pixels: the dice left (`fly 4`
    names die 4), the Fly, Develop and Standby areas (`fly ...` names fly), the setup draft's tiles
    (`draft p2 s5`), the market's slots (`buy m3 s7`), and on each player's board the route spaces
    (`upgrade s3`), the rudder's levels (`pay lv2`) and the engine room's squares (`cube c1`,
    `place l4 o3 c1`); while a part waits, the legend's shapes and orientations (`l4`, `l4o3`)."""
    names = list(names)
    at = layout(view, names)
    out = []
    if view["phase"] in ("draft", "room") and view["pool"]:
        for i, tile in enumerate(view["pool"]):
            x, y = _pool_tile(i, at)
            out.append(rect_region(f"p{i + 1}", (x, y, x + TILE_W, y + TILE_H), "draft", _tile_tip(tile)))
    else:
        step, die = dice_step(len(view["dice"]))
        for i, face in enumerate(view["dice"]):
            x, y = X0 + i * step, at.shared + DICE_Y
            words = ", ".join(tr(FACE_WORDS[c]) for c in FACES[face])
            out.append(rect_region(str(face), (x, y, x + die, y + die), "die",
                                   tr("a {face}: {symbols}").format(face=face, symbols=words)))
        right = SPACES_X + (AREAS[view["players"]] - 1) * SPACE_STEP + SPACE + 4
        for row, (key, label) in enumerate((("flight", "fly"), ("develop", "develop"))):
            y = _action_y(at, row)
            used = len(view[key])
            out.append(rect_region(label, (X0 - 4, y - 4, right, y + SPACE + 4), "action",
                                   tr("{what} ({used} of {spaces} used)").format(
                                       what=tr(ACTION_TIPS[label]), used=used, spaces=AREAS[view["players"]])))
        y = _action_y(at, 2)
        out.append(rect_region("standby", (X0 - 4, y - 2, W - X0, y + STANDBY_DIE + 6), "action",
                               tr(ACTION_TIPS["standby"])))
    for r, (slots, cost) in enumerate(MARKET_ROWS):
        for k, slot in enumerate(slots):
            x, y = _market_xy(at, r, k)
            tile = view["market"][slot]
            tip = tr("{tile}; costs {cost}").format(tile=_tile_tip(tile), cost=tr(cost)) if tile else tr("empty")
            out.append(rect_region(f"m{slot + 1}", (x, y, x + TILE_W, y + TILE_H), "market", tip))
    for board in view["boards"]:
        seat = board["seat"]
        for index in range(16):
            if index % 4 == 0:
                continue
            space = board["route"][index - 1 - index // 4]
            kind = tr("printed space") if space["tile"] is None else tr("gold tile") if space["upgraded"] else tr("tile")
            tip = tr("route space {space}: {kind}, {bonus}").format(space=space["space"], kind=kind,
                                                                     bonus=short(space["bonus"]))
            out.append(rect_region(f"s{space['space']}", space_box(at, seat, index), "space",
                                   tip, seat))
        ix, iy = _rudder_xy(at, seat)
        for level in range(4):
            y = iy + RUDDER_LINE * (level + 1)
            out.append(rect_region(f"lv{level}", (ix - 2, y - 2, ix + RUDDER_ROOM, y + RUDDER_LINE - 3), "rudder",
                                   tr("{count} blue cubes at Lv. {level}").format(count=board["cubes"][level],
                                                                                  level=level), seat))
        filled = {cell for _, _, cells in board["parts"] for cell in cells}
        card = set(board["card"]["cells"]) if board.get("card") else set()
        for r in range(7):
            for c in range(8):
                name = "abcdefgh"[c] + str(r + 1)
                state = tr("filled") if name in filled or name in card else tr("empty")
                icon = tr(", icon {icon}").format(icon=ICONS[name]) if name in ICONS else ""
                out.append(rect_region(name, at.cell_box(seat, name), "square",
                                       tr("{name}: {state}{icon}; row {row} pays {bonus}").format(
                                           name=name, state=state, icon=icon, row=r + 1, bonus=ROW_BONUS[r]), seat))
    if at.legend_h:
        out += _legend_regions(view, at.legend)
    return out


def _legend_regions(view: dict[str, Any], y0: int) -> list[dict[str, Any]]:
    """The shapes and orientations of `_legend`, where it draws them."""
    out = []
    places, _ = legend_places(view)
    for shape, label_x, label_row, turns in places:
        top = y0 + LEGEND_HEAD + label_row * LEGEND_ROW
        out.append(rect_region(shape, (label_x - 2, top - 2, label_x + SHAPE_LABEL - 4, top + 22), "shape",
                               tr("the {shape} part").format(shape=shape)))
        for k, x, row, width in turns:  # named by part and turn (`l4o3`): a tap names that part so turned
            top = y0 + LEGEND_HEAD + row * LEGEND_ROW
            out.append(rect_region(f"{shape}o{k}", (x - 2, top - 2, x + width + 2, top + 3 * UNIT + 22), "orientation",
                                   tr("{shape} turned as o{turn}").format(shape=shape, turn=k)))
    return out
