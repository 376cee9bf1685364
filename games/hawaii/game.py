"""The rules engine of Age of Steam: Hawaiian Islands, a solo game of ten rounds."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from games.base import (
    RNG_FIELD,
    Field,
    Game,
    IllegalMove,
    OptionSpec,
    Outcome,
    Rng,
    parse_options,
    rng_untouched,
)
from games.hawaii import data as D
from games.hawaii import moves as M
from games.hawaii import words as W
from games.hawaii.data import ADJ, FACE_ISLAND_IDX, ISLAND_INDEX, N_ISLANDS, ROUTE_BETWEEN, SMALL_IDX
from lang import N_, ngettext, pgettext, tr, verbatim

MAX_PHASE_SHARES = D.MAX_SHARES

PHASES = ("shares", "action", "build", "move", "produce", "over")


def route_name(r: int) -> str:
    return D.ROUTE_NAMES[r]


def title(i: int) -> str:
    return D.TITLES[D.ISLANDS[i]]


class HawaiiGame(Game):
    key = "hawaii"
    title = verbatim("Age of Steam: Hawaiian Islands")
    min_players = 1
    max_players = 1
    options = (
        OptionSpec(
            "difficulty",
            str,
            D.DEFAULT_DIFFICULTY,
            N_("easy: four colours on the large islands; standard: two colours twice; very_hard: one colour four times"),
            choices=D.DIFFICULTIES,
        ),
    )
    format_version = 1
    notation = M.NOTATION
    place_words = M.PLACES
    public_picture = True
    fields = (
        Field("difficulty"), RNG_FIELD, Field("round"), Field("phase"), Field("cash"), Field("income"),
        Field("shares"), Field("loco"), Field("action"), Field("last_action"), Field("connected", "list"),
        Field("route_cubes", "rows"), Field("island_cubes", "rows"), Field("disc", "list"), Field("chart", "rows"),
        Field("bag", "dict", load=lambda v: {colour: int(v[colour]) for colour in D.COLOURS}),
        Field("urban", "list"), Field("connects"), Field("urbanized"), Field("loco_raised"), Field("move_no"),
        Field("drawn", "list"), Field("placed"), Field("last_move"), Field("last_delivery", "record"),
        Field("events", "list"), Field("dice", "list"), Field("result"), Field("reason"), Field("moves_played"),
    )

    # -- life cycle -------------------------------------------------------------------
    def __init__(self) -> None:
        self.difficulty = D.DEFAULT_DIFFICULTY
        self.rng = Rng(0)
        self.round = 1
        self.phase = "shares"
        self.cash = D.START_CASH
        self.income = 0
        self.shares = D.START_SHARES
        self.loco = D.START_LOCO
        self.action: str | None = None
        self.last_action: str | None = None
        self.connected = [False] * len(D.ROUTES)
        self.route_cubes: list[list[str | None]] = [[None] * n for _, _, n in D.ROUTES]
        self.island_cubes: list[list[str]] = [[] for _ in range(N_ISLANDS)]
        self.disc: list[str | None] = [None] * N_ISLANDS
        self.chart: list[list[str | None]] = [[None] * D.CHART_ROWS for _ in range(D.CHART_COLUMNS)]
        self.bag = dict.fromkeys(D.COLOURS, 0)
        self.urban: list[str | None] = list(D.URBAN_DISCS)
        self.connects = 0  # routes connected in this round's build step
        self.urbanized = False  # urbanized in this round's build step
        self.loco_raised = False  # locomotive raised in this round's move-goods step
        self.move_no = 1
        self.drawn: list[str] = []  # production cubes waiting to be placed
        self.placed = 0
        self.last_move = ""
        self.last_delivery: dict[str, Any] | None = None
        self.events: list[str] = []  # what happened automatically at the last round's end
        self.dice: list[int] = []
        self.result: str | None = None  # None, "won" or "lost"
        self.reason = ""
        self.moves_played = 0

    @classmethod
    def new(cls, players: int = 1, options: Mapping[str, Any] | None = None, seed: int = 0) -> HawaiiGame:
        if players != 1:
            raise IllegalMove(tr("Age of Steam: Hawaiian Islands is a solo game: exactly 1 player."))
        opts = parse_options(cls.options, options)
        game = cls()
        game.difficulty = opts["difficulty"]
        game.rng = rng = Rng(seed)
        # island discs on the four large islands
        if game.difficulty == "easy":
            discs = list(D.DISC_COLOURS)
        elif game.difficulty == "standard":
            pair = rng.sample(D.DISC_COLOURS, 2)
            discs = [pair[0], pair[0], pair[1], pair[1]]
        else:
            discs = [rng.choice(D.DISC_COLOURS)] * 4
        rng.shuffle(discs)
        for name, colour in zip(D.LARGE, discs, strict=True):
            game.disc[ISLAND_INDEX[name]] = colour
        # the 34 named cubes: one per route square, then the islands
        named = [colour for colour in D.COLOURS for _ in range(D.NAMED_CUBES[colour])]
        rng.shuffle(named)
        for r, (_, _, n) in enumerate(D.ROUTES):
            game.route_cubes[r] = [named.pop() for _ in range(n)]
        for name in D.ISLANDS:
            game.island_cubes[ISLAND_INDEX[name]] = sorted(named.pop() for _ in range(D.START_CUBES[name]))
        assert not named
        # the bag keeps the rest of the base set; the chart is filled from it
        game.bag = D.bag_after_setup()
        for c in range(D.CHART_COLUMNS):
            for row in range(D.CHART_ROWS):
                game.chart[c][row] = game._draw_cube()
        return game

    # -- asking -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return 1

    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [0]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        score = self.score()
        left = self.route_cubes_left()
        detail = {
            "result": self.result,
            "reason": self.reason,
            "score": score,
            "income": self.income,
            "shares": self.shares,
            "cash": self.cash,
            "route_cubes_left": left,
            "route_cubes_cleared": D.ROUTE_TOTAL - left,
            "round": self.round,
            "difficulty": self.difficulty,
        }
        return Outcome([1], [score], "", [detail])

    def score(self) -> int:
        """The designed score: wins rank by 3 x income - 3 x shares + cash; losses below them all."""
        if self.result == "won":
            return 3 * self.income - 3 * self.shares + self.cash
        return -100 + (D.ROUTE_TOTAL - self.route_cubes_left())

    def route_cubes_left(self) -> int:
        return sum(1 for cubes in self.route_cubes for c in cubes if c is not None)

    def cube_total(self) -> int:
        """Every cube of the game: bag, chart, islands, routes and production draw (constant)."""
        return (
            sum(self.bag.values())
            + sum(1 for col in self.chart for c in col if c is not None)
            + sum(len(cubes) for cubes in self.island_cubes)
            + self.route_cubes_left()
            + len(self.drawn)
        )

    # -- the moves of each phase ---------------------------------------------------------
    def max_issue(self) -> int:
        return D.MAX_SHARES - self.shares

    def legal_actions(self) -> list[str]:
        return [a for a in D.ACTIONS if a != self.last_action]

    def connect_cost(self) -> int:
        return D.CONNECT_COST if self.connects == 0 else D.ENGINEER_COST

    def connects_allowed(self) -> int:
        return 2 if self.action == "engineer" else 1

    def connectable(self) -> list[int]:
        if self.connects >= self.connects_allowed() or self.cash < self.connect_cost():
            return []
        return [r for r in range(len(D.ROUTES)) if not self.connected[r]]

    def urbanizable(self) -> list[tuple[int, str]]:
        if self.action != "urbanize" or self.urbanized:
            return []
        colours = [c for c in dict.fromkeys(self.urban) if c is not None]
        return [(i, c) for i in sorted(SMALL_IDX) if self.disc[i] is None for c in colours]

    def deliveries(self) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
        """Every legal delivery as (colour, islands on the path, routes crossed)."""
        found: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
        loco = self.loco
        connected = self.connected
        disc = self.disc
        for start in range(N_ISLANDS):
            cubes = self.island_cubes[start]
            if not cubes:
                continue
            for colour in dict.fromkeys(cubes):
                stack: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = [(start, (start,), ())]
                while stack:
                    here, path, routes = stack.pop()
                    if len(routes) >= loco:
                        continue
                    for nxt, r in ADJ[here]:
                        if not connected[r] or nxt in path:
                            continue
                        if disc[nxt] == colour:
                            found.append((colour, path + (nxt,), routes + (r,)))
                        else:
                            stack.append((nxt, path + (nxt,), routes + (r,)))
        return found

    def clears(self, colour: str, routes: Sequence[int]) -> int:
        """How many route cubes a delivery of `colour` over `routes` would remove."""
        return sum(1 for r in routes if colour in self.route_cubes[r])

    def can_produce(self) -> bool:
        return bool(self.drawn) and self.placed < D.PRODUCTION_PLACE and any(
            c is None for col in self.chart for c in col
        )

    def empty_squares(self) -> list[tuple[int, int]]:
        return [(c, r) for c in range(D.CHART_COLUMNS) for r in range(D.CHART_ROWS) if self.chart[c][r] is None]

    def legal_moves(self, seat: int) -> list[str]:
        if seat != 0 or self.phase == "over":
            return []
        phase = self.phase
        if phase == "shares":
            return [M.shares_text(n) for n in range(self.max_issue() + 1)]
        if phase == "action":
            return [M.ACTION_TEXTS[a] for a in self.legal_actions()]
        if phase == "build":
            moves = [M.CONNECT_TEXTS[r] for r in self.connectable()]
            moves += [M.urbanize_text(i, c) for i, c in self.urbanizable()]
            moves.append("done")
            return moves
        if phase == "move":
            found = self.deliveries()
            found.sort(key=lambda d: (-self.clears(d[0], d[2]), -len(d[2])))
            moves = [M.deliver_text(colour, path) for colour, path, _ in found]
            if self.can_raise():
                moves.append("locomotive")
            moves.append("pass")
            return moves
        if phase == "produce":
            squares = self.empty_squares()
            return [M.place_text(colour, c, r) for colour in dict.fromkeys(self.drawn) for c, r in squares]
        return []

    def can_raise(self) -> bool:
        return not self.loco_raised and self.loco < D.MAX_LOCO

    # -- acting -----------------------------------------------------------------------
    def play(self, seat: int, move: str) -> None:
        if self.phase == "over":
            raise IllegalMove(tr("The game is over."))
        if seat != 0:
            raise IllegalMove(tr("This is a solo game: only seat 0 plays."))
        text = self.normalize(move)
        words = text.split()
        if not words:
            raise IllegalMove(tr("Empty move."))
        verb = M.NOTATION.by_word.get(words[0])
        if verb is None:
            raise IllegalMove(tr("Unknown move `{text}`. {expect}").format(text=text, expect=self._expect()))
        # the phase is checked before the notation, so a refusal names the first fault as always
        if self.phase not in verb.phases:
            raise IllegalMove(tr("You cannot {doing} now. {expect}").format(doing=_doing(verb.word),
                                                                            expect=self._expect()))
        if verb.word == "urbanize":
            self._can_urbanize()
        try:
            value = M.parse(text)
        except IllegalMove:
            if verb.word == "place" and len(words) == 3:
                self._drawn_has(words[1])
            raise
        self.dispatch(seat, value)
        self.moves_played += 1

    def _expect(self) -> str:
        return {
            "shares": tr("Now issue shares: `shares N` (0 for none)."),
            "action": tr("Now choose an action: `action locomotive|urbanize|engineer|production`."),
            "build": tr("Now build: `connect a-b`, `urbanize island colour`, or `done`."),
            "move": tr("Now move goods: `deliver colour a-b-c`, `locomotive` or `pass`."),
            "produce": tr("Now place a produced cube: `place colour column,row`."),
        }.get(self.phase, "")

    def _play_shares(self, seat: int, move: M.Shares) -> None:
        n = move.n
        if n > self.max_issue():
            raise IllegalMove(
                tr("At most {most} shares over the game: {issued} issued, so {left} more at most.").format(
                    most=D.MAX_SHARES, issued=self.shares, left=self.max_issue())
            )
        self.do_shares(n)

    def do_shares(self, n: int) -> None:
        self.shares += n
        self.cash += n * D.SHARE_PRICE
        self.last_move = M.shares_text(n)
        self.phase = "action"

    def _play_take_action(self, seat: int, move: M.TakeAction) -> None:
        if move.action == self.last_action:
            raise IllegalMove(tr("You took {action} last round; the same action may not be taken twice in a row.").format(
                action=W.action_word(move.action)))
        self.do_action(move.action)

    def do_action(self, action: str) -> None:
        self.action = action
        self.connects = 0
        self.urbanized = False
        self.last_move = M.ACTION_TEXTS[action]
        if action == "locomotive" and self.loco < D.MAX_LOCO:
            self.loco += 1
        self.phase = "build"
        self._maybe_end_build()

    def _maybe_end_build(self) -> None:
        if not self.connectable() and not self.urbanizable():
            self._start_moves()

    def _play_connect(self, seat: int, move: M.Connect) -> None:
        r = move.route
        if self.connected[r]:
            raise IllegalMove(tr("The route {route} is already connected.").format(route=route_name(r)))
        if self.connects >= self.connects_allowed():
            if self.action == "engineer":
                raise IllegalMove(tr("With Engineer you connect at most two routes a round."))
            raise IllegalMove(tr("You connect only one route a round (two with Engineer)."))
        cost = self.connect_cost()
        if self.cash < cost:
            raise IllegalMove(tr("Not enough cash: connecting costs ${cost} and you have ${cash}.").format(
                cost=cost, cash=self.cash))
        self.do_connect(r)

    def do_connect(self, r: int) -> None:
        self.cash -= self.connect_cost()
        self.connects += 1
        self.connected[r] = True
        self.last_move = M.CONNECT_TEXTS[r]
        self._maybe_end_build()

    def _can_urbanize(self) -> None:
        if self.action != "urbanize":
            raise IllegalMove(tr("Urbanizing needs the Urbanize action this round."))
        if self.urbanized:
            raise IllegalMove(tr("You already urbanized an island this round."))

    def _play_urbanize(self, seat: int, move: M.Urbanize) -> None:
        i, colour = move.island, move.colour
        if i not in SMALL_IDX:
            raise IllegalMove(tr("Only the small islands ({islands}) can be urbanized.").format(
                islands=", ".join(D.TITLES[s] for s in D.SMALL)))
        if self.disc[i] is not None:
            raise IllegalMove(tr("{island} is already urbanized ({colour}).").format(
                island=title(i), colour=W.colour(self.disc[i])))
        if colour not in self.urban:
            left = W.colour_list(c for c in self.urban if c) or tr("none")
            raise IllegalMove(tr("No {colour} disc left in the urbanization area (left: {left}).").format(
                colour=W.colour(colour), left=left))
        self.do_urbanize(i, colour)

    def do_urbanize(self, i: int, colour: str) -> None:
        self.urban[self.urban.index(colour)] = None
        self.disc[i] = colour
        self.urbanized = True
        self.last_move = M.urbanize_text(i, colour)
        self._maybe_end_build()

    def _play_done(self, seat: int, move: M.Done) -> None:
        self.last_move = "done"
        self._start_moves()

    def _start_moves(self) -> None:
        self.phase = "move"
        self.move_no = 1
        self.loco_raised = False

    def _play_deliver(self, seat: int, move: M.Deliver) -> None:
        colour, path = move.colour, move.path
        start = path[0]
        if colour not in self.island_cubes[start]:
            raise IllegalMove(tr("No {colour} cube on {island}.").format(colour=W.colour(colour), island=title(start)))
        seen = {start}
        routes = []
        for a, b in zip(path, path[1:], strict=False):
            if b in seen:
                raise IllegalMove(tr("The path visits {island} twice; a cube may not visit an island twice.").format(
                    island=title(b)))
            seen.add(b)
            r = ROUTE_BETWEEN.get((a, b))
            if r is None:
                raise IllegalMove(tr("No sea route runs between {a} and {b}.").format(a=title(a), b=title(b)))
            if not self.connected[r]:
                raise IllegalMove(tr("The route {a}–{b} is not connected yet.").format(a=title(a), b=title(b)))
            routes.append(r)
        if len(routes) > self.loco:
            raise IllegalMove(
                tr("Too far for the locomotive: the path crosses {routes} routes and your locomotive is {loco}.").format(
                    routes=len(routes), loco=self.loco)
            )
        for i in path[1:-1]:
            if self.disc[i] == colour:
                raise IllegalMove(
                    tr("The path passes through {island}, which takes {colour} cubes: a cube stops at the first "
                       "island of its colour.").format(island=title(i), colour=W.colours(colour))
                )
        end = path[-1]
        if self.disc[end] != colour:
            if self.disc[end]:
                raise IllegalMove(tr("The path must end on an island that takes {colour} cubes; {island} takes {other} "
                                     "cubes.").format(colour=W.colours(colour), island=title(end),
                                                      other=W.colours(self.disc[end])))
            raise IllegalMove(tr("The path must end on an island that takes {colour} cubes; {island} has no disc and "
                                 "takes no cubes.").format(colour=W.colours(colour), island=title(end)))
        self.do_deliver(colour, path, tuple(routes))

    def do_deliver(self, colour: str, path: Sequence[int], routes: Sequence[int]) -> None:
        self.island_cubes[path[0]].remove(colour)
        self.bag[colour] += 1
        removed = []
        for r in routes:
            cubes = self.route_cubes[r]
            if colour in cubes:
                cubes[cubes.index(colour)] = None
                self.bag[colour] += 1
                removed.append(r)
        self.income += len(routes)
        self.last_move = M.deliver_text(colour, path)
        self.last_delivery = {
            "colour": colour,
            "path": [D.ISLANDS[i] for i in path],
            "routes": [route_name(r) for r in routes],
            "removed": [route_name(r) for r in removed],
            "round": self.round,
            "move": self.move_no,
        }
        self._next_move()

    def _play_locomotive(self, seat: int, move: M.Locomotive) -> None:
        if self.loco >= D.MAX_LOCO:
            raise IllegalMove(tr("The locomotive is already at its maximum, {most}.").format(most=D.MAX_LOCO))
        if self.loco_raised:
            raise IllegalMove(tr("The locomotive may be raised only once per round."))
        self.do_locomotive()

    def do_locomotive(self) -> None:
        self.loco += 1
        self.loco_raised = True
        self.last_move = "locomotive"
        self._next_move()

    def _play_pass(self, seat: int, move: M.Pass) -> None:
        self.do_pass()

    def do_pass(self) -> None:
        self.last_move = "pass"
        self._next_move()

    def _next_move(self) -> None:
        if self.move_no == 1:
            self.move_no = 2
        else:
            self._end_round()

    def _end_round(self) -> None:
        events = []
        self.cash += self.income
        events.append(f"income ${self.income}")
        expenses = self.shares + self.loco
        if self.cash >= expenses:
            self.cash -= expenses
            events.append(f"expenses ${expenses}")
        else:
            short = expenses - self.cash
            self.cash = 0
            self.income -= short
            events.append(f"expenses ${expenses}: ${short} short, income cut by {short}")  # verbatim: kept, told by words.told
            if self.income < 0:
                self.events = events
                self._finish("lost", f"bankrupt in round {self.round}: expenses could not be paid")  # verbatim: kept, told by words.told
                return
        cut = D.income_reduction(self.income)
        if cut:
            self.income -= cut
            events.append(f"income reduced by {cut}")  # verbatim: kept, told by words.told
        self.events = events
        if self.round >= D.ROUNDS:
            left = self.route_cubes_left()
            if left == 0:
                self._finish("won", "every sea route is clear after round 10")  # verbatim: kept, told by words.told
            else:
                self._finish("lost", f"{left} cube{'s' if left != 1 else ''} still on the sea routes after round 10")  # verbatim: kept
            return
        if self.action == "production":
            k = min(D.PRODUCTION_DRAW, sum(self.bag.values()))
            self.drawn = sorted(self._draw_cube() for _ in range(k))
            self.placed = 0
            self.phase = "produce"
            if self.can_produce():
                return
            self._end_production()
            return
        self._refill()

    def _drawn_has(self, colour: str) -> None:
        if colour not in self.drawn:
            raise IllegalMove(tr("No {colour} cube among the drawn ones ({drawn}).").format(
                colour=W.colour(colour) if colour in D.COLOURS else colour, drawn=W.colour_list(self.drawn)))

    def _play_place(self, seat: int, move: M.Place) -> None:
        self._drawn_has(move.colour)
        colour, c, r = move.colour, move.column, move.row
        if self.chart[c][r] is not None:
            raise IllegalMove(tr("Chart square {column},{row} is taken.").format(column=c + 1, row=r + 1))
        self.do_place(colour, c, r)

    def do_place(self, colour: str, c: int, r: int) -> None:
        self.drawn.remove(colour)
        self.chart[c][r] = colour
        self.placed += 1
        self.last_move = M.place_text(colour, c, r)
        if not self.can_produce():
            self._end_production()

    def _end_production(self) -> None:
        for colour in self.drawn:
            self.bag[colour] += 1
        self.drawn = []
        self.placed = 0
        self._refill()

    def _refill(self) -> None:
        self.dice = [self.rng.randint(1, 6) for _ in range(D.REFILL_DICE)]
        for face in self.dice:
            island = FACE_ISLAND_IDX[face]
            column = self.chart[face - 1]
            if self.disc[island] is not None and island in SMALL_IDX:
                self.events.append(f"die {face}: {title(island)} is urbanized, no refill")  # verbatim: kept
                continue
            for row in range(D.CHART_ROWS):
                if column[row] is not None:
                    colour = column[row]
                    column[row] = None
                    self.island_cubes[island].append(colour)
                    self.island_cubes[island].sort()
                    self.events.append(f"die {face}: {colour} to {title(island)}")
                    break
            else:
                self.events.append(f"die {face}: column empty")  # verbatim: kept, told by words.told
        self.last_action = self.action
        self.action = None
        self.round += 1
        self.phase = "shares"
        self.connects = 0
        self.urbanized = False
        self.move_no = 1
        self.loco_raised = False
        if self.max_issue() <= 0:
            self.phase = "action"

    def _draw_cube(self) -> str:
        total = sum(self.bag.values())
        pick = self.rng.randint(0, total - 1)
        for colour in D.COLOURS:
            if pick < self.bag[colour]:
                self.bag[colour] -= 1
                return colour
            pick -= self.bag[colour]
        raise AssertionError("empty bag")

    def _finish(self, result: str, reason: str) -> None:
        self.result = result
        self.reason = reason
        self.phase = "over"

    def score_breakdown(self, seat: int) -> str:
        """The designed score in its parts (see `score`)."""
        if self.phase != "over":
            return ""
        if self.result == "won":
            return tr("income {income}×3, shares {shares}×−3, cash {cash}").format(
                income=self.income, shares=self.shares, cash=self.cash)
        cleared = D.ROUTE_TOTAL - self.route_cubes_left()
        return tr("lost: −100, plus {cleared} route cubes cleared").format(cleared=cleared)

    def canonical(self, seat: int, move: str) -> str:
        """The listed text, or the one the engine writes for it (`connect maui-oahu` -> `connect oahu-maui`)."""
        text = super().canonical(seat, move)
        legal = self.legal_moves(seat)
        if text in legal:
            return text
        try:
            written = M.text(M.parse(text))
        except IllegalMove:
            return text
        return written if written in legal else text

    def redeal_hidden(self, rng: random.Random) -> bool:
        """Nothing between seats: one player, and the bag's order is unknown to them too."""
        return False

    def can_take_back(self, before: Game, seat: int, move: str) -> bool:
        # every chance here (refill dice, cubes from the bag) is a draw of the Rng; nothing else is hidden
        return M.NOTATION.takes_back(move) and rng_untouched(before, self)

    # -- words ------------------------------------------------------------------------

    def turn_mark(self) -> Hashable | None:
        return self.round  # alone at the table: a round is the turn

    def status(self, names: Sequence[str]) -> str:
        who = names[0] if names else tr("Player")
        money = ngettext("${cash}, income {income}, {shares} share, locomotive {loco}",
                         "${cash}, income {income}, {shares} shares, locomotive {loco}", self.shares).format(
            cash=self.cash, income=self.income, shares=self.shares, loco=self.loco)
        left = self.route_cubes_left()
        if self.phase == "over":
            verdict = tr("Game over: {name} won ({reason}). Score {score}. {money}.") if self.result == "won" \
                else tr("Game over: {name} lost ({reason}). Score {score}. {money}.")
            return verdict.format(name=who, reason=W.told(self.reason), score=self.score(), money=money)
        if self.phase == "action":
            wait = (tr("choose an action (not {action})").format(action=W.action_word(self.last_action))
                    if self.last_action else tr("choose an action"))
        else:
            wait = {
                "shares": lambda: tr("issue shares"),
                "build": lambda: tr("build ({action})").format(action=W.action_word(self.action)),
                "move": lambda: tr("move goods ({number} of 2)").format(number=self.move_no),
                "produce": lambda: tr("place produced cubes ({cubes})").format(cubes=W.colour_list(self.drawn)),
            }[self.phase]()
        cubes = ngettext("{count} route cube left", "{count} route cubes left", left).format(count=left)
        return tr("Round {round}/{rounds}: {cubes}. {money}.\nWaiting for {name} to {wait}.").format(
            round=self.round, rounds=D.ROUNDS, cubes=cubes, money=money, name=who, wait=wait)

    def describe_move(self, seat: int, move: str, names: Sequence[str]) -> str:
        who = names[seat] if names else tr("Player")
        typed = self.normalize(move)
        if not typed:
            return f"{who}: `{move}`"
        try:
            value: M.Move | None = M.parse(typed)
        except IllegalMove:
            value = None
        line = M.NOTATION.tell(self, seat, value, names or [who]) if value is not None else None
        text = line or f"{who}: `{typed}`"
        if self.phase == "over":
            text += tr(". Game over: {result} ({reason}).").format(result=W.result(self.result),
                                                                   reason=W.told(self.reason))
        elif self.events and self.phase in ("shares", "action") and self.move_no == 1 and isinstance(value, _ENDS_A_MOVE):
            text += tr(". End of round: {events}.").format(events="; ".join(W.told(e) for e in self.events))
        return text

    def quick_moves(self, seat: int) -> list[str]:
        moves = self.legal_moves(seat)
        if not moves:
            return []
        if self.phase == "shares":
            return moves[:4]
        if self.phase == "action":
            return moves[:4]
        if self.phase == "build":
            return ["done"]
        if self.phase == "move":
            quick = [m for m in moves if isinstance(M.parse(m), M.Deliver)][:2]
            quick += [m for m in ("locomotive", "pass") if m in moves]
            return quick[:4]
        return moves[:4]

    def move_groups(self, seat: int) -> list[tuple[str, list[str]]]:
        moves = self.legal_moves(seat)
        groups: dict[str, list[str]] = {}
        for move in moves:
            groups.setdefault(M.NOTATION.group(M.parse(move)), []).append(move)
        return [(tr(label) if label else label, listed) for label, listed in groups.items()]

    @classmethod
    def rules_help(cls) -> str:
        """The rules in our own words, in the language of the call (help.py)."""
        from games.hawaii.help import rules_help

        return rules_help()

    def view(self, seat: int | None) -> dict[str, Any]:
        islands = []
        for i, name in enumerate(D.ISLANDS):
            islands.append(
                {
                    "name": name,
                    "title": D.TITLES[name],
                    "large": name in D.LARGE,
                    "numbers": list(D.NUMBERS.get(name, ())),
                    "disc": self.disc[i],
                    "cubes": list(self.island_cubes[i]),
                }
            )
        routes = [
            {
                "name": route_name(r),
                "ends": [a, b],
                "squares": n,
                "cubes": list(self.route_cubes[r]),
                "connected": self.connected[r],
            }
            for r, (a, b, n) in enumerate(D.ROUTES)
        ]
        outcome = self.outcome()
        return {
            "game": self.key,
            "difficulty": self.difficulty,
            "round": self.round,
            "rounds": D.ROUNDS,
            "phase": self.phase,
            "move_no": self.move_no,
            "cash": self.cash,
            "income": self.income,
            "shares": self.shares,
            "max_shares": D.MAX_SHARES,
            "loco": self.loco,
            "max_loco": D.MAX_LOCO,
            "loco_raised": self.loco_raised,
            "action": self.action,
            "last_action": self.last_action,
            "actions": list(D.ACTIONS),
            "islands": islands,
            "routes": routes,
            "chart": [list(col) for col in self.chart],
            "bag": dict(self.bag),
            "urban": list(self.urban),
            "drawn": list(self.drawn),
            "last_move": self.last_move,
            "last_delivery": dict(self.last_delivery) if self.last_delivery else None,
            "events": list(self.events),
            "dice": list(self.dice),
            "route_cubes_left": self.route_cubes_left(),
            "result": self.result,
            "reason": self.reason,
            "score": self.score() if outcome else None,
        }


# per verb, what a refusal out of its phase says the player cannot do now
def _doing(verb: str) -> str:
    """What a refusal out of its phase says the player cannot do now."""
    return {
        "shares": tr("issue shares"), "action": tr("choose an action"), "connect": tr("connect a route"),
        "urbanize": pgettext("doing", "urbanize"), "done": tr("finish building"), "deliver": tr("deliver goods"),
        "locomotive": tr("raise the locomotive"), "pass": pgettext("doing", "pass"),
        "place": tr("place a produced cube"),
    }[verb]
# the moves after which the round may have ended (its events are told with them)
_ENDS_A_MOVE = (M.Deliver, M.Locomotive, M.Pass, M.Place)
