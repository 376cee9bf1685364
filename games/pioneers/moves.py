"""The moves of Pioneer's Isle as values: one reader from text, one writer back.

`parse` reads a normalized text (after `Game.normalize`) into one of the small values below and
refuses text that is not a move in the notation; whether the move is allowed now is the rules'
business (game.py). `text` writes the canonical form, the one `legal_moves` lists. `NOTATION`
(`games.base.Notation`) is the move table: per kind of move its verb, reader, canonical text,
public words, menu group, the phases that allow it, whether it can be taken back and whether it
may stand on a public button; game.py plays each kind with its `_play_<kind>`.
Seats are written as player numbers 1..n and kept here from 0; offers keep their numbers.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import IllegalMove, Notation, PlaceWord, Verb, is_number
from games.pioneers import board as B
from games.pioneers import data as D
from games.pioneers import progress as P
from games.pioneers import ramparts_data as RD
from games.pioneers.move_values import Amounts, City, Discard, Improve, Promote, Wall, close_line
from lang import N_, ngettext, tr

R = D.RESOURCES
KINDS = RD.KINDS  # resources, then Ramparts' commodities (a Ramparts hand holds all 8)
PLAYERS_MOST = 4


@dataclass(frozen=True, slots=True)
class Roll:
    pass


@dataclass(frozen=True, slots=True)
class End:
    pass


@dataclass(frozen=True, slots=True)
class Robber:
    hex: int
    victim: int | None  # the seat robbed; None when nobody is named


@dataclass(frozen=True, slots=True)
class Settlement:
    node: int


@dataclass(frozen=True, slots=True)
class Road:
    edge: int


@dataclass(frozen=True, slots=True)
class BuyCard:
    pass


@dataclass(frozen=True, slots=True)
class Knight:
    pass


@dataclass(frozen=True, slots=True)
class RoadBuilding:
    pass


@dataclass(frozen=True, slots=True)
class Plenty:
    resources: tuple[int, ...]  # in resource order; the bank's stock decides whether it is allowed


@dataclass(frozen=True, slots=True)
class Monopoly:
    resource: int


@dataclass(frozen=True, slots=True)
class Trade:
    give: Amounts
    get: Amounts


@dataclass(frozen=True, slots=True)
class Offer:
    give: Amounts
    get: Amounts


@dataclass(frozen=True, slots=True)
class Accept:
    offer: int


@dataclass(frozen=True, slots=True)
class Decline:
    offer: int


@dataclass(frozen=True, slots=True)
class Counter:
    offer: int
    give: Amounts  # what the answerer gives
    get: Amounts  # what the answerer gets


@dataclass(frozen=True, slots=True)
class Confirm:
    offer: int
    partner: int  # the seat whose answer is taken


@dataclass(frozen=True, slots=True)
class Cancel:
    offer: int


@dataclass(frozen=True, slots=True)
class Ship:
    edge: int


@dataclass(frozen=True, slots=True)
class MoveShip:
    edge: int  # where the ship stands
    to: int  # where it goes


@dataclass(frozen=True, slots=True)
class Pirate:
    hex: int
    victim: int | None  # the seat robbed; None when nobody is named


@dataclass(frozen=True, slots=True)
class Gold:
    cards: Amounts  # the cards chosen from the bank for gold fields


Move = (Roll | End | Discard | Robber | Settlement | City | Road | BuyCard | Knight | RoadBuilding | Plenty
        | Monopoly | Trade | Offer | Accept | Decline | Counter | Confirm | Cancel)
# a sea layout's moves: the base ones, ships, the pirate and gold
SeaMove = Move | Ship | MoveShip | Pirate | Gold
VARIANT_MOVES = {board: SeaMove for board in D.SEA_BOARDS}


# -- canonical texts, most made once ------------------------------------------------------------
def amounts_text(amounts: Sequence[int]) -> str:
    return " ".join(f"{count} {KINDS[index]}" for index, count in enumerate(amounts) if count)


def amounts_words(amounts: Sequence[int]) -> str:
    """`amounts_text` as people read it: the kinds' names in the current language (`2 Wolle 1 Erz`)."""
    return " ".join(f"{count} {D.kind_word(KINDS[index])}" for index, count in enumerate(amounts) if count)


# `2 wool` and the like: AMOUNT_WORDS[res][count]
AMOUNT_WORDS = [[f"{count} {name}" for count in range(D.BANK_PER_RESOURCE + 1)] for name in KINDS]


def discard_text(cards: Sequence[int]) -> str:
    """`discard ` and `amounts_text(cards)`, from words made once."""
    try:
        return "discard " + " ".join([AMOUNT_WORDS[res][count] for res, count in enumerate(cards) if count])
    except IndexError:  # more of one resource than the bank has
        return "discard " + amounts_text(cards)


class Texts:
    """The canonical texts of a board's placements, made once per board (`B.Geometry`)."""

    def __init__(self, geometry: B.Geometry) -> None:
        self.road = [f"road {label}" for label in geometry.edge_labels]
        self.ship = [f"ship {label}" for label in geometry.edge_labels]
        self.settlement = [f"settlement {node + 1}" for node in range(geometry.node_count)]
        self.city = [f"city {node + 1}" for node in range(geometry.node_count)]
        # per hex and set of seats that could be robbed there (as bits): the robber's moves to that
        # hex, `robber K steal N` for each of those seats in order, or `robber K` when there are none
        self.robber = self._thief("robber", geometry.hex_labels)
        self.pirate = self._thief("pirate", geometry.hex_labels)

    @staticmethod
    def _thief(word: str, labels: Sequence[str]) -> list[list[list[str]]]:
        return [[[f"{word} {label} steal {victim + 1}" for victim in range(PLAYERS_MOST) if victims >> victim & 1]
                 or [f"{word} {label}"] for victims in range(1 << PLAYERS_MOST)] for label in labels]


BASE_TEXTS = Texts(B.BASE)
ROAD_MOVES = BASE_TEXTS.road
SETTLEMENT_MOVES = BASE_TEXTS.settlement
CITY_MOVES = BASE_TEXTS.city
ROBBER_MOVES = BASE_TEXTS.robber
TRADE_MOVES = {rate: [[f"trade {rate} {R[give]} for 1 {R[get]}" for get in range(5)] for give in range(5)]  # verbatim
               for rate in (2, 3, 4)}
# the same when the bank holds every resource
TRADE_ANY = {rate: [[table[get] for get in range(5) if get != give] for give, table in enumerate(tables)]
             for rate, tables in TRADE_MOVES.items()}
OFFER_MOVES = [[f"offer 1 {R[give]} for 1 {R[get]}" for get in range(5) if get != give] for give in range(5)]
# every offer of a hand, by which resources it holds
OFFERS_HOLDING = {held: [move for give in range(5) if held[give] for move in OFFER_MOVES[give]]
                  for held in itertools.product((False, True), repeat=5)}


def robber_text(hex_index: int, victim: int | None, labels: Sequence[str] = B.HEX_LABELS,
                word: str = "robber") -> str:
    label = labels[hex_index]
    return f"{word} {label}" if victim is None else f"{word} {label} steal {victim + 1}"


def plenty_text(resources: Sequence[int]) -> str:
    return "year of plenty " + " ".join(R[i] for i in resources)  # verbatim: a move


def trade_text(verb: str, give: Sequence[int], get: Sequence[int]) -> str:
    return f"{verb} {amounts_text(give)} for {amounts_text(get)}"


def counter_text(offer: int, give: Sequence[int], get: Sequence[int]) -> str:
    return f"counter {offer} give {amounts_text(give)} get {amounts_text(get)}"  # verbatim: a move


# -- reading ------------------------------------------------------------------------------------
def parse_amounts(tokens: Sequence[str], kinds: int = 5) -> list[int]:
    """`["2", "wool", "1", "ore"]` -> five counts; a bare resource name counts as one. With
    `kinds` 8 (Ramparts) the commodities follow the resources."""
    amounts = [0] * kinds
    count = None
    for token in tokens:
        if is_number(token):
            if count is not None:
                raise IllegalMove(tr("`{count} {token}`: give a resource after each number.").format(count=count, token=token))
            count = int(token)
            continue
        name = token.rstrip(",")
        index = RD.KIND_INDEX.get(name)
        if index is None or index >= kinds:
            if kinds > 5:
                raise IllegalMove(tr("`{token}` is not a card; use {kinds}.").format(
                    token=token, kinds=", ".join(KINDS[:kinds])))
            raise IllegalMove(tr("`{token}` is not a resource; use {kinds}.").format(token=token, kinds=", ".join(R)))
        amounts[index] += 1 if count is None else count
        count = None
    if count is not None:
        raise IllegalMove(tr("`{count}` needs a resource after it.").format(count=count))
    return amounts


def split_for(words: Sequence[str], what: str, kinds: int = 5) -> tuple[Amounts, Amounts]:
    """The two sides of `<cards> for <cards>`."""
    if "for" not in words:
        raise IllegalMove(tr("Write `{what} <cards> for <cards>`, e.g. `{what} 1 wool for 1 ore`.").format(what=what))
    cut = list(words).index("for")
    give, get = parse_amounts(words[:cut], kinds), parse_amounts(words[cut + 1:], kinds)
    if not any(give) or not any(get):
        raise IllegalMove(tr("Both sides of a trade need at least one card."))
    if any(a and b for a, b in zip(give, get, strict=True)):
        raise IllegalMove(tr("A resource may not stand on both sides of a trade."))
    return tuple(give), tuple(get)  # type: ignore[return-value]


def counter_terms(words: Sequence[str], number: int, kinds: int = 5) -> tuple[Amounts, Amounts]:
    """What the answerer gives and gets: `give 2 ore get 1 wool`, or the older `2 ore for 1 wool`
    (the answerer's cards first too, so logs written before `give`/`get` replay the same)."""
    if list(words[:1]) != ["give"]:
        return split_for(words, f"counter {number}", kinds)
    if "get" not in words:
        raise IllegalMove(tr("Write `counter {number} give <your cards> get <their cards>`, "
                             "e.g. `counter {number} give 1 wool get 1 ore`.").format(number=number))
    cut = list(words).index("get")
    return split_for([*words[1:cut], "for", *words[cut + 1:]], f"counter {number}", kinds)


def offer_number(token: str) -> int:
    token = token.lstrip("#")
    if not is_number(token):
        raise IllegalMove(tr("`{token}` is not an offer number.").format(token=token))
    return int(token)


def _just(word: str, value: Move) -> Callable[[list[str]], Move]:
    def read(words: list[str]) -> Move:
        if len(words) != 1:
            raise IllegalMove(tr("Just `{word}`.").format(word=word))
        return value

    return read


def _read_discard(words: list[str]) -> Discard:
    return Discard(tuple(parse_amounts(words[1:])))  # type: ignore[arg-type]


def _thief_reader(word: str, geometry: B.Geometry, kind: type, hexes: str) -> Callable[[list[str]], Any]:
    def read(words: list[str]) -> Any:
        if len(words) not in (2, 4) or (len(words) == 4 and words[2] != "steal"):
            raise IllegalMove(tr("Write `{word} K steal 2` (hex, then the player to rob) or `{word} K`.").format(word=word))
        hex_index = geometry.hex_index.get(words[1].lower())  # the label as `legal_moves` writes it too
        if hex_index is None:
            raise IllegalMove(tr("`{word}` is not a hex; hexes are {hexes}.").format(word=words[1], hexes=tr(hexes)))
        if len(words) == 2:
            return kind(hex_index, None)
        if not is_number(words[3]):
            raise IllegalMove(tr("`{word}` is not a player number.").format(word=words[3]))
        return kind(hex_index, int(words[3]) - 1)

    return read


def _corner_reader(geometry: B.Geometry) -> tuple[Callable[[list[str]], Settlement], Callable[[list[str]], City]]:
    def settlement(words: list[str]) -> Settlement:
        if len(words) != 2 or (node := geometry.parse_node(words[1])) is None:
            raise IllegalMove(tr("Write `settlement N` with a corner number 1-{count}.").format(count=geometry.node_count))
        return Settlement(node)

    def city(words: list[str]) -> City:
        if len(words) != 2 or (node := geometry.parse_node(words[1])) is None:
            raise IllegalMove(tr("Write `city N` with the corner of one of your settlements."))
        return City(node)

    return settlement, city


def _edge(geometry: B.Geometry, label: str) -> int | None:
    edge = geometry.edge_index.get(label)  # a label as the engine writes it
    return edge if edge is not None else geometry.parse_edge(label)


def _road_reader(geometry: B.Geometry) -> Callable[[list[str]], Road | RoadBuilding]:
    def read(words: list[str]) -> Road | RoadBuilding:
        if len(words) >= 2 and words[1] == "building":
            if words[1:] != ["building"]:
                raise IllegalMove(tr("Write `road building`, or `road A-B` to build a road."))
            return RoadBuilding()
        edge = _edge(geometry, words[1]) if len(words) == 2 else None
        if edge is None:
            raise IllegalMove(tr("Write `road A-B` with two neighbouring corners, e.g. `road 12-17`."))
        return Road(edge)

    return read


def _ship_reader(geometry: B.Geometry) -> Callable[[list[str]], Ship]:
    def read(words: list[str]) -> Ship:
        edge = _edge(geometry, words[1]) if len(words) == 2 else None
        if edge is None:
            raise IllegalMove(tr("Write `ship A-B` with two neighbouring corners, e.g. `ship 23-24`."))
        return Ship(edge)

    return read


def _move_ship_reader(geometry: B.Geometry) -> Callable[[list[str]], MoveShip]:
    def read(words: list[str]) -> MoveShip:
        if len(words) == 5 and words[1] == "ship" and words[3] == "to":
            edge, to = _edge(geometry, words[2]), _edge(geometry, words[4])
            if edge is not None and to is not None:
                return MoveShip(edge, to)
        raise IllegalMove(tr("Write `move ship A-B to C-D`: the ship's edge, then the edge it sails to."))

    return read


def _read_gold(words: list[str]) -> Gold:
    return Gold(tuple(parse_amounts(words[1:])))  # type: ignore[arg-type]


def _read_buy(words: list[str]) -> BuyCard:
    if words[1:] not in (["card"], ["development", "card"], []):
        raise IllegalMove(tr("Write `buy card`."))
    return BuyCard()


def _read_knight(words: list[str]) -> Knight:
    if len(words) != 1:
        raise IllegalMove(tr("Write `knight`, then move the robber with `robber K steal N`."))
    return Knight()


def _read_plenty(words: list[str]) -> Plenty:
    if words[1:3] != ["of", "plenty"]:
        raise IllegalMove(tr("Write `year of plenty wool ore`."))
    amounts = parse_amounts(words[3:])
    return Plenty(tuple(index for index in range(5) for _ in range(amounts[index])))


def _read_monopoly(words: list[str]) -> Monopoly:
    if len(words) != 2 or words[1] not in D.RES_INDEX:
        raise IllegalMove(tr("Write `monopoly wool` (one of {kinds}).").format(kinds=", ".join(R)))
    return Monopoly(D.RES_INDEX[words[1]])


def _read_trade(words: list[str]) -> Trade:
    return Trade(*split_for(words[1:], "trade"))


def _read_offer(words: list[str]) -> Offer:
    return Offer(*split_for(words[1:], "offer"))


def _answer_number(words: list[str]) -> int:
    if len(words) < 2:
        raise IllegalMove(tr("Write `{word} N` with the offer number.").format(word=words[0]))
    return offer_number(words[1])


def _read_accept(words: list[str]) -> Accept:
    number = _answer_number(words)
    if len(words) != 2:
        raise IllegalMove(tr("Write `accept N`."))
    return Accept(number)


def _read_decline(words: list[str]) -> Decline:
    number = _answer_number(words)
    if len(words) != 2:
        raise IllegalMove(tr("Write `decline N`."))
    return Decline(number)


def _read_counter(words: list[str]) -> Counter:
    number = _answer_number(words)
    return Counter(number, *counter_terms(words[2:], number))


def _read_confirm(words: list[str]) -> Confirm:
    if len(words) != 3 or not is_number(words[2]):
        raise IllegalMove(tr("Write `confirm N P`: the offer number, then the player whose answer you take."))
    return Confirm(offer_number(words[1]), int(words[2]) - 1)


def _read_cancel(words: list[str]) -> Cancel:
    if len(words) != 2:
        raise IllegalMove(tr("Write `cancel N`."))
    return Cancel(offer_number(words[1]))


# -- public words (`describe_move`): read after the move was played, from the game's record of it
def _tell_roll(game: Any, seat: int, move: Roll, names: Sequence[str]) -> str:
    who = names[seat]
    last = game.last
    d1, d2 = last["roll"]
    line = tr("{who} rolled {total} ({d1}+{d2})").format(who=who, total=d1 + d2, d1=d1, d2=d2)
    gains = last.get("gains")
    if gains:
        parts = [f"{names[s]} +{amounts_words(g)}" for s, g in enumerate(gains) if any(g)]
        line += ": " + ("; ".join(parts) if parts else tr("nothing produced"))
    elif d1 + d2 == 7:
        if game.phase == "discard":
            line += ". " + tr("Discards: {list}").format(
                list=", ".join(f"{names[s]} {c}" for s, c in sorted(game.discards.items())))
        elif last.get("robber_stays"):
            line += ". " + tr("Every hex borders a protected player: the robber stays.")
    return line + "."


def _tell_end(game: Any, seat: int, move: End, names: Sequence[str]) -> str:
    line = tr("{who} ended the turn.").format(who=names[seat])
    if game.phase == "over":
        line += " " + tr("{who} starts the turn with {points} points and wins!").format(
            who=names[game.winner], points=game.total_points(game.winner))
    else:
        line += " " + tr("{who} to roll.").format(who=names[game.current])
    return line


def _tell_robber(game: Any, seat: int, move: Robber, names: Sequence[str]) -> str:
    last = game.last
    where = game.HEX_LABELS[last["hex"]]
    pirate = last.get("thief", "robber") == "pirate"
    if "victim" in last:
        victim = names[last["victim"]]
        if pirate:
            return tr("{who} moved the pirate to {hex} and stole a card from {victim}.").format(
                who=names[seat], hex=where, victim=victim)
        return tr("{who} moved the robber to {hex} and stole a card from {victim}.").format(
            who=names[seat], hex=where, victim=victim)
    if pirate:
        return tr("{who} moved the pirate to {hex}.").format(who=names[seat], hex=where)
    return tr("{who} moved the robber to {hex}.").format(who=names[seat], hex=where)


def _tell_knight(game: Any, seat: int, move: Knight, names: Sequence[str]) -> str:
    if game.last.get("robber_stays"):
        return tr("{who} played a knight ({count} played); every hex borders a protected player, so the robber "
                  "stays.").format(who=names[seat], count=game.knights[seat])
    return tr("{who} played a knight ({count} played).").format(who=names[seat], count=game.knights[seat])


def _tell_settlement(game: Any, seat: int, move: Settlement, names: Sequence[str]) -> str:
    who = names[seat]
    where = move.node + 1
    collected = amounts_words(game.last["collected"]) if any(game.last.get("collected") or ()) else ""
    points = game.last.get("discovered")
    if collected and points:
        line = tr("{who} built a settlement on {corner} and collected {cards}, discovering a new island "
                  "(+{points} points)").format(who=who, corner=where, cards=collected, points=points)
    elif points:
        line = tr("{who} built a settlement on {corner}, discovering a new island (+{points} points)").format(
            who=who, corner=where, points=points)
    elif collected:
        line = tr("{who} built a settlement on {corner} and collected {cards}").format(
            who=who, corner=where, cards=collected)
    else:
        line = tr("{who} built a settlement on {corner}").format(who=who, corner=where)
    return close_line(game, seat, who, line)


def _tell_offer(game: Any, seat: int, move: Offer, names: Sequence[str]) -> str:
    who = names[seat]
    number = game.last["offer"]
    offer = next((o for o in game.offers if o["id"] == number), None)
    terms = game.terms_text(offer, ["accept"], names) if offer else tr("{give} for {get}").format(
        give=amounts_words(move.give), get=amounts_words(move.get))
    return tr("{who} offers #{number}: {terms}. Others: `accept {number}`, `decline {number}` or "
              "`counter {number} give ... get ...`.").format(who=who, number=number, terms=terms)


def _tell_counter(game: Any, seat: int, move: Counter, names: Sequence[str]) -> str:
    who = names[seat]
    offer = next((o for o in game.offers if o["id"] == game.last.get("offer")), None)
    answer = offer["answers"].get(seat) if offer else None
    terms = game.terms_text(offer, answer, names) if answer else tr("give {give} get {get}").format(
        give=amounts_words(move.give), get=amounts_words(move.get))
    return close_line(game, seat, who, tr("{who} counters offer #{number}: {terms}").format(
        who=who, number=move.offer, terms=terms))


def _tell_confirm(game: Any, seat: int, move: Confirm, names: Sequence[str]) -> str:
    last = game.last
    return tr("{who} traded {gave} to {partner} for {got} (offer #{number}).").format(
        who=names[seat], gave=amounts_words(last["gave"]), partner=names[last["partner"]],
        got=amounts_words(last["got"]), number=last["offer"])


def _closed(words: Callable[[Any, int, Any, str], str]) -> Callable[[Any, int, Any, Sequence[str]], str]:
    """Public words that end as `close_line` ends them (the winner told)."""
    def tell(game: Any, seat: int, move: Any, names: Sequence[str]) -> str:
        who = names[seat]
        return close_line(game, seat, who, words(game, seat, move, who))

    return tell


# Public buttons: the turn's roll and end, and the answers to open offers, which anyone may press
# (whether the presser holds the cards is checked when pressed). Moves of a development card draw or
# show the card, and a roll draws: those are never taken back.
def make_notation(geometry: B.Geometry, sea: bool = False) -> Notation:
    """The move table of one board: its readers know the board's labels. A sea layout adds ships,
    the pirate and gold."""
    texts = Texts(geometry)
    read_settlement, read_city = _corner_reader(geometry)
    read_road = _road_reader(geometry)
    hexes = N_("A to S") if not sea else N_("the letters of the land and S1, S2, ... at sea")
    verbs: dict[type, Verb] = {
        Roll: Verb("roll", _just("roll", Roll()), lambda m: "roll", _tell_roll, N_("Turn"), ("roll",), takes_back=False,
                   button=True),
        End: Verb("end", _just("end", End()), lambda m: "end", _tell_end, N_("Turn"), ("main",), button=True),
        Discard: Verb("discard", _read_discard, lambda m: discard_text(m.cards),
                      lambda game, seat, m, names: ngettext("{who} discarded {count} card.", "{who} discarded {count} cards.",
                                                         game.last["discarded"]).format(who=names[seat], count=game.last["discarded"]), N_("Discard"),
                      ("discard",)),
        Robber: Verb("robber", _thief_reader("robber", geometry, Robber, hexes),
                     lambda m: robber_text(m.hex, m.victim, geometry.hex_labels), _tell_robber, N_("Move the robber"),
                     ("robber",)),
        Settlement: Verb("settlement", read_settlement, lambda m: texts.settlement[m.node], _tell_settlement,
                         N_("Build settlement"), ("setup", "main")),
        City: Verb("city", read_city, lambda m: texts.city[m.node],
                   _closed(lambda game, seat, m, who: tr("{who} built a city on {corner}").format(who=who, corner=m.node + 1)), N_("Build city"), ("main",)),
        Road: Verb("road", read_road, lambda m: texts.road[m.edge],
                   _closed(lambda game, seat, m, who: (tr("{who} built a road on {edge} (free)") if game.last.get("free")
                                                       else tr("{who} built a road on {edge}")).format(
                       who=who, edge=game.EDGE_LABELS[m.edge])),
                   N_("Build road"), ("setup", "main", "roads")),
        BuyCard: Verb("buy", _read_buy, lambda m: "buy card",  # verbatim: a move
                      lambda game, seat, m, names: tr("{who} bought a development card ({count} left).").format(
                          who=names[seat], count=len(game.deck)),
                      N_("Development cards"), ("main",), takes_back=False),
        Knight: Verb("knight", _read_knight, lambda m: "knight", _tell_knight, N_("Development cards"), ("roll", "main"),
                     takes_back=False),
        RoadBuilding: Verb("road", read_road, lambda m: "road building",  # verbatim: a move
                           lambda game, seat, m, names: (tr("{who} played Road Building: 2 free roads or ships.")
                                                         if game.ROUTE_WORDS != "roads" else
                                                         tr("{who} played Road Building: 2 free roads.")).format(who=names[seat]),
                           N_("Development cards"), ("main",), takes_back=False),
        Plenty: Verb("year", _read_plenty, lambda m: plenty_text(m.resources),
                     lambda game, seat, m, names:
                     tr("{who} played Year of Plenty: {cards}.").format(
                         who=names[seat], cards=D.kinds_words(R[i] for i in m.resources)),
                     N_("Development cards"), ("main",), takes_back=False),
        Monopoly: Verb("monopoly", _read_monopoly, lambda m: f"monopoly {R[m.resource]}",
                       lambda game, seat, m, names:
                       tr("{who} played Monopoly on {kind} and took {count}.").format(
                           who=names[seat], kind=D.kind_word(R[m.resource]), count=game.last.get("amount", 0)),
                       N_("Development cards"), ("main",), takes_back=False),
        Trade: Verb("trade", _read_trade, lambda m: trade_text("trade", m.give, m.get),
                    _closed(lambda game, seat, m, who:
                            tr("{who} traded {give} to the bank for {get}").format(
                                who=who, give=amounts_words(m.give), get=amounts_words(m.get))),
                    N_("Trade with the bank"), ("main",)),
        Offer: Verb("offer", _read_offer, lambda m: trade_text("offer", m.give, m.get), _tell_offer, N_("Offer to players"),
                    ("main",)),
        Accept: Verb("accept", _read_accept, lambda m: f"accept {m.offer}",
                     _closed(lambda game, seat, m, who: tr("{who} accepts offer #{number}").format(who=who, number=m.offer)), N_("Answer offers"), button=True),
        Decline: Verb("decline", _read_decline, lambda m: f"decline {m.offer}",
                      _closed(lambda game, seat, m, who: tr("{who} declines offer #{number}").format(who=who, number=m.offer)), N_("Answer offers"),
                      button=True),
        Counter: Verb("counter", _read_counter, lambda m: counter_text(m.offer, m.give, m.get), _tell_counter,
                      "Counter-offers"),
        Confirm: Verb("confirm", _read_confirm, lambda m: f"confirm {m.offer} {m.partner + 1}", _tell_confirm,
                      N_("Confirm a trade"), ("main",), button=True),
        Cancel: Verb("cancel", _read_cancel, lambda m: f"cancel {m.offer}",
                     _closed(lambda game, seat, m, who: tr("{who} withdrew offer #{number}").format(who=who, number=m.offer)), N_("Offer to players")),
    }
    if sea:
        verbs.update({
            Ship: Verb("ship", _ship_reader(geometry), lambda m: texts.ship[m.edge],
                       _closed(lambda game, seat, m, who: (tr("{who} built a ship on {edge} (free)")
                                                           if game.last.get("free") else
                                                           tr("{who} built a ship on {edge}")).format(
                           who=who, edge=game.EDGE_LABELS[m.edge])),
                       N_("Build ship"), ("setup", "main", "roads")),
            MoveShip: Verb("move", _move_ship_reader(geometry),
                           lambda m: f"move ship {geometry.edge_labels[m.edge]} to {geometry.edge_labels[m.to]}",  # verbatim: a move
                           _closed(lambda game, seat, m, who: tr("{who} moved a ship from {edge} to {to}").format(
                               who=who, edge=game.EDGE_LABELS[m.edge], to=game.EDGE_LABELS[m.to])),
                           N_("Move a ship"), ("main",)),
            Pirate: Verb("pirate", _thief_reader("pirate", geometry, Pirate, hexes),
                         lambda m: robber_text(m.hex, m.victim, geometry.hex_labels, "pirate"),
                         _tell_robber, N_("Move the pirate"), ("robber",)),
            # the gold taken is public: a draw from the bank, as the design says
            Gold: Verb("gold", _read_gold, lambda m: "gold " + amounts_text(m.cards),
                       lambda game, seat, m, names: tr("{who} took {cards} for gold.").format(
                           who=names[seat], cards=amounts_words(m.cards)),
                       N_("Gold"), ("gold",)),
        })
    notation = Notation(verbs, N_("`{text}` is not a move of Pioneer's Isle; see the rules help for the notation."))
    notation.texts = texts  # type: ignore[attr-defined]
    return notation


NOTATION = make_notation(B.BASE)

parse = NOTATION.parse
text = NOTATION.text


# the words of a move that name a place on the board (a page lights it): trades, offers, discards and
# cards name none, and `robber A steal 2` names hex A alone (2 is a seat)
PLACES = {
    "settlement": (PlaceWord(1, "corner"),), "city": (PlaceWord(1, "corner"),),
    "road": (PlaceWord(1, "edge"),), "ship": (PlaceWord(1, "edge"),),
    "move": (PlaceWord(2, "edge"), PlaceWord(4, "edge")),  # move ship 41-51 to 31-41
    "robber": (PlaceWord(1, "hex"),), "pirate": (PlaceWord(1, "hex"),),
}


# -- Ramparts (../shared/rules/pioneers-ramparts.md): knights, walls, improvements, progress cards
@dataclass(frozen=True, slots=True)
class BuildKnight:
    node: int


@dataclass(frozen=True, slots=True)
class Activate:
    node: int


@dataclass(frozen=True, slots=True)
class MoveKnight:
    node: int
    to: int  # an empty corner, or another player's weaker knight's (a displacement)


@dataclass(frozen=True, slots=True)
class Chase:
    node: int  # the knight's corner, on the robber's hex
    hex: int
    victim: int | None


@dataclass(frozen=True, slots=True)
class Draw:
    """A tied strongest defender's deck at a won raid (`draw lore`), by the standing answer `track:`."""

    track: int  # index in RD.TRACKS


@dataclass(frozen=True, slots=True)
class Cistern:
    """The Cistern's resource for a player who got nothing from a roll (`cistern ore`), by `cistern:`."""

    kind: int  # index in D.RESOURCES


RampartsMove = (Roll | End | Discard | Robber | Settlement | City | Road | Trade | Offer | Accept | Decline | Counter
                | Confirm | Cancel | BuildKnight | Promote | Activate | MoveKnight | Chase | Wall | Improve
                | Draw | Cistern | P.Play | P.Take | P.Give)
VARIANT_MOVES["ramparts"] = RampartsMove


def _ramparts_readers(geometry: B.Geometry) -> dict[str, Callable[[list[str]], Any]]:
    n = geometry.node_count

    def corner(word: str) -> int | None:
        return geometry.parse_node(word)

    def one_corner(kind: type, form: str, at: int) -> Callable[[list[str]], Any]:
        def read(words: list[str]) -> Any:
            node = corner(words[at]) if len(words) == at + 1 else None
            if node is None or (at == 2 and words[1] != "knight"):
                raise IllegalMove(tr("Write `{form}` with a corner number 1-{count}.").format(form=form, count=n))
            return kind(node)

        return read

    def move(words: list[str]) -> MoveKnight:
        if len(words) == 5 and words[1] == "knight" and words[3] == "to":
            node, to = corner(words[2]), corner(words[4])
            if node is not None and to is not None:
                return MoveKnight(node, to)
        raise IllegalMove(tr("Write `move knight 23 to 31`: the knight's corner, then where it goes."))

    def chase(words: list[str]) -> Chase:
        if len(words) in (4, 6) and words[2] == "robber" and (len(words) == 4 or words[4] == "steal"):
            node = corner(words[1])
            hex_index = geometry.hex_index.get(words[3].lower())
            if node is not None and hex_index is not None:
                if len(words) == 4:
                    return Chase(node, hex_index, None)
                if is_number(words[5]):
                    return Chase(node, hex_index, int(words[5]) - 1)
        raise IllegalMove(tr("Write `chase 23 robber K steal 2` (the knight's corner, the hex, the player robbed) "
                             "or `chase 23 robber K`."))

    def improve(words: list[str]) -> Improve:
        track = RD.TRACK_INDEX.get(words[1]) if len(words) in (2, 3) else None
        if track is not None:
            if len(words) == 2:
                return Improve(track, None)
            node = corner(words[2])
            if node is not None:
                return Improve(track, node)
        raise IllegalMove(tr("Write `improve lore` (commerce, council or lore), or `improve council 23` "
                             "naming the city that takes the metropolis."))

    def discard(words: list[str]) -> Discard:
        return Discard(tuple(parse_amounts(words[1:], RD.KIND_COUNT)))  # type: ignore[arg-type]

    def trade(words: list[str]) -> Trade:
        return Trade(*split_for(words[1:], "trade", RD.KIND_COUNT))

    def offer(words: list[str]) -> Offer:
        return Offer(*split_for(words[1:], "offer", RD.KIND_COUNT))

    def counter(words: list[str]) -> Counter:
        number = _answer_number(words)
        return Counter(number, *counter_terms(words[2:], number, RD.KIND_COUNT))

    def road(words: list[str]) -> Road:
        edge = _edge(geometry, words[1]) if len(words) == 2 else None
        if edge is None:
            raise IllegalMove(tr("Write `road A-B` with two neighbouring corners, e.g. `road 12-17`."))
        return Road(edge)

    def draw(words: list[str]) -> Draw:
        track = RD.TRACK_INDEX.get(words[1]) if len(words) == 2 else None
        if track is None:
            raise IllegalMove(tr("Write `draw lore`: the deck (commerce, council or lore) a tie at a won raid draws "
                                 "from."))
        return Draw(track)

    def cistern(words: list[str]) -> Cistern:
        kind = D.RES_INDEX.get(words[1]) if len(words) == 2 else None
        if kind is None:
            raise IllegalMove(tr("Write `cistern ore`: the resource the Cistern gives ({kinds}).").format(
                kinds=", ".join(R)))
        return Cistern(kind)

    return {
        "draw": draw, "cistern": cistern,
        "knight": one_corner(BuildKnight, "knight 23", 1),
        "promote": one_corner(Promote, "promote knight 23", 2),  # verbatim: a move
        "activate": one_corner(Activate, "activate knight 23", 2),  # verbatim: a move
        "move": move, "chase": chase,
        "wall": one_corner(Wall, "wall 17", 1), "improve": improve, "discard": discard, "trade": trade,
        "offer": offer, "counter": counter, "road": road,
    }


def improve_text(move: Improve) -> str:
    track = RD.TRACKS[move.track]
    return f"improve {track}" if move.node is None else f"improve {track} {move.node + 1}"


def chase_text(move: Chase, labels: Sequence[str] = B.HEX_LABELS) -> str:
    head = f"chase {move.node + 1} robber {labels[move.hex]}"  # verbatim: a move
    return head if move.victim is None else f"{head} steal {move.victim + 1}"


def _tell_knight_built(game: Any, seat: int, move: BuildKnight, names: Sequence[str]) -> str:
    return tr("{who} raised a young knight on {corner}.").format(who=names[seat], corner=move.node + 1)


def _tell_promote(game: Any, seat: int, move: Promote, names: Sequence[str]) -> str:
    strength = game.last.get("strength", 2)
    rank = RD.knight_word(strength)
    if game.last.get("free"):
        return tr("{who} promoted the knight on {corner} to {rank} (free).").format(
            who=names[seat], corner=move.node + 1, rank=rank)
    return tr("{who} promoted the knight on {corner} to {rank}.").format(who=names[seat], corner=move.node + 1, rank=rank)


def _tell_move_knight(game: Any, seat: int, move: MoveKnight, names: Sequence[str]) -> str:
    last = game.last
    who, node, to = names[seat], move.node + 1, move.to + 1
    if "displaced" in last:
        other = names[last["displaced"]]
        retreat = last.get("retreat", -1)
        if retreat >= 0:
            return tr("{who} moved the knight on {corner} to {to}, displacing {other}'s knight, which retreats to "
                      "{retreat}.").format(who=who, corner=node, to=to, other=other, retreat=retreat + 1)
        return tr("{who} moved the knight on {corner} to {to}, displacing {other}'s knight, which goes back to its "
                  "owner's supply.").format(who=who, corner=node, to=to, other=other)
    return tr("{who} moved the knight on {corner} to {to}.").format(who=who, corner=node, to=to)


def _tell_chase(game: Any, seat: int, move: Chase, names: Sequence[str]) -> str:
    last = game.last
    if "victim" in last:
        return tr("{who}'s knight on {corner} chased the robber to {hex} and stole a card from {victim}.").format(
            who=names[seat], corner=move.node + 1, hex=game.HEX_LABELS[move.hex], victim=names[last["victim"]])
    return tr("{who}'s knight on {corner} chased the robber to {hex}.").format(
        who=names[seat], corner=move.node + 1, hex=game.HEX_LABELS[move.hex])


def _tell_improve(game: Any, seat: int, move: Improve, names: Sequence[str]) -> str:
    who = names[seat]
    track = RD.TRACKS[move.track]
    level = game.levels[seat][move.track]
    taken = game.last.get("metropolis")
    if taken is None:
        line = tr("{who} raised {track} to level {level}").format(who=who, track=tr(track), level=level)
    elif game.last.get("from_seat", -1) >= 0:
        line = tr("{who} raised {track} to level {level} and took the {metropolis} onto {corner} from {other}").format(
            who=who, track=tr(track), level=level, metropolis=RD.metropolis_name(move.track), corner=taken + 1,
            other=names[game.last["from_seat"]])
    else:
        line = tr("{who} raised {track} to level {level} and took the {metropolis} onto {corner}").format(
            who=who, track=tr(track), level=level, metropolis=RD.metropolis_name(move.track), corner=taken + 1)
    return close_line(game, seat, who, line)


def _tell_ramparts_roll(game: Any, seat: int, move: Roll, names: Sequence[str]) -> str:
    """The roll, its event first: the raiders' step and raid, or a gate's draws (told by deck, a
    point card by name since it is shown), then production or the 7."""
    who = names[seat]
    last = game.last
    d1, d2 = last["roll"]
    lines = [tr("{who} rolled {total} (red {d1}, {d2}).").format(who=who, total=d1 + d2, d1=d1, d2=d2)]
    event = last.get("event")
    if event == "sail":
        raid = last.get("raid")
        if raid is None:
            lines.append(tr("The raiders sail on: step {step} of {steps}.").format(
                step=last.get("raiders", 0), steps=RD.RAIDERS_STEPS))
        else:
            lines.append(tr("The raiders attack: strength {strength} against knights {defence}.").format(
                strength=raid["strength"], defence=raid["defence"]))
            for other, node, became in raid["pillaged"]:
                if became == "settlement":
                    lines.append(tr("{who} loses the city on {corner}, now a settlement.").format(
                        who=names[other], corner=node + 1))
                else:
                    lines.append(tr("{who} loses the city on {corner}, now a ruin.").format(who=names[other], corner=node + 1))
            if raid["shield"] >= 0:
                lines.append(tr("{who} defended best and takes an Isle Shield.").format(who=names[raid["shield"]]))
            elif raid.get("tied"):
                tied = ", ".join(names[other] for other in raid["tied"])
                lines.append(tr("The island holds; tied as the strongest defenders, {players} each draw a progress card.").format(
                    players=tied))
            elif raid["strength"] <= raid["defence"] and not raid["draws"]:
                lines.append(tr("The island holds."))
            for other, track, card in raid["draws"]:
                lines.append(_draw_words(names[other], track, card))
            if raid.get("first"):
                lines.append(tr("The knights rest and the raiders sail back to the start; the robber is free."))
            else:
                lines.append(tr("The knights rest and the raiders sail back to the start."))
    elif event:
        lines.append(tr("The {track} gate opens.").format(track=tr(event)))
        for other, track, card in last.get("draws", ()):
            lines.append(_draw_words(names[other], track, card))
    gains = last.get("gains")
    if gains is not None:
        parts = [f"{names[s]} +{amounts_words(g)}" for s, g in enumerate(gains) if any(g)]
        lines.append(tr("Production: {list}.").format(list="; ".join(parts)) if parts else tr("Nothing produced."))
        for other, res in last.get("cistern", ()):
            lines.append(tr("{who} takes 1 {kind} from the Cistern.").format(who=names[other], kind=D.kind_word(R[res])))
    elif d1 + d2 == 7:
        if game.phase == "discard":
            lines.append(tr("Discards: {list}").format(
                list=", ".join(f"{names[s]} {c}" for s, c in sorted(game.discards.items()))) + ".")
        if last.get("robber_locked"):
            lines.append(tr("The robber stays in the desert until the raiders' first attack."))
        elif last.get("robber_stays"):
            lines.append(tr("Every hex borders a protected player: the robber stays."))
    return close_line(game, seat, who, " ".join(lines).removesuffix("."))


def _tell_draw(game: Any, seat: int, move: Draw, names: Sequence[str]) -> str:
    # the deck is public, the card is not (a point card is shown and scored, so it is told)
    drawn = game.last.get("drawn") or [seat, RD.TRACKS[move.track], ""]
    return close_line(game, seat, names[seat], _draw_words(names[seat], RD.TRACKS[move.track], drawn[2]).rstrip("."))


def _tell_cistern(game: Any, seat: int, move: Cistern, names: Sequence[str]) -> str:
    return tr("{who} takes 1 {kind} from the Cistern.").format(who=names[seat], kind=D.kind_word(R[move.kind]))


def _draw_words(who: str, track: str, card: str) -> str:
    if card:
        return tr("{who} draws {card} from the {track} deck: 1 point.").format(
            who=who, card=tr(P.TITLES[card]), track=tr(track))
    return tr("{who} draws a {track} card.").format(who=who, track=tr(track))


def _tell_ramparts_city(game: Any, seat: int, move: City, names: Sequence[str]) -> str:
    who = names[seat]
    rebuilt = game.last.get("rebuilt")
    if any(game.last.get("collected") or ()):
        cards = amounts_words(game.last["collected"])
        line = (tr("{who} rebuilt the ruined city on {corner} and collected {cards}") if rebuilt
                else tr("{who} built a city on {corner} and collected {cards}")).format(
            who=who, corner=move.node + 1, cards=cards)
    else:
        line = (tr("{who} rebuilt the ruined city on {corner}") if rebuilt
                else tr("{who} built a city on {corner}")).format(who=who, corner=move.node + 1)
    return close_line(game, seat, who, line)


def make_ramparts_notation(geometry: B.Geometry = B.BASE) -> Notation:
    """Ramparts' move table: the island's moves with hands of 8 kinds and no development cards,
    the second starting placement a city, knights, walls, improvements and progress cards."""
    base = make_notation(geometry)
    texts = base.texts  # type: ignore[attr-defined]
    read = _ramparts_readers(geometry)
    kept = (End, Robber, Settlement, Accept, Decline, Confirm, Cancel)
    verbs: dict[type, Verb] = {kind: base.verbs[kind] for kind in kept}
    old = base.verbs
    verbs.update({
        Roll: Verb("roll", old[Roll].read, old[Roll].text, _tell_ramparts_roll, N_("Turn"), ("roll",), takes_back=False,
                   button=True),
        # a Firebrand's discards are asked in the main phase of the player who played it
        Discard: Verb("discard", read["discard"], lambda m: discard_text(m.cards), old[Discard].tell, N_("Discard"),
                      ("discard", "main")),
        City: Verb("city", old[City].read, old[City].text, _tell_ramparts_city, N_("Build city"), ("setup", "main")),
        Road: Verb("road", read["road"], old[Road].text, old[Road].tell, N_("Build road"), ("setup", "main", "roads")),
        Trade: Verb("trade", read["trade"], old[Trade].text, old[Trade].tell, N_("Trade with the bank"), ("main",)),
        Offer: Verb("offer", read["offer"], old[Offer].text, old[Offer].tell, N_("Offer to players"), ("main",)),
        Counter: Verb("counter", read["counter"], old[Counter].text, old[Counter].tell, N_("Counter-offers")),
        BuildKnight: Verb("knight", read["knight"], lambda m: f"knight {m.node + 1}", _tell_knight_built,
                          N_("Knights"), ("main",)),
        Promote: Verb("promote", read["promote"], lambda m: f"promote knight {m.node + 1}",  # verbatim: a move
                      _tell_promote,
                      N_("Knights"), ("main",)),
        Activate: Verb("activate", read["activate"], lambda m: f"activate knight {m.node + 1}",  # verbatim: a move
                       lambda game, seat, m, names: tr("{who} activated the knight on {corner}.").format(
                           who=names[seat], corner=m.node + 1),
                       N_("Knights"), ("main",)),
        MoveKnight: Verb("move", read["move"], lambda m: f"move knight {m.node + 1} to {m.to + 1}",  # verbatim: a move
                         _tell_move_knight, N_("Knights"), ("main",)),
        # a chase steals a card: never taken back
        Chase: Verb("chase", read["chase"], lambda m: chase_text(m, geometry.hex_labels), _tell_chase,
                    N_("Knights"), ("main",), takes_back=False),
        Wall: Verb("wall", read["wall"], lambda m: f"wall {m.node + 1}",
                   _closed(lambda game, seat, m, who: tr("{who} built a wall under the city on {corner}").format(
                       who=who, corner=m.node + 1)),
                   N_("Build wall"), ("main",)),
        Improve: Verb("improve", read["improve"], improve_text, _tell_improve, N_("Improve"), ("main",)),
        # the table's choices for a player (ramparts.py `TABLE_CHOICES`): a draw is never taken back
        Draw: Verb("draw", read["draw"], lambda m: f"draw {RD.TRACKS[m.track]}", _tell_draw, N_("Answers"),
                   takes_back=False),
        Cistern: Verb("cistern", read["cistern"], lambda m: f"cistern {R[m.kind]}", _tell_cistern, N_("Answers"),
                        takes_back=False),
    })
    verbs.update(P.card_verbs())
    notation = Notation(verbs, N_("`{text}` is not a move of Pioneer's Isle with Ramparts; see the rules help for "
                           "the notation."))
    notation.texts = texts  # type: ignore[attr-defined]
    return notation


RAMPARTS_NOTATION = make_ramparts_notation()
RAMPARTS_PLACES = {
    **{word: places for word, places in PLACES.items() if word not in ("move", "ship", "pirate")},
    "knight": (PlaceWord(1, "corner"),), "promote": (PlaceWord(2, "corner"),),
    "activate": (PlaceWord(2, "corner"),), "move": (PlaceWord(2, "corner"), PlaceWord(4, "corner")),
    "chase": (PlaceWord(1, "corner"), PlaceWord(3, "hex")), "wall": (PlaceWord(1, "corner"),),
    "improve": (PlaceWord(2, "corner"),),
}
