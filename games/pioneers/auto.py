"""Pioneer's Isle without its player (games/auto.py): the forced roll, standing answers to offers
and discards on a 7, and the public facts a planned build depends on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games import auto
from games.base import IllegalMove
from games.pioneers import data as D
from games.pioneers import moves as M
from lang import N_, tr

if TYPE_CHECKING:
    from games.pioneers.game import PioneersGame

KINDS = D.RESOURCES
# phases whose moves depend on the board alone (public): a single move there tells nothing
PUBLIC_PHASES = ("setup", "robber", "roads")


def kinds_of(value: str, what: str) -> list[str]:
    """Resource names from a player's words (`ore, grain wool`), each once, in their order."""
    found: list[str] = []
    for word in value.replace(",", " ").lower().split():
        name = next((k for k in KINDS if k.startswith(word)), None) if len(word) >= 2 else None
        if name is None:
            raise IllegalMove(tr("`{word}` is not a resource; {what} names some of: {kinds}.").format(
                word=word, what=what, kinds=", ".join(KINDS)))
        if name not in found:
            found.append(name)
    return found


class PioneersAuto(auto.AutoRules):
    answers = (
        auto.Answer("decline", N_("Offers to turn down at once: all, none, or the kinds they ask of you (ore wool)"),
                    "all"),
        auto.Answer("discard", N_("On a 7, discard by these kinds first (wool grain ...); off to choose yourself"),
                    "wool grain brick lumber ore"),  # verbatim: a value as typed
        auto.Answer("roll", N_("on: roll as your turn starts, even holding a card you could play first"), "on"),
    )
    out_of_turn = N_("Out of turn you answer offers and discard on a 7: `/auto decline:` and `/auto discard:` "
                     "answer them for you when the answer is legal.")

    def forced(self, game: PioneersGame, seat: int) -> str | None:
        if seat not in game.to_act():
            return self._forced_answer(game, seat)
        move = auto.only_move(game, seat)
        if move is None:
            return None
        if game.phase in PUBLIC_PHASES:
            return move
        if game.phase == "discard":
            return None  # which cards go is a hidden choice, even when the hand allows one
        # how many development cards a seat holds is public, which ones is not: a single move
        # is forced for all to see only when the seat could play none of them now (none held
        # but those bought this turn, or one already played this turn)
        unplayed = sum(game.devs[seat]) - sum(game.new_devs)
        cards_idle = unplayed <= 0 or game.dev_played
        if game.phase == "roll" and move == "roll" and cards_idle:
            return move
        if sum(game.hands[seat]) == 0 and cards_idle:
            return move  # nothing in hand to build, buy or trade with, and no card to play
        return None

    @staticmethod
    def _forced_answer(game: PioneersGame, seat: int) -> str | None:
        """A seat asked to answer an offer while holding no resource card can neither accept nor
        counter (its card count is public): its decline is forced, one offer at a time."""
        if sum(game.hands[seat]):
            return None
        for offer in game.offers:
            if offer["by"] != seat and seat not in offer["answers"]:
                move = f"decline {offer['id']}"
                return move if auto.legal_now(game, seat, move) else None
        return None

    def read(self, name: str, value: str) -> str:
        words = value.strip().lower()
        if name == "decline":
            if words in ("all", "none", "off"):
                return "none" if words == "off" else words
            return " ".join(kinds_of(words, "decline:"))
        if name == "roll":
            if words not in ("on", "off"):
                raise IllegalMove(tr("`roll:` is `on` (roll at once as your turn starts) or `off`."))
            return words
        if name == "discard":
            if words in ("off", "none"):
                return "off"
            return " ".join(kinds_of(words, "discard:"))
        return super().read(name, value)

    def standing(self, game: PioneersGame, seat: int, answers: dict[str, str]) -> str | None:
        if game.phase == "discard" and seat in game.discards:
            order = answers.get("discard", "off")
            return None if order == "off" else self._discard(game, seat, order.split())
        if answers.get("roll") == "on" and game.phase == "roll" and seat == game.current \
                and "roll" in game.legal_moves(seat):
            return "roll"  # the player's own order, followed whatever they hold: it tells nothing
        decline = answers.get("decline", "none")
        if decline == "none":
            return None
        asked = {KINDS.index(k) for k in decline.split()} if decline != "all" else None
        for offer in game.offers:
            if offer["by"] == seat or seat in offer["answers"]:
                continue
            if asked is None or any(offer["get"][k] for k in asked):
                move = f"decline {offer['id']}"
                if auto.legal_now(game, seat, move):
                    return move
        return None

    @staticmethod
    def _discard(game: PioneersGame, seat: int, order: list[str]) -> str | None:
        """The discard that gives up the first kinds of `order` first (the kinds left out, after
        them in the table's order)."""
        need = game.discards[seat]
        hand = list(game.hands[seat])
        cards = [0] * len(KINDS)
        for name in order + [k for k in KINDS if k not in order]:
            kind = KINDS.index(name)
            take = min(hand[kind], need)
            cards[kind] += take
            need -= take
        if need:
            return None
        move = M.discard_text(cards)
        return move if auto.legal_now(game, seat, move) else None

    def plan_mark(self, game: PioneersGame, seat: int, move: str) -> str:
        """The owners of the planned spot and of every corner and path beside it: a piece built
        next to it drops the plan. Other moves depend on the board only through being legal."""
        try:
            value = M.NOTATION.parse(move)
        except IllegalMove:
            return ""
        nodes: set[int] = set()
        if isinstance(value, M.Settlement | M.City):
            nodes = {value.node, *game.NODE_NEIGHBOURS[value.node]}
        elif isinstance(value, M.Road | M.Ship):
            nodes = set(game.EDGE_NODES[value.edge])
        if not nodes:
            return ""
        edges = sorted({e for n in nodes for e in game.NODE_EDGES[n]})
        return ";".join([",".join(f"{n}:{game.node_owner[n]}:{game.node_level[n]}" for n in sorted(nodes)),
                         ",".join(f"{e}:{game.edge_owner[e]}" for e in edges)])


AUTO = PioneersAuto()


class RampartsAuto(PioneersAuto):
    """Ramparts: the island's answers with hands of 8 kinds, and three more. `give:` answers a
    Festival's or Customs House's ask by a priority of kinds; `track:` (the deck a tied strongest
    defender draws from) and `cistern:` (the Cistern's resource) are read by the table itself."""

    # DESIGNED: `give:` is off until set, so a Festival's or a Customs House's ask waits for the
    # player as a 7's discards do: which cards leave a hand is the player's own choice, and a
    # priority they set (kinds first to go) answers it whenever that answer is legal.
    # `track:` and `cistern:` always have an answer (their defaults, ramparts_data.py): the table
    # makes those choices and never asks (`decided`).
    answers = PioneersAuto.answers + (
        auto.Answer("give", N_("When a card asks you to give, give these kinds first (wool grain ink ...); off to "
                               "choose yourself"), "off"),
        auto.Answer("track", N_("A tie at a won raid draws from this deck: commerce, council or lore; highest for "
                                "your highest level"), "highest", default="highest"),
        auto.Answer("cistern", N_("The Cistern's resource, the first of these the bank holds"),
                    "ore grain wool brick lumber",  # verbatim: a value as typed
                    default="ore grain wool brick lumber"),  # verbatim: a value as typed
    )
    out_of_turn = N_("Out of turn you answer offers, discard on a 7 or to a Firebrand, and give cards to a Festival or "
                     "a Customs House: `/auto decline:`, `/auto discard:` and `/auto give:` answer them for you when "
                     "the answer is legal; `/auto track:` and `/auto cistern:` say what the table picks for you.")

    def forced(self, game: PioneersGame, seat: int) -> str | None:
        # a progress card may be playable; how many a seat holds is public, which ones is not
        if game.progress[seat] and seat in game.to_act() and game.phase in ("roll", "main"):  # type: ignore[attr-defined]
            return None
        if seat in getattr(game, "pending", {}):
            return None  # which cards to give is a hidden choice
        return super().forced(game, seat)

    def decided(self, game: PioneersGame, seat: int, answers: dict[str, str]) -> str | None:
        """A tie's deck and the Cistern's resource: the first of the seat's standing answer the
        game allows, else the game's default order (its listed answers, default first)."""
        kind = getattr(game, "pending", {}).get(seat, {}).get("ask")
        if kind not in ("track", "cistern"):
            return None
        moves = game.legal_moves(seat)
        if not moves:
            return None
        if kind == "track":
            track = answers.get("track", "highest")
            wanted = [] if track == "highest" else [f"draw {track}"]
        else:
            wanted = [f"cistern {name}" for name in answers.get("cistern", "").split()]
        return next((move for move in wanted if move in moves), moves[0])

    def read(self, name: str, value: str) -> str:
        words = value.strip().lower()
        if name == "give":
            if words in ("off", "none"):
                return "off"
            return " ".join(_ramparts_kinds(words, "give:"))
        if name == "discard" and words not in ("off", "none"):
            return " ".join(_ramparts_kinds(words, "discard:"))
        if name in ("track", "cistern") and words in ("off", "none"):
            return "off"  # back to the default, which the table always has
        if name == "track":
            if words in ("highest", "commerce", "council", "lore"):
                return words
            raise IllegalMove(tr("`track:` is commerce, council, lore or highest."))
        if name == "cistern":
            return " ".join(kinds_of(words, "cistern:"))
        return super().read(name, value)

    def standing(self, game: PioneersGame, seat: int, answers: dict[str, str]) -> str | None:
        record = getattr(game, "pending", {}).get(seat)
        if record is not None and record.get("ask") == "discard":
            # a Firebrand's discards: `discard:` answers them as it answers a 7's
            return self._ramparts_discard(game, seat, record["count"], answers.get("discard", "off"))
        if record is not None:
            order = answers.get("give", "off")
            if order == "off":
                return None
            ranks = _ranks(order.split())
            gives = [move for move in game.legal_moves(seat) if move.startswith("give ")]
            if not gives:
                return None
            return min(gives, key=lambda move: (sum(ranks[kind] * count for kind, count in
                                                    enumerate(M.RAMPARTS_NOTATION.parse(move).cards)), move))
        if game.phase == "discard" and seat in game.discards:
            return self._ramparts_discard(game, seat, game.discards[seat], answers.get("discard", "off"))
        return super().standing(game, seat, answers)

    @staticmethod
    def _ramparts_discard(game: PioneersGame, seat: int, need: int, order: str) -> str | None:
        """The discard of `need` cards giving up the kinds of `order` first, when legal now."""
        if order == "off":
            return None
        hand = list(game.hands[seat])
        cards = [0] * len(RAMPARTS_KINDS)
        named = order.split()
        for name in named + [k for k in RAMPARTS_KINDS if k not in named]:
            kind = RAMPARTS_KINDS.index(name)
            take = min(hand[kind], need)
            cards[kind] += take
            need -= take
        move = M.discard_text(cards)
        return move if not need and auto.legal_now(game, seat, move) else None

    def plan_mark(self, game: PioneersGame, seat: int, move: str) -> str:
        """As on the island, read in Ramparts' notation, with the knights standing on those corners
        (a knight on a planned corner or beside a planned road changes what may be built)."""
        try:
            value = M.RAMPARTS_NOTATION.parse(move)
        except IllegalMove:
            return ""
        nodes: set[int] = set()
        if isinstance(value, M.Settlement | M.City | M.Wall | M.BuildKnight):
            nodes = {value.node, *game.NODE_NEIGHBOURS[value.node]}
        elif isinstance(value, M.Road):
            nodes = set(game.EDGE_NODES[value.edge])
        if not nodes:
            return ""
        knights = game.knight_at  # type: ignore[attr-defined]
        edges = sorted({e for n in nodes for e in game.NODE_EDGES[n]})
        return ";".join([",".join(f"{n}:{game.node_owner[n]}:{game.node_level[n]}:{knights.get(n, [-1])[0]}"
                                  for n in sorted(nodes)),
                         ",".join(f"{e}:{game.edge_owner[e]}" for e in edges)])


RAMPARTS_KINDS = M.KINDS


def _ramparts_kinds(value: str, what: str) -> list[str]:
    found: list[str] = []
    for word in value.replace(",", " ").lower().split():
        name = next((k for k in RAMPARTS_KINDS if k.startswith(word)), None) if len(word) >= 2 else None
        if name is None:
            raise IllegalMove(tr("`{word}` is not a card; {what} names some of: {kinds}.").format(
                word=word, what=what, kinds=", ".join(RAMPARTS_KINDS)))
        if name not in found:
            found.append(name)
    return found


def _ranks(order: list[str]) -> list[int]:
    """Per kind, its place in `order` (kinds left out come after, in the table's order)."""
    full = order + [k for k in RAMPARTS_KINDS if k not in order]
    return [full.index(kind) for kind in RAMPARTS_KINDS]


RAMPARTS_AUTO = RampartsAuto()
