"""The progress cards of Ramparts: the 54 cards, their decks, the texts that play them and their
effects (../shared/rules/pioneers-ramparts.md, "Progress cards" and "Asynchronous play").

The engine (ramparts.py) calls this module through a small interface:
- `card_moves(game, seat)`: the legal `play ...` texts of the seat now, canonical;
- `answer_moves(game, seat)`: the answers pending for the seat (`give ...`, `take ...`, a
  Firebrand's `discard ...`), when `game.pending` holds a record for it;
- `play_card(game, seat, move)` and `answer(game, seat, move)`: play a `Play`, or a `Take`, `Give`
  or `Discard` answer, or raise `IllegalMove` changing nothing;
- `card_verbs()`: the rows of the move table for `play`, `take` and `give` (moves.py merges them);
- `private_lines(game, seat, names)` and `private_view(game, seat)`: what a card shows one seat
  alone (the hand an Informer or a Broker looks at, the cards a Tax Collector took);
- `waiting_words(game, seat)`: the refusal of a move while answers are awaited;
- `shown_hand(game, seat)` and `fit_pending(world)`: for a searching player's dealt worlds, the
  hand a pending take shows the seat (kept as it is), and asks a dealt hand cannot answer (dropped);
- `pending_discard(game, seat)`: the cards a Firebrand asks of the seat, for `/auto discard:`;
- `CARD_NOTES`: our designed readings of the cards, for the rules help; `form(card)`: an
  example of each card's text, the page's unless it is no real move on the beginner board.
Point cards (Star Chart, Charter) never reach a hand: the engine shows and scores them when drawn.

A card is legal by membership: `play_card` plays a move only when `card_moves` lists it, and
otherwise says which rule stands in the way (`_refusal`). So the list and the play never differ.

Who is asked out of turn, and with what, is one record in `game.pending` (seat -> record):
- {"ask": "discard", "count": n, "by": seat}: a Firebrand's discard, answered by `discard ...`;
- {"ask": "give", "count": n, "by": seat, "card": "festival"|"customs house"}: cards given to
  the player of the card, answered by `give ...` (a Customs House asks a commodity);
- {"ask": "take", "from": seat, "card": "informer"|"broker", "count": n}: the player of an
  Informer or a Broker, who sees the other hand and answers `take ...`.
A seat whose answer its public card count leaves no choice in (it holds no more than it must
give) answers at once, told like any answer: nobody waits for a choice that is not one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from games.base import IllegalMove, Rng, Verb, is_number
from games.pioneers import board as B
from games.pioneers import data as D
from games.pioneers import ramparts_data as RD
from games.pioneers.move_values import City, Discard, Improve, Promote, Wall, close_line, discard_options
from lang import N_, ngettext, pgettext, tr

# key -> (track, count). The keys are the cards' names as the notation writes them.
CARDS: dict[str, tuple[str, int]] = {
    # lore (ink)
    "stargazer": ("lore", 2), "hoist": ("lore", 2), "mason": ("lore", 1), "surveyor": ("lore", 2),
    "terraces": ("lore", 2), "deep shaft": ("lore", 2), "herbalist": ("lore", 2), "causeway": ("lore", 2),
    "armourer": ("lore", 2), "star chart": ("lore", 1),
    # council (silver)
    "tax collector": ("council", 2), "turncoat": ("council", 2), "envoy": ("council", 2), "plot": ("council", 2),
    "firebrand": ("council", 2), "informer": ("council", 3), "muster": ("council", 2), "festival": ("council", 2),
    "charter": ("council", 1),
    # commerce (sailcloth)
    "peddler": ("commerce", 6), "hoarder": ("commerce", 4), "levy": ("commerce", 2), "trade winds": ("commerce", 2),
    "customs house": ("commerce", 2), "broker": ("commerce", 2),
}
# "deep shaft" -> "Deep Shaft", for words people read: a card's name is a proper name, the same in every
# language, as the notation names it (`play deep shaft`)
TITLES = {key: key.title() for key in CARDS}
POINT_CARDS = ("star chart", "charter")  # verbatim: keys. Shown and scored when drawn, 1 point each
DECK_SIZE = 18
TOTAL_CARDS = 3 * DECK_SIZE
# the longest names first, so `play star chart` never reads as a card called `star`
_BY_LENGTH = sorted(CARDS, key=lambda key: -len(key.split()))
GEOMETRY = B.BASE  # Ramparts is played on the island alone (no sea layout)
K = RD.KINDS
NK = RD.KIND_COUNT
RESOURCE_KINDS = range(5)
COMMODITY_KINDS = range(5, NK)
FESTIVAL_CARDS = 2  # each player with more points gives this many
HOARDER_CARDS = 2  # each other player gives this many of the resource named
LEVY_CARDS = 1
BROKER_CARDS = 2
SURVEYOR_KEPT = (2, 12, 6, 8)  # numbers a Surveyor never moves
# knight records (ramparts.py): [seat, strength, active, activated, acted, promoted]
SEAT, STRENGTH, ACTIVE, ACTIVATED, ACTED, PROMOTED = range(6)
FIELDS_HEX, MOUNTAINS_HEX = D.RES_INDEX["grain"], D.RES_INDEX["ore"]
# Our readings of the cards where the design page is silent, each DESIGNED with its reason; the
# rules help lists them beside ramparts_data.RAMPARTS_NOTES.
CARD_NOTES = (
    # DESIGNED: the published card is a rate for the turn, and nothing forbids a second one
    N_("Trade Winds may be played again the same turn for another kind: each kind named trades 2:1 "
       "with the bank until the turn ends."),
    # DESIGNED: the order that lets the most promotions happen, so no text depends on it
    N_("An Armourer promotes the stronger of its two knights first, so a seasoned knight rising to "
       "veteran frees its piece for a young one."),
    # DESIGNED: nobody waits for a choice that is not one, and the count alone is public
    N_("A player asked for cards who holds no more than asked gives them all at once; an Informer "
       "facing one progress card, or a Broker facing two cards or fewer, takes them at once."),
    # DESIGNED: the page says one holding no commodity takes nothing; the resource stays with you
    N_("A Customs House gives a resource only to a named player holding a commodity; one holding none "
       "neither takes nor gives."),
    # DESIGNED: rebuilding where it stood would change nothing
    N_("An Envoy rebuilds only your own road, and elsewhere than it stood."),
    # DESIGNED: a card that would change nothing is not offered
    N_("A Muster is played only with a knight at rest; a Peddler never stays where it stands for its "
       "own holder; a Surveyor never swaps two equal numbers."),
    # DESIGNED: the well-known card counts hexes, not buildings
    N_("Terraces and Deep Shaft count each hex once, however many of your buildings touch it."),
)


def card_notes() -> list[str]:
    """`CARD_NOTES` in the language of the call, for the rules help."""
    return [tr(note) for note in CARD_NOTES]


def deck_cards(track: str) -> list[str]:
    """The unshuffled cards of one track's deck, in the order of `CARDS`."""
    return [key for key, (deck, count) in CARDS.items() if deck == track for _ in range(count)]


# -- the moves ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play:
    """A progress card played: its key and its arguments as numbers, in the card's own order
    (`ARGS` says what each is: a corner, an edge or a hex by index, a seat from 0, a kind of card
    by its index in `RD.KINDS`, a track by its index in `RD.TRACKS`, a die's value)."""

    card: str  # a key of CARDS, never a point card
    args: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Take:
    card: str  # a progress card's key (Informer), or "" when cards are taken (Broker)
    cards: tuple[int, ...] = ()  # 8 counts (Broker), () for a progress card


@dataclass(frozen=True, slots=True)
class Give:
    cards: tuple[int, ...]  # 8 counts


CardMove = Play | Take | Give


def kinds_amounts(tokens: Sequence[str]) -> tuple[int, ...]:
    """`["1", "wool", "1", "ink"]` -> 8 counts (resources, then commodities)."""
    amounts = [0] * NK
    count = None
    for token in tokens:
        if is_number(token):
            if count is not None:
                raise IllegalMove(tr("`{count} {token}`: give a card after each number.").format(count=count, token=token))
            count = int(token)
            continue
        index = RD.KIND_INDEX.get(token.rstrip(","))
        if index is None:
            raise IllegalMove(tr("`{token}` is not a card; use {kinds}.").format(token=token, kinds=", ".join(K)))
        amounts[index] += 1 if count is None else count
        count = None
    if count is not None:
        raise IllegalMove(tr("`{count}` needs a card after it.").format(count=count))
    return tuple(amounts)


def kinds_text(amounts: Sequence[int]) -> str:
    return " ".join(f"{count} {K[index]}" for index, count in enumerate(amounts) if count)


def kinds_words(amounts: Sequence[int]) -> str:
    """The cards of 8 counts in the language of the call (`kinds_text` is the notation's)."""
    return " ".join(f"{count} {RD.kind_word(index)}" for index, count in enumerate(amounts) if count)


def _card_name(words: Sequence[str]) -> tuple[str, int]:
    """The card named at the start of `words` and how many words its name takes."""
    for key in _BY_LENGTH:
        size = len(key.split())
        if " ".join(words[:size]) == key:
            return key, size
    raise IllegalMove(tr("Name a progress card: {cards}.").format(
        cards=", ".join(key for key in CARDS if key not in POINT_CARDS)))


# -- reading and writing each card's arguments ----------------------------------------------
def _corner(word: str) -> int:
    node = GEOMETRY.parse_node(word)
    if node is None:
        raise IllegalMove(tr("`{word}` is not a corner; corners are 1-{last}.").format(word=word, last=GEOMETRY.node_count))
    return node


def _hex(word: str) -> int:
    index = GEOMETRY.hex_index.get(word.lower())
    if index is None:
        raise IllegalMove(tr("`{word}` is not a hex; hexes are A to S.").format(word=word))
    return index


def _edge(word: str) -> int:
    edge = GEOMETRY.edge_index.get(word)
    if edge is None:
        edge = GEOMETRY.parse_edge(word)
    if edge is None:
        raise IllegalMove(tr("`{word}` is not a road's place; write two neighbouring corners, e.g. `12-17`.").format(
            word=word))
    return edge


def _seat(word: str) -> int:
    if not is_number(word) or not 1 <= int(word) <= 4:
        raise IllegalMove(tr("`{word}` is not a player number (1 to 4).").format(word=word))
    return int(word) - 1


_NOT_KIND = {"resource": N_("`{word}` is not a resource: {kinds}."),
             "commodity": N_("`{word}` is not a commodity: {kinds}."),
             "kind": N_("`{word}` is not a kind of card: {kinds}.")}


def _kind(word: str, kinds: Sequence[int], what: str) -> int:
    """The kind `word` names among `kinds`; `what`: a key of `_NOT_KIND`, the refusal's words."""
    index = RD.KIND_INDEX.get(word)
    if index is None or index not in kinds:
        raise IllegalMove(tr(_NOT_KIND[what]).format(word=word, kinds=", ".join(K[k] for k in kinds)))
    return index


def _die(word: str) -> int:
    if not is_number(word) or not 1 <= int(word) <= 6:
        raise IllegalMove(tr("`{word}` is not a die's face (1 to 6).").format(word=word))
    return int(word)


# card -> (reader of the words after its name -> args, writer of args -> those words, the form)
def _fixed(*readers: Callable[[str], int]) -> Callable[[list[str]], tuple[int, ...]]:
    def read(words: list[str]) -> tuple[int, ...]:
        if len(words) != len(readers):
            raise ValueError
        return tuple(reader(word) for reader, word in zip(readers, words, strict=True))

    return read


def _read_hoist(words: list[str]) -> tuple[int, ...]:
    if len(words) not in (1, 2) or words[0] not in RD.TRACK_INDEX:
        raise ValueError
    track = RD.TRACK_INDEX[words[0]]
    return (track,) if len(words) == 1 else (track, _corner(words[1]))


def _read_surveyor(words: list[str]) -> tuple[int, ...]:
    if len(words) != 2:
        raise ValueError
    a, b = _hex(words[0]), _hex(words[1])
    if a == b:
        raise IllegalMove(tr("Name two different hexes."))
    return (min(a, b), max(a, b))


def _read_armourer(words: list[str]) -> tuple[int, ...]:
    if len(words) not in (1, 2):
        raise ValueError
    nodes = sorted({_corner(word) for word in words})
    if len(nodes) != len(words):
        raise IllegalMove(tr("Name two different knights, or one."))
    return tuple(nodes)


def _read_turncoat(words: list[str]) -> tuple[int, ...]:
    if len(words) not in (1, 2):
        raise ValueError
    return (_seat(words[0]),) if len(words) == 1 else (_seat(words[0]), _corner(words[1]))


def _read_envoy(words: list[str]) -> tuple[int, ...]:
    if len(words) == 1:
        return (_edge(words[0]),)
    if len(words) == 3 and words[1] == "to":
        return (_edge(words[0]), _edge(words[2]))
    raise ValueError


def _read_customs(words: list[str]) -> tuple[int, ...]:
    if not words or len(words) % 2:
        raise ValueError
    pairs: dict[int, int] = {}
    for at in range(0, len(words), 2):
        seat = _seat(words[at])
        if seat in pairs:
            raise IllegalMove(tr("Name each player once."))
        pairs[seat] = _kind(words[at + 1], RESOURCE_KINDS, "resource")
    return tuple(value for seat in sorted(pairs) for value in (seat, pairs[seat]))


def _node_word(node: int) -> str:
    return str(node + 1)


def _write_hoist(args: tuple[int, ...]) -> list[str]:
    return [RD.TRACKS[args[0]], *(_node_word(node) for node in args[1:])]


def _write_envoy(args: tuple[int, ...]) -> list[str]:
    words = [B.EDGE_LABELS[args[0]]]
    if len(args) > 1:
        words += ["to", B.EDGE_LABELS[args[1]]]
    return words


def _write_customs(args: tuple[int, ...]) -> list[str]:
    return [word for at in range(0, len(args), 2) for word in (str(args[at] + 1), K[args[at + 1]])]


_NONE: tuple[Callable, Callable, str] = (_fixed(), lambda args: [], "")
# verbatim: the examples below are move notation, typed as written in every language
ARGS: dict[str, tuple[Callable[[list[str]], tuple[int, ...]], Callable[[tuple[int, ...]], list[str]], str]] = {
    "stargazer": (_fixed(_die, _die), lambda a: [str(a[0]), str(a[1])], "play stargazer 3 4"),  # verbatim: notation
    "hoist": (_read_hoist, _write_hoist, "play hoist lore"),  # verbatim: notation
    "mason": (_fixed(_corner), lambda a: [_node_word(a[0])], "play mason 17"),  # verbatim: notation
    # the page's `play surveyor C H` swaps two 9s on the beginner board, where the rules help's
    # examples are played: a swap that changes nothing is refused there, so the example names C and K
    "surveyor": (_read_surveyor, lambda a: [B.HEX_LABELS[a[0]], B.HEX_LABELS[a[1]]], "play surveyor C K"),  # verbatim: notation
    "terraces": _NONE, "deep shaft": _NONE, "causeway": _NONE, "firebrand": _NONE, "muster": _NONE,
    "festival": _NONE,
    "herbalist": (_fixed(_corner), lambda a: [_node_word(a[0])], "play herbalist 12"),  # verbatim: notation
    "armourer": (_read_armourer, lambda a: [_node_word(node) for node in a], "play armourer 23 31"),  # verbatim: notation
    "tax collector": (_fixed(_hex), lambda a: [B.HEX_LABELS[a[0]]], "play tax collector K"),  # verbatim: notation
    "turncoat": (_read_turncoat, lambda a: [str(a[0] + 1), *(_node_word(node) for node in a[1:])],
                 "play turncoat 3 23"),  # verbatim: notation
    # the page's `play envoy 12-17 to 20-21` names no edge (corners 20 and 21 are not neighbours)
    "envoy": (_read_envoy, _write_envoy, "play envoy 12-17 to 21-26"),  # verbatim: notation
    "plot": (_fixed(_corner), lambda a: [_node_word(a[0])], "play plot 23"),  # verbatim: notation
    "informer": (_fixed(_seat), lambda a: [str(a[0] + 1)], "play informer 3"),  # verbatim: notation
    "peddler": (_fixed(_hex), lambda a: [B.HEX_LABELS[a[0]]], "play peddler K"),  # verbatim: notation
    "hoarder": (_fixed(lambda w: _kind(w, RESOURCE_KINDS, "resource")), lambda a: [K[a[0]]], "play hoarder wool"),  # verbatim: notation
    "levy": (_fixed(lambda w: _kind(w, COMMODITY_KINDS, "commodity")), lambda a: [K[a[0]]], "play levy silver"),  # verbatim: notation
    "trade winds": (_fixed(lambda w: _kind(w, range(NK), "kind")), lambda a: [K[a[0]]],
                    "play trade winds wool"),  # verbatim: notation
    "customs house": (_read_customs, _write_customs, "play customs house 2 wool 3 ore"),  # verbatim: notation
    "broker": (_fixed(_seat), lambda a: [str(a[0] + 1)], "play broker 3"),  # verbatim: notation
}
_EMPTY_FORMS = {key: f"play {key}" for key, spec in ARGS.items() if spec is _NONE}  # verbatim: notation


def form(card: str) -> str:
    """An example of the card's text, as the design page writes it unless that is no real move on the
    beginner board (Envoy, Surveyor: see `ARGS`); the rules help lists them and a test plays each."""
    return ARGS[card][2] or _EMPTY_FORMS[card]


def read_play(words: list[str]) -> Play:
    card, size = _card_name(words[1:])
    if card in POINT_CARDS:
        raise IllegalMove(tr("{card} is scored when drawn; it is never played.").format(card=TITLES[card]))
    reader = ARGS[card][0]
    try:
        args = reader(words[1 + size:])
    except ValueError:
        raise IllegalMove(tr("Write `{move}`.").format(move=form(card))) from None
    return Play(card, args)


def play_text(move: Play) -> str:
    return " ".join(("play", move.card, *ARGS[move.card][1](move.args)))


def read_take(words: list[str]) -> Take:
    if len(words) < 2:
        raise IllegalMove(tr("Write `take hoist` (a progress card) or `take 1 ore 1 ink` (cards)."))
    if is_number(words[1]):
        amounts = kinds_amounts(words[1:])
        if not any(amounts):
            raise IllegalMove(tr("Write `take 1 ore 1 ink`: the cards you take."))
        return Take("", amounts)
    card, size = _card_name(words[1:])
    if len(words) != 1 + size:
        raise IllegalMove(tr("Write `{move}`.").format(move=f"take {card}"))
    return Take(card)


def take_text(move: Take) -> str:
    return f"take {move.card}" if move.card else f"take {kinds_text(move.cards)}"


def read_give(words: list[str]) -> Give:
    amounts = kinds_amounts(words[1:])
    if not any(amounts):
        raise IllegalMove(tr("Write `give 1 wool 1 ink`: the cards you give."))
    return Give(amounts)


def give_text(move: Give) -> str:
    return f"give {kinds_text(move.cards)}"


# -- public words (`describe_move`), read from `game.last` after the move ---------------------
def _close(game: Any, seat: int, names: Sequence[str], line: str) -> str:
    return close_line(game, seat, names[seat], line)


def _list_words(items: Sequence[str]) -> str:
    if len(items) == 1:
        return items[0]
    return tr("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


# The public sentences of the cards, each whole with named placeholders, translated where told:
# "{who} played {card}." first, then what the card did.
SAID = {
    "played": N_("{who} played {card}."),
    "waiting": N_("Waiting for {seats}."),
    "stargazer": N_("The production dice will show red {red} and {other}."),
    "hoist": N_("{who} raises {track} to level {level}."),
    "hoist metropolis": N_("{who} raises {track} to level {level} and takes the {metropolis} onto {node}."),
    "mason": N_("{who} builds a free wall under the city on {node}."),
    "surveyor": N_("{hex_a} now shows {number_a} and {hex_b} shows {number_b}."),
    "terraces": N_("{who} takes {count} grain."),
    "deep shaft": N_("{who} takes {count} ore."),
    "herbalist": N_("{who} builds a city on {node} for 2 ore and 1 grain."),
    "causeway": N_("{who} places two free roads."),
    "armourer": N_("The knight on {node} is now {strength}."),
    "tax collector": N_("The robber moves to {hex} and takes one card from each player there: {victims}."),
    "tax collector none": N_("The robber moves to {hex}, where nobody holds a card."),
    "turncoat": N_("{owner} loses the {strength} knight on {node}."),
    "turncoat placed": N_("{who} places a {strength} knight on {node}."),
    "envoy": N_("{owner}'s road on {edge} is removed."),
    "envoy rebuilt": N_("{owner}'s road on {edge} is removed and rebuilt on {to}."),
    "plot": N_("{owner}'s knight on {node} retreats to {to}."),
    "plot supply": N_("{owner}'s knight on {node} goes back to its owner's supply."),
    "firebrand": N_("Asked to discard: {discards}."),
    "firebrand none": N_("Nobody with as many points holds 2 cards."),
    "informer": N_("{who} looks at {other}'s progress cards to take one."),
    "informer one": N_("{who} takes {other}'s only progress card."),
    "muster": N_("Knights of {who} activated: {count}."),
    "festival": N_("Each player with more points gives {who} 2 cards."),
    "festival at once": N_("Given at once: {gifts}."),
    "festival none": N_("Nobody has more points than {who}."),
    "peddler": N_("The peddler goes to {hex}, held by {who}."),
    "hoarder": N_("{kind} given to {who}: {gifts}."),
    "trade winds": N_("{kind} trades 2:1 with the bank for {who} until the turn ends."),
    "customs house": N_("{who} gives 1 resource to each of {named}."),
    "customs house empty": N_("{other} holds no commodity and takes nothing."),
    "broker": N_("{who} looks at {other}'s cards to take {count}."),
    "broker all": N_("{who} takes all {count} of {other}'s cards."),
    "broker one": N_("{who} takes {other}'s only card."),
}


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def _counts_words(names: Sequence[str], rows: Sequence[Sequence[int]]) -> str:
    """`ben 2, cleo 1` from [[seat, count], ...]."""
    return ", ".join(f"{names[other]} {count}" for other, count in rows)


def _said(game: Any, seat: int, move: Play, names: Sequence[str]) -> list[str]:
    """The sentences telling what the card did, from the record `play_card` left in `game.last`."""
    last, args, card = game.last, move.args, move.card
    who = names[seat]
    if card == "stargazer":
        return [tr(SAID[card]).format(red=args[0], other=args[1])]
    if card == "hoist":
        values = {"who": who, "track": RD.track_word(args[0]), "level": game.levels[seat][args[0]]}
        if last.get("metropolis") is not None:
            return [tr(SAID["hoist metropolis"]).format(**values, metropolis=RD.metropolis_name(args[0]),
                                                    node=last["metropolis"] + 1)]
        return [tr(SAID[card]).format(**values)]
    if card in ("mason", "herbalist"):
        return [tr(SAID[card]).format(who=who, node=args[0] + 1)]
    if card == "surveyor":
        a, b = args
        return [tr(SAID[card]).format(hex_a=B.HEX_LABELS[a], number_a=game.numbers[a], hex_b=B.HEX_LABELS[b],
                                  number_b=game.numbers[b])]
    if card in ("terraces", "deep shaft"):
        return [tr(SAID[card]).format(who=who, count=last["got"])]
    if card == "causeway":
        return [tr(SAID[card]).format(who=who)]
    if card == "armourer":
        return [tr(SAID[card]).format(node=node + 1, strength=RD.knight_word(game.knight_at[node][STRENGTH]))
                for node in args]
    if card == "tax collector":
        if not last["victims"]:
            return [tr(SAID["tax collector none"]).format(hex=B.HEX_LABELS[args[0]])]
        return [tr(SAID[card]).format(hex=B.HEX_LABELS[args[0]], victims=_list_words([names[v] for v in last["victims"]]))]
    if card == "turncoat":
        node, strength = last["lost"]
        said = [tr(SAID[card]).format(owner=names[args[0]], strength=RD.knight_word(strength), node=node + 1)]
        if last.get("placed"):
            node, strength = last["placed"]
            said.append(tr(SAID["turncoat placed"]).format(who=who, strength=RD.knight_word(strength), node=node + 1))
        return said
    if card == "envoy":
        owner, edge = names[last["owner"]], B.EDGE_LABELS[args[0]]
        if len(args) > 1:
            return [tr(SAID["envoy rebuilt"]).format(owner=owner, edge=edge, to=B.EDGE_LABELS[args[1]])]
        return [tr(SAID[card]).format(owner=owner, edge=edge)]
    if card == "plot":
        owner = names[last["displaced"]]
        if last["retreat"] < 0:
            return [tr(SAID["plot supply"]).format(owner=owner, node=args[0] + 1)]
        return [tr(SAID[card]).format(owner=owner, node=args[0] + 1, to=last["retreat"] + 1)]
    if card == "firebrand":
        if not last["discards"]:
            return [tr(SAID["firebrand none"])]
        return [tr(SAID[card]).format(discards=_counts_words(names, last["discards"]))]
    if card in ("informer", "broker"):
        key = card
        if "took" in last:
            key += " one" if card == "informer" or last["count"] == 1 else " all"
        return [tr(SAID[key]).format(who=who, other=names[args[0]], count=last["count"])]
    if card == "muster":
        return [tr(SAID[card]).format(who=who, count=last["mustered"])]
    if card == "festival":
        if not last["richer"]:
            return [tr(SAID["festival none"]).format(who=who)]
        said = [tr(SAID[card]).format(who=who)]
        if last["given"]:
            said.append(tr(SAID["festival at once"]).format(gifts=_counts_words(names, last["given"])))
        return said
    if card == "peddler":
        return [tr(SAID[card]).format(hex=B.HEX_LABELS[args[0]], who=who)]
    if card in ("hoarder", "levy"):
        return [tr(SAID["hoarder"]).format(kind=_capital(RD.kind_word(args[0])), who=who,
                                       gifts=_counts_words(names, last["given"]))]
    if card == "trade winds":
        return [tr(SAID[card]).format(kind=_capital(RD.kind_word(args[0])), who=who)]
    if card == "customs house":
        said = [tr(SAID[card]).format(who=who, named=_list_words([names[o] for o in last["named"]]))] \
            if last["named"] else []
        return said + [tr(SAID["customs house empty"]).format(other=names[o]) for o in last["empty"]]
    return []


def _tell_play(game: Any, seat: int, move: Play, names: Sequence[str]) -> str:
    said = [tr(SAID["played"]).format(who=names[seat], card=TITLES[move.card]), *_said(game, seat, move, names)]
    if game.last.get("asks") and game.pending:
        said.append(tr(SAID["waiting"]).format(seats=_list_words([names[s] for s in sorted(game.pending)])))
    return _close(game, seat, names, " ".join(said)[:-1])  # `close_line` ends it, telling a winner


def _tell_take(game: Any, seat: int, move: Take, names: Sequence[str]) -> str:
    # which card or cards were taken is told to the two players only
    last = game.last
    other = names[last["from"]]
    if last["card"] == "informer":
        return _close(game, seat, names, tr("{who} took a progress card from {other}").format(who=names[seat],
                                                                                            other=other))
    count = last["count"]
    line = ngettext("{who} took {count} card from {other}", "{who} took {count} cards from {other}", count)
    return _close(game, seat, names, line.format(who=names[seat], count=count, other=other))


def _tell_give(game: Any, seat: int, move: Give, names: Sequence[str]) -> str:
    last = game.last
    count = last["count"]
    line = ngettext("{who} gave {to} {count} card.", "{who} gave {to} {count} cards.", count).format(
        who=names[seat], to=names[last["to"]], count=count)
    if game.pending:
        line += " " + tr("Still waiting for {seats}.").format(seats=_list_words([names[s] for s in sorted(game.pending)]))
    return line


def card_verbs() -> dict[type, Verb]:
    """The rows of the move table for progress cards (moves.py merges them into Ramparts')."""
    return {
        Play: Verb("play", read_play, play_text, _tell_play, N_("Progress cards"), ("roll", "main"),
                   takes_back=False, handler="_play_card"),
        Take: Verb("take", read_take, take_text, _tell_take, N_("Progress cards"), ("main",), takes_back=False),
        Give: Verb("give", read_give, give_text, _tell_give, N_("Answers"), takes_back=False),
    }


# -- what the cards ask of the state ------------------------------------------------------------
def _owned_nodes(game: Any, seat: int) -> list[int]:
    return [node for node, owner in enumerate(game.node_owner) if owner == seat]


def _hexes_touched(game: Any, seat: int, terrain: int) -> list[int]:
    found = {h for node in _owned_nodes(game, seat) for h in game.NODE_HEXES[node] if game.terrain[h] == terrain}
    return sorted(found)


def _lost_knight(game: Any, seat: int) -> int:
    """The knight a Turncoat takes from `seat`: the weakest, an inactive one first, then the lowest
    corner (DESIGNED on the design page: the table picks, nobody is asked); -1 when none."""
    mine = [(record[STRENGTH], record[ACTIVE], node) for node, record in game.knight_at.items() if record[SEAT] == seat]
    return min(mine)[2] if mine else -1


def _turncoat_strength(game: Any, seat: int, strength: int) -> int:
    """The strength of the knight the player of a Turncoat may place: the lost one's when a piece
    of it is free, else the strongest weaker free one (DESIGNED); 0 when none is free."""
    for level in range(strength, 0, -1):
        if game._free_knight(seat, level):
            return level
    return 0


def _open_end(game: Any, edge: int) -> bool:
    """A road with an end touching none of its owner's other roads, buildings or knights."""
    owner = game.edge_owner[edge]
    for node in game.EDGE_NODES[edge]:
        if game.node_owner[node] == owner:
            continue
        knight = game.knight_at.get(node)
        if knight is not None and knight[SEAT] == owner:
            continue
        if any(game.edge_owner[other] == owner for other in game.NODE_EDGES[node] if other != edge):
            continue
        return True
    return False


def _without_road(game: Any, edge: int) -> int:
    """Lifts the road on `edge` off the board; its owner."""
    owner = game.edge_owner[edge]
    game.edge_owner[edge] = -1
    game.pieces[owner][0] -= 1
    return owner


def _rebuild_spots(game: Any, seat: int, edge: int) -> list[int]:
    """Where the seat could put its road from `edge` again once lifted (not `edge` itself)."""
    _without_road(game, edge)
    try:
        return [spot for spot in game.road_spots(seat) if spot != edge]
    finally:
        game.edge_owner[edge] = seat
        game.pieces[seat][0] += 1


def _turncoat_spots(game: Any, seat: int, lost: int) -> list[int]:
    record = game.knight_at.pop(lost)
    try:
        return game.knight_spots(seat)
    finally:
        game.knight_at[lost] = record


def _knight_snapshot(game: Any) -> tuple[dict[int, list[int]], dict[str, Any]]:
    return {node: list(record) for node, record in game.knight_at.items()}, dict(game.last)


def _promote_all(game: Any, seat: int, nodes: Sequence[int]) -> None:
    """Free promotions of the knights on `nodes`, the strongest first (a promoted knight frees its
    piece for a weaker one); all or none."""
    saved, last = _knight_snapshot(game)
    order = sorted(nodes, key=lambda node: (-game.knight_at[node][STRENGTH] if node in game.knight_at else 0, node))
    try:
        for node in order:
            game._play_promote(seat, Promote(node), free=True)
    except IllegalMove:
        game.knight_at = saved
        game.last = last
        raise


def _can_promote(game: Any, seat: int, nodes: Sequence[int]) -> bool:
    saved, last = _knight_snapshot(game)
    try:
        _promote_all(game, seat, nodes)
    except IllegalMove:
        return False
    game.knight_at = saved
    game.last = last
    return True


def _herbalist_spots(game: Any, seat: int) -> list[int]:
    hand = game.hands[seat]
    if hand[D.RES_INDEX["ore"]] < 2 or hand[D.RES_INDEX["grain"]] < 1:
        return []
    ruins = sorted(node for node in game.ruins if game.node_owner[node] == seat)
    if ruins:
        return ruins
    if game.pieces[seat][2] >= D.CITIES:
        return []
    return [node for node in _owned_nodes(game, seat) if game.node_level[node] == 1]


def _customs_options(game: Any, seat: int) -> Iterator[tuple[int, ...]]:
    others = [other for other in range(game.n) if other != seat]
    hand = game.hands[seat]

    def walk(at: int, left: list[int], chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if at == len(others):
            if chosen:
                yield chosen
            return
        yield from walk(at + 1, left, chosen)
        for kind in RESOURCE_KINDS:
            if left[kind]:
                left[kind] -= 1
                yield from walk(at + 1, left, (*chosen, others[at], kind))
                left[kind] += 1

    yield from walk(0, list(hand[:5]), ())


# card -> the seat's legal argument tuples now (in the main phase unless said)
def _options(game: Any, seat: int, card: str) -> list[tuple[int, ...]]:
    n = game.n
    others = [other for other in range(n) if other != seat]
    if card == "stargazer":
        return [(a, b) for a in range(1, 7) for b in range(1, 7)]
    if card == "hoist":
        found = []
        for text in game.improve_moves(seat, discount=1):
            words = text.split()
            track = RD.TRACK_INDEX[words[1]]
            found.append((track,) if len(words) == 2 else (track, int(words[2]) - 1))
        return found
    if card == "mason":
        if game.walls_of(seat) >= RD.WALLS:
            return []
        return [(node,) for node in game.cities_of(seat) if node not in game.walls]
    if card == "surveyor":
        hexes = [h for h, number in enumerate(game.numbers) if number and number not in SURVEYOR_KEPT]
        return [(a, b) for a, b in combinations(hexes, 2) if game.numbers[a] != game.numbers[b]]
    if card in ("terraces", "deep shaft", "firebrand", "festival"):
        return [()]
    if card == "herbalist":
        return [(node,) for node in _herbalist_spots(game, seat)]
    if card == "causeway":
        return [()] if game._free_piece_left(seat) else []
    if card == "armourer":
        mine = game.knights_of(seat)
        singles = [(node,) for node in mine if _can_promote(game, seat, (node,))]
        pairs = [pair for pair in combinations(mine, 2) if _can_promote(game, seat, pair)]
        return sorted(singles + pairs)
    if card == "tax collector":
        return [(h,) for h in game.robber_hexes()] if game.raided else []
    if card == "turncoat":
        found = []
        for other in others:
            lost = _lost_knight(game, other)
            if lost < 0:
                continue
            found.append((other,))
            if _turncoat_strength(game, seat, game.knight_at[lost][STRENGTH]):
                found += [(other, node) for node in _turncoat_spots(game, seat, lost)]
        return found
    if card == "envoy":
        found = []
        for edge, owner in enumerate(game.edge_owner):
            if owner == -1 or not _open_end(game, edge):
                continue
            found.append((edge,))
            if owner == seat:
                found += [(edge, spot) for spot in _rebuild_spots(game, seat, edge)]
        return found
    if card == "plot":
        touched = {node for edge, owner in enumerate(game.edge_owner) if owner == seat for node in game.EDGE_NODES[edge]}
        return sorted((node,) for node, record in game.knight_at.items() if record[SEAT] != seat and node in touched)
    if card == "informer":
        return [(other,) for other in others if game.progress[other]]
    if card == "muster":
        asleep = any(record[SEAT] == seat and not record[ACTIVE] for record in game.knight_at.values())
        return [()] if asleep else []
    if card == "peddler":
        hexes = {h for node in _owned_nodes(game, seat) for h in game.NODE_HEXES[node] if game.terrain[h] < D.DESERT}
        if game.peddler_holder == seat:
            hexes.discard(game.peddler)
        return [(h,) for h in sorted(hexes)]
    if card == "hoarder":
        return [(kind,) for kind in RESOURCE_KINDS]
    if card == "levy":
        return [(kind,) for kind in COMMODITY_KINDS]
    if card == "trade winds":
        named = game.turn_effects.get("trade_winds", ())
        return [(kind,) for kind in range(NK) if K[kind] not in named]
    if card == "customs house":
        return list(_customs_options(game, seat))
    if card == "broker":
        mine = game.visible_points(seat)
        return [(other,) for other in others if game.visible_points(other) > mine and sum(game.hands[other])]
    raise KeyError(card)


def _usable_now(game: Any, seat: int) -> bool:
    return seat == game.current and game.phase in ("roll", "main") and not game.pending


def card_moves(game: Any, seat: int) -> list[str]:
    """The legal `play ...` texts of `seat` now: before the roll only a Stargazer, after it every
    other card held (those drawn this turn too)."""
    if not _usable_now(game, seat) or not game.progress[seat]:
        return []
    # a searching player's dealt world may put a point card in a hand: it is never played
    held = sorted(card for card in set(game.progress[seat]) if card not in POINT_CARDS)
    if game.phase == "roll":
        if "stargazer" not in held or "dice" in game.turn_effects:
            return []
        return [play_text(Play("stargazer", args)) for args in _options(game, seat, "stargazer")]
    moves = []
    for card in held:
        if card != "stargazer":
            moves += [play_text(Play(card, args)) for args in _options(game, seat, card)]
    return moves


def _refusal(game: Any, seat: int, move: Play) -> str:
    """Why a card held cannot be played so now, in the rules' words."""
    card, args = move.card, move.args
    if card == "stargazer":
        if game.phase != "roll":
            return tr("A Stargazer is played before your roll.")
        return tr("You have set the dice already this turn.")
    if game.phase == "roll":
        return tr("Before the roll only a Stargazer may be played; `roll` first.")
    mine = game.visible_points(seat)
    if card == "hoist":
        return tr("Hoist raises one of your tracks for one commodity less (level 1 free): it needs a city, the "
                  "commodities, and at level 4 or 5 a city without a metropolis named when it takes one, "
                  "e.g. `play hoist lore`.")
    if card == "mason":
        if game.walls_of(seat) >= RD.WALLS:
            return tr("All {count} of your walls are built.").format(count=RD.WALLS)
        return tr("A Mason's wall goes under one of your cities without a wall.")
    if card == "surveyor":
        return tr("A Surveyor swaps two different number tokens, neither a 2, 12, 6 nor 8.")
    if card == "herbalist":
        if game.ruins_of(seat) and args and args[0] not in game.ruins:
            return tr("Rebuild your ruined city before you build another city.")
        if game.hands[seat][D.RES_INDEX["ore"]] < 2 or game.hands[seat][D.RES_INDEX["grain"]] < 1:
            return tr("A Herbalist's city costs 2 ore and 1 grain.")
        if game.pieces[seat][2] >= D.CITIES:
            return tr("All {count} of your cities are on the board.").format(count=D.CITIES)
        return tr("A Herbalist turns one of your settlements into a city.")
    if card == "causeway":
        return tr("You have no road to place.")
    if card == "armourer":
        return tr("An Armourer promotes one or two of your knights, each once a turn, when a piece of the next "
                  "strength is free (veterans need the Stronghold).")
    if card == "tax collector":
        if not game.raided:
            return tr("The robber stays in the desert until the raiders' first attack.")
        return tr("The Tax Collector moves the robber to another hex the friendly robber allows.")
    if card == "turncoat":
        if args and (args[0] == seat or not 0 <= args[0] < game.n):
            return tr("Name another player.")
        if args and _lost_knight(game, args[0]) < 0:
            return tr("{player} has no knight.").format(player=_capital(game._who(args[0])))
        return tr("The knight you place goes on an empty corner touched by one of your roads, and needs a free "
                  "piece of the lost knight's strength or weaker.")
    if card == "envoy":
        if args and game.edge_owner[args[0]] == -1:
            return tr("There is no road on {edge}.").format(edge=B.EDGE_LABELS[args[0]])
        if args and not _open_end(game, args[0]):
            return tr("An Envoy removes a road with an open end: one end touching none of its owner's roads, "
                      "buildings or knights.")
        if len(args) > 1 and game.edge_owner[args[0]] != seat:
            return tr("Only your own road may be rebuilt.")
        return tr("The road is rebuilt where you could build a road, not where it stood.")
    if card == "plot":
        return tr("A Plot displaces another player's knight from a corner one of your roads touches.")
    if card == "informer":
        return tr("Name another player who holds a progress card.")
    if card == "muster":
        return tr("All of your knights are active already.")
    if card == "peddler":
        return tr("The peddler goes on a land hex beside your settlement or city, not the desert, and moves.")
    if card == "trade winds":
        return tr("That kind trades 2:1 this turn already.")
    if card == "customs house":
        return tr("Name each other player once, with a resource you hold for each.")
    if card == "broker":
        return tr("Name another player with more than your {points} points who holds a card.").format(points=mine)
    return tr("Not now.")


_NO_DICE = Rng(0)  # stands for the game's dice in the copy a card's play keeps to undo itself


def play_card(game: Any, seat: int, move: Play) -> None:
    """Play a progress card the seat holds (`game._play_card` has checked the turn)."""
    if move.card not in game.progress[seat]:
        raise IllegalMove(tr("You hold no {card}.").format(card=TITLES[move.card]))
    if move.card == "stargazer":
        legal = game.phase == "roll" and "dice" not in game.turn_effects
    else:
        legal = game.phase == "main"
    if not legal or move.args not in _options(game, seat, move.card):
        raise IllegalMove(_refusal(game, seat, move))
    # the effects call the engine's own moves, which check again: all or nothing. The dice are kept
    # aside, not copied (a test's stand-in for them need not know how to copy itself)
    rng, game.rng = game.rng, _NO_DICE
    saved = game.copy()
    game.rng = rng
    game.progress[seat].remove(move.card)
    game.decks[CARDS[move.card][0]].append(move.card)  # under its deck
    game.last = {"seat": seat, "move": play_text(move), "card": move.card, "args": list(move.args)}
    try:
        _EFFECTS[move.card](game, seat, move.args)
    except IllegalMove:
        for field in type(game).fields:
            if field.name != "rng":
                setattr(game, field.name, getattr(saved, field.name))
        raise
    game.last.update(seat=seat, move=play_text(move), card=move.card, args=list(move.args))


# -- the effects ---------------------------------------------------------------------------------
def _gain(game: Any, seat: int, kind: int, count: int) -> int:
    """Up to `count` of a kind from the bank (the bank gives what it has)."""
    got = min(count, game.bank[kind])
    game.bank[kind] -= got
    game.hands[seat][kind] += got
    return got


def _move_cards(game: Any, giver: int, taker: int, amounts: Sequence[int]) -> None:
    for kind, count in enumerate(amounts):
        if count:
            game.hands[giver][kind] -= count
            game.hands[taker][kind] += count


def _stargazer(game: Any, seat: int, args: tuple[int, ...]) -> None:
    game.turn_effects["dice"] = [args[0], args[1]]


def _hoist(game: Any, seat: int, args: tuple[int, ...]) -> None:
    game._play_improve(seat, Improve(args[0], args[1] if len(args) > 1 else None), discount=1)


def _mason(game: Any, seat: int, args: tuple[int, ...]) -> None:
    game._play_wall(seat, Wall(args[0]), free=True)


def _surveyor(game: Any, seat: int, args: tuple[int, ...]) -> None:
    a, b = args
    numbers = game.numbers
    numbers[a], numbers[b] = numbers[b], numbers[a]
    found: dict[int, list[int]] = {}
    for hex_index, number in enumerate(numbers):
        if number:
            found.setdefault(number, []).append(hex_index)
    game.number_hexes = {number: tuple(hexes) for number, hexes in sorted(found.items())}


def _harvest(terrain: int) -> Callable[[Any, int, tuple[int, ...]], None]:
    def effect(game: Any, seat: int, args: tuple[int, ...]) -> None:
        hexes = _hexes_touched(game, seat, terrain)
        game.last["got"] = _gain(game, seat, terrain, 2 * len(hexes))

    return effect


def _herbalist(game: Any, seat: int, args: tuple[int, ...]) -> None:
    game._play_city(seat, City(args[0]), free=True)
    game._recount_roads()


def _causeway(game: Any, seat: int, args: tuple[int, ...]) -> None:
    game.free_roads = 2
    game.phase = "roads"


def _armourer(game: Any, seat: int, args: tuple[int, ...]) -> None:
    _promote_all(game, seat, args)


def _tax_collector(game: Any, seat: int, args: tuple[int, ...]) -> None:
    hex_index = args[0]
    victims = game.robber_victims(hex_index)
    game.robber = hex_index
    taxed = []
    for victim in victims:
        hand = game.hands[victim]
        pick = game.rng.randint(0, sum(hand) - 1)
        for kind in range(NK):
            if pick < hand[kind]:
                break
            pick -= hand[kind]
        hand[kind] -= 1
        game.hands[seat][kind] += 1
        taxed.append([victim, kind])
    game.last["victims"] = victims
    game.last["taxed"] = taxed  # private: the collector and each victim read their own line


def _turncoat(game: Any, seat: int, args: tuple[int, ...]) -> None:
    other = args[0]
    lost = _lost_knight(game, other)
    record = game.knight_at.pop(lost)
    game.last["lost"] = [lost, record[STRENGTH]]
    if len(args) > 1:
        strength = _turncoat_strength(game, seat, record[STRENGTH])
        game.knight_at[args[1]] = [seat, strength, record[ACTIVE], 0, 0, 0]
        game.last["placed"] = [args[1], strength]
    game._recount_roads()


def _envoy(game: Any, seat: int, args: tuple[int, ...]) -> None:
    owner = _without_road(game, args[0])
    game.last["owner"] = owner
    if len(args) > 1:
        game.edge_owner[args[1]] = seat
        game.pieces[seat][0] += 1
    game._recount_roads()


def _plot(game: Any, seat: int, args: tuple[int, ...]) -> None:
    node = args[0]
    record = game.knight_at.pop(node)
    other = record[SEAT]
    spot = game.retreat_spot(node, other)
    if spot >= 0:
        game.knight_at[spot] = record  # it keeps its state
    game.last["displaced"] = other
    game.last["retreat"] = spot
    game._recount_roads()


def _firebrand(game: Any, seat: int, args: tuple[int, ...]) -> None:
    mine = game.visible_points(seat)
    discards = []
    for step in range(1, game.n):
        other = (seat + step) % game.n
        count = sum(game.hands[other]) // 2
        if other != seat and game.visible_points(other) >= mine and count:
            discards.append([other, count])
            game.pending[other] = {"ask": "discard", "count": count, "by": seat}
    game.last["discards"] = discards
    game.last["asks"] = bool(discards)


def _ask_gifts(game: Any, seat: int, askers: Sequence[int], count: int) -> list[list[int]]:
    """A Festival asks each seat of `askers` for `count` cards; one holding no more than that gives
    them all at once (its public count leaves no choice). Returns [[seat, given at once]]."""
    given = []
    for other in askers:
        held = sum(game.hands[other])
        if not held:
            continue
        if held <= count:
            _move_cards(game, other, seat, list(game.hands[other]))
            given.append([other, held])
            continue
        game.pending[other] = {"ask": "give", "count": count, "by": seat, "card": "festival"}
    return given


def _festival(game: Any, seat: int, args: tuple[int, ...]) -> None:
    mine = game.visible_points(seat)
    richer = [(seat + step) % game.n for step in range(1, game.n)]
    richer = [other for other in richer if game.visible_points(other) > mine]
    game.last["given"] = _ask_gifts(game, seat, richer, FESTIVAL_CARDS)
    game.last["asks"] = bool(game.pending)
    game.last["richer"] = richer


def _muster(game: Any, seat: int, args: tuple[int, ...]) -> None:
    count = 0
    for record in game.knight_at.values():
        if record[SEAT] == seat and not record[ACTIVE]:
            record[ACTIVE] = 1
            record[ACTIVATED] = 1
            count += 1
    game.last["mustered"] = count


def _peddler(game: Any, seat: int, args: tuple[int, ...]) -> None:
    game.peddler = args[0]
    game.peddler_holder = seat


def _each_gives(per_player: int) -> Callable[[Any, int, tuple[int, ...]], None]:
    def effect(game: Any, seat: int, args: tuple[int, ...]) -> None:
        kind = args[0]
        given = []
        for step in range(1, game.n):
            other = (seat + step) % game.n
            count = min(per_player, game.hands[other][kind])
            game.hands[other][kind] -= count
            game.hands[seat][kind] += count
            given.append([other, count])
        game.last["given"] = given

    return effect


def _trade_winds(game: Any, seat: int, args: tuple[int, ...]) -> None:
    # CARD_NOTES: the kinds named this turn, each 2:1 (ramparts.py's `rate` reads them)
    game.turn_effects["trade_winds"] = [*game.turn_effects.get("trade_winds", ()), K[args[0]]]


def _customs_house(game: Any, seat: int, args: tuple[int, ...]) -> None:
    named, empty = [], []
    for at in range(0, len(args), 2):
        other, kind = args[at], args[at + 1]
        if not any(game.hands[other][k] for k in COMMODITY_KINDS):
            empty.append(other)  # holding no commodity, it takes nothing
            continue
        named.append(other)
        game.hands[seat][kind] -= 1
        game.hands[other][kind] += 1
        game.pending[other] = {"ask": "give", "count": 1, "by": seat, "card": "customs house"}  # verbatim: a key
    game.last["named"] = named
    game.last["empty"] = empty
    game.last["asks"] = bool(game.pending)


def _take_from(card: str, count: int) -> Callable[[Any, int, tuple[int, ...]], None]:
    """An Informer's or a Broker's take: asked of its player, who sees the other hand, unless the
    hand's public size leaves no choice (one progress card, or no more cards than taken): then
    the table takes them at once."""
    def effect(game: Any, seat: int, args: tuple[int, ...]) -> None:
        other = args[0]
        held = len(game.progress[other]) if card == "informer" else sum(game.hands[other])
        game.last["count"] = min(count, held)
        if held <= count:
            move = Take(game.progress[other][0]) if card == "informer" else Take("", tuple(game.hands[other]))
            game.last["took"] = _take(game, seat, other, move)  # private to the two of them
            return
        game.pending[seat] = {"ask": "take", "card": card, "from": other, "count": min(count, held)}

    return effect


def _take(game: Any, seat: int, other: int, move: Take) -> str | list[int]:
    """Move what `move` names from `other` to `seat`: the card's key, or the 8 counts taken."""
    if move.card:
        game.progress[other].remove(move.card)
        game.progress[seat].append(move.card)
        return move.card
    _move_cards(game, other, seat, move.cards)
    return list(move.cards)


_EFFECTS: dict[str, Callable[[Any, int, tuple[int, ...]], None]] = {
    "stargazer": _stargazer, "hoist": _hoist, "mason": _mason, "surveyor": _surveyor,
    "terraces": _harvest(FIELDS_HEX), "deep shaft": _harvest(MOUNTAINS_HEX), "herbalist": _herbalist,
    "causeway": _causeway, "armourer": _armourer,
    "tax collector": _tax_collector, "turncoat": _turncoat, "envoy": _envoy, "plot": _plot,
    "firebrand": _firebrand, "informer": _take_from("informer", 1), "muster": _muster, "festival": _festival,
    "peddler": _peddler, "hoarder": _each_gives(HOARDER_CARDS), "levy": _each_gives(LEVY_CARDS),
    "trade winds": _trade_winds, "customs house": _customs_house, "broker": _take_from("broker", BROKER_CARDS),
}


# -- answers out of turn (and the take the player of an Informer or a Broker owes) --------------
def _choices(hand: Sequence[int], count: int, kinds: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to pick exactly `count` cards of `kinds` from `hand` (8 counts each)."""
    found: list[tuple[int, ...]] = []

    def walk(at: int, left: int, chosen: list[int]) -> None:
        if at == len(kinds):
            if not left:
                amounts = [0] * NK
                for kind, taken in zip(kinds, chosen, strict=True):
                    amounts[kind] = taken
                found.append(tuple(amounts))
            return
        for taken in range(min(left, hand[kinds[at]]), -1, -1):
            walk(at + 1, left - taken, [*chosen, taken])

    walk(0, count, [])
    return found


def _answer_values(game: Any, seat: int) -> list[Any]:
    record = game.pending.get(seat)
    if record is None:
        return []
    ask = record["ask"]
    if ask == "take":
        other = record["from"]
        if record["card"] == "informer":
            return [Take(card) for card in sorted(set(game.progress[other])) if card not in POINT_CARDS]
        return [Take("", amounts) for amounts in _choices(game.hands[other], record["count"], range(NK))]
    if ask == "give":
        kinds = COMMODITY_KINDS if record["card"] == "customs house" else range(NK)
        count = min(record["count"], sum(game.hands[seat][kind] for kind in kinds))
        return [Give(amounts) for amounts in _choices(game.hands[seat], count, kinds)] if count else []
    return [Discard(tuple(option)) for option in discard_options(game.hands[seat], record["count"],
                                                                 D.MAX_LISTED_DISCARDS)]


def answer_moves(game: Any, seat: int) -> list[str]:
    """The answers pending for `seat`: `give ...`, `take ...` or a Firebrand's `discard ...`."""
    values = _answer_values(game, seat)
    if not values:
        return []
    notation = game.notation
    return [notation.text(value) for value in values]


def answer(game: Any, seat: int, move: Any) -> None:
    """Play an answer asked of `seat`: a give, a take, or a Firebrand's discard."""
    record = game.pending.get(seat)
    if record is None:
        raise IllegalMove(tr("Nothing is asked of you now."))
    ask = record["ask"]
    wanted = {"take": Take, "give": Give, "discard": Discard}[ask]
    if not isinstance(move, wanted):
        raise IllegalMove(_ask_words(game, seat, record))
    if ask == "discard":
        amounts = move.cards
        if sum(amounts) != record["count"]:
            raise IllegalMove(ngettext("Discard exactly {count} card (half of your hand, rounded down).",
                                       "Discard exactly {count} cards (half of your hand, rounded down).",
                                       record["count"]).format(count=record["count"]))
        if any(amounts[kind] > game.hands[seat][kind] for kind in range(NK)):
            raise IllegalMove(tr("You do not hold those cards."))
        for kind, count in enumerate(amounts):
            game.hands[seat][kind] -= count
            game.bank[kind] += count
        del game.pending[seat]
        game.last = {"seat": seat, "move": f"discard {record['count']} cards",  # verbatim: the record's key words
                     "discarded": record["count"]}
        return
    if move not in _answer_values(game, seat):
        raise IllegalMove(_ask_words(game, seat, record))
    del game.pending[seat]
    if ask == "give":
        _move_cards(game, seat, record["by"], move.cards)
        game.last = {"seat": seat, "move": "give", "to": record["by"], "count": sum(move.cards),
                     "card": record["card"]}
        return
    other = record["from"]
    taken = _take(game, seat, other, move)
    game.last = {"seat": seat, "move": "take", "from": other, "card": record["card"],
                 "count": 1 if move.card else sum(move.cards), "took": taken}  # "took": private to the two


def _ask_words(game: Any, seat: int, record: dict[str, Any]) -> str:
    who = game._who(record.get("by", record.get("from", seat)))
    ask = record["ask"]
    count = record.get("count", 1)
    if ask == "discard":
        return ngettext("A Firebrand asks you to discard {count} card, e.g. `discard 1 wool 1 ore`.",
                        "A Firebrand asks you to discard {count} cards, e.g. `discard 1 wool 1 ore`.",
                        count).format(count=count)
    if ask == "give":
        if record["card"] == "customs house":
            return tr("Give {who} 1 commodity you hold, e.g. `give 1 ink`.").format(who=who)
        return ngettext("Give {who} {count} card you hold, e.g. `give 1 wool 1 ink`.",
                        "Give {who} {count} cards you hold, e.g. `give 1 wool 1 ink`.", count).format(who=who, count=count)
    if record["card"] == "informer":
        return tr("Take one of {who}'s progress cards, e.g. `take hoist`.").format(who=who)
    return ngettext("Take {count} of {who}'s cards, e.g. `take 1 ore 1 ink`.",
                    "Take {count} of {who}'s cards, e.g. `take 1 ore 1 ink`.", count).format(who=who, count=count)


def waiting_words(game: Any, seat: int) -> str:
    """The refusal of another move while answers are awaited."""
    record = game.pending.get(seat)
    if record is not None:
        return tr("First answer: {ask}").format(ask=_ask_words(game, seat, record))
    return tr("Waiting for answers: {seats}.").format(seats=", ".join(game._who(s) for s in sorted(game.pending)))


# -- what one seat alone is shown -----------------------------------------------------------
def private_lines(game: Any, seat: int, names: Sequence[str]) -> list[str]:
    """The hand an Informer or a Broker looks at, for its player; the cards a Tax Collector or a
    take moved, for the two players concerned."""
    lines = []
    record = game.pending.get(seat)
    if record is not None and record["ask"] == "take":
        other = record["from"]
        if record["card"] == "informer":
            cards = ", ".join(TITLES[card] for card in game.progress[other])
            lines.append(tr("{name}'s progress cards: {cards}.").format(name=names[other], cards=cards))
        else:
            cards = kinds_words(game.hands[other]) or pgettext("cards", "none")
            lines.append(tr("{name}'s cards: {cards}.").format(name=names[other], cards=cards))
    last = game.last
    if last.get("card") == "tax collector" and "taxed" in last:
        for victim, kind in last["taxed"]:
            if seat == last["seat"]:
                lines.append(tr("You took 1 {kind} from {name}.").format(kind=RD.kind_word(kind), name=names[victim]))
            elif seat == victim:
                lines.append(tr("{name} took 1 {kind} from you.").format(name=names[last["seat"]],
                                                                         kind=RD.kind_word(kind)))
    if "took" in last:
        other = last["from"] if last.get("move") == "take" else last["args"][0]
        taken = last["took"]
        what = TITLES[taken] if isinstance(taken, str) else kinds_words(taken)
        if seat == last["seat"]:
            lines.append(tr("You took {what} from {name}.").format(what=what, name=names[other]))
        elif seat == other:
            lines.append(tr("{name} took {what} from you.").format(name=names[last["seat"]], what=what))
    return lines


def pending_discard(game: Any, seat: int) -> int:
    """How many cards a Firebrand asks `seat` to discard now (0: none), for the standing answer
    `discard:` to answer as it answers a 7."""
    record = game.pending.get(seat)
    return record["count"] if record is not None and record["ask"] == "discard" else 0


def shown_hand(game: Any, seat: int) -> tuple[int, str] | None:
    """The hand a pending take shows `seat`: (the other seat, "progress" for an Informer or "hand"
    for a Broker), which a searching player's dealt worlds keep as they are; None when none."""
    record = game.pending.get(seat)
    if record is None or record["ask"] != "take":
        return None
    return record["from"], "progress" if record["card"] == "informer" else "hand"


def fit_pending(world: Any) -> None:
    """In a searching player's dealt world, drop an ask the dealt hand cannot answer (a Customs
    House asking a commodity of a hand dealt none): the real hand could, the world goes on."""
    for seat in sorted(world.pending):
        if not _answer_values(world, seat):
            del world.pending[seat]


def private_view(game: Any, seat: int) -> dict[str, Any]:
    """The other hand an Informer or a Broker shows its player, for that player's own view."""
    record = game.pending.get(seat)
    if record is None or record["ask"] != "take":
        return {}
    other = record["from"]
    if record["card"] == "informer":
        return {"shown": {"seat": other, "progress_hand": list(game.progress[other])}}
    return {"shown": {"seat": other, "hand": list(game.hands[other])}}
