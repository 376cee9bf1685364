"""The Grow Sky state machine.

A round: the first player rolls every die; in turn each player places one die on Flight,
Develop or Standby, with free actions before and after, until one die is left; then the
cleanup refreshes the route tile market and the first player token passes on. Bonuses are
kept in a queue of effects owned by the player whose turn it is: automatic effects resolve
at once, in order; an effect that needs a choice (either/or, a part to place, a route tile
to buy) waits at the front of the queue for that player's move. A flight is itself an
effect that moves one route space at a time, so bonuses come in the order they are passed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import reduce
from typing import Any

import games.growsky.data as data
import games.growsky.moves as M
from games.base import (
    RNG_FIELD,
    Field,
    Game,
    IllegalMove,
    OptionSpec,
    Outcome,
    Rng,
    legal_examples,
    parse_options,
    rank_by,
    rng_untouched,
    split_steps,
)
from games.growsky.board import Board, tile_side
from games.growsky.data import (
    AREAS,
    BOOST_COST,
    CHECKPOINT_AT,
    CHECKPOINTS,
    CLEANUP_DISCARD,
    DEVELOP_COST,
    DICE,
    FACES,
    FLAGS,
    FLIGHT_COST,
    FULL,
    GROW_COSTS,
    ICON_BITS,
    MARKET_COST,
    MARKET_SIZE,
    MAX_BUY,
    PART_SUPPLY,
    RING,
    ROOM_CARDS,
    ROUTE_SPACES,
    ROW_BONUS,
    ROW_MASKS,
    SEARCH_END,
    SEARCH_TRACK,
    SHAPE_TIER,
    SPACE_AT,
    TIER_SHAPE,
    TILES,
    TOTAL_CUBES,
    UPGRADE_COST,
    VP_TRIGGER,
    bonus_words,
    legal_placements,
)
from games.growsky.moves import (
    Buy,
    Cube,
    Develop,
    Draft,
    End,
    Fly,
    Grow,
    GrowDie,
    GrowMove,
    Move,
    Pass,
    Pay,
    Pick,
    PickNth,
    Place,
    Side,
    Standby,
    Upgrade,
)
from games.growsky.notes import note_words
from games.growsky.worth import judge
from lang import N_, ngettext, tr, verbatim

END_STEPS = (4, 2, 1)  # search steps for the 1st, 2nd, 3rd least blanks / most upgraded tiles
LEFTOVER_RATE = 3  # 3 grow, 3 blue cubes or 3 fuel -> 1 search step at the end


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def paid_words(paid: Sequence[int]) -> str:
    """`1 from the gauge, 2 Lv. 2 cubes`: one payment [fuel, Lv. 1, Lv. 2, Lv. 3 cubes] in words."""
    parts = [tr("{n} from the gauge").format(n=paid[0])] if paid[0] else []
    return ", ".join(parts + [ngettext("{n} Lv. {level} cube", "{n} Lv. {level} cubes", n).format(n=n, level=level)
                              for level, n in enumerate(paid) if n and level])


def alt_key(alt: str) -> str:
    """The word that names one side of an either/or bonus in `pick <word>`."""
    return alt.split("+")[0].split("*")[0].split(":")[0]


class GrowSky(Game):
    key = "growsky"
    title = verbatim("Grow Sky")
    min_players = 2
    max_players = 4
    options = (
        OptionSpec("advanced", bool, False, N_("Advanced mode: each player gets a room card and chooses its side")),
        OptionSpec("instant", bool, False, N_("Instant win: a 5-point lead over a second with 5 or more ends the game")),
    )
    format_version = 1
    notation = M.NOTATION
    place_words = M.PLACES
    public_picture = True
    obvious_moves = ("end",)
    fields = (
        Field("n", key="players"), Field("opts", "dict", key="options"), RNG_FIELD, Field("phase"), Field("round"),
        Field("first"), Field("start"), Field("final"), Field("trigger"), Field("turn"), Field("dice", "list"),
        Field("flight", "list"), Field("develop", "list"), Field("standby", "list"), Field("die_used"),
        Field("queue", "list"), Field("market", "list"), Field("bag", "list"), Field("removed", "list"),
        Field("pool", "list"), Field("draft_turn"), Field("cards", "list"), Field("cube_supply"),
        Field("part_supply", "list"), Field("winner"), Field("end", "deep"), Field("last", "deep"),
        Field("boards", dump=lambda v: [board.to_dict() for board in v], load=lambda v: [Board.from_dict(b) for b in v],
              copy=lambda v: [board.copy() for board in v]),
        Field("flags", "dict", dump=lambda v: [[space, seat] for space, seat in sorted(v.items())],
              load=lambda v: {space: seat for space, seat in v}),
        # the notes and the payment order of the move being played
        Field("notes", "list", key=None), Field("pay_plan", key=None),
    )

    # -- life cycle -------------------------------------------------------------------
    def __init__(self) -> None:
        self.n = 0
        self.opts: dict[str, Any] = {"advanced": False, "instant": False}
        self.rng = Rng(0)
        self.phase = "draft"  # room, draft, turn, over
        self.round = 0
        self.first = 0  # holder of the first player token
        self.start = 0  # who plays first this round (the trigger player in the final round)
        self.final = False
        self.trigger: int | None = None
        self.turn = 0  # turns played this round
        self.dice: list[int] = []  # faces not placed yet
        self.flight: list[int] = []  # faces on the flight spaces, left to right
        self.develop: list[int] = []
        self.standby: list[int] = []
        self.die_used = False
        self.queue: list[str] = []  # effects waiting, front first, all of the current seat
        self.market: list[int | None] = [None] * MARKET_SIZE
        self.bag: list[int] = []  # tile ids, kept sorted: draws are random at the moment of drawing
        self.removed: list[int] = []
        self.pool: list[int] = []  # the setup draft's tiles
        self.draft_turn = 0
        self.cards: list[int] = []  # advanced mode: each seat's room card until its side is chosen
        self.boards: list[Board] = []
        self.cube_supply = TOTAL_CUBES
        self.part_supply = list(PART_SUPPLY)
        self.flags: dict[int, int] = {}  # flag space -> first seat there
        self.winner: int | None = None  # instant win
        self.end: list[dict[str, Any]] | None = None
        self.last: dict[str, Any] | None = None
        self.notes: list[str] = []
        self.pay_plan: tuple[tuple[str, int | None], ...] = ()  # during one move: what pays its fuel first

    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> GrowSky:
        opts = parse_options(cls.options, options)
        if not cls.min_players <= players <= cls.max_players:
            raise IllegalMove(tr("Grow Sky is played by {least} to {most} players.").format(
                least=cls.min_players, most=cls.max_players))
        game = cls()
        game.n = players
        game.opts = opts
        game.rng = Rng(seed)
        game.bag = list(range(data.TILE_COUNT))
        game.boards = [Board.start(seat) for seat in range(players)]
        game.cube_supply = TOTAL_CUBES - sum(sum(b.cubes) for b in game.boards)
        game._refill()
        game.pool = game._draw(players + 1)
        if opts["advanced"]:
            game.cards = game.rng.sample(range(len(ROOM_CARDS)), players)
            game.phase = "room"
        else:
            game.phase = "draft"
        return game

    # -- bag, market, rounds ----------------------------------------------------------
    def _draw(self, count: int) -> list[int]:
        """`count` tiles out of the bag at random, at the moment the rules draw them (one draw)."""
        tiles = self.rng.sample(self.bag, min(count, len(self.bag)))
        for tile in tiles:
            self.bag.remove(tile)
        return tiles

    def _shift_market(self) -> None:
        tiles = [t for t in self.market if t is not None]
        self.market = tiles + [None] * (MARKET_SIZE - len(tiles))

    def _refill(self) -> None:
        self._shift_market()
        empty = [i for i in range(MARKET_SIZE) if self.market[i] is None]
        for i, tile in zip(empty, self._draw(len(empty)), strict=False):
            self.market[i] = tile

    def _cleanup(self) -> None:
        # the bottom row is discarded before anything slides down (rulebook order): a tile
        # left in the middle row by the last turn's purchase survives the cleanup
        for i in range(CLEANUP_DISCARD):
            if self.market[i] is not None:
                self.removed.append(self.market[i])
                self.market[i] = None
        self._refill()

    def _start_round(self, start: int) -> None:
        self.round += 1
        self.start = start
        self.turn = 0
        count = DICE[self.n]
        roll = self.rng.randint(0, 6 ** count - 1)  # every die in one draw: base-6 digits
        self.dice = sorted(1 + roll // 6 ** i % 6 for i in range(count))
        self.notes.append(f"{'final round' if self.final else f'round {self.round}'}: the dice show "  # verbatim: kept in the state in English, told by note_words
                          + " ".join(map(str, self.dice)))
        self.flight, self.develop, self.standby = [], [], []
        self.die_used = False
        self.queue = []

    def _end_turn(self) -> None:
        self.turn += 1
        self.die_used = False
        if len(self.dice) > 1:
            self._shift_market()
            return
        self._cleanup()
        self.notes.append("round over: the market's bottom row is discarded and the market refilled")  # verbatim: kept in the state in English, told by note_words
        if self.final:
            self._finish()
            return
        self.first = (self.first + 1) % self.n
        if self.trigger is not None:
            self.final = True
            self._start_round(self.trigger)
        else:
            self._start_round(self.first)

    # -- asking -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    def current(self) -> int | None:
        if self.phase == "turn":
            return (self.start + self.turn) % self.n
        if self.phase == "draft":
            return self.n - 1 - self.draft_turn
        return None

    def to_act(self) -> list[int]:
        if self.phase == "room":
            return [s for s in range(self.n) if self.boards[s].card is None]
        seat = self.current()
        return [] if seat is None else [seat]

    def legal_moves(self, seat: int) -> list[str]:
        if self.phase == "room":
            return ["side a", "side b"] if self.boards[seat].card is None else []
        if seat != self.current():
            return []
        if self.phase == "draft":
            return [f"draft p{i + 1} s{s + 1}" for i in range(len(self.pool)) for s in range(12)]
        if self.queue:
            return self._decision_moves(seat)
        moves = [] if self.die_used else self._die_moves(seat)
        moves += self._free_moves(seat)
        if self.die_used:
            moves.insert(0, "end")
        return moves

    def _die_moves(self, seat: int) -> list[str]:
        board = self.boards[seat]
        money = board.spendable()
        faces = sorted(set(self.dice))
        moves = []
        areas = AREAS[self.n]
        if len(self.develop) < areas and DEVELOP_COST[len(self.develop)] <= money:
            moves += [f"develop {f}" for f in faces]
        if len(self.flight) < areas:
            cost = FLIGHT_COST[len(self.flight)]
            if cost <= money:
                for f in faces:
                    moves.append(f"fly {f}")
                    moves += [f"fly {f} +{k}" for k in range(1, (money - cost) // BOOST_COST + 1)]
        moves += [f"standby {f}" for f in faces]
        return moves + self._pay_variants(seat, moves)

    def _pay_variants(self, seat: int, moves: list[str]) -> list[str]:
        """Each paying move again with every other way to pay its fuel (`buy m6 s1 pay 1 fuel 1 lv2`),
        each distinct payment once; the move without a suffix pays in the usual order."""
        board = self.boards[seat]
        if not any(board.cubes[1:]):
            return []
        out = []
        seen: dict[int, list[str]] = {}
        for move in moves:
            cost = self._move_cost(seat, M.parse(move))
            if not cost:
                continue
            if cost not in seen:
                seen[cost] = [M.paid_text(paid) for paid in board.payments(cost)[1:]]
            out += [move + suffix for suffix in seen[cost]]
        return out

    def _move_cost(self, seat: int, move: Move) -> int:
        """The fuel a legal move (without a pay suffix) pays at once."""
        cost = self._COSTS.get(type(move))
        return cost(self, move) if cost is not None else 0

    def _pick_cost(self, move: Pick) -> int:
        if not self.queue:
            return 0
        alt = next((a for a in self.queue[0].split("|") if alt_key(a) == move.alt), "")
        return int(alt.split(":")[1]) if alt.startswith("boost:") else 0

    _COSTS: dict[type, Any] = {
        Fly: lambda self, m: FLIGHT_COST[len(self.flight)] + BOOST_COST * m.boost,
        Develop: lambda self, m: DEVELOP_COST[len(self.develop)],
        Buy: lambda self, m: MARKET_COST[m.slot - 1],
        Place: lambda self, m: UPGRADE_COST[SHAPE_TIER[m.shape] - int(self.queue[0][5:])] if self.queue else 0,
        Pick: _pick_cost,
    }

    def _free_moves(self, seat: int) -> list[str]:
        board = self.boards[seat]
        moves = []
        if board.cubes[3]:
            moves += [f"upgrade s{s + 1}" for s in range(12) if board.route[s] and not board.route[s][-1][1]]
            moves += [f"cube {text}" for _, text in legal_placements("cube", board.filled)]
        g = board.grow
        if g >= GROW_COSTS["fuel"]:
            moves.append("grow fuel")  # verbatim: notation
        if g >= GROW_COSTS["fuel2"]:
            moves.append("grow fuel2")  # verbatim: notation
        if g >= GROW_COSTS["rudder"]:
            moves.append("grow rudder")  # verbatim: notation
        if g >= GROW_COSTS["die"]:
            for f in sorted(set(self.dice)):
                moves += [f"grow die {f} {to}" for to in range(1, 7) if to != f]  # verbatim: notation
        if g >= GROW_COSTS["move"]:
            for s in range(12):
                if board.route[s]:
                    moves += [f"grow move s{s + 1} s{t + 1}" for t in range(12) if t != s]  # verbatim: notation
        return moves

    def _decision_moves(self, seat: int) -> list[str]:
        item = self.queue[0]
        board = self.boards[seat]
        if "|" in item:
            moves = [f"pick {alt_key(alt)}" for alt in item.split("|") if self._feasible(board, alt)]
            return moves + self._pay_variants(seat, moves)
        if item.startswith("part:"):
            moves = [f"place {text}" for _, text in self._part_options(board, int(item[5:]))]
            return moves + self._pay_variants(seat, moves)
        if item.startswith("buy:"):
            money = board.spendable()
            moves = [
                f"buy m{i + 1} s{s + 1}"
                for i, tile in enumerate(self.market)
                if tile is not None and MARKET_COST[i] <= money
                for s in range(12)
            ]
            return moves + self._pay_variants(seat, moves) + ["pass"]
        raise AssertionError(item)

    def _part_options(self, board: Board, tier: int) -> list[tuple[int, str]]:
        """(fuel, placement) for the part and its affordable upgrades still in the supply."""
        money = board.spendable()
        out = []
        for up in (0, 1, 2):
            t = tier + up
            if t > 4 or UPGRADE_COST[up] > money or not self.part_supply[t - 1]:
                continue
            shape = TIER_SHAPE[t]
            out += [(UPGRADE_COST[up], text) for _, text in legal_placements(shape, board.filled)]
        return out

    def _feasible(self, board: Board, alt: str) -> bool:
        if alt.startswith("boost:"):
            return board.spendable() >= int(alt.split(":")[1])
        if alt.startswith("part:"):
            return bool(self._part_options(board, int(alt[5:])))
        return True

    def waiting_part(self) -> int | None:
        """The tier of the part waiting to be placed, if one is."""
        item = self.queue[0] if self.queue else ""
        return int(item[5:]) if item.startswith("part:") and "|" not in item else None

    def _moves_like(self, seat: int, text: str) -> list[str]:
        """The legal moves a move of this verb is looked for among: the part of `legal_moves`
        made by the same generator (a die or a free action on an open turn), else all of it."""
        if self.phase == "turn" and not self.queue and seat == self.current():
            verb = M.verb_of(text)
            if verb in ("fly", "develop", "standby"):
                return [] if self.die_used else self._die_moves(seat)
            if verb in ("upgrade", "cube", "grow"):
                return self._free_moves(seat)
        return self.legal_moves(seat)

    # -- acting -----------------------------------------------------------------------
    def play(self, seat: int, move: str) -> None:
        text = self.normalize(move)
        if self.phase == "over":
            raise IllegalMove(tr("The game is over."))
        steps = split_steps(text)
        if len(steps) > 1:
            self._play_steps(seat, steps)
            return
        self._play_one(seat, steps[0] if steps else text)

    def _play_steps(self, seat: int, steps: list[str]) -> None:
        """`buy m1 s5; pass`: the steps in order, all or nothing, kept as one move. A closing
        `pass` or `end` that has nothing left to do (the purchase ended by itself) is dropped."""
        if not steps:
            raise IllegalMove(tr("Type a move; /moves lists yours."))
        before = self.copy()
        done: list[list[Any]] = []
        key = [self.round, self.turn, self.phase]
        last = self.last
        told = list(last.get("turn", [])) if last and last.get("seat") == seat and last.get("turn_key") == key else []
        try:
            for number, step in enumerate(steps, 1):
                if number == len(steps) > 1 and step == "pass" and "pass" not in self.legal_moves(seat):
                    break
                try:
                    self._play_one(seat, step)
                except IllegalMove as error:
                    raise IllegalMove(tr("Step {number} (`{step}`): {error} Nothing was played.").format(
                        number=number, step=step, error=error)) from None
                assert self.last is not None
                done.append([self.last["move"], list(self.last["notes"])])
        except IllegalMove:
            self.__dict__.update(before.__dict__)
            raise
        self.last = {"seat": seat, "move": "; ".join(m for m, _ in done),
                     "notes": [n for _, notes in done for n in notes], "steps": done, "turn_key": key,
                     "turn": told + done}

    def _play_one(self, seat: int, text: str) -> None:
        if self.phase == "over":
            raise IllegalMove(tr("The game is over."))
        if text not in self._moves_like(seat, text):
            canonical = self._lenient(seat, text)
            if canonical is None:
                raise IllegalMove(self._refusal(seat, text))
            text = canonical
        self.apply(seat, text)

    def apply(self, seat: int, text: str) -> None:
        """Play a move known to be legal and canonical (one of `legal_moves`), unchecked:
        the players that try many moves on copies save generating every legal move again."""
        self.notes = []
        key = [self.round, self.turn, self.phase]
        last = self.last
        told = list(last.get("turn", [])) if last and last.get("seat") == seat and last.get("turn_key") == key else []
        move = text
        step = M.parse(text)
        if isinstance(step, Pay):
            self.pay_plan, step = step.plan, step.move
        else:
            self.pay_plan = ()
        self.dispatch(seat, step)
        self._drain(seat)
        self._check_instant()
        self.pay_plan = ()
        self.last = {"seat": seat, "move": move, "notes": list(self.notes), "turn_key": key,
                     "turn": [*told, [move, list(self.notes)]]}

    def canonical(self, seat: int, move: str) -> str:
        """The move as `legal_moves` lists it (`fly 2 +0` -> `fly 2`), else as normalized."""
        text = self.normalize(move)
        steps = split_steps(text)
        if len(steps) > 1:  # each step as listed at its turn in the chain (the closing `pass` kept out if idle)
            trial, out = self.copy(), []
            for number, step in enumerate(steps, 1):
                if number == len(steps) and step == "pass" and "pass" not in trial.legal_moves(seat):
                    break
                step = trial.canonical(seat, step)
                try:
                    trial._play_one(seat, step)
                except IllegalMove:
                    return "; ".join(steps)  # `play` refuses it with the reason
                out.append(step)
            return "; ".join(out)
        text = steps[0] if steps else text
        if text in self._moves_like(seat, text):
            return text
        lenient = self._lenient(seat, text)
        return text if lenient is None else lenient

    def _lenient(self, seat: int, text: str) -> str | None:
        """The legal move a lenient spelling stands for (`fly 3 +0`, `fly 3 1`, `pick 2`, a pay
        suffix that pays as the usual order does), or None."""
        try:
            move = self._resolve(M.parse(text))
        except IllegalMove:
            return None
        if move is None:
            return None
        canonical = M.text(move)
        return canonical if canonical in self.legal_moves(seat) else None

    def _spelled(self, text: str) -> str:
        """The text as the log would keep it (`fly 3 1` -> `fly 3 +1`), legal now or not."""
        try:
            move = self._resolve(M.parse(text))
        except IllegalMove:
            return text
        return text if move is None else M.text(move)

    def _resolve(self, move: Move) -> Move | None:
        """The move a parsed step means here: `pick 2` names the second side of the either/or
        waiting; `pay ...` is dropped where it pays as the usual order does, and otherwise written
        as the payment it makes (`pay lv2` -> `pay 2 lv2`)."""
        if isinstance(move, PickNth):
            alts = self.queue[0].split("|") if self.queue and "|" in self.queue[0] else []
            return Pick(alt_key(alts[move.index - 1])) if 0 < move.index <= len(alts) else None
        if not isinstance(move, Pay):
            return move
        base = self._resolve(move.move)
        seat = self.current()
        if base is None or seat is None or M.text(base) not in self.legal_moves(seat):
            return None
        cost = self._move_cost(seat, base)
        board = self.boards[seat]
        if not cost:
            return base
        try:
            paid = board.payment(cost, move.plan)
        except ValueError:
            return None
        if paid == board.payment(cost):
            return base
        return M.parse(M.text(base) + M.paid_text(paid))

    def _refusal(self, seat: int, text: str) -> str:
        """Why the move is refused, each example in the answer a legal move now (or left out)."""
        return legal_examples(self._why(seat, text), text, self.legal_moves(seat), M.NOTATION.by_word)

    def _why(self, seat: int, text: str) -> str:
        if self.phase == "room":
            if seat not in self.to_act():
                return tr("You have already chosen your room card's side.")
            return tr("Choose your room card's side: `side a` or `side b`.")
        if seat != self.current():
            return tr("It is not your turn.")
        if " pay " in text:
            return self._why_paid(seat, text)
        verb = M.verb_of(text)
        if self.phase == "draft":
            return tr("Setup draft: take a tile of the pool onto a route space, e.g. {example}.").format(
                example=self._example(seat, Draft))
        if self.queue:
            return self._why_queued(seat, text, verb)
        return self._why_free(seat, text, verb)

    def _why_queued(self, seat: int, text: str, verb: str) -> str:
        """A move refused while a bonus waits to be taken: the waiting one first, or what is
        wrong with the move that would take it."""
        item = self.queue[0]
        if "|" in item:
            return tr("First choose: {choice} ({example}).").format(choice=bonus_words(item),
                                                                     example=self._example(seat, Pick))
        if item.startswith("part:"):
            if verb == "place":
                return self._why_read(text, self._why_place, seat)
            return tr("First place your tier-{tier} part, e.g. {example} "
                      "(shape, orientation, the square of its lowest row's leftmost cell). "
                      "See /moves place for every legal placement.").format(tier=item[5:],
                                                                            example=self._example(seat, Place))
        if verb == "buy":
            return self._why_read(text, self._why_buy, seat)
        return tr("First buy route tiles ({example}: market slot, route space) or `pass`.").format(
            example=self._example(seat, Buy))

    def _why_free(self, seat: int, text: str, verb: str) -> str:
        """A move refused in the seat's own turn with nothing waiting: the die's placement, the
        free actions (each read and checked by its own `_why_…`), or a verb that has no turn now."""
        if verb in ("fly", "develop", "standby"):
            if self.die_used:
                return tr("You have already placed your die this turn: free actions, then `end`.")
            return self._why_die(seat, text)
        if verb == "end":
            return tr("Place a die first (fly, develop or standby).")
        free = {"upgrade": self._why_upgrade, "cube": self._why_cube, "grow": self._why_grow}
        if verb in free:
            return self._why_read(text, free[verb], seat)
        if verb == "buy":
            return tr("No purchase is waiting: a die with the purchase symbol on Develop (or a bonus that buys) "
                      "lets you buy route tiles.")
        if verb == "place":
            cube = self._like(seat, Cube)
            return tr("No part is waiting to be placed: parts come from bonuses.") + (
                tr(" A Lv. 3 cube goes in your engine room as a part, {example}.").format(example=cube)
                if "`" in cube else "")
        if verb in ("pass", "pick"):
            return tr("Nothing is waiting for that now.")
        return tr("Unknown move. Moves: fly, develop, standby, upgrade, cube, grow, end (see /rules).")

    def _why_paid(self, seat: int, text: str) -> str:
        """Why a move with a payment was refused: the move itself, else the payment."""
        try:
            move = M.parse(text)
        except IllegalMove as error:
            return str(error)
        base = self._resolve(move.move) if isinstance(move, Pay) else None
        if base is None or M.text(base) not in self.legal_moves(seat):
            return self._why(seat, text.partition(" pay ")[0])
        assert isinstance(move, Pay)
        cost = self._move_cost(seat, base)
        board = self.boards[seat]
        try:
            board.payment(cost, move.plan)
        except ValueError as error:
            ways = [f"`{M.text(base)}{M.paid_text(p)}`" for p in board.payments(cost)[1:3]]
            if ways:
                return tr("That payment does not work: {error}; `{move}` costs {cost} fuel. Pay it as the usual "
                          "order does with `{move}`, or e.g. {ways} (/moves lists every way).").format(
                    error=error, move=M.text(base), cost=cost, ways=tr(" or ").join(ways))
            return tr("That payment does not work: {error}; `{move}` costs {cost} fuel. Pay it as the usual "
                      "order does with `{move}` (/moves lists every way).").format(error=error, move=M.text(base),
                                                                                 cost=cost)
        return tr("`{move}` cannot be paid that way now (/moves lists every way).").format(move=M.text(base))

    def _why_read(self, text: str, why: Any, seat: int) -> str:
        """`why(seat, move)` for a text that reads as a move, else the notation's reason."""
        try:
            move = M.parse(text)
        except IllegalMove as error:
            return str(error)
        return why(seat, move)

    def _like(self, seat: int, kind: type, start: str = "") -> str:
        """A legal move of that kind now, one starting with `start` where there is one, for `e.g.`."""
        moves = [m for m in self.legal_moves(seat) if " pay " not in m and isinstance(M.parse(m), kind)]
        move = next((m for m in moves if start and m.startswith(start)), moves[0] if moves else "")
        return tr("e.g. `{move}`").format(move=move) if move else tr("none is possible now")

    def _why_place(self, seat: int, move: Move) -> str:
        if not isinstance(move, Place):
            return tr("Place your part: `place` its shape, orientation and square.")
        tier, shape = int(self.queue[0][5:]), move.shape
        wanted = SHAPE_TIER[shape]
        money = self.boards[seat].spendable()
        if wanted < tier:
            why = tr("Your part is tier {tier} ({own}); {shape} is tier {wanted}, and a part is only upgraded").format(
                tier=tier, own=TIER_SHAPE[tier], shape=shape, wanted=wanted)
        elif wanted - tier not in UPGRADE_COST:
            why = tr("A part goes up two tiers at most: your tier-{tier} part may become {shape}").format(
                tier=tier, shape=TIER_SHAPE[tier + 2])
        elif not self.part_supply[wanted - 1]:
            why = tr("No {shape} part is left in the supply").format(shape=shape)
        elif UPGRADE_COST[wanted - tier] > money:
            why = tr("Upgrading your tier-{tier} part to {shape} costs {cost} fuel; you can pay {money}").format(
                tier=tier, shape=shape, cost=UPGRADE_COST[wanted - tier], money=money)
        else:
            fault = data.placement_fault(shape, move.where, self.boards[seat].filled) or tr("not now")
            why = f"{move.where}: {fault}"
        return tr("{why}. Place it {example} (/moves place lists every placement).").format(
            why=why, example=self._like(seat, Place, f"place {shape} "))

    def _why_cube(self, seat: int, move: Move) -> str:
        board = self.boards[seat]
        if not board.cubes[3]:
            return tr("You have no Lv. 3 blue cube to place.")
        assert isinstance(move, Cube)
        fault = data.placement_fault("cube", move.at, board.filled) or tr("not now")
        return self._with_example(f"{move.at}: {fault}", seat, Cube)

    def _why_upgrade(self, seat: int, move: Move) -> str:
        assert isinstance(move, Upgrade)
        board = self.boards[seat]
        if not 1 <= move.space <= 12:
            why = tr("Route spaces are s1 to s12")
        elif not board.cubes[3]:
            return tr("You have no Lv. 3 blue cube: upgrading a route tile takes one.")
        elif not board.route[move.space - 1]:
            why = tr("s{space} has no route tile").format(space=move.space)
        else:
            why = tr("The tile on s{space} is upgraded already").format(space=move.space)
        return self._with_example(why, seat, Upgrade)

    def _why_buy(self, seat: int, move: Move) -> str:
        assert isinstance(move, Buy)
        money = self.boards[seat].spendable()
        if not 1 <= move.slot <= MARKET_SIZE:
            why = tr("Market slots are m1 to m{last}").format(last=MARKET_SIZE)
        elif not 1 <= move.space <= 12:
            why = tr("Route spaces are s1 to s12")
        elif self.market[move.slot - 1] is None:
            why = tr("m{slot} is empty").format(slot=move.slot)
        elif MARKET_COST[move.slot - 1] > money:
            why = tr("m{slot} costs {cost} fuel; you can pay {money}").format(slot=move.slot,
                                                                               cost=MARKET_COST[move.slot - 1], money=money)
        else:
            why = tr("Not now")
        return tr("{why}: buy {example} (market slot, route space), or `pass`.").format(why=why,
                                                                                       example=self._like(seat, Buy))

    def _why_grow(self, seat: int, move: Move) -> str:
        board = self.boards[seat]
        what = move.what if isinstance(move, Grow) else "die" if isinstance(move, GrowDie) else "move"
        kind = type(move)
        cost = GROW_COSTS[what]
        if board.grow < cost:
            why = tr("`{move}` costs {cost} grow; you have {have}").format(move=M.text(move), cost=cost, have=board.grow)
            kind = Grow if board.grow >= GROW_COSTS["fuel"] else kind
        elif isinstance(move, GrowDie):
            if move.face not in self.dice:
                why = tr("No die shows {face}; the dice left show {faces}").format(
                    face=move.face, faces=" ".join(map(str, self.dice)))
            elif move.to == move.face:
                why = tr("A die is turned to another value")
            else:
                why = tr("A die shows 1 to 6")
        elif isinstance(move, GrowMove):
            if not (1 <= move.source <= 12 and 1 <= move.target <= 12):
                why = tr("Route spaces are s1 to s12")
            elif not board.route[move.source - 1]:
                why = tr("s{space} has no route tile").format(space=move.source)
            else:
                why = tr("A tile moves to another space")
        else:
            why = tr("Not now")
        return self._with_example(why, seat, kind)

    def _with_example(self, why: str, seat: int, kind: type) -> str:
        example = self._like(seat, kind)
        return f"{why}; {example}." if "`" in example else f"{why}."

    def _example(self, seat: int, kind: type, shape: str = "") -> str:
        """A legal move of that kind now (not another payment order), as an example; else `shape` unquoted."""
        move = next((m for m in self.legal_moves(seat) if isinstance(M.parse(m), kind)), "")
        return f"`{move}`" if move else (tr("as in {shape}").format(shape=shape) if shape else tr("none is possible now"))

    def _why_die(self, seat: int, text: str) -> str:
        """Why a die move was refused: from its parsed value, or the notation's reason for a text
        that does not read as one."""
        try:
            move = M.parse(text)
        except IllegalMove as error:
            return str(error)
        if move.face not in self.dice:
            faces = ", ".join(str(f) for f in self.dice)
            return self._with_example(tr("No die shows {face}; the dice left show {faces}").format(
                face=move.face, faces=faces), seat, type(move))
        areas, money = AREAS[self.n], self.boards[seat].spendable()
        if isinstance(move, Fly):
            if len(self.flight) >= areas:
                return self._with_example(tr("Every flight space is taken this round"), seat, Standby)
            cost = FLIGHT_COST[len(self.flight)] + BOOST_COST * move.boost
            why = tr("Not enough fuel: `{move}` costs {cost} (this flight space {space}, {boost} a boost); you can "
                     "pay {money}").format(move=M.text(move), cost=cost, space=FLIGHT_COST[len(self.flight)],
                                           boost=BOOST_COST, money=money)
            return self._with_example(why, seat, Fly if any(m.startswith("fly ") for m in self.legal_moves(seat))
                                      else Standby)
        if isinstance(move, Develop):
            if len(self.develop) >= areas:
                return self._with_example(tr("Every develop space is taken this round"), seat, Standby)
            why = tr("Not enough fuel: this develop space costs {cost}; you can pay {money}").format(
                cost=DEVELOP_COST[len(self.develop)], money=money)
            return self._with_example(why, seat, Standby)
        return tr("Stand by with a die left, e.g. {example}.").format(example=self._example(seat, Standby))

    def _play_side(self, seat: int, move: Side) -> None:
        board = self.boards[seat]
        board.card = [self.cards[seat], 0 if move.side == "a" else 1]
        board.rebuild()
        if not self.to_act():
            self.phase = "draft"

    def _play_draft(self, seat: int, move: Draft) -> None:
        tile = self.pool.pop(move.tile - 1)
        self.boards[seat].route[move.space - 1].append([tile, 0])
        self.draft_turn += 1
        if self.draft_turn == self.n:
            self.bag = sorted(self.bag + self.pool)
            self.pool = []
            self.phase = "turn"
            self._start_round(self.first)

    def _pay(self, seat: int, amount: int) -> None:
        if amount:
            board = self.boards[seat]
            fuel = board.fuel
            paid = board.pay(amount, self.pay_plan)
            self.pay_plan = ()  # a move pays once; were it to pay again, the usual order
            self.cube_supply += sum(paid)
            self.notes.append(f"paid {amount} fuel ({paid_words([fuel - board.fuel, *paid[1:]])})")  # verbatim: kept in the state in English, told by note_words

    def _play_fly(self, seat: int, move: Fly) -> None:
        face, boost = move.face, move.boost
        self.dice.remove(face)
        self.die_used = True
        self._pay(seat, FLIGHT_COST[len(self.flight)] + BOOST_COST * boost)
        self.flight.append(face)
        self.queue.append(f"fly:{face + boost}")

    def _play_develop(self, seat: int, move: Develop) -> None:
        face = move.face
        self.dice.remove(face)
        self.die_used = True
        self._pay(seat, DEVELOP_COST[len(self.develop)])
        self.develop.append(face)
        symbols = FACES[face]
        if "R" in symbols:
            self.queue.append("cube*2+rudder")
        if "S" in symbols:
            self.queue.append("search*3")
        if "P" in symbols:
            self.queue.append(f"buy:{MAX_BUY}")

    def _play_standby(self, seat: int, move: Standby) -> None:
        self.dice.remove(move.face)
        self.die_used = True
        self.standby.append(move.face)
        self.queue += ["cube", "search", "fuel"]

    def _play_end(self, seat: int, move: End) -> None:
        self._end_turn()

    def _play_upgrade(self, seat: int, move: Upgrade) -> None:
        board = self.boards[seat]
        board.cubes[3] -= 1
        self.cube_supply += 1
        board.route[move.space - 1][-1][1] = 1

    def _play_cube(self, seat: int, move: Cube) -> None:
        self.boards[seat].cubes[3] -= 1
        self._place_part(seat, "cube", move.at)

    _GROWN = {"fuel": "fuel", "fuel2": "fuel*2"}  # grow bought as fuel: the effect queued

    def _play_grow(self, seat: int, move: Grow) -> None:
        board = self.boards[seat]
        board.grow -= GROW_COSTS[move.what]
        if move.what == "rudder":
            board.turn_rudder()
        else:
            self.queue.append(self._GROWN[move.what])

    def _play_grow_die(self, seat: int, move: GrowDie) -> None:
        self.boards[seat].grow -= GROW_COSTS["die"]
        self.dice.remove(move.face)
        self.dice.append(move.to)
        self.dice.sort()

    def _play_grow_move(self, seat: int, move: GrowMove) -> None:
        board = self.boards[seat]
        board.grow -= GROW_COSTS["move"]
        tile = board.route[move.source - 1].pop()
        board.route[move.target - 1].append(tile)

    def _play_pick(self, seat: int, move: Pick) -> None:
        self.queue[0] = next(a for a in self.queue[0].split("|") if alt_key(a) == move.alt)

    def _play_place(self, seat: int, move: Place) -> None:
        up = SHAPE_TIER[move.shape] - int(self.queue[0][5:])
        self.queue.pop(0)
        self._pay(seat, UPGRADE_COST[up])
        self.part_supply[SHAPE_TIER[move.shape] - 1] -= 1
        self._place_part(seat, move.shape, move.where)

    def _play_pass(self, seat: int, move: Pass) -> None:
        self.queue.pop(0)

    def _play_buy(self, seat: int, move: Buy) -> None:
        slot, space = move.slot - 1, move.space - 1
        left = int(self.queue[0][4:]) - 1
        if left:
            self.queue[0] = f"buy:{left}"
        else:
            self.queue.pop(0)
        self._pay(seat, MARKET_COST[slot])
        tile = self.market[slot]
        assert tile is not None
        self.market[slot] = None
        self.boards[seat].route[space].append([tile, 0])
        info = TILES[tile]
        self.notes.append(f"placed a route tile ({bonus_words(info['front'][1])}) on s{space + 1}")  # verbatim: kept in the state in English, told by note_words
        if info["bolt"]:
            self.queue.insert(0, info["front"][1])

    def _place_part(self, seat: int, shape: str, text: str) -> None:
        board = self.boards[seat]
        mask = data.PLACEMENT_BY_TEXT[shape][text]
        before = board.filled
        board.parts.append([shape, text])
        board.filled |= mask
        self.notes.append(f"placed {'a Lv. 3 cube' if shape == 'cube' else 'part ' + text} in the engine room")  # verbatim: kept in the state in English, told by note_words
        gains = [bonus for b, bonus in ICON_BITS.items() if b & mask]
        gains += [ROW_BONUS[r] for r, m in enumerate(ROW_MASKS) if before & m != m and board.filled & m == m]
        self.queue[0:0] = gains
        self._check_trigger(seat)

    # -- effects ----------------------------------------------------------------------
    def _drain(self, seat: int) -> None:
        """Resolve automatic effects at the front of the queue until a choice waits."""
        board = self.boards[seat] if self.phase == "turn" else None
        while self.queue and board is not None:
            item = self.queue[0]
            if "|" in item:
                feasible = [a for a in item.split("|") if self._feasible(board, a)]
                if len(feasible) > 1:
                    return
                self.queue[0] = feasible[0]
                continue
            if "+" in item:  # before a part's wait: `part:1+part:2` is two parts, placed one by one
                self.queue[0:1] = item.split("+")
                continue
            if item.startswith("part:"):
                if self._part_options(board, int(item[5:])):
                    return
                self.queue.pop(0)
                self.notes.append(f"a tier-{item[5:]} part fits nowhere (or none is left) and is lost")  # verbatim: kept in the state in English, told by note_words
                continue
            if item.startswith("buy:"):
                money = board.spendable()
                if any(t is not None and MARKET_COST[i] <= money for i, t in enumerate(self.market)):
                    return
                self.queue.pop(0)
                continue
            self.queue.pop(0)
            self._apply(seat, item)
            if self._check_instant():  # "at any point": a lead passed through mid-move ends the game there
                return

    def _apply(self, seat: int, atom: str) -> None:
        board = self.boards[seat]
        if atom.startswith("fly:"):
            self._fly_step(seat, int(atom[4:]))
            return
        if atom.startswith("boost:"):
            _, fuel, spaces = atom.split(":")
            self._pay(seat, int(fuel))
            self.queue.insert(0, f"fly:{spaces}")
            return
        name, _, count = atom.partition("*")
        n = int(count or 1)
        if name == "search":
            self.queue[0:0] = ["step"] * n
            to = min(SEARCH_END, board.search + n)
            self.notes.append(f"searched {n} step{'s' if n > 1 else ''}, {board.search} to {to}"  # verbatim: kept in the state in English, told by note_words
                              if to > board.search else "searched: the search track is at its end")  # verbatim: kept in English, told by note_words
        elif name == "step":
            self._search_step(seat)
        elif name == "rudder":
            for _ in range(n):
                board.turn_rudder()
            self.notes.append("turned the rudder")  # verbatim: kept in the state in English, told by note_words
        elif name == "cube":
            got = min(n, board.cap - board.cubes[0], self.cube_supply)
            got = max(got, 0)
            board.cubes[0] += got
            self.cube_supply -= got
            self.notes.append(f"gained {got} blue cube{'s' if got != 1 else ''}" + (" (storage full)" if got < n else ""))  # verbatim: kept in the state in English, told by note_words
        elif name == "cap":
            board.cap += n
            self.notes.append("raised the Lv. 0 storage cap")  # verbatim: kept in the state in English, told by note_words
        elif name == "buy":
            self.queue.insert(0, "buy:1")
        else:
            got = board.gain(name, n)
            gained = data.atom_words(f"{name}*{got}") if got else f"no {data.atom_words(name)[2:]}"
            self.notes.append(f"gained {gained}" + (" (at the limit)" if got < n else ""))  # verbatim: kept in the state in English, told by note_words
        self._check_trigger(seat)

    def _fly_step(self, seat: int, left: int) -> None:
        board = self.boards[seat]
        board.pos = (board.pos + 1) % RING
        if board.pos in CHECKPOINT_AT:
            self.queue[0:0] = [CHECKPOINTS[CHECKPOINT_AT[board.pos]], f"fly:{left}"]
            return
        space = SPACE_AT[board.pos]
        board.flown += 1
        colour, bonus = self.space_bonus(seat, space)
        if left == 1:
            self.queue.insert(0, bonus)
            self.notes.append(f"stopped on s{space + 1}")  # verbatim: kept in the state in English, told by note_words
        else:
            self.queue[0:0] = ([bonus] if colour == "Y" else []) + [f"fly:{left - 1}"]

    def space_bonus(self, seat: int, space: int) -> tuple[str, str]:
        top = self.boards[seat].top(space)
        return ("B", ROUTE_SPACES[space]) if top is None else tile_side(top)

    def _search_step(self, seat: int) -> None:
        board = self.boards[seat]
        if board.search >= SEARCH_END:
            return
        board.search += 1
        at = board.search
        if at in FLAGS:
            first = at not in self.flags
            if first:
                self.flags[at] = seat
            bonus = FLAGS[at][0 if first else 1]
            self.notes.append(f"flag {at}{' first' if first else ''}: {bonus_words(bonus)}")  # verbatim: kept in the state in English, told by note_words
            self.queue.insert(0, bonus)
        elif at in SEARCH_TRACK:
            self.queue.insert(0, SEARCH_TRACK[at])

    def _check_trigger(self, seat: int) -> None:
        if self.trigger is not None:
            return
        board = self.boards[seat]
        if board.vp >= VP_TRIGGER or board.search >= SEARCH_END or board.filled == FULL:
            self.trigger = seat
            self.notes.append("this triggers the final round")  # verbatim: kept in the state in English, told by note_words

    def _check_instant(self) -> bool:
        if not self.opts["instant"] or self.phase != "turn":
            return False
        order = sorted(range(self.n), key=lambda s: -self.boards[s].vp)
        top, second = self.boards[order[0]].vp, self.boards[order[1]].vp
        if top - second >= 5 and second >= 5:
            self.winner = order[0]
            self.queue = []
            self.phase = "over"
            self.notes.append("instant win: a lead of 5 victory points")  # verbatim: kept in the state in English, told by note_words
            return True
        return False

    # -- the end ----------------------------------------------------------------------
    def final_position(self, seat: int) -> int:
        """0 for the player who played first in the final round (the trigger player)."""
        return (seat - self.start) % self.n

    def _finish(self) -> None:
        self.phase = "over"
        self.queue = []
        records = [{"seat": s, "vp_before": b.vp, "search_before": b.search, "blanks": b.blanks(),
                    "upgraded": b.upgraded(), "flown": b.flown, "final_position": self.final_position(s)}
                   for s, b in enumerate(self.boards)]
        by_blanks = sorted(range(self.n), key=lambda s: (self.boards[s].blanks(), self.final_position(s)))
        by_upgrades = sorted(range(self.n), key=lambda s: (-self.boards[s].upgraded(), self.final_position(s)))
        for key, order in (("blank_steps", by_blanks), ("upgrade_steps", by_upgrades)):
            for place, seat in enumerate(order):
                none = key == "upgrade_steps" and not self.boards[seat].upgraded()
                records[seat][key] = END_STEPS[place] if place < len(END_STEPS) and not none else 0
        for seat, board in enumerate(self.boards):
            rec = records[seat]
            rec["grow_steps"] = board.grow // LEFTOVER_RATE
            rec["cube_steps"] = sum(board.cubes[1:]) // LEFTOVER_RATE  # a Lv. 0 cube has no value
            rec["fuel_steps"] = board.fuel // LEFTOVER_RATE
            steps = rec["blank_steps"] + rec["upgrade_steps"] + rec["grow_steps"] + rec["cube_steps"] + rec["fuel_steps"]
            # at the end only the search track's victory points count
            for _ in range(steps):
                if board.search >= SEARCH_END:
                    break
                board.search += 1
                bonus = SEARCH_TRACK.get(board.search, "")
                if bonus.startswith("vp"):
                    board.gain("vp", int(bonus.partition("*")[2] or 1))
            rec["search"] = board.search
            rec["vp"] = board.vp
        self.end = records
        self.notes.append("the game is over")  # verbatim: kept in the state in English, told by note_words

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        vps = [b.vp for b in self.boards]
        if self.winner is not None:
            ranks = rank_by([(s == self.winner, vps[s], self.boards[s].flown, -self.final_position(s))
                             for s in range(self.n)])
            details = [{"vp": vps[s], "instant_win": s == self.winner} for s in range(self.n)]
            # the instant win decided the game, not a tie: it is told in the winner's breakdown
            return Outcome(ranks, [float(v) for v in vps], "", details)
        assert self.end is not None
        keys = [(vps[s], self.boards[s].flown, -self.final_position(s)) for s in range(self.n)]
        ranks = rank_by(keys)
        tiebreak = ""
        tied = [self.boards[s].flown for s in range(self.n) if vps[s] == max(vps)]
        if len(tied) > 1:
            if tied.count(max(tied)) == 1:
                tiebreak = tr("distance flown")
            else:
                tiebreak = tr("distance flown, then the earlier turn in the final round")
        return Outcome(ranks, [float(v) for v in vps], tiebreak, [dict(r) for r in self.end])

    # -- views ------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        def tile_json(tile: int | None) -> dict[str, Any] | None:
            if tile is None:
                return None
            info = TILES[tile]
            return {"id": tile, "kind": info["kind"], "colour": info["front"][0], "bonus": info["front"][1],
                    "bolt": info["bolt"], "back": list(info["back"])}

        boards = []
        for s, b in enumerate(self.boards):
            route = []
            for space in range(12):
                top = b.top(space)
                colour, bonus = self.space_bonus(s, space)
                route.append({"space": space + 1, "colour": colour, "bonus": bonus, "depth": len(b.route[space]),
                              "tile": None if top is None else top[0], "upgraded": bool(top and top[1]),
                              "bolt": bool(top and not top[1] and TILES[top[0]]["bolt"])})
            card = None
            if b.card is not None:
                card = {"card": b.card[0] + 1, "side": "ab"[b.card[1]],
                        "cells": list(ROOM_CARDS[b.card[0]][b.card[1]])}
            elif self.cards:
                card = {"card": self.cards[s] + 1, "side": None, "cells": [],
                        "sides": [list(side) for side in ROOM_CARDS[self.cards[s]]]}
            boards.append({
                "seat": s, "vp": b.vp, "grow": b.grow, "fuel": b.fuel, "search": b.search,
                "cubes": list(b.cubes), "cap": b.cap, "pos": b.pos, "flown": b.flown, "route": route,
                "parts": [[shape, text, data.mask_cells(data.PLACEMENT_BY_TEXT[shape][text])] for shape, text in b.parts],
                "card": card, "blanks": b.blanks(),
                "upgraded": b.upgraded(), "full_rows": b.full_rows(),
                "spendable": b.spendable(),
            })
        outcome = self.outcome()
        placements: list[str] = []
        shapes: dict[str, list[list[list[int]]]] = {}
        seat_now = self.current()
        if self.waiting_part() and seat_now is not None:
            parts = [m for m in map(M.parse, self.legal_moves(seat_now)) if isinstance(m, Place)]
            placements = [part.where for part in parts]
            for part in parts:
                shapes.setdefault(part.shape, [[list(p) for p in o] for o in data.ORIENTATIONS[part.shape]])
        return {
            "game": self.key,
            "players": self.n,
            "placements": placements,
            "orientations": shapes,
            "phase": self.phase,
            "round": self.round,
            "final": self.final,
            "trigger": self.trigger,
            "first": self.first,
            "start": self.start,
            "to_act": self.to_act(),
            "current": self.current(),
            "dice": list(self.dice),
            "flight": list(self.flight),
            "develop": list(self.develop),
            "standby": list(self.standby),
            "areas": AREAS[self.n],
            "die_used": self.die_used,
            "pending": self.queue[0] if self.queue else None,
            "market": [tile_json(t) for t in self.market],
            "pool": [tile_json(t) for t in self.pool],
            "bag": len(self.bag),
            "removed": len(self.removed),
            "flags": {str(k): v for k, v in self.flags.items()},
            "cube_supply": self.cube_supply,
            "part_supply": list(self.part_supply),
            "boards": boards,
            "end": [dict(r) for r in self.end] if self.end else None,
            "outcome": None if outcome is None else {"ranks": outcome.ranks, "scores": outcome.scores,
                                                     "tiebreak": outcome.tiebreak},
            "last": self._last_view(),
        }

    def _last_view(self) -> dict[str, Any] | None:
        """The last move, and under `told` every step of that seat's turn so far in the public words
        `describe_move` tells it (`flew with a 6`, never the notation), each with what it did."""
        if not self.last:
            return None
        last = dict(self.last)
        seat = last["seat"]
        turn = last.get("turn") or [[last["move"], list(last.get("notes", []))]]
        last["told"] = [[self._step_words(seat, step), [note_words(n) for n in said if not n.startswith("placed ")]]
                        for step, said in turn]
        return last

    def _step_words(self, seat: int, step: str) -> str:
        """One step in words; the move as typed only for a step the notation cannot read."""
        try:
            return M.NOTATION.tell(self, seat, M.parse(step), ()) or step
        except IllegalMove:
            return step

    def can_take_back(self, before: Game, seat: int, move: str) -> bool:
        # dice and bag draws come from the Rng; a refill puts new tiles in the market: refuse both
        assert isinstance(before, GrowSky)
        if not rng_untouched(before, self) or sorted(self.bag) != sorted(before.bag):
            return False
        return all(t in before.pool for t in self.pool) and all(t is None or t in before.market for t in self.market)

    def preview(self, seat: int, move: str) -> dict[str, Any]:
        """The seat's view with a part (`place ...`), a Lv. 3 cube (`cube ...`) or, in advanced mode,
        a side of the room card (`side a`) shown on the squares it would fill, from the same tables
        `play` uses, with what the move costs and what pays it; nothing is played."""
        text = self.normalize(move)
        if self.phase == "over":
            raise IllegalMove(tr("The game is over."))
        canonical = text if text in self.legal_moves(seat) else self._lenient(seat, text)
        if canonical is None:
            raise IllegalMove(self._refusal(seat, text))
        value = M.parse(canonical)
        step = value.move if isinstance(value, Pay) else value
        paid, cost = [0, 0, 0, 0], 0
        if isinstance(step, Side):
            shape, cells = "card", list(ROOM_CARDS[self.cards[seat]][M.SIDES.index(step.side)])
            words = tr("costs nothing")
        elif isinstance(step, (Place, Cube)):
            shape, where = (step.shape, step.where) if isinstance(step, Place) else ("cube", step.at)
            cells = data.mask_cells(data.PLACEMENT_BY_TEXT[shape][where])
            cost = self._move_cost(seat, step)
            if cost:
                paid = self.boards[seat].payment(cost, value.plan if isinstance(value, Pay) else ())
            words = (tr("costs 1 Lv. 3 cube") if shape == "cube" else
                     tr("costs {cost} fuel ({paid})").format(cost=cost, paid=paid_words(paid)) if cost
                     else tr("costs nothing more"))
        else:
            raise IllegalMove(tr("A preview shows what fills your engine room: `place ...`, `cube ...` or, choosing "
                                 "a room card side, `side a` (see /moves)."))
        view = self.view(seat)
        view["preview"] = {"seat": seat, "shape": shape, "move": canonical, "cells": cells,
                           "cost": cost, "paid": paid, "cost_words": words}
        return view

    # -- for the computer players (players.py) ------------------------------------------
    def redraw_hidden(self, seat: int, rng: random.Random) -> GrowSky:
        """A copy whose unseen part is drawn afresh: the dice to come and which tiles the bag
        gives (the bag is kept sorted and drawn from at random, so a new Rng redraws both)."""
        world = self.copy()
        world.rng = Rng(rng.randrange(2**53))
        return world

    def estimate(self, seat: int) -> float:
        """The normal player's evaluation of the seat's board against the strongest rival's."""
        return judge(self, seat)

    # -- words ------------------------------------------------------------------------

    def status(self, names: Sequence[str]) -> str:
        if self.phase == "over":
            outcome = self.outcome()
            assert outcome is not None
            winners = reduce(lambda a, b: tr("{first} and {second}").format(first=a, second=b),
                             [names[s] for s in outcome.winners])
            scores = ", ".join(f"{names[s]} {int(outcome.scores[s])}" for s in range(self.n))
            if outcome.tiebreak:
                return tr("Game over: {winners} won (tie broken by {tiebreak}). Victory points: {scores}.").format(
                    winners=winners, tiebreak=outcome.tiebreak, scores=scores)
            return tr("Game over: {winners} won. Victory points: {scores}.").format(winners=winners, scores=scores)
        if self.phase == "room":
            waiting = ", ".join(names[s] for s in self.to_act())
            return tr("Setup: choosing room card sides (waiting for {waiting}).").format(waiting=waiting)
        seat = self.current()
        assert seat is not None
        if self.phase == "draft":
            return tr("Setup draft: {name} takes a route tile from the pool onto a route space.").format(name=names[seat])
        dice = " ".join(map(str, self.dice))
        head = (tr("Final round, dice left {dice}.").format(dice=dice) if self.final
                else tr("Round {round}, dice left {dice}.").format(round=self.round, dice=dice))
        if self.trigger is not None and not self.final:
            head += " " + tr("{name} triggered the final round.").format(name=names[self.trigger])
        name = names[seat]
        if self.queue:
            item = self.queue[0]
            if "|" in item:
                waiting = tr("Waiting for {name} to choose {choice}.").format(name=name, choice=bonus_words(item))
            elif item.startswith("part:"):
                waiting = tr("Waiting for {name} to place a tier-{tier} part in the engine room.").format(
                    name=name, tier=item[5:])
            elif item[4:] == "2":
                waiting = tr("Waiting for {name} to buy up to 2 route tiles or pass.").format(name=name)
            else:
                waiting = tr("Waiting for {name} to buy a route tile or pass.").format(name=name)
        elif self.die_used:
            waiting = tr("Waiting for {name} to take free actions or `end` the turn.").format(name=name)
        else:
            waiting = tr("Waiting for {name} to place a die (fly, develop or standby).").format(name=name)
        return f"{head} {waiting}"

    def describe_move(self, seat: int, move: str, names: Sequence[str]) -> str:
        who = names[seat]
        text = self.normalize(move)
        last = self.last if self.last and self.last.get("seat") == seat else None
        if last is not None and last.get("move") not in (text, self._spelled(text)):
            last = None
        if last is not None and len(last.get("steps", [])) > 1:  # steps sent together: each with its gains
            told = []
            for step, notes in last["steps"]:
                kept = [note_words(n) for n in notes if not n.startswith("placed ")]
                told.append(self._what(seat, step, names) + (" (" + "; ".join(kept) + ")" if kept else ""))
            notes = [n for _, step_notes in last["steps"] for n in step_notes]
            line = f"{who} " + tr("; then ").join(told) + "."
        else:
            notes = [n for n in last.get("notes", []) if not n.startswith("placed ")] if last else []
            line = f"{who} {self._what(seat, text, names)}" + (
                ": " + "; ".join(note_words(n) for n in notes) if notes else "") + "."
        turn = last.get("turn", []) if last else []
        if last is not None and len(turn) > len(last.get("steps", [None])) and self.phase == "turn" \
                and last.get("turn_key") != [self.round, self.turn, self.phase]:  # the turn is over: all of it
            line += "\n" + tr("{name}'s turn: ").format(name=who) + "; ".join(
                self._what(seat, step, names) + (" (" + "; ".join(note_words(n) for n in said
                                                                 if not n.startswith("placed ")) + ")"
                                          if any(not n.startswith("placed ") for n in said) else "")
                for step, said in turn) + "."
        if self.phase == "over" and self.end and notes and notes[-1] == "the game is over":
            line += "\n" + self.end_summary(names)
        return line if len(line) <= 1900 else line[:1897] + "..."

    def _what(self, seat: int, text: str, names: Sequence[str]) -> str:
        """One step in words, after it was played (the tile it put down is on top of its space)."""
        try:
            return M.NOTATION.tell(self, seat, M.parse(text), names)
        except IllegalMove:
            return f"`{text}`"

    def end_summary(self, names: Sequence[str]) -> str:
        """Each player's end-of-game steps, in words, and the tie-break used."""
        lines = [tr("End of the game (steps on the search track pay victory points only):")]
        for rec in self.end or []:
            if "blanks" not in rec:
                continue
            lines.append(
                "- " + tr("{name}: {blanks} +{blank_steps}, {upgraded} +{upgrade_steps}, leftovers +{grow_steps} grow "
                          "+{cube_steps} cubes +{fuel_steps} fuel; search {search_before} -> {search}; {vp_before} -> "
                          "{vp} victory points; flown {flown}.").format(
                    name=names[rec["seat"]],
                    blanks=ngettext("{n} blank square", "{n} blank squares", rec["blanks"]).format(n=rec["blanks"]),
                    blank_steps=rec["blank_steps"],
                    upgraded=ngettext("{n} upgraded tile", "{n} upgraded tiles", rec["upgraded"]).format(
                        n=rec["upgraded"]),
                    upgrade_steps=rec["upgrade_steps"], grow_steps=rec["grow_steps"], cube_steps=rec["cube_steps"],
                    fuel_steps=rec["fuel_steps"], search_before=rec["search_before"], search=rec["search"],
                    vp_before=rec["vp_before"], vp=rec["vp"], flown=rec["flown"]))
        outcome = self.outcome()
        if outcome and outcome.tiebreak:
            lines.append(tr("Tie broken by {tiebreak}.").format(tiebreak=outcome.tiebreak))
        return "\n".join(lines)

    def score_breakdown(self, seat: int) -> str:
        """Victory points won in play, then those of the end steps (see `end_summary`)."""
        outcome = self.outcome()
        if outcome is None:
            return ""
        rec = outcome.details[seat]
        if "vp_before" not in rec:
            return (tr("instant win: a 5-point lead") if rec.get("instant_win")
                    else tr("{vp} in play; no end steps").format(vp=rec["vp"]))
        return tr("{vp} in play, {steps} from the end steps").format(vp=rec["vp_before"], steps=rec["vp"] - rec["vp_before"])

    def score_when_stopped(self, seat: int) -> str:
        """Victory points won in play so far (a game stopped by resignation has no end steps)."""
        board = self.boards[seat]
        return ngettext("{n} victory point in play, search track at {search}",
                        "{n} victory points in play, search track at {search}", board.vp).format(n=board.vp,
                                                                                               search=board.search)

    def redeal_hidden(self, rng: random.Random) -> bool:
        """Nothing: every board, part and route tile lies open; the dice are rolled in public."""
        return False

    def private_text(self, seat: int, names: Sequence[str]) -> str:
        if self.phase == "turn" and self.waiting_part() and seat == self.current():
            # the other ways to pay an upgrade are the same placements: each is counted once
            parts = {m.move if isinstance(m, Pay) else m for m in map(M.parse, self.legal_moves(seat))}
            anchors = sorted({m.anchor for m in parts if isinstance(m, Place)}, key=lambda a: (int(a[1:]), a[0]))
            return tr("Your tier-{tier} part may go at {count} placements; anchor squares: {anchors}. The picture "
                      "shows the orientations; `/moves place` lists them and `/preview` draws one in your room.").format(
                tier=self.queue[0][5:], count=len(parts), anchors=", ".join(anchors))
        return ""

    def quick_moves(self, seat: int) -> list[str]:
        moves = self.legal_moves(seat)
        kinds = [type(M.parse(m)) for m in moves]
        quick = [m for m, kind in zip(moves, kinds, strict=True) if kind in (End, Pass, Pick)]
        if self.phase == "room":
            quick = moves
        if self.phase == "turn" and not self.queue and not self.die_used:
            quick += [m for m, kind in zip(moves, kinds, strict=True) if kind is Standby][:1]
        return quick[:4]

    def move_groups(self, seat: int) -> list[tuple[str, list[str]]]:
        groups: dict[str, list[str]] = {}
        for move in self.legal_moves(seat):
            parsed = M.parse(move)
            label = M.NOTATION.verb(parsed).group
            if label is not None:
                groups.setdefault(tr(label).format(m=parsed) if "{" in label else tr(label), []).append(move)
        return list(groups.items())
