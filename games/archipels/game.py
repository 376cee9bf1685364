"""The Archipels state machine.

A day: every seat takes one turn (two each with 2 players), choosing tiles from one line
of the board and building them into its island; then the last seats add flowers that raise
the value of elements for everyone; then the day ends. Final scores count the visible
elements of each island at the final values.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from functools import reduce
from itertools import combinations
from typing import Any

from games.archipels import data
from games.archipels import moves as M
from games.archipels.data import (
    ANIMALS,
    BOTTLE,
    DAYS,
    DOCK_SIZE,
    ELEMENTS,
    FIXED_PADDLE_LINE,
    FLOWERABLE,
    LEVEL,
    LINE_SPACES,
    LINES,
    MAX_TAKE,
    PADDLES_PER_SEAT,
    SPACE_LINES,
    SPACE_RC,
    SPACES,
    TILE_BY_ID,
)
from games.archipels.forecast import estimated_values
from games.archipels.island import Island, values_from_flowers
from games.base import (
    RNG_FIELD,
    Field,
    Game,
    IllegalMove,
    Outcome,
    Rng,
    legal_examples,
    parse_options,
    rank_by,
    rng_untouched,
)
from lang import N_, tr, verbatim

SPACE_INDEX = {s: i for i, s in enumerate(SPACES)}


def tile_json(tile_id: int) -> dict[str, Any]:
    tile = TILE_BY_ID[tile_id]
    return {"id": tile_id, "level": tile["level"], "elements": [dict(e) for e in tile["elements"]]}


# an ordinal's ending in English; a language writes each as it writes ordinals ("2.", "2.º")
_ORDINALS = {"st": N_("{n}st"), "nd": N_("{n}nd"), "rd": N_("{n}rd"), "th": N_("{n}th")}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return tr(_ORDINALS[suffix]).format(n=n)


def _places(first: int, last: int) -> str:
    """`2nd and 3rd places`, `1st to 3rd places`."""
    if last == first + 1:
        return tr("{first} and {last} places").format(first=_ordinal(first), last=_ordinal(last))
    return tr("{first} to {last} places").format(first=_ordinal(first), last=_ordinal(last))


def _and(names: Iterable[str]) -> str:
    """`Ann`, `Ann and Bo`, `Ann and Bo and Cy`."""
    return reduce(lambda first, second: tr("{first} and {second}").format(first=first, second=second), names)


class Archipels(Game):
    key = "archipels"
    title = verbatim("Archipels")
    min_players = 2
    max_players = 4
    options = ()
    format_version = 1
    notation = M.NOTATION
    place_words = M.PLACES
    public_picture = True
    fields = (
        Field("n", key="players"), Field("days"), Field("day"), Field("phase"), Field("canoe"), Field("turn"),
        Field("flower_index"), Field("board", "list"),
        Field("paddles", "list", dump=lambda v: [list(p) for p in v], load=lambda v: [tuple(p) for p in v]),
        Field("stack", "list"),
        Field("islands", dump=lambda v: [[list(p) for p in island.placements] for island in v],
              load=lambda v: [Island.from_placements(p) for p in v], copy=lambda v: [island.copy() for island in v]),
        Field("hands", "rows"), Field("docks", "rows"), Field("paddles_left", "list"),
        Field("scored", "list", dump=lambda v: [list(p) for p in v], load=lambda v: [tuple(p) for p in v]),
        Field("start", "list"), Field("discards", "list"), Field("last", "record"), RNG_FIELD,
        # derived from the fields above (`_derive`), copied along
        Field("order", "list", key=None), Field("flower_order", "list", key=None), Field("flowers", "dict", key=None),
    )

    # -- life cycle -------------------------------------------------------------------
    def __init__(self) -> None:
        self.n = 0
        self.days = 0
        self.day = 1
        self.phase = "take"
        self.canoe = 0
        self.order: list[int] = []
        self.turn = 0
        self.flower_order: list[int] = []
        self.flower_index = 0
        self.board: list[int | None] = [None] * len(SPACES)
        self.paddles: list[tuple[str, int | None]] = []
        self.stack: list[int] = []
        self.islands: list[Island] = []
        self.hands: list[list[int]] = []
        self.docks: list[list[int]] = []
        self.paddles_left: list[int] = []
        self.scored: list[tuple[int, str]] = []  # flowered tiles: (tile id, element)
        self.start: list[str] = []  # animals that got a starting score tile
        self.discards: list[int] = []
        self.flowers: dict[str, int] = dict.fromkeys(ELEMENTS, 0)
        self.last: dict[str, Any] | None = None
        self.rng = Rng(0)

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Archipels:
        parse_options(cls.options, options)
        if not cls.min_players <= players <= cls.max_players:
            raise IllegalMove(tr("Archipels is played by {least} to {most} players.").format(
                least=cls.min_players, most=cls.max_players))
        game = cls()
        game.n = players
        game.days = DAYS[players]
        game.rng = Rng(seed)
        game.stack = [t["id"] for t in data.TILES]
        game.rng.shuffle(game.stack)
        game.start = sorted(game.rng.sample(list(ANIMALS), data.START_SCORE_TILES), key=ANIMALS.index)
        game.islands = [Island() for _ in range(players)]
        game.hands = [[] for _ in range(players)]
        game.docks = [[] for _ in range(players)]
        game._recount_flowers()
        game._start_day()
        return game

    def _derive(self) -> None:
        self._recount_flowers()
        self._set_orders()

    # -- days -------------------------------------------------------------------------
    def _set_orders(self) -> None:
        n, c = self.n, self.canoe
        if n == 2:
            self.order = [c, 1 - c, c, 1 - c]
            self.flower_order = [1 - c, 1 - c, c]
        else:
            self.order = [(c + i) % n for i in range(n)]
            self.flower_order = [self.order[-1], self.order[-2]]

    def _start_day(self) -> None:
        """Paddles back (the fixed one stays), refill the board, order the day."""
        self.paddles = [(FIXED_PADDLE_LINE, None)] if self.n == 3 else []
        self.paddles_left = [PADDLES_PER_SEAT[self.n]] * self.n
        blocked = set(LINE_SPACES[FIXED_PADDLE_LINE]) if self.n == 3 else set()
        for i, space in enumerate(SPACES):
            if self.board[i] is None and space not in blocked and self.stack:
                self.board[i] = self.stack.pop()
        self._set_orders()
        self.turn = 0
        self.flower_index = 0
        self.phase = "take"

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn < len(self.order):
            self.phase = "take"
            return
        self.phase = "flower"
        self.flower_index = 0
        self._skip_flowers()

    def _skip_flowers(self) -> None:
        """Flowers with no free tile to take are skipped; then the day may end."""
        if self.flower_index < len(self.flower_order) and not self._free_spaces():
            self.flower_index = len(self.flower_order)
        if self.flower_index >= len(self.flower_order):
            self._end_day()

    def _end_day(self) -> None:
        if self.day >= self.days:
            self.phase = "over"
            return
        self.day += 1
        self.canoe = (self.canoe + 1) % self.n
        self._start_day()

    def _recount_flowers(self) -> None:
        flowers = dict.fromkeys(ELEMENTS, 0)
        for el in self.start:
            flowers[el] += 1
        for _, el in self.scored:
            flowers[el] += 1
        self.flowers = flowers

    # -- asking -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    def current(self) -> int | None:
        if self.phase in ("take", "place"):
            return self.order[self.turn]
        if self.phase == "flower":
            return self.flower_order[self.flower_index]
        return None

    def to_act(self) -> list[int]:
        seat = self.current()
        return [] if seat is None else [seat]

    def paddled_lines(self) -> set[str]:
        return {line for line, _ in self.paddles}

    def _free_spaces(self) -> list[int]:
        paddled = self.paddled_lines()
        board = self.board
        out = []
        for i, space in enumerate(SPACES):
            if board[i] is not None:
                row, col = SPACE_LINES[space]
                if row not in paddled and col not in paddled:
                    out.append(i)
        return out

    def values(self) -> dict[str, int]:
        return values_from_flowers(self.flowers)

    def legal_moves(self, seat: int) -> list[str]:
        if seat != self.current():
            return []
        if self.phase == "take":
            return self._take_moves()
        if self.phase == "place":
            return self._place_moves(seat)
        return self._flower_moves()

    def _take_moves(self) -> list[str]:
        paddled = self.paddled_lines()
        free = {SPACES[i] for i in self._free_spaces()}
        if not free:
            return [f"paddle {line}" for line in LINES if line not in paddled]
        most = MAX_TAKE[self.n]
        moves = []
        for line in LINES:
            if line in paddled:
                continue
            cross = [s[2:] if line[0] == "r" else s[:2] for s in LINE_SPACES[line] if s in free]
            for k in range(min(most, len(cross)), 0, -1):
                for combo in combinations(cross, k):
                    moves.append(f"take {line} {','.join(combo)}")
        return moves

    def _discardable(self, seat: int) -> list[int]:
        """Tiles that may be discarded: only while a hand tile fits nowhere and the dock is full."""
        dock = self.docks[seat]
        if len(dock) < DOCK_SIZE:
            return []
        island = self.islands[seat]
        stuck = [t for t in self.hands[seat] if not island.cands[LEVEL[t]]]
        return stuck + list(dock) if stuck else []

    def _place_moves(self, seat: int) -> list[str]:
        island = self.islands[seat]
        hand, dock = self.hands[seat], self.docks[seat]
        moves = []
        for tid in hand + dock:
            prefix = f"place t{tid} "
            moves += [prefix + pos for pos in island.position_texts(LEVEL[tid])]
        if len(dock) < DOCK_SIZE:
            moves += [f"dock t{tid}" for tid in hand]
        moves += [f"discard t{tid}" for tid in self._discardable(seat)]
        if not hand:
            moves.append("done")
        return moves

    def _flower_moves(self) -> list[str]:
        moves = []
        for i in self._free_spaces():
            tid = self.board[i]
            moves += [f"flower {SPACES[i]} {el}" for el in FLOWERABLE[tid]]
        return moves

    # -- acting -----------------------------------------------------------------------
    def play(self, seat: int, move: str) -> None:
        text = self.normalize(move)
        try:
            self._play(seat, text)
        except IllegalMove as error:
            why = str(error)
            if "`" not in why:
                raise
            raise IllegalMove(legal_examples(why, text, self.legal_moves(seat), M.NOTATION.by_word)) from None

    def _play(self, seat: int, text: str) -> None:
        if self.phase == "over":
            raise IllegalMove(tr("The game is over."))
        if seat != self.current():
            raise IllegalMove(tr("It is not your turn."))
        words = text.split(" ")
        verb = M.NOTATION.by_word.get(words[0])
        if verb is not None and self.phase not in verb.phases:
            raise IllegalMove(tr(_NOT_NOW[verb.phases[0], self.phase]))
        try:
            parsed = M.parse(text)
        except IllegalMove:
            self._refuse_unread(seat, words)
            raise
        self.dispatch(seat, parsed)
        self.last = {"seat": seat, "move": M.text(parsed)}

    def _refuse_unread(self, seat: int, words: list[str]) -> None:
        """What the table refuses in a text before its rest is read: a line under a paddle, a tile
        the seat does not hold (so `take r2` on a paddled row says so, not that tiles are missing)."""
        if words[0] in ("take", "paddle") and len(words) > 1:
            self._open_line(words[1])
        if words[0] == "place" and len(words) > 1:
            self._own_tile(seat, M.tile_number(words[1]))

    def _open_line(self, line: str) -> None:
        if line in self.paddled_lines():
            raise IllegalMove(tr("A paddle already blocks {line}.").format(line=M.line_word(line)))

    def _play_paddle(self, seat: int, move: M.Paddle) -> None:
        self._open_line(move.line)
        if self._free_spaces():
            raise IllegalMove(tr("Free tiles are left on the board: you must take 1 or more of them."))
        self.paddles.append((move.line, seat))
        self.paddles_left[seat] -= 1
        self.phase = "place"

    def _play_take(self, seat: int, move: M.Take) -> None:
        line = move.line
        self._open_line(line)
        free = {SPACES[i] for i in self._free_spaces()}
        most = MAX_TAKE[self.n]
        if len(move.cross) > most:
            raise IllegalMove(tr("You may take 1 to {most} tiles a turn.").format(most=most))
        spaces = []
        for p in move.cross:
            space = f"{line}{p}" if line[0] == "r" else f"{p}{line}"
            if space not in SPACE_INDEX:
                raise IllegalMove(tr("There is no space {space} on the board.").format(space=space))
            i = SPACE_INDEX[space]
            if self.board[i] is None:
                raise IllegalMove(tr("Space {space} is empty.").format(space=space))
            if space not in free:
                raise IllegalMove(tr("The tile on {space} is under a paddle.").format(space=space))
            spaces.append(i)
        for i in spaces:
            self.hands[seat].append(self.board[i])
            self.board[i] = None
        self.paddles.append((line, seat))
        self.paddles_left[seat] -= 1
        self.phase = "place"

    def _own_tile(self, seat: int, tid: int) -> int:
        if tid not in self.hands[seat] and tid not in self.docks[seat]:
            raise IllegalMove(tr("t{tile} is neither in your hand nor on your dock.").format(tile=tid))
        return tid

    def _play_done(self, seat: int, move: M.Done) -> None:
        if self.hands[seat]:
            raise IllegalMove(tr("Place, dock or (if forced) discard every tile you took before ending your turn."))
        self._end_turn()

    def _play_place(self, seat: int, move: M.Place) -> None:
        tid, x, y = self._own_tile(seat, move.tile), move.x, move.y
        hand, dock = self.hands[seat], self.docks[seat]
        island = self.islands[seat]
        if (x, y) not in island.cands[LEVEL[tid]]:
            why = island.placement_error(LEVEL[tid], x, y)
            raise IllegalMove(why or tr("t{tile} cannot go at {x},{y}.").format(tile=tid, x=x, y=y))
        (hand if tid in hand else dock).remove(tid)
        island.place(tid, x, y)

    def _play_dock(self, seat: int, move: M.Dock) -> None:
        tid = self._own_tile(seat, move.tile)
        hand, dock = self.hands[seat], self.docks[seat]
        if tid not in hand:
            raise IllegalMove(tr("t{tile} is already on your dock.").format(tile=tid))
        if len(dock) >= DOCK_SIZE:
            raise IllegalMove(tr("Your dock holds {most} tiles at most.").format(most=DOCK_SIZE))
        hand.remove(tid)
        dock.append(tid)

    def _play_discard(self, seat: int, move: M.Discard) -> None:
        tid = self._own_tile(seat, move.tile)
        if tid not in self._discardable(seat):
            raise IllegalMove(tr(
                "You may discard only when a tile you took fits nowhere on your island "
                "and your dock is full (then that tile or a dock tile)."
            ))
        hand = self.hands[seat]
        (hand if tid in hand else self.docks[seat]).remove(tid)
        self.discards.append(tid)

    def _play_flower(self, seat: int, move: M.Flower) -> None:
        space, el = move.space, move.element
        i = SPACE_INDEX[space]
        tid = self.board[i]
        if tid is None:
            raise IllegalMove(tr("Space {space} is empty.").format(space=space))
        if i not in self._free_spaces():
            raise IllegalMove(tr("The tile on {space} is under a paddle.").format(space=space))
        if el == BOTTLE:
            raise IllegalMove(tr("Bottles never take a flower."))
        if el not in FLOWERABLE[tid]:
            raise IllegalMove(tr("The tile on {space} shows {shown}, not {element}.").format(
                space=space, shown=", ".join(FLOWERABLE[tid]), element=el))
        self.board[i] = None
        self.scored.append((tid, el))
        self.flowers[el] += 1
        self.flower_index += 1
        self._skip_flowers()

    # -- outcome ----------------------------------------------------------------------
    def scores(self) -> list[int]:
        values = self.values()
        return [island.score(values) for island in self.islands]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        values = self.values()
        scores = self.scores()
        bottles = [island.visible[BOTTLE] for island in self.islands]
        ranks = rank_by([(s, -b) for s, b in zip(scores, bottles, strict=True)])
        tiebreak = []
        for score in sorted(set(scores), reverse=True):
            tied = [i for i in range(self.n) if scores[i] == score]
            if len(tied) < 2:
                continue
            first = 1 + sum(1 for other in scores if other > score)  # the places this tie covers
            places = _places(first, first + len(tied) - 1)
            if len({bottles[i] for i in tied}) > 1:
                tiebreak.append(tr("{places} decided by fewest visible bottles").format(places=places))
            else:
                tiebreak.append(tr("{places} shared (same score, same bottles)").format(places=places))
        details = []
        for island, score in zip(self.islands, scores, strict=True):
            visible = dict(island.visible)
            points = {el: visible[el] * values[el] for el in ELEMENTS}
            points[BOTTLE] = visible[BOTTLE] * data.BOTTLE_PENALTY
            details.append({"visible": visible, "points": points, "score": score})
        return Outcome(ranks, [float(s) for s in scores], "; ".join(tiebreak), details)

    # -- views ------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        paddled = self.paddled_lines()
        values = self.values()
        board = []
        for i, space in enumerate(SPACES):
            row, col = SPACE_RC[space]
            tid = self.board[i]
            free = tid is not None and f"r{row}" not in paddled and f"c{col}" not in paddled
            board.append(
                {
                    "space": space,
                    "row": row,
                    "col": col,
                    "tile": None if tid is None else tile_json(tid),
                    "free": free,
                }
            )
        seats = []
        for s in range(self.n):
            island = self.islands[s]
            seats.append(
                {
                    "seat": s,
                    "island": [{"tile": tile_json(t), "x": x, "y": y} for t, x, y in island.placements],
                    "hand": [tile_json(t) for t in self.hands[s]],
                    "dock": [tile_json(t) for t in self.docks[s]],
                    "visible": dict(island.visible),
                    "score": island.score(values),
                    "paddles_left": self.paddles_left[s],
                }
            )
        outcome = self.outcome()
        return {
            "game": self.key,
            "day": self.day,
            "days": self.days,
            "players": self.n,
            "phase": self.phase,
            "to_act": self.to_act(),
            "canoe": self.canoe,
            "board": board,
            "paddles": [{"line": line, "seat": s} for line, s in self.paddles],
            "flowers": dict(self.flowers),
            "values": values,
            "seats": seats,
            "stack": len(self.stack),
            "last": dict(self.last) if self.last else None,
            "outcome": None
            if outcome is None
            else {"ranks": outcome.ranks, "scores": outcome.scores, "tiebreak": outcome.tiebreak},
        }

    def score_breakdown(self, seat: int) -> str:
        """Each visible element: how many, times its worth; bottles cost their penalty."""
        outcome = self.outcome()
        if outcome is None:
            return ""
        info = outcome.details[seat]
        values = self.values()
        parts = [f"{data.element_word(el)} {info['visible'][el]}×{values[el]}" for el in ELEMENTS
                 if info["visible"].get(el)]
        bottles = info["visible"].get(BOTTLE, 0)
        if bottles:
            parts.append(tr("bottles {count}×{penalty}").format(count=bottles, penalty=data.BOTTLE_PENALTY))
        return ", ".join(parts)

    def canonical(self, seat: int, move: str) -> str:
        """The one text of a move however it was typed (`take r2 3,1` -> `take r2 c1,c3`)."""
        text = self.normalize(move)
        try:
            text = M.text(M.parse(text))
        except IllegalMove:
            pass  # `play` refuses it with the reason
        return text if text in self.legal_moves(seat) else super().canonical(seat, text)

    def redeal_hidden(self, rng: random.Random) -> bool:
        """Nothing: hands and docks lie open on the table, and the stack's order is unknown to
        every seat alike."""
        return False

    # -- for searching players (games/levels.py) -------------------------------------
    def estimate(self, seat: int) -> float:
        """The seat's island at the values flowers are expected to reach, ahead of the best rival."""
        values = estimated_values(self)
        worth = [island.score(values) for island in self.islands]
        return worth[seat] - max(w for s, w in enumerate(worth) if s != seat)

    def redraw_hidden(self, seat: int, rng: random.Random) -> Archipels:
        """A copy whose unseen part, the order of the stack and the dice to come, is drawn afresh.
        The stack is sorted first, so the real order leaves no trace in the drawn one."""
        world = Archipels.load(self.dump())
        world.stack.sort()
        rng.shuffle(world.stack)
        world.rng = Rng(rng.randrange(2**53))
        return world

    def can_take_back(self, before: Game, seat: int, move: str) -> bool:
        # the board is refilled from the shuffled stack when a day starts: such a move shows new tiles
        return M.NOTATION.takes_back(move) and rng_untouched(before, self) and len(self.stack) == len(before.stack)

    # -- words ------------------------------------------------------------------------

    def turn_mark(self) -> Hashable | None:
        # a seat's flower that follows its own turn is told with that turn
        return self.current()

    def status(self, names: Sequence[str]) -> str:
        if self.phase == "over":
            outcome = self.outcome()
            assert outcome is not None
            won = _and(names[s] for s in outcome.winners)
            scores = ", ".join(f"{names[s]} {int(outcome.scores[s])}" for s in range(self.n))
            tb = tr(" Tie-break: {tiebreak}.").format(tiebreak=outcome.tiebreak) if outcome.tiebreak else ""
            return tr("Game over after day {day}: {winners} won. Scores: {scores}.").format(
                day=self.days, winners=won, scores=scores) + tb
        seat = self.current()
        assert seat is not None
        head = tr("Day {day}/{days}, canoe with {name}.").format(day=self.day, days=self.days, name=names[self.canoe])
        if self.phase == "take":
            waiting = tr("Waiting for {name} to choose 1 to {most} tiles from one row or column.").format(
                name=names[seat], most=MAX_TAKE[self.n])
        elif self.phase == "place":
            waiting = tr("Waiting for {name} to build the tiles taken (place, dock, then `done`).").format(
                name=names[seat])
        else:
            waiting = tr("Waiting for {name} to add a flower to an element (flip a free board tile).").format(
                name=names[seat])
        return f"{head} {waiting}"

    def describe_move(self, seat: int, move: str, names: Sequence[str]) -> str:
        try:
            parsed = M.parse(self.normalize(move))
        except IllegalMove:
            return f"{names[seat]}: `{move}`"
        return M.NOTATION.tell(self, seat, parsed, names)

    def quick_moves(self, seat: int) -> list[str]:
        moves = self.legal_moves(seat)
        if not moves:
            return []
        if self.phase == "take" and isinstance(M.parse(moves[0]), M.Paddle):
            return moves[:4]
        if self.phase != "place":
            return []
        kinds = [type(M.parse(m)) for m in moves]
        quick = [m for m, kind in zip(moves, kinds, strict=True) if kind is M.Done]
        quick += [m for m, kind in zip(moves, kinds, strict=True) if kind is M.Dock]
        quick += [m for m, kind in zip(moves, kinds, strict=True) if kind is M.Discard]
        return quick[:4]

    def move_groups(self, seat: int) -> list[tuple[str, list[str]]]:
        groups: dict[str, list[str]] = {}
        for move in self.legal_moves(seat):
            label = M.NOTATION.group(M.parse(move))
            groups.setdefault(tr(label) if label else "", []).append(move)
        return list(groups.items())



# a verb out of its phase: (the phase the verb belongs to, the phase now) -> the refusal
_NOT_NOW = {
    ("take", "flower"): N_("Not now: add a flower (`flower r3c2 octopus`)."),
    ("take", "place"): N_("You have already chosen your tiles this turn; place them, then `done`."),
    ("place", "take"): N_("Not now: choose tiles first (`take ...`)."),
    ("place", "flower"): N_("Not now: add a flower now."),
    ("flower", "take"): N_("Flowers are added after every turn of the day has been played."),
    ("flower", "place"): N_("Flowers are added after every turn of the day has been played."),
}
