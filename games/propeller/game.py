"""Propeller Islands: the rules engine.

A turn is made of steps, each one move (canonical texts, see `rules_help`):
  die 4 · die 4 to 5 · die 4 reroll            draft a die (change it, or Jacques's re-roll)
  claim b at 1,-1 · discard b · run t3 · stop  the action; `run` activates one building
  deploy a2 to t3 · place 1,0 · depot t4 · gain steel · value 5 · skip   choices inside effects
  blueprint 12 on t3 · blueprint 12 keep · pass · take 30 · draw i     end of the turn
Several steps may be sent as one move joined by `;` (`die 5; run t0 goods; run t3; stop`):
they are played in order, all or nothing.
Tiles on an island are t0 (the Capitol), t1, t2, ... in the order they were placed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import (
    MOVE_TEXT_LIMIT,
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
    split_steps,
)
from games.propeller import data as D
from games.propeller import moves as M
from games.propeller import scoring as S
from games.propeller import words as W
from games.propeller.worth import value
from lang import N_, ngettext, tr

TILE, Q, R, WORKER, PROD, BANNER, WILD = range(7)
E, ST, P = D.ENERGY, D.STEEL, D.PART
SKIPPABLE = ("deploy", "any", "depot")
RUN_NEEDS = {  # what activating a building of that kind takes, for a refusal
    1: N_("{index} ({name}) cannot be activated now: it needs a worker on your dock and a free housing space, or "
          "nothing for goods."),
    8: N_("{index} ({name}) cannot be activated now: it needs a worker on your dock and a free housing space."),
    9: N_("{index} ({name}) cannot be activated now: it needs 2 energy."),
    10: N_("{index} ({name}) cannot be activated now: it needs 1 steel."),
    12: N_("{index} ({name}) cannot be activated now: it needs a Depot on your island."),
    13: N_("{index} ({name}) cannot be activated now: it needs 2 energy to buy, or a part or steel to sell."),
}
RUN_NEEDS_ELSE = N_("{index} ({name}) cannot be activated now: it needs what it costs.")
TASK_WORDS = {  # a choice waiting inside an effect, in words: what the player is doing
    "deploy": N_("{name} is deploying a worker from the dock"), "place": N_("{name} is placing the building drawn"),
    "any": N_("{name} is choosing a building to activate"), "depot": N_("{name} is choosing a Depot"),
    "gain": N_("{name} is choosing energy or steel"), "value": N_("{name} is setting the bonus die"),
}
TASK_WORDS_WITH = {  # the same with the die's value, in the action of a turn
    "deploy": N_("{name} is deploying a worker from the dock with a {value}"),
    "place": N_("{name} is placing the building drawn with a {value}"),
    "any": N_("{name} is choosing a building to activate with a {value}"),
    "depot": N_("{name} is choosing a Depot with a {value}"),
    "gain": N_("{name} is choosing energy or steel with a {value}"),
    "value": N_("{name} is setting the bonus die with a {value}"),
}
STEP_WORDS = {
    "pick": N_("{name} is to draft a die"), "act": N_("{name} is to claim, discard or activate"),
    "run": N_("{name} is activating buildings"), "blueprint": N_("{name} is to complete a Blueprint or pass"),
    "take": N_("{name} is to take a new Blueprint"),
}
STEP_WORDS_WITH = {
    "act": N_("{name} is to claim, discard or activate with a {value}"),
    "run": N_("{name} is activating buildings with a {value}"),
}
NO_CHOICE = {  # a step that answers a choice inside an effect, with none waiting
    "deploy": N_("Deploy answers a choice inside an effect, and none is waiting for you now; "
              "/moves lists yours."),
    "place": N_("Place answers a choice inside an effect, and none is waiting for you now; "
              "/moves lists yours."),
    "depot": N_("Depot answers a choice inside an effect, and none is waiting for you now; "
              "/moves lists yours."),
    "gain": N_("Gain answers a choice inside an effect, and none is waiting for you now; "
              "/moves lists yours."),
    "value": N_("Value answers a choice inside an effect, and none is waiting for you now; "
              "/moves lists yours."),
    "skip": N_("Skip answers a choice inside an effect, and none is waiting for you now; "
              "/moves lists yours."),
}
UPGRADE_GOES = {  # where a completed Blueprint's upgrade may go, for a refusal
    "W": N_("Its wild die goes on a tile with a free space for it ({where}), or is kept aside ({keep})."),
    "Pe": N_("Its energy production goes on a tile with a free space for it ({where}), or is kept aside ({keep})."),
    "Ps": N_("Its steel production goes on a tile with a free space for it ({where}), or is kept aside ({keep})."),
    "Pp": N_("Its part production goes on a tile with a free space for it ({where}), or is kept aside ({keep})."),
    "BI": N_("Its Industry banner goes on a tile with a free space for it ({where}), or is kept aside ({keep})."),
    "BS": N_("Its Science banner goes on a tile with a free space for it ({where}), or is kept aside ({keep})."),
    "BC": N_("Its Culture banner goes on a tile with a free space for it ({where}), or is kept aside ({keep})."),
}
# What running a building does, by kind (the effect texts of data.py): the resources it changes,
# or the choice it leaves waiting. A task is made afresh each time, for it is changed as answered.
RUN_YIELD = {5: {P: 1}, 6: {E: 2}, 7: {ST: 1}, 9: {E: -2, P: 1, ST: 1}, 10: {ST: -1, P: 2}}
RUN_TASK = {8: lambda: {"t": "deploy"}, 11: lambda: {"t": "any", "left": 1},
            12: lambda: {"t": "depot", "left": 1, "used": []}}
CAPITOL_GOODS = {ST: 1, E: 1}
CRYSTAL_TRADER = 13
TRADES = {"buy steel": {E: -2, ST: 1}, "buy part": {E: -2, P: 1}, "sell part": {P: -1, E: 2}}
SELL_STEEL = {ST: -1, E: 2}  # the trade left when no other is named


def wrap(value: int) -> int:
    return (value - 1) % 6 + 1


def cost_text(cost: Sequence[int]) -> str:
    return " ".join(f"{n} {D.RESOURCES[i]}{'s' if i == D.PART and n > 1 else ''}"
                    for i, n in enumerate(cost) if n) or "nothing"


def change_text(before: Sequence[int], after: Sequence[int]) -> str:
    """`paid 1 steel, +2 parts`: what a step cost and gave, in resources."""
    paid = [before[i] - after[i] if after[i] < before[i] else 0 for i in range(3)]
    got = [after[i] - before[i] if after[i] > before[i] else 0 for i in range(3)]
    words = [f"paid {cost_text(paid)}"] if any(paid) else []
    words += [f"+{n} {D.RESOURCES[i]}{'s' if i == D.PART and n > 1 else ''}" for i, n in enumerate(got) if n]
    return ", ".join(words)


class PropellerGame(Game):
    key = "propeller"
    title = "Propeller Islands"  # verbatim: the name of the game
    min_players = 2
    max_players = 4
    format_version = 1
    options = ()
    notation = M.NOTATION
    place_words = M.PLACES
    public_picture = True
    fields = (
        Field("n"), Field("opts", "dict"), Field("phase"), Field("round"), Field("first"), Field("turn_no"),
        Field("current"), Field("step"), Field("dealt", "list"), Field("chars", "list"), Field("forge", "list"),
        Field("drafted", "rows"), Field("bonus_die"), Field("waiting", "list"), Field("offer", "list"),
        Field("stack", "list"), Field("discarded", "list"),
        Field("islands", "deep", copy=lambda v: [[entry[:] for entry in island] for island in v]),
        Field("dock", "rows"), Field("cleared", "rows"), Field("res", "rows"), Field("fame", "list"),
        Field("hands", "rows"), Field("done", "rows"), Field("unused", "rows"), Field("bp_stacks", "rows"),
        Field("bp_offer", "rows"), Field("amelia_used", "list"), Field("marie_used"), Field("value", "list"),
        # each seat's choices waiting: dicts of numbers and lists of numbers
        Field("tasks", "deep", copy=lambda v: [[{k: (x[:] if type(x) is list else x) for k, x in task.items()}
                                                for task in tasks] for tasks in v]),
        Field("last", "deep"), Field("version"), RNG_FIELD,
        # derived from the islands (`_derive`): copied rather than worked out again. A frontier list is
        # replaced when its island grows, never changed, so copies may share it; the legal moves are not kept
        Field("_at", key=None, copy=lambda v: [dict(at) for at in v]), Field("_free", "list", key=None, shared=True),
        Field("_legal", key=None, copy=lambda v: None),
    )

    def __init__(self) -> None:
        self.n = 0
        self.opts: dict[str, Any] = {}
        self.rng = Rng(0)
        self.phase = "characters"  # characters, turn, bonus, over
        self.round = 0
        self.first = 0
        self.turn_no = 0
        self.current = 0
        self.step = "pick"
        self.dealt: list[str] = []
        self.chars: list[str] = []
        self.forge = [0] * 7  # dice on each forge space 1-6 (index 0 unused)
        self.drafted: list[list[int]] = []
        self.bonus_die = 0
        self.waiting: list[int] = []  # seats still using the bonus die
        self.offer: list[int] = [-1] * D.OFFER_SIZE
        self.stack: list[int] = []
        self.discarded: list[int] = []
        self.islands: list[list[list]] = []
        self.dock: list[list[int]] = []
        self.cleared: list[list[str]] = []
        self.res: list[list[int]] = []
        self.fame: list[int] = []
        self.hands: list[list[int]] = []
        self.done: list[list[int]] = []
        self.unused: list[list[str]] = []
        self.bp_stacks: list[list[int]] = [[], []]
        self.bp_offer: list[list[int]] = [[], []]
        self.amelia_used: list[bool] = []
        self.marie_used = False
        self.value: list[int] = []  # the die value each seat is using (0: none, -1: Nelson to choose)
        self.tasks: list[list[dict[str, Any]]] = []
        self.last: dict[str, Any] = {}
        self.version = 0
        self._legal: tuple[int, int, list[str], set[str]] | None = None
        self._derive()

    def _derive(self) -> None:
        """Rebuild what is derived from the islands (after a load or an edit by hand)."""
        self._at = [{(e[Q], e[R]): i for i, e in enumerate(island)} for island in self.islands]
        self._free: list[list[tuple[int, int]] | None] = [None] * len(self.islands)
        self._legal = None

    # -- life cycle -------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> PropellerGame:
        if not cls.min_players <= players <= cls.max_players:
            raise IllegalMove(tr("{title} takes {least} to {most} players.").format(
                title=cls.title, least=cls.min_players, most=cls.max_players))
        game = cls()
        game.n = players
        game.opts = parse_options(cls.options, options)
        game.rng = Rng(seed)
        game.stack = list(range(D.TILE_COUNT))
        game.rng.shuffle(game.stack)
        game.offer = [game.stack.pop() for _ in range(D.OFFER_SIZE)]
        for level in (1, 2):
            cards = [card.id for card in D.BLUEPRINTS if card.level == level]
            game.rng.shuffle(cards)
            game.bp_stacks[level - 1] = cards
            game.bp_offer[level - 1] = [cards.pop() for _ in range(D.OFFER_PER_LEVEL)]
        game.hands = []
        for _ in range(players):
            hand = [game.bp_stacks[0].pop() for _ in range(D.START_HAND[0])]
            hand += [game.bp_stacks[1].pop() for _ in range(D.START_HAND[1])]
            game.hands.append(sorted(hand))
        game.islands = [[[-1, 0, 0, 1, "", "", 0]] for _ in range(players)]
        game.dock = [[1] * D.DOCK_SIZE for _ in range(players)]
        game.cleared = [[] for _ in range(players)]
        game.res = [list(D.START_RESOURCES) for _ in range(players)]
        game.fame = [0] * players
        game.done = [[] for _ in range(players)]
        game.unused = [[] for _ in range(players)]
        game.drafted = [[] for _ in range(players)]
        game.amelia_used = [False] * players
        game.value = [0] * players
        game.tasks = [[] for _ in range(players)]
        game.chars = [""] * players
        game.dealt = game.rng.sample(D.CHARACTERS, players + 1)
        game.current = players - 1  # characters are chosen in reverse player order
        game.phase = "characters"
        game._derive()
        return game

    # -- asking -----------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "bonus":
            return list(self.waiting)
        return [self.current]

    def level(self, seat: int) -> int:
        """The character power reached: 0 none, 1 basic, 2 advanced."""
        fame = self.fame[seat]
        return 2 if fame >= D.TRUMPETS[1] else 1 if fame >= D.TRUMPETS[0] else 0

    def power(self, seat: int, name: str) -> int:
        return self.level(seat) if self.chars[seat] == name else 0

    def can_deploy(self, seat: int) -> bool:
        if not any(self.dock[seat]):
            return False
        return any(e[WORKER] == 0 and D.tile(e[TILE]).houses for e in self.islands[seat])

    def frontier(self, seat: int) -> list[tuple[int, int]]:
        """The empty hexes touching the island, where a tile may go (kept until the island grows)."""
        found = self._free[seat]
        if found is None:
            at = self._at[seat]
            cells = {cell for q, r in at for cell in D.neighbours(q, r) if cell not in at}
            found = self._free[seat] = sorted(cells)
        return found

    def _new_links(self, seat: int, index: int, banner: str = "") -> int:
        """Links made by tile `index` joining the island (or, with `banner`, by that banner added to it)."""
        island, at = self.islands[seat], self._at[seat]
        entry = island[index]
        hub = D.tile(entry[TILE]).hub
        banners = [banner] if banner else S.banners_of(entry)
        count = 0
        for cell in D.neighbours(entry[Q], entry[R]):
            other = at.get(cell)
            if other is None or other == index:
                continue
            near = island[other]
            count += banners.count(D.tile(near[TILE]).hub)
            if hub and not banner:
                count += S.banners_of(near).count(hub)
        return count

    def links_total(self, seat: int) -> int:
        island, at = self.islands[seat], self._at[seat]
        total = 0
        for entry in island:
            banners = S.banners_of(entry)
            if not banners:
                continue
            for cell in D.neighbours(entry[Q], entry[R]):
                other = at.get(cell)
                if other is not None:
                    hub = D.tile(island[other][TILE]).hub
                    total += sum(1 for b in banners if b == hub)
        return total

    def _matches(self, entry: list, value: int) -> bool:
        spec = D.tile(entry[TILE])
        return spec.kind == D.CAPITOL or spec.number == 0 or bool(entry[WILD]) or spec.number == value

    def _choices(self, seat: int, entry: list, spare: int = 0) -> list[str]:
        """The ways a building can be activated now ("" when it has no choice); `spare` energy is kept back."""
        kind = D.tile(entry[TILE]).kind
        energy, steel, parts = self.res[seat]
        energy -= spare
        if kind == D.CAPITOL:
            return (["deploy"] if self.can_deploy(seat) else []) + ["goods"]
        if kind == 8:
            return [""] if self.can_deploy(seat) else []
        if kind == 9:
            return [""] if energy >= 2 else []
        if kind == 10:
            return [""] if steel >= 1 else []
        if kind == 13:
            found = ["buy steel", "buy part"] if energy >= 2 else []  # verbatim: move notation
            if parts:
                found.append("sell part")  # verbatim: move notation
            if steel:
                found.append("sell steel")  # verbatim: move notation
            return found
        if kind == 12:
            return [""] if any(D.tile(e[TILE]).kind in D.DEPOTS for e in self.islands[seat]) else []
        return [""]

    def _run_moves(self, seat: int, value: int | None, marie: bool) -> list[str]:
        """`run` moves: of buildings matching `value` (any number when None), Marie's extra if allowed."""
        moves = []
        extra_cost = 1 if marie and self.power(seat, "marie") == 1 else 0
        for index, entry in enumerate(self.islands[seat]):
            if entry[WORKER] != 1 or not D.tile(entry[TILE]).active:
                continue
            if value is None or self._matches(entry, value):
                for choice in self._choices(seat, entry):
                    moves.append(f"run t{index} {choice}".rstrip())
            elif marie and self.res[seat][E] >= extra_cost:
                for choice in self._choices(seat, entry, extra_cost):
                    moves.append(f"run t{index} {choice} extra".replace("  ", " "))
        return moves

    def _marie_ok(self, seat: int) -> bool:
        return (self.phase == "turn" and seat == self.current and not self.marie_used
                and self.power(seat, "marie") > 0)

    def _task_moves(self, seat: int, task: dict[str, Any]) -> list[str]:
        kind = task["t"]
        if kind == "deploy":
            if not self.can_deploy(seat):
                return []
            spaces = [D.space_name(i) for i, here in enumerate(self.dock[seat]) if here]
            vacant = [i for i, e in enumerate(self.islands[seat]) if e[WORKER] == 0 and D.tile(e[TILE]).houses]
            return [f"deploy {space} to t{i}" for i in vacant for space in spaces]  # verbatim: move notation
        if kind == "place":
            return [f"place {q},{r}" for q, r in self.frontier(seat)]
        if kind == "any":
            return self._run_moves(seat, None, False)
        if kind == "depot":
            return [f"depot t{i}" for i, e in enumerate(self.islands[seat])
                    if D.tile(e[TILE]).kind in D.DEPOTS and i not in task["used"]]
        if kind == "gain":
            return ["gain energy", "gain steel"]  # verbatim: move notation
        if kind == "value":
            die = self.bonus_die
            if task["level"] >= 2:
                return [f"value {v}" for v in range(1, 7)]
            return [f"value {v}" for v in sorted({wrap(die - 1), die, wrap(die + 1)})]
        return []

    def legal_moves(self, seat: int) -> list[str]:
        cached = self._legal
        if cached is not None and cached[0] == seat and cached[1] == self.version:
            return list(cached[2])
        moves = self._legal_moves(seat)
        self._legal = (seat, self.version, moves, set(moves))
        return list(moves)

    def _legal_set(self, seat: int) -> set[str]:
        self.legal_moves(seat)
        return self._legal[3]

    def _legal_moves(self, seat: int) -> list[str]:
        if self.phase == "over" or not isinstance(seat, int) or not 0 <= seat < self.n:
            return []
        if self.phase == "characters":
            return [f"character {name}" for name in self.dealt] if seat == self.current else []
        if self.phase == "bonus":
            if seat not in self.waiting:
                return []
        elif seat != self.current:
            return []
        tasks = self.tasks[seat]
        if tasks:
            moves = self._task_moves(seat, tasks[-1])
            if tasks[-1]["t"] in SKIPPABLE:
                moves.append("skip")
            return moves
        if self.phase == "bonus":
            return self._run_moves(seat, self.value[seat], False) + ["stop"]
        return self._turn_moves(seat)

    def _turn_moves(self, seat: int) -> list[str]:
        """The legal moves of the seat whose ordinary turn it is, no choice waiting: those of the
        step of the turn reached."""
        step = self.step
        if step == "pick":
            return self._die_moves(seat)
        if step == "act":
            moves = []
            value = self.value[seat]
            for slot in D.SLOTS_BY_VALUE[value]:
                if self.offer[slot] >= 0:
                    moves += [f"claim {D.SLOTS[slot]} at {q},{r}" for q, r in self.frontier(seat)]  # verbatim: move notation
            moves += [f"discard {D.SLOTS[slot]}" for slot in D.SLOTS_BY_VALUE[value] if self.offer[slot] >= 0]
            runs = self._run_moves(seat, value, self._marie_ok(seat))
            return self._whole_activation(seat, runs) + moves + runs + ["stop"]
        if step == "run":
            runs = self._run_moves(seat, self.value[seat], self._marie_ok(seat))
            return self._whole_activation(seat, runs) + runs + ["stop"]
        if step == "blueprint":
            return self._blueprint_moves(seat) + ["pass"]
        if step == "take":
            moves = [f"take {card}" for level in (0, 1) for card in self.bp_offer[level]]
            moves += [f"draw {name}" for level, name in ((0, "i"), (1, "ii")) if self.bp_stacks[level]]
            return moves
        return []

    def _whole_activation(self, seat: int, runs: list[str]) -> list[str]:
        """One move running, in turn, every building of the die's value that asks for no choice: each
        step is the first that can be paid once the earlier ones have produced. Empty unless it
        joins two steps or more. Worked out on a scratch copy of the resources only."""
        if len(runs) < 2:
            return []
        value = self.value[seat]
        res = list(self.res[seat])
        waiting = [(index, entry) for index, entry in enumerate(self.islands[seat])
                   if entry[WORKER] == 1 and D.tile(entry[TILE]).kind in PLAIN_KINDS and self._matches(entry, value)]
        steps: list[str] = []
        length = -2
        while True:
            payable = [n for n, (_, entry) in enumerate(waiting)
                       if not (entry[TILE] >= 0 and (D.TILES[entry[TILE]].kind == 9 and res[E] < 2
                                                    or D.TILES[entry[TILE]].kind == 10 and res[ST] < 1))]
            if not payable:
                break
            position = payable[0]
            index, entry = waiting[position]
            kind = D.tile(entry[TILE]).kind
            step = f"run t{index} goods" if kind == D.CAPITOL else f"run t{index}"
            if length + len(step) + 2 > MOVE_TEXT_LIMIT:
                break
            length += len(step) + 2
            steps.append(step)
            del waiting[position]
            for gained, amount in enumerate(PLAIN_GAINS[kind]):
                res[gained] += amount
            if entry[PROD]:
                res[D.RES_LETTER.index(entry[PROD])] += 1
        return ["; ".join(steps)] if len(steps) >= 2 else []

    def _die_moves(self, seat: int) -> list[str]:
        moves = []
        charles = self.power(seat, "charles")
        jacques = self.power(seat, "jacques")
        for face in range(1, 7):
            if not self.forge[face]:
                continue
            moves.append(f"die {face}")
            if charles:
                steps = (1, 2) if charles >= 2 else (1,)
            else:
                steps = (1,) if self.res[seat][E] else ()
            targets = []
            for size in steps:
                for sign in (-1, 1):
                    target = wrap(face + sign * size)
                    if target not in targets and target != face:
                        targets.append(target)
            moves += [f"die {face} to {t}" for t in sorted(targets)]  # verbatim: move notation
            if jacques:
                moves.append(f"die {face} reroll")  # verbatim: move notation
        return moves

    def _upgrade_targets(self, seat: int, code: str) -> list[int]:
        slot = code[0]
        field = {"P": PROD, "B": BANNER, "W": WILD}[slot]
        return [i for i, e in enumerate(self.islands[seat]) if slot in D.tile(e[TILE]).slots and not e[field]]

    def _blueprint_moves(self, seat: int) -> list[str]:
        moves = []
        have = self.res[seat]
        for card_id in self.hands[seat]:
            card = D.BLUEPRINT_BY_ID[card_id]
            if all(have[i] >= card.cost[i] for i in range(3)):
                moves += [f"blueprint {card_id} on t{i}" for i in self._upgrade_targets(seat, card.upgrade)]  # verbatim: move notation
                moves.append(f"blueprint {card_id} keep")  # verbatim: move notation
        return moves

    # -- playing ----------------------------------------------------------------------
    def play(self, seat: int, move: str) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalMove(tr("There is no such seat at this table."))
        text = self.normalize(move)
        if not text:
            raise IllegalMove(tr("Type a move, for example `die 4` or `stop`; /moves lists yours."))
        if self.phase == "over":
            raise IllegalMove(tr("The game is over."))
        steps = split_steps(text)
        if not steps:
            raise IllegalMove(tr("Type a move, for example `die 4` or `stop`; /moves lists yours."))
        key = self._turn_key(seat)
        told = list(self.last.get("turn", [])) if self.last.get("seat") == seat and \
            self.last.get("turn_key") == key else []
        if len(steps) == 1:
            last = self.last
            self.last = {"seat": seat, "move": steps[0], "notes": [], "turn_key": key, "turn": told}
            try:
                self._step(seat, steps[0])
            except IllegalMove:
                self.last = last
                raise
            self.last["turn"] = told + self.last.get("steps", [])
            return
        before = self.to_dict()
        self.last = {"seat": seat, "move": "; ".join(steps), "notes": [], "turn_key": key, "turn": told}
        try:
            kept = []
            for number, step in enumerate(steps, 1):
                if number > 1 and self._pointless(seat, step, steps[number - 2], number == len(steps)):
                    continue  # an activation or a choice that ended by itself
                kept.append(step)
                try:
                    self._step(seat, step)
                except IllegalMove as error:
                    raise IllegalMove(tr("Step {number} (`{step}`): {error} Nothing was played.").format(
                        number=number, step=step, error=error)) from None
        except IllegalMove:
            restored = self.from_dict(before)
            self.__dict__.update(restored.__dict__)
            raise
        self.last["move"] = "; ".join(kept)
        self.last["turn"] = told + self.last.get("steps", [])

    def _turn_key(self, seat: int) -> list:
        """Which turn a step belongs to: the round, the turn in it (or the bonus die) and the seat."""
        return [self.round, -1 if self.phase == "bonus" else self.turn_no, seat, self.phase == "characters"]

    def canonical(self, seat: int, move: str) -> str:
        """Steps sent together are kept as `a; b; c`, each step as `legal_moves` lists it at its
        turn in the chain; a single step (`character marie ;`) is kept as that step alone."""
        steps = split_steps(move)
        if len(steps) <= 1:
            return super().canonical(seat, steps[0] if steps else move)
        trial = self.copy()
        out: list[str] = []
        for number, step in enumerate(steps, 1):
            if number > 1 and trial._pointless(seat, step, steps[number - 2], number == len(steps)):
                continue
            step = Game.canonical(trial, seat, step)
            out.append(step)
            try:
                trial._step(seat, step)
            except IllegalMove:
                return "; ".join(steps)  # `play` refuses it with the reason
        return "; ".join(out)

    def play_legal(self, seat: int, move: str) -> None:
        """Play a move already known to be in `legal_moves(seat)` (the AI's look-ahead), unchecked."""
        self.last = {"seat": seat, "move": move, "notes": []}
        for step in M.NOTATION.parse_steps(move):
            self.version += 1
            self._legal = None
            self.dispatch(seat, step)
            self._settle()

    def _step(self, seat: int, text: str) -> None:
        if self.phase == "over":
            raise IllegalMove(tr("The game is over."))
        if text not in self._legal_set(seat):
            raise IllegalMove(self._legal_examples(seat, text, self._why(seat, text)))
        move = M.parse(text)
        self.version += 1
        self._legal = None
        notes = self.last.setdefault("notes", [])
        mark, before = len(notes), list(self.res[seat])
        self.dispatch(seat, move)
        head, change = M.NOTATION.tell(self, seat, move, ()), change_text(before, self.res[seat])
        said = f"{head}: {change}" if head and change else head or change
        if said:  # what the step cost and gave (and what a `run` activated), before its effects' notes
            notes.insert(mark, said)
        self._settle()
        self.last.setdefault("steps", []).append([text, notes[mark:]])

    def _legal_examples(self, seat: int, typed: str, why: str) -> str:
        """The refusal with each example move in it legal now and given once: an example that is
        not (`die 4 to 5` with no energy, `deploy a1 to t2` without a t2) becomes a legal move of
        the same form, or is left out (`games.base.legal_examples`)."""
        return legal_examples(why, typed, self.legal_moves(seat), M.NOTATION.readers)

    def _pointless(self, seat: int, step: str, before: str, closing: bool) -> bool:
        """A `stop` or `skip` with nothing left to stop, the activation or the choice it would end
        having ended by itself (the last building of the number was run): as the chain's last step,
        or inside it right after a `run`."""
        return (step in ("stop", "skip") and step not in self._legal_set(seat)
                and (closing or before.startswith("run ")))

    def _note(self, text: str) -> None:
        self.last.setdefault("notes", []).append(text)

    def _why(self, seat: int, text: str) -> str:
        """Why a step that is not in the legal set was refused, in the rules' words: the turn and the
        choice waiting first, then what is wrong with the move as read (or with its notation, when
        the text does not read), from the parsed move."""
        head = text.split()[0]
        if head not in M.NOTATION.readers:
            return tr("`{text}` is not a move of {title}; /moves lists yours, the rules help gives the notation.").format(
                text=text, title=self.title)
        try:
            move, unread = M.parse(text), ""
        except IllegalMove as error:
            move, unread = None, str(error)
        if seat not in self.to_act():
            return tr("It is not your turn.") if self.phase != "bonus" else tr("You have finished with the bonus die.")
        tasks = self.tasks[seat]
        if tasks:
            return self._why_not_the_task(seat, tasks[-1]["t"], head, move, unread)
        if self.phase == "characters":
            return tr("Choose one of the characters dealt: {names}.").format(names=", ".join(self.dealt))
        if self.phase == "bonus":
            return self._why_run(seat, move, unread) if head == "run" else \
                tr("With the bonus die you may only `run` buildings, then `stop`.")
        return self._why_in_turn(seat, head, move, unread)

    def _why_in_turn(self, seat: int, head: str, move: M.Move | None, unread: str) -> str:
        """`_why` for a seat whose ordinary turn it is, no choice waiting: the verb read against
        the step of the turn reached, each verb's refusal in its own place."""
        step = self.step
        if head == "die":
            return self._why_die(seat, move) if step == "pick" else tr("You have drafted your die already this turn.")
        if head == "blueprint":
            if step != "blueprint":
                return tr("Blueprints are completed at the end of your turn, after your action.")
            return self._why_blueprint(seat, move, unread)
        if step == "pick":
            return tr("First draft a die: `die 4`.")
        if head in ("claim", "discard"):
            return self._why_action(seat, head, move)
        if head == "run":
            if step not in ("act", "run"):
                return tr("Your action is over.")
            return self._why_run(seat, move, unread)
        if head == "stop":
            return self._why_stop(seat)
        if head in ("take", "draw"):
            return self._why_take(seat)
        if head == "pass":
            return tr("You may pass only instead of completing a Blueprint.")
        if head in ("deploy", "place", "depot", "gain", "value", "skip"):
            return tr(NO_CHOICE[head])
        return tr("Not now.")

    def _why_action(self, seat: int, head: str, move: M.Move | None) -> str:
        """A `claim` or `discard` refused once the die is drafted: too late, or which slots the
        die's value reaches."""
        if self.step != "act":
            return tr("You already took your action this turn.")
        slots = ", ".join(D.SLOTS[s] for s in D.SLOTS_BY_VALUE[self.value[seat]])
        if head == "claim":
            return self._why_claim(seat, move, slots)
        return tr("With a {value} you may discard a tile from {slots} ({example}).").format(
            value=self.value[seat], slots=slots, example=self._example(seat, "discard"))

    def _why_stop(self, seat: int) -> str:
        """A `stop` with no activation: if the seat's own last step was a `run` that ended the
        activation by itself, saying so explains why `stop` vanished from /moves."""
        turn = self.last.get("turn", []) if self.last.get("seat") == seat else []
        if self.step == "blueprint" and turn and turn[-1][0].split("; ")[-1].startswith("run "):
            return tr("Your activation ended by itself: no other building of your die's number has a ready "
                      "worker. Complete a Blueprint or `pass` (/moves lists them).")
        return tr("There is no activation to stop now.")

    def _why_take(self, seat: int) -> str:
        """A `take` or `draw` refused: out of its step, or with the offer and the stacks that can
        be drawn from (the legal moves are listed only in the take step, where they are asked)."""
        if self.step != "take":
            return tr("Take a new Blueprint after completing one.")
        draws = ", ".join(f"`{m}`" for m in self.legal_moves(seat) if M.single_verb(m) == "draw")
        return tr("Take a face-up Blueprint of the offer ({example}) or draw from a stack ({draws}).").format(
            example=self._example(seat, "take"), draws=draws or tr("both are empty"))

    def _why_not_the_task(self, seat: int, task: str, head: str, move: M.Move | None, unread: str) -> str:
        """A step other than the choice waiting inside an effect; for a deploy that is the choice,
        which dock space or tile cannot take part."""
        verb = {"deploy": "deploy", "place": "place", "any": "run", "depot": "depot", "gain": "gain",
                "value": "value"}[task]
        example = self._example(seat, verb)
        first = {"deploy": N_("First deploy a worker ({example}) or `skip`."),
                 "place": N_("First place the building you drew ({example})."),
                 "any": N_("First activate a building with a ready worker ({example}) or `skip`."),
                 "depot": N_("First choose a Depot ({example}) or `skip`."),
                 "gain": N_("First choose `gain energy` or `gain steel`."),
                 "value": N_("First choose the bonus die's value ({example}).")}[task]
        then = {"deploy": N_("Deploy a worker ({example}) or `skip`."),
                "place": N_("Place the building you drew ({example})."),
                "any": N_("Activate a building with a ready worker ({example}) or `skip`."),
                "depot": N_("Choose a Depot ({example}) or `skip`."),
                "gain": N_("Choose `gain energy` or `gain steel`."),
                "value": N_("Choose the bonus die's value ({example}).")}[task]
        wrong = ""
        if head == verb:  # the step waited for, refused: what is wrong with this one
            if unread:
                wrong = unread
            elif isinstance(move, M.Deploy):
                wrong = self._why_deploy(seat, move)
            elif isinstance(move, M.Place):
                wrong = self._why_cell(seat, move.q, move.r)
            elif isinstance(move, M.Run):
                wrong = self._why_run(seat, move, unread, any_number=True)
            elif isinstance(move, M.Depot):
                wrong = tr("t{index} is not a Depot of yours that is still to be used.").format(index=move.tile)
            elif isinstance(move, M.Value):
                wrong = tr("The bonus die cannot be set to {value}.").format(value=move.value)
        return f"{wrong} {tr(then).format(example=example)}" if wrong else tr(first).format(example=example)

    def _why_cell(self, seat: int, q: int, r: int) -> str:
        taken = self._at[seat].get((q, r))
        if taken is not None:
            return tr("{cell} is taken (t{index}).").format(cell=f"{q},{r}", index=taken)
        return tr("{cell} does not touch your island.").format(cell=f"{q},{r}")

    def _why_die(self, seat: int, move: M.Move | None) -> str:
        faces = [face for face in range(1, 7) if self.forge[face]]
        shown = ", ".join(map(str, faces))
        legal = self.legal_moves(seat)
        charles = self.power(seat, "charles")
        energy = self.res[seat][E]
        changes = [m for m in legal if " to " in m]
        if changes:
            change = (tr("; `{move}` changes it free") if charles else
                      tr("; `{move}` changes it for 1 energy")).format(move=changes[0])
        else:
            change = tr("; changing it costs 1 energy, and you have no energy") if not energy else ""
        if not isinstance(move, M.Die):
            return tr("Write `die {face}`: a value on the forge ({faces}){change}.").format(
                face=faces[0], faces=shown, change=change)
        if not self.forge[move.face]:
            return tr("No die shows {face} on the forge; it shows {faces}.").format(face=move.face, faces=shown)
        as_is = f"`die {move.face}`"
        if move.reroll:
            return tr("Only Jacques, from the first trumpet, may re-roll the drafted die; take it as it is: {move}.").format(
                move=as_is)
        if move.to == move.face:
            return tr("The die already shows {face}: {move}.").format(face=move.face, move=as_is)
        if not charles and not energy:
            return tr("Changing a die costs 1 energy, and you have no energy; take it as it is: {move}.").format(
                move=as_is)
        distance = min((move.to - move.face) % 6, (move.face - move.to) % 6)
        near = [m for m in changes if m.startswith(f"die {move.face} to ")]  # verbatim: move notation
        by = (" " + tr("or") + " ").join(f"`{m}`" for m in near) or as_is
        if charles >= 2:
            return tr("Sir Charles changes a die by up to two (6 and 1 wrap): {moves}.").format(moves=by)
        if charles and distance == 2:
            return tr("Sir Charles changes a die by two only once advanced; by one: {moves}.").format(moves=by)
        if charles:
            return tr("A die changes by one (6 and 1 wrap): {moves}.").format(moves=by)
        return tr("A die changes by one (6 and 1 wrap), for 1 energy: {moves}.").format(moves=by)

    def _why_blueprint(self, seat: int, move: M.Move | None, unread: str) -> str:
        if not isinstance(move, M.Blueprint):
            return unread
        if move.card not in self.hands[seat]:
            return tr("That Blueprint is not in your hand (/hand shows it).")
        card = D.BLUEPRINT_BY_ID[move.card]
        if any(self.res[seat][i] < card.cost[i] for i in range(3)):
            return tr("Blueprint {card} costs {cost}.").format(card=card.id, cost=W.cost_words(card.cost))
        on = self._example(seat, "blueprint", f"blueprint {card.id} on ")  # verbatim: move notation
        island = self.islands[seat]
        if move.tile >= len(island):
            wrong = tr("Your island has tiles t0 to t{last}.").format(last=len(island) - 1) + " "
        else:
            wrong = tr("t{index} has no free space for it.").format(index=move.tile) + " " if move.tile >= 0 else ""
        on = on if on.startswith(f"`blueprint {card.id} on ") else tr("no tile has room for it now")  # verbatim: move notation
        return wrong + tr(UPGRADE_GOES[card.upgrade]).format(where=on, keep=f"`blueprint {card.id} keep`")

    def _example(self, seat: int, verb: str, like: str = "") -> str:
        """A move of that verb legal now, as an example (one starting with `like` if there is one)."""
        moves = [m for m in self.legal_moves(seat) if M.single_verb(m) == verb]
        move = next((m for m in moves if like and m.startswith(like)), moves[0] if moves else "")
        return f"`{move}`" if move else tr("none is possible now")

    def _why_claim(self, seat: int, move: M.Move | None, slots: str) -> str:
        value = self.value[seat]
        open_slots = [D.SLOTS[s] for s in D.SLOTS_BY_VALUE[value] if self.offer[s] >= 0]
        if not isinstance(move, M.Claim):
            return tr("Name the slot and where, e.g. {example}: with a {value} a slot of {slots}, at free "
                      "coordinates touching your island.").format(example=self._example(seat, "claim"), value=value,
                                                                  slots=slots)
        example = self._example(seat, "claim", f"claim {move.slot} ")
        if move.slot not in open_slots:
            why = (tr("Slot {slot} is empty: with a {value} you may take from {slots} (e.g. {example}).")
                   if D.SLOTS.index(move.slot) in D.SLOTS_BY_VALUE[value] else
                   tr("Slot {slot} is not beside the forge space of {value}: with a {value} you may take from "
                      "{slots} (e.g. {example})."))
            return why.format(slot=move.slot, value=value, slots=", ".join(open_slots) or tr("no slot"),
                              example=example)
        taken = self._at[seat].get((move.q, move.r))
        if taken is not None:
            return tr("{cell} is taken (t{index}); free spots touching your island, e.g. {example}.").format(
                cell=f"{move.q},{move.r}", index=taken, example=example)
        return tr("{cell} does not touch your island; e.g. {example}.").format(cell=f"{move.q},{move.r}",
                                                                               example=example)

    def _why_deploy(self, seat: int, move: M.Deploy) -> str:
        """For a deploy naming a dock space or tile that cannot take part: which and why."""
        if not self.dock[seat][D.SPACE_INDEX[move.space]]:
            return tr("Dock space {space} has no worker.").format(space=move.space)
        island = self.islands[seat]
        if move.tile >= len(island):
            return tr("Your island has tiles t0 to t{last}.").format(last=len(island) - 1)
        return tr("t{index} has no free housing space for a worker.").format(index=move.tile)

    def _why_run(self, seat: int, move: M.Move | None, unread: str, any_number: bool = False) -> str:
        if not isinstance(move, M.Run):
            return unread
        index = move.tile
        island = self.islands[seat]
        if index >= len(island):
            return tr("Your island has tiles t0 to t{last}.").format(last=len(island) - 1)
        entry = island[index]
        spec = D.tile(entry[TILE])
        if not spec.active:
            return tr("t{index} ({name}) is not activated with a die.").format(index=index, name=W.kind_name(spec.kind))
        if entry[WORKER] == 0:
            return tr("t{index} has no worker.").format(index=index)
        if entry[WORKER] == 2:
            return tr("The worker on t{index} is lying down: it was activated this round.").format(index=index)
        if not any_number and not self._matches(entry, self.value[seat]) and not move.extra:
            return tr("t{index} needs a {number}; your die is a {value}.").format(index=index, number=spec.number,
                                                                                value=self.value[seat])
        listed = [m for m in self.legal_moves(seat) if m == f"run t{index}" or m.startswith(f"run t{index} ")]
        wrong = ""
        if move.extra and not any(m.endswith(" extra") for m in listed):
            if self.power(seat, "marie") == 0:
                wrong = tr("Only Marie activates a building of another number (`extra`).") + " "
            elif self.marie_used:
                wrong = tr("Marie's extra activation is used already this turn.") + " "
            elif self._matches(entry, self.value[seat]):
                wrong = tr("t{index} matches your die: it needs no `extra`.").format(index=index) + " "
            else:
                wrong = tr("Marie's extra activation costs 1 energy, and you have no energy.") + " "
        if listed:
            return wrong + tr("t{index} can be activated as: {moves}.").format(
                index=index, moves=", ".join(f"`{m}`" for m in listed))
        return wrong + tr(RUN_NEEDS.get(spec.kind, RUN_NEEDS_ELSE)).format(index=f"t{index}",
                                                                          name=W.kind_name(spec.kind))

    # handlers ------------------------------------------------------------------------
    def _play_character(self, seat: int, move: M.Character) -> None:
        name = move.name
        self.chars[seat] = name
        self.dealt.remove(name)
        self._note(f"chose {D.CHARACTER_NAMES[name]}")
        if seat == 0:
            self.dealt = []
            self._start_round()
        else:
            self.current = seat - 1

    def _start_round(self) -> None:
        self.round += 1
        self.phase = "turn"
        self.turn_no = 0
        self.current = self.first
        self.step = "pick"
        dice = [self.rng.randint(1, 6) for _ in range(D.DICE_BY_PLAYERS[self.n])]
        counts = [0] * 7
        for face in dice:
            counts[face] += 1
        while any(c > D.MAX_PER_FACE for c in counts):
            extra = 0
            for face in range(1, 7):
                if counts[face] > D.MAX_PER_FACE:
                    extra += counts[face] - D.MAX_PER_FACE
                    counts[face] = D.MAX_PER_FACE
            for _ in range(extra):
                counts[self.rng.randint(1, 6)] += 1
        self.forge = counts
        self.bonus_die = 0
        rolled = " ".join(str(face) for face in range(1, 7) for _ in range(counts[face]))
        self._note(f"round {self.round}: the dice show {rolled}")  # verbatim: the record, in English (words.say)

    def _play_die(self, seat: int, move: M.Die) -> None:
        face = move.face
        self.forge[face] -= 1
        value = face
        if move.to:
            value = move.to
            if not self.power(seat, "charles"):
                self.res[seat][E] -= 1
        elif move.reroll:
            value = self.rng.randint(1, 6)
            self.res[seat][E] += 1
            gained = "+1 energy"
            if self.power(seat, "jacques") >= 2:
                self.res[seat][ST] += 1
                gained += " +1 steel"
            self._note(f"re-rolled it to {value} ({gained})")  # verbatim: the record, in English (words.say)
        self.drafted[seat].append(value)
        self.value[seat] = value
        self.marie_used = False
        self.step = "act"

    def _play_claim(self, seat: int, move: M.Claim) -> None:
        slot = D.SLOTS.index(move.slot)
        tile_id = self.offer[slot]
        self._refill(slot)
        self.step = "blueprint"
        self._place(seat, tile_id, (move.q, move.r))

    def _play_discard(self, seat: int, move: M.Discard) -> None:
        slot = D.SLOTS.index(move.slot)
        self.discarded.append(self.offer[slot])
        self._refill(slot)
        self.res[seat][E] += 2
        self.step = "blueprint"

    def _refill(self, slot: int) -> None:
        self.offer[slot] = self.stack.pop() if self.stack else -1

    def _place(self, seat: int, tile_id: int, cell: tuple[int, int]) -> None:
        island, at = self.islands[seat], self._at[seat]
        entry = [tile_id, cell[0], cell[1], 0, "", "", 0]
        at[cell] = len(island)
        island.append(entry)
        self._free[seat] = None
        links = self._new_links(seat, len(island) - 1)
        spec = D.tile(tile_id)
        self._note(f"placed {spec.kind:02d} {D.KIND_NAMES[spec.kind]} as t{len(island) - 1}")  # verbatim: the record, in English (words.say)
        if links:
            self._gain_fame(seat, links, f"{links} new guild link{'s' if links > 1 else ''}")  # verbatim: the record, in English (words.say)
        self._depot_benefit(seat, spec.kind)

    def _depot_benefit(self, seat: int, kind: int) -> None:
        if kind == 2:
            self.tasks[seat].append({"t": "deploy"})
        elif kind == 3:
            self.res[seat][ST] += 1
        elif kind == 4:
            self.res[seat][P] += 1

    def _gain_fame(self, seat: int, amount: int, why: str) -> None:
        before = self.fame[seat]
        self.fame[seat] += amount
        self._note(f"+{amount} fame ({why})")
        for trumpet, word in zip(D.TRUMPETS, ("basic", "advanced"), strict=True):
            if before < trumpet <= self.fame[seat] and self.chars[seat]:
                self._note(f"reached the {word} power of {D.CHARACTER_NAMES[self.chars[seat]].split(',')[0]}")  # verbatim: the record, in English (words.say)
        if self.chars[seat] == "amelia" and self.level(seat) and not self.amelia_used[seat]:
            self.amelia_used[seat] = True
            if self.level(seat) >= 2:
                self.tasks[seat].append({"t": "gain"})
            else:
                self.res[seat][E] += 1
                self._note("Amelia: +1 energy")

    def _play_run(self, seat: int, move: M.Run) -> None:
        index = move.tile
        tasks = self.tasks[seat]
        if tasks and tasks[-1]["t"] == "any":
            task = tasks[-1]
            task["left"] -= 1
            if task["left"] <= 0:
                tasks.pop()
        elif self.phase == "turn":
            self.step = "run"
        if move.extra:
            self.marie_used = True
            if self.power(seat, "marie") == 1:
                self.res[seat][E] -= 1
        self._activate(seat, index, move.choice)

    def _activate(self, seat: int, index: int, choice: str) -> None:
        entry = self.islands[seat][index]
        entry[WORKER] = 2
        kind = D.tile(entry[TILE]).kind
        task, change = RUN_TASK.get(kind), RUN_YIELD.get(kind, {})
        if kind == D.CAPITOL:
            task, change = (RUN_TASK[8], {}) if choice == "deploy" else (None, CAPITOL_GOODS)
        elif kind == CRYSTAL_TRADER:
            change = TRADES.get(choice, SELL_STEEL)
        if task:
            self.tasks[seat].append(task())
        res = self.res[seat]
        for resource, amount in change.items():
            res[resource] += amount
        if entry[PROD]:
            res[D.RES_LETTER.index(entry[PROD])] += 1

    def _play_deploy(self, seat: int, move: M.Deploy) -> None:
        space = D.SPACE_INDEX[move.space]
        index = move.tile
        self.tasks[seat].pop()
        dock = self.dock[seat]
        dock[space] = 0
        self.islands[seat][index][WORKER] = 1
        column, row = space % D.COLUMNS, space // D.COLUMNS
        rewards = []
        if not any(dock[r * D.COLUMNS + column] for r in range(D.ROWS)):
            rewards.append((f"column {D.COLUMN_LETTERS[column]}", D.COLUMN_REWARDS[column]))
        if not any(dock[row * D.COLUMNS: (row + 1) * D.COLUMNS]):
            rewards.append((f"row {row + 1}", D.ROW_REWARDS[row]))
        for name, reward in rewards:
            self.cleared[seat].append(name)
            self._note(f"cleared {name}: {D.REWARD_TEXT[reward]}")
            self._reward(seat, reward)

    def _reward(self, seat: int, reward: str) -> None:
        res, tasks = self.res[seat], self.tasks[seat]
        if reward == "part":
            res[P] += 1
        elif reward == "es":
            res[E] += 1
            res[ST] += 1
        elif reward == "fame3":
            self._gain_fame(seat, 3, "dock reward")  # verbatim: the record, in English (words.say)
        elif reward == "tile":
            if self.stack:
                tile_id = self.stack.pop()
                spec = D.tile(tile_id)
                self._note(f"drew {spec.kind:02d} {D.KIND_NAMES[spec.kind]}")
                tasks.append({"t": "place", "tile": tile_id})
        elif reward == "any2":
            tasks.append({"t": "any", "left": 2})
        elif reward == "depot2":
            tasks.append({"t": "depot", "left": 2, "used": []})
        elif reward == "deploy":
            tasks.append({"t": "deploy"})

    def _play_place(self, seat: int, move: M.Place) -> None:
        task = self.tasks[seat].pop()
        self._place(seat, task["tile"], (move.q, move.r))

    def _play_depot(self, seat: int, move: M.Depot) -> None:
        index = move.tile
        task = self.tasks[seat][-1]
        task["left"] -= 1
        task["used"].append(index)
        if task["left"] <= 0:
            self.tasks[seat].pop()
        self._depot_benefit(seat, D.tile(self.islands[seat][index][TILE]).kind)

    def _play_gain(self, seat: int, move: M.Gain) -> None:
        self.tasks[seat].pop()
        self.res[seat][E if move.resource == "energy" else ST] += 1

    def _play_value(self, seat: int, move: M.Value) -> None:
        self.tasks[seat].pop()
        self.value[seat] = move.value

    def _play_skip(self, seat: int, move: M.Skip) -> None:
        self.tasks[seat].pop()

    def _play_stop(self, seat: int, move: M.Stop) -> None:
        if self.phase == "bonus":
            self.waiting.remove(seat)
            self.value[seat] = 0
        else:
            self.step = "blueprint"

    def _play_blueprint(self, seat: int, move: M.Blueprint) -> None:
        card = D.BLUEPRINT_BY_ID[move.card]
        res = self.res[seat]
        for i in range(3):
            res[i] -= card.cost[i]
        self.hands[seat].remove(card.id)
        self.done[seat].append(card.id)
        code = card.upgrade
        self._note(f"completed Blueprint {card.id} ({card.vp} VP, {D.UPGRADE_NAMES[code]})")  # verbatim: the record, in English (words.say)
        if move.tile < 0:
            self.unused[seat].append(code)
        else:
            index = move.tile
            entry = self.islands[seat][index]
            if code == "W":
                entry[WILD] = 1
            elif code[0] == "P":
                entry[PROD] = code[1]
            else:
                entry[BANNER] = code[1]
                links = self._new_links(seat, index, code[1])
                if links:
                    self._gain_fame(seat, links, f"{links} new guild link{'s' if links > 1 else ''}")  # verbatim: the record, in English (words.say)
        nicola = self.power(seat, "nicola")
        if nicola >= 2:
            self.tasks[seat].append({"t": "gain"})
        elif nicola:
            res[E] += 1
            self._note("Nicola: +1 energy")
        if any(self.bp_offer) or any(self.bp_stacks):
            self.step = "take"
        else:
            self._end_turn()

    def _play_pass(self, seat: int, move: M.Pass) -> None:
        self._end_turn()

    def _play_take(self, seat: int, move: M.Take) -> None:
        card_id = move.card
        level = D.BLUEPRINT_BY_ID[card_id].level - 1
        self.bp_offer[level].remove(card_id)
        if self.bp_stacks[level]:
            self.bp_offer[level].append(self.bp_stacks[level].pop())
        self.hands[seat].append(card_id)
        self.hands[seat].sort()
        self._end_turn()

    def _play_draw(self, seat: int, move: M.Draw) -> None:
        level = STACK_LEVEL[move.stack]
        card_id = self.bp_stacks[level].pop()
        self.hands[seat].append(card_id)
        self.hands[seat].sort()
        self.last["secret"] = card_id  # only the drawer is told which
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn_no += 1
        self.value[self.current] = 0
        if self.turn_no >= 2 * self.n:
            self._start_bonus()
            return
        self.current = (self.first + self.turn_no) % self.n
        self.step = "pick"

    def _start_bonus(self) -> None:
        self.phase = "bonus"
        self.step = ""
        face = next(f for f in range(1, 7) if self.forge[f])
        self.bonus_die = face
        self.waiting = list(range(self.n))
        for seat in range(self.n):
            nelson = self.power(seat, "nelson")
            self.value[seat] = face
            if nelson:
                self.tasks[seat].append({"t": "value", "level": nelson})
        self._note(f"the bonus die shows {face}: everyone may activate with it")  # verbatim: the record, in English (words.say)

    def _settle(self) -> None:
        """Drop choices that have no option left, close activations with nothing left to do."""
        seats = self.waiting if self.phase == "bonus" else [self.current]
        for seat in list(seats):
            tasks = self.tasks[seat]
            while tasks and not self._task_moves(seat, tasks[-1]):
                tasks.pop()
            if tasks:
                continue
            if self.phase == "bonus":
                if not self._run_moves(seat, self.value[seat], False):
                    self.waiting.remove(seat)
                    self.value[seat] = 0
            elif self.phase == "turn" and self.step == "run":
                if not self._run_moves(seat, self.value[seat], self._marie_ok(seat)):
                    self.step = "blueprint"
        if self.phase == "bonus" and not self.waiting:
            self._end_round()
        self._legal = None

    def _end_round(self) -> None:
        ended = []
        if any(len(done) >= D.BLUEPRINTS_TO_END for done in self.done):
            ended.append("a player completed 7 Blueprints")  # verbatim: the record, in English (words.say)
        if any(not any(dock) for dock in self.dock):
            ended.append("a player deployed every worker")  # verbatim: the record, in English (words.say)
        if not self.stack:
            ended.append("the draw stack is empty")  # verbatim: the record, in English (words.say)
        self.forge = [0] * 7
        self.drafted = [[] for _ in range(self.n)]
        if ended:
            self.phase = "over"
            self.step = ""
            self.bonus_die = 0
            self._note("the game ends: " + "; ".join(ended))  # verbatim: the record, in English (words.say)
            return
        for island in self.islands:
            for entry in island:
                if entry[WORKER] == 2:
                    entry[WORKER] = 1
        self.amelia_used = [False] * self.n
        self.first = (self.first + 1) % self.n
        self._start_round()

    # -- scores -----------------------------------------------------------------------
    def score(self, seat: int) -> dict[str, Any]:
        vp = sum(D.BLUEPRINT_BY_ID[c].vp for c in self.done[seat])
        return S.breakdown(self.fame[seat], self.res[seat], len(self.unused[seat]), self.islands[seat], vp,
                           sum(self.dock[seat]))

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        details = [self.score(seat) for seat in range(self.n)]
        totals = [d["total"] for d in details]
        keys = [(totals[s], details[s]["undeployed"]) for s in range(self.n)]
        ranks = rank_by(keys)
        tiebreak = ""
        for seat in range(self.n):
            tied = [o for o in range(self.n) if totals[o] == totals[seat]]
            if len(tied) > 1:
                if len({details[o]["undeployed"] for o in tied}) > 1:
                    tiebreak = tr("equal scores were split by the most workers left on the dock")
                if len({keys[o] for o in tied}) < len(tied):
                    tiebreak = (tiebreak + "; " if tiebreak else "") + \
                        tr("players equal in score and dock workers share their place")
                    break
        return Outcome(ranks, [float(t) for t in totals], tiebreak, details)

    # -- views and words ---------------------------------------------------------------
    @staticmethod
    def tile_view(tile_id: int) -> dict[str, Any]:
        spec = D.tile(tile_id)
        return {"id": tile_id, "kind": spec.kind, "name": D.KIND_NAMES[spec.kind], "number": spec.number,
                "banner": spec.banner, "hub": spec.hub, "slots": spec.slots, "effect": D.EFFECT_TEXT[spec.kind]}

    @staticmethod
    def card_view(card_id: int) -> dict[str, Any]:
        card = D.BLUEPRINT_BY_ID[card_id]
        return {"id": card.id, "level": card.level, "cost": list(card.cost), "vp": card.vp, "upgrade": card.upgrade}

    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for other in range(self.n):
            island = []
            for index, entry in enumerate(self.islands[other]):
                item = self.tile_view(entry[TILE])
                item.update({"label": f"t{index}", "q": entry[Q], "r": entry[R], "worker": entry[WORKER],
                             "prod": entry[PROD], "ubanner": entry[BANNER], "wild": entry[WILD]})
                island.append(item)
            players.append({
                "character": self.chars[other], "level": self.level(other), "fame": self.fame[other],
                "tokens": self.fame[other] // D.TRACK_SPACES, "track": self.fame[other] % D.TRACK_SPACES,
                "resources": list(self.res[other]), "dock": list(self.dock[other]),
                "cleared": list(self.cleared[other]), "drafted": list(self.drafted[other]),
                "hand": len(self.hands[other]), "done": [self.card_view(c) for c in self.done[other]],
                "unused": list(self.unused[other]), "island": island, "links": self.links_total(other),
                "tasks": [task["t"] for task in self.tasks[other]], "value": self.value[other],
            })
        result: dict[str, Any] = {
            "game": self.key, "phase": self.phase, "round": self.round, "first": self.first,
            "current": self.current, "step": self.step, "to_act": self.to_act(),
            "forge": self.forge[1:], "bonus_die": self.bonus_die,
            "offer": [self.tile_view(t) if t >= 0 else None for t in self.offer],
            "stack": len(self.stack), "discarded": len(self.discarded),
            "bp_offer": [[self.card_view(c) for c in level] for level in self.bp_offer],
            "bp_stacks": [len(s) for s in self.bp_stacks], "dealt": list(self.dealt),
            "players": players, "last": {"seat": self.last.get("seat"), "move": self.last.get("move"),
                                         "notes": list(self.last.get("notes", [])),
                                         "turn": [[step, list(said)] for step, said in self.last.get("turn", [])]},
            "seat": seat,
        }
        if self.phase == "over":
            outcome = self.outcome()
            result["final"] = {"scores": outcome.scores, "ranks": outcome.ranks, "details": outcome.details,
                               "tiebreak": outcome.tiebreak}
        if seat is not None and 0 <= seat < self.n:
            have = self.res[seat]
            result["hand"] = [dict(self.card_view(c), payable=all(have[i] >= D.BLUEPRINT_BY_ID[c].cost[i]
                                                                  for i in range(3)))
                              for c in self.hands[seat]]
        return result

    def status(self, names: Sequence[str]) -> str:
        fame = tr("Score so far: {scores}").format(
            scores=", ".join(f"{names[s]} {self.score(s)['total']}" for s in range(self.n)))
        if self.phase == "over":
            outcome = self.outcome()
            best = [names[s] for s in outcome.winners]
            scores = ", ".join(f"{names[s]} {int(outcome.scores[s])}" for s in range(self.n))
            return ngettext("The game is over: {winners} wins. Scores: {scores}.",
                            "The game is over: {winners} win. Scores: {scores}.", len(best)).format(
                winners=W.and_join(best), scores=scores)
        if self.phase == "characters":
            dealt = "; ".join(f"{tr(D.CHARACTER_NAMES[c])} (`character {c}`): {tr(D.CHARACTER_POWERS[c][0])}"
                              for c in self.dealt)
            return tr("{name} chooses a character: {dealt}.").format(name=names[self.current], dealt=dealt)
        if self.phase == "bonus":
            who = ", ".join(names[s] for s in self.waiting)
            return tr("Round {round}: the bonus die shows {value}; waiting for {names}. {score}.").format(
                round=self.round, value=self.bonus_die, names=who, score=fame)
        seat = self.current
        value = self.value[seat] if self.step in ("act", "run") else 0
        if self.tasks[seat]:
            task = self.tasks[seat][-1]["t"]
            doing = tr(TASK_WORDS_WITH[task] if value else TASK_WORDS[task])
        elif value and self.step in STEP_WORDS_WITH:
            doing = tr(STEP_WORDS_WITH[self.step])
        elif self.step in STEP_WORDS:
            doing = tr(STEP_WORDS[self.step])
        else:
            doing = "{name} is " + self.step + (" with a {value}" if value else "")  # verbatim: no such step is reached
        return tr("Round {round}, turn {turn} of {turns}: {doing}. {score}.").format(
            round=self.round, turn=self.turn_no + 1, turns=2 * self.n, score=fame,
            doing=doing.format(name=names[seat], value=value))

    def describe_move(self, seat: int, move: str, names: Sequence[str]) -> str:
        who = names[seat]
        text = self.last.get("move", self.normalize(move))
        notes = list(self.last.get("notes", []))
        steps = self.last.get("steps", [])
        line = f"{who}: `{text}`"
        if len(steps) > 1:  # steps sent together: each told with what it did
            line = f"{who}: " + "; ".join(f"`{step}`" + (f" ({', '.join(W.say_all(said))})" if said else "")
                                          for step, said in steps)
        elif notes:
            line += " — " + "; ".join(W.say_all(notes))
        turn = self.last.get("turn", [])
        seat_of = self.last.get("seat")
        if len(turn) > len(steps) and self.last.get("turn_key") != self._turn_key(seat_of) \
                and self.phase != "characters":  # the turn is over: everything it did, step by step
            line += ". " + tr("{name}'s turn: {steps}").format(
                name=who, steps="; ".join(f"`{step}`" + (f" ({', '.join(W.say_all(said))})" if said else "")
                                          for step, said in turn))
        if self.phase == "over":
            line += ". " + self.final_text(names)
        return line + "."

    def final_text(self, names: Sequence[str]) -> str:
        """Each player's final score by source, best first, and the tie-break if one decided."""
        outcome = self.outcome()
        parts = []
        for seat in sorted(range(self.n), key=lambda s: (outcome.ranks[s], s)):
            d = outcome.details[seat]
            sources = [tr("fame {count}").format(count=d["fame"]),
                       tr("resources {count}").format(count=d["energy"] + d["steel"] + d["parts"]),
                       tr("upgrades {count}").format(count=d["upgrades"])]
            sources += [f"{tr(name)} {vp}" for name, vp in d["landmarks"].items()]
            sources.append(tr("Blueprints {count}").format(count=d["blueprints"]))
            parts.append(f"{outcome.ranks[seat]}. {names[seat]} {d['total']} ({', '.join(sources)})")
        text = tr("Final: {scores}").format(scores="; ".join(parts))
        if outcome.tiebreak:
            text += ". " + tr("Tie-break: {rule}").format(rule=outcome.tiebreak)
        return text

    def private_text(self, seat: int, names: Sequence[str]) -> str:
        if not 0 <= seat < self.n:
            return ""
        have = self.res[seat]
        lines = []
        secret = self.last.get("secret")
        if secret and self.last.get("seat") == seat:
            lines.append(tr("You drew Blueprint {card}.").format(card=secret))
        lines.append(ngettext("Your resources: {energy} energy, {steel} steel, {parts} part.",
                              "Your resources: {energy} energy, {steel} steel, {parts} parts.", have[P]).format(
            energy=have[E], steel=have[ST], parts=have[P]))
        lines.append(tr("Your Blueprints:"))
        for card_id in self.hands[seat]:
            card = D.BLUEPRINT_BY_ID[card_id]
            ok = all(have[i] >= card.cost[i] for i in range(3))
            line = (tr("- {card} (level {level}): costs {cost}, {vp} VP, {upgrade} — you can pay it now") if ok else
                    tr("- {card} (level {level}): costs {cost}, {vp} VP, {upgrade}"))
            lines.append(line.format(card=card.id, level="I" * card.level, cost=W.cost_words(card.cost), vp=card.vp,
                                     upgrade=tr(D.UPGRADE_NAMES[card.upgrade])))
        if not self.hands[seat]:
            lines.append(tr("- none"))
        return "\n".join(lines)

    def private_change(self, seat: int, before: Game) -> str:
        """Blueprints that came into the seat's hidden hand or left it (resources lie open)."""
        if not 0 <= seat < self.n or not isinstance(before, PropellerGame) or seat >= before.n:
            return ""
        got = [c for c in self.hands[seat] if c not in before.hands[seat]]
        gone = [c for c in before.hands[seat] if c not in self.hands[seat]]
        return ", ".join([tr("+Blueprint {card}").format(card=c) for c in got]
                         + [tr("-Blueprint {card}").format(card=c) for c in gone])

    def score_breakdown(self, seat: int) -> str:
        """The final score by source, from `score`."""
        if self.phase != "over":
            return ""
        return self._sources(self.score(seat))

    @staticmethod
    def _sources(info: dict[str, Any]) -> str:
        """`fame 7 points, steel 3 points, Archives 4 points`: the score by source, each in points."""
        parts = [(tr("fame"), info["fame"]), (tr("energy"), info["energy"]), (tr("steel"), info["steel"]),
                 (tr("parts"), info["parts"]), (tr("upgrades"), info["upgrades"]),
                 (tr("Blueprints"), info["blueprints"]), *((tr(name), vp) for name, vp in info["landmarks"].items())]
        return ", ".join(ngettext("{source} {count} point", "{source} {count} points", points).format(
            source=label, count=points) for label, points in parts if points)

    def score_when_stopped(self, seat: int) -> str:
        """The score as the end would count it now, by source (the final message of a game stopped
        by resignation; nothing is hidden any more)."""
        info = self.score(seat)
        return tr("{total} VP: {sources}").format(total=info["total"], sources=self._sources(info) or tr("none"))

    def redeal_hidden(self, rng: random.Random) -> bool:
        """Blueprint hands are hidden: pool the cards of each level over the seats and deal
        them back, each seat keeping how many of each level it holds."""
        self._deal_anew(rng, range(self.n), with_stacks=False)
        return True

    def _deal_anew(self, rng: random.Random, seats: Sequence[int], with_stacks: bool) -> None:
        """Pool the Blueprints of each level held by `seats` (and those of the face-down stacks
        when `with_stacks`), shuffle and deal them back: each seat keeps its count per level,
        the stacks their size. The pool is sorted first, so where the cards were says nothing."""
        for level in (1, 2):
            pool = [c for s in seats for c in self.hands[s] if D.BLUEPRINT_BY_ID[c].level == level]
            if with_stacks:
                pool += self.bp_stacks[level - 1]
            pool.sort()
            rng.shuffle(pool)
            for s in seats:
                hand = self.hands[s]
                count = sum(1 for c in hand if D.BLUEPRINT_BY_ID[c].level == level)
                hand[:] = sorted([c for c in hand if D.BLUEPRINT_BY_ID[c].level != level] + pool[:count])
                pool = pool[count:]
            if with_stacks:
                self.bp_stacks[level - 1] = pool

    def redraw_hidden(self, seat: int, rng: random.Random) -> PropellerGame:
        """A copy in which what `seat` cannot see is drawn afresh, every count kept: the other
        seats' Blueprints (how many of each level each holds), the order of both Blueprint
        stacks and of the tile stack, and the dice to come (a new seed for the game's Rng)."""
        world = self.copy()
        world._deal_anew(rng, [s for s in range(self.n) if s != seat], with_stacks=True)
        world.stack.sort()  # the order the stack had says nothing either
        rng.shuffle(world.stack)
        world.rng = Rng(rng.randrange(2**53))
        if world.last.get("seat") != seat:
            world.last.pop("secret", None)
        return world

    def estimate(self, seat: int) -> float:
        """The seat's position in rough end points (the heuristic player's `value`), ahead of the best rival."""
        worth = [value(self, s) for s in range(self.n)]
        return worth[seat] - max(w for s, w in enumerate(worth) if s != seat)

    def can_take_back(self, before: Game, seat: int, move: str) -> bool:
        # dice come from the Rng; tiles and Blueprints from shuffled stacks; a completed Blueprint
        # leaves a hidden hand. Only a card taken from the open offer may enter a hand.
        assert isinstance(before, PropellerGame)
        if not M.NOTATION.takes_back(move):
            return False
        if not rng_untouched(before, self) or len(self.stack) != len(before.stack):
            return False
        if [len(s) for s in self.bp_stacks] != [len(s) for s in before.bp_stacks]:
            return False
        if any(t >= 0 and t not in before.offer for t in self.offer):
            return False
        shown = {c for level in before.bp_offer for c in level}
        for old, new in zip(before.hands, self.hands, strict=True):
            if set(old) - set(new) or set(new) - set(old) - shown:
                return False
        return True

    def quick_moves(self, seat: int) -> list[str]:
        # Public buttons: only moves whose existence says nothing of a Blueprint hand.
        moves = self.legal_moves(seat)
        steps = [M.NOTATION.parse_steps(m) for m in moves]
        single = [(m, s[0]) for m, s in zip(moves, steps, strict=True) if len(s) == 1]
        quick = [m for m, step in single if type(step) in QUICK_ALONE]
        # each value on the forge first (six at most), then a re-roll if a place is left
        quick += [m for m, step in single if type(step) is M.Die and not step.to and not step.reroll]
        quick += [m for m, step in single if type(step) in QUICK_CHOICES and not (type(step) is M.Die and step.to)
                  and m not in quick]
        return quick[:6]

    def move_groups(self, seat: int) -> list[tuple[str, list[str]]]:
        groups: dict[str, list[str]] = {}
        for move in self.legal_moves(seat):
            groups.setdefault(tr(M.group(move)), []).append(move)
        return list(groups.items())



# buildings whose activation asks for no choice, and what they change (energy, steel, parts)
PLAIN_GAINS = {D.CAPITOL: (1, 1, 0), 5: (0, 0, 1), 6: (2, 0, 0), 7: (0, 1, 0), 9: (-2, 1, 1), 10: (0, -1, 2)}
PLAIN_KINDS = frozenset(PLAIN_GAINS)
STACK_LEVEL = {"i": 0, "ii": 1}
# public buttons (the kinds the move table allows on one), the steps that end or answer first;
# a die only as it lies on the forge
QUICK_ALONE = (M.Stop, M.Pass, M.Skip, M.Gain)
QUICK_CHOICES = tuple(kind for kind, verb in M.NOTATION.verbs.items() if verb.button and kind not in QUICK_ALONE)
