"""The rules help of Pioneer's Isle, written for this project (not the rulebook's words)."""

from __future__ import annotations

import functools
from typing import Any

import lang
from games.pioneers import data as D
from games.pioneers import progress as P
from games.pioneers import ramparts_data as RD
from lang import N_, tr

# the notation of Ramparts, each a real move on the beginner board (a test plays them all): ann's
# city on 11 (C lumber, G brick) with roads 11-16 and 16-21, a knight on 25 beside the desert J
RAMPARTS_EXAMPLES = {
    "setup": ("city 20", "road 20-26"),
    "knights": ("knight 16", "promote knight 16", "activate knight 16"),  # verbatim: moves
    "act": ("move knight 16 to 21", "chase 25 robber K steal 2"),  # verbatim: moves
    "build": ("wall 11", "improve lore", "improve council 11", "trade 4 silver for 1 ore"),  # verbatim: moves
    # the table's own choices, played for a player by the standing answers `track:` and `cistern:`
    "choices": ("draw lore", "cistern ore"),  # verbatim: moves
}
# Every progress card in our words, with the example of its text (`progress.form`), each a real
# move on the beginner board (a test plays them all). Two differ from the design page's: its Envoy
# example `play envoy 12-17 to 20-21` names no road (corners 20 and 21 are not neighbours), so the
# road rebuilt here is 21-26; its Surveyor example `play surveyor C H` swaps two 9s on the beginner
# board, a swap that changes nothing and is refused, so it names C and K.
CARD_WORDS = {
    "stargazer": N_("before your roll, choose both production dice, the red one first; the event die is still thrown"),
    "hoist": N_("an improvement for one commodity less, level 1 free; name the city when the level takes a "
             "metropolis, as for `improve`"),
    "mason": N_("a free wall under one of your cities"),
    "surveyor": N_("swap the number tokens of two hexes, neither of them a 2, 12, 6 or 8"),
    "terraces": N_("2 grain for each fields hex your settlements and cities touch"),
    "deep shaft": N_("2 ore for each mountains hex your settlements and cities touch"),
    "herbalist": N_("one of your settlements becomes a city for 2 ore and 1 grain"),
    "causeway": N_("two free roads, placed with two `road ...` moves"),
    "armourer": N_("promote one or two of your knights free, the promotion rules holding"),
    "star chart": N_("1 point, shown and scored when drawn"),
    "tax collector": N_("move the robber and take 1 random card from each player beside its new hex"),
    "turncoat": N_("a player loses a knight; you may place one of yours of its strength where you could build "
                "one, in its state"),
    "envoy": N_("remove a road with an open end; if it was yours, you may rebuild it elsewhere at once, free"),
    "plot": N_("displace another player's knight of any strength from a corner your roads touch"),
    "firebrand": N_("each other player with at least your points discards half their cards, rounded down "
                 "(`discard ...`)"),
    "informer": N_("look at a player's progress cards and take one of them"),
    "muster": N_("activate all your knights free"),
    "festival": N_("each player with more points than you gives you 2 cards of their choice"),
    "charter": N_("1 point, shown and scored when drawn"),
    "peddler": N_("put the peddler on a land hex beside your settlement or city (not the desert): while you hold "
               "it, 1 point and that hex's resource 2:1 with the bank, robber or not; another Peddler moves it"),
    "hoarder": N_("name a resource: each other player gives you 2 of it (all they have, if fewer)"),
    "levy": N_("name a commodity: each other player gives you 1"),
    "trade winds": N_("name a kind of card: it trades 2:1 with the bank until your turn ends"),
    "customs house": N_("give 1 resource to each player you name; each gives you back 1 commodity of their choice"),
    "broker": N_("look at the resources and commodities of a player with more points and take 2 of them"),
}
# the answers a card asks for, each played in the test after its card
CARD_ANSWERS = {"informer": "take hoist", "festival": "give 1 wool 1 ink", "customs house": "give 1 ink",  # verbatim: moves
                "broker": "take 1 ore 1 ink"}


# The computer levels at Ramparts, measured with bench/ramparts_levels.py on seeds declared before
# the runs, every rotation of the seats (logs in bench/results/ramparts-*.jsonl)
RAMPARTS_LEVELS = N_(
    "Measured with seats rotated, each level in its share of the seats, all 54 progress cards in "
    "play: hard's seats finished ahead of normal's in 74.5% (±6.0) of 204 three-player and 82.0% "
    "(±5.3) of 200 four-player games; normal's ahead of easy's in 63.7% (±6.6) of 204 three-player "
    "and 63.0% (±6.7) of 200 four-player games (seeds 70000 and 80000 on). Hard takes 15 to 22 ms "
    "a move at the median; over 99% of its moves take under half a second."
)
# measured with bench/levels.py --options board=...; seats rotated; the counts are said
SEA_LEVELS = N_(
    "Measured with seats rotated, each level in half the seats (50% would be even), before the "
    "computers used the pirate: normal's seats finished ahead of easy's in 81.0% (±5.4) of "
    "three-player and 81.5% (±5.4) of four-player Shores games, and in 83.0% (±5.2) and 79.0% "
    "(±5.6) of three- and four-player Isles games (200 games each). Hard's seats finished ahead "
    "of normal's in 66.7% (±6.5) of 204 three-player and 66.5% (±6.5) of 200 four-player Shores "
    "games, and in 65.7% (±4.6) of 408 three-player and 69.5% (±6.4) of 200 four-player Isles "
    "games (seeds 40000 on). Since every level uses the pirate (and a win at sea is checked after "
    "every move), a smaller sample on the first 50 of those seeds per table: hard ahead of normal "
    "in 62.0% (±13.5) and 76.0% (±11.8) of three- and four-player Shores games and in 58.0% "
    "(±13.7) and 54.0% (±13.8) of Isles games, where the same seeds had given 66.0%, 70.0%, 62.0% "
    "and 64.0%: 62.5% over the 200 games against 65.5% before, a lead a little smaller, within "
    "what 50 games a table can tell, and below 65% on Isles in this sample. Normal ahead of easy "
    "in 81.7% (±9.8) of 60 three- and of 60 four-player Shores games, and in 76.7% (±10.7) and "
    "73.3% (±11.2) of Isles games. At sea hard "
    "searches lighter than on the island, for a sea game has three to four times as many "
    "decisions: it plays the next turn for a 7, a 6 and an 8 rather than for every sum, weighs at "
    "most three offers and only the bank trades its next build needs, looks at two worlds (not "
    "four) from 3 points short of the target, and stops weighing alternatives once its time is "
    "spent. Before it searches, it looks for a win within its turn, ships and the points of a "
    "discovery counted; its starting settlements count a gold field's yield as the kind they "
    "lack most, for its owner picks the card. Its moves took 26 to 42 ms (median) and at most "
    "2.9 s in the latest games, on a machine busy with other work (1.09 s at most before, on a "
    "quieter one)."
)
# measured with bench/levels.py --count pirate,robber (three and four players together)
SEA_PIRATE = N_(
    "Of their thief moves, the pirate took 23.1% at normal, 18.9% at easy and 25.7% at hard on "
    "Shores, and 25.8%, 20.8% and 27.3% on Isles (220, 120 and 100 games per layout); before, no "
    "level ever moved it."
)

# the notation of the sea layouts, shown on Shores: a settlement on corner 22 of the home island's
# north-west coast, ships leaving it, the pirate one hex away (tests play each example there)
SEA_EXAMPLES = {
    "setup": ("settlement 22", "ship 12-22"),
    "build": ("ship 2-12",),
    "move": ("move ship 2-12 to 3-12",),  # verbatim: moves
    "pirate": ("pirate S3 steal 2", "pirate S24"),
    "gold": ("gold 1 wool 1 ore",),
}

# The rules help, piece by piece: each a message (a paragraph or a bullet), "" a blank line, "@name" a
# part made below (the card list, the designed values)
PARTS = (
    N_("**Pioneer's Isle** — 2 to 4 players settle an island of 19 hexes. First to the target\n"
       "(10 points unless the lobby changes it) on their own turn wins."),
    "",
    N_("**Labels.** Hexes are letters A–S (rows of 3, 4, 5, 4, 3 from the top left). Corners, where\n"
       "settlements and cities stand, are numbers 1–54 counted row by row from the top. A road is\n"
       "named by the two corners it joins, the smaller first: `12-17`. Players are numbered 1–4 in\n"
       "turn order; the picture shows each number beside the name."),
    "",
    N_("**Moves.**"),
    N_("- Setup (order 1-2-3-4-4-3-2-1): `settlement 12`, then `road 12-17` touching it. Only the\n"
       "  second settlement collects its starting cards."),
    N_("- Your turn: `roll` (or `knight` first), then any of `road 12-17`, `settlement 12`,\n"
       "  `city 12`, `buy card`, `trade 4 wool for 1 ore`, player offers, one development card,\n"
       "  and `end`."),
    N_("- Cards: `knight`, `road building` (then two `road ...` moves, free), `year of plenty\n"
       "  wool ore`, `monopoly wool`. One card a turn, never one bought this turn; only the knight\n"
       "  may come before the roll. Victory point cards stay hidden and count at once."),
    N_("- Robber: after a 7 or a knight, `robber K steal 2` moves it to hex K and takes a random\n"
       "  card from player 2, who must have a building beside K and a card in hand; `robber K` when\n"
       "  nobody there can be robbed."),
    N_("- A 7: whoever holds more cards than the discard limit (7) throws away half, rounded down,\n"
       "  all at the same time: `discard 2 wool 1 ore`."),
    N_("- Costs: road 1 lumber + 1 brick; settlement 1 lumber + 1 brick + 1 wool + 1 grain;\n"
       "  city 2 grain + 3 ore; development card 1 wool + 1 grain + 1 ore. Pieces: 15 roads,\n"
       "  5 settlements, 4 cities each."),
    "",
    N_("**Trading.** The bank takes 4 of a kind for 1, 3 with a generic harbour, 2 of the harbour's\n"
       "resource with a 2:1 harbour; write your rate: `trade 3 grain for 1 brick`.\n"
       "After rolling, the player in turn may post offers: `offer 1 wool 1 grain for 1 ore` (the\n"
       "first half is what you give). Offers are numbered #1, #2, ... and stay open until that\n"
       "turn ends. Anyone else may answer at any time while it is open, even when not asked to\n"
       "act: `accept 1`, `decline 1`, or `counter 1 give 2 ore get 1 wool` (you give 2 ore and get\n"
       "1 wool; the older `counter 1 2 ore for 1 wool` means the same). The table shows every offer\n"
       "and counter from the offerer's side: \"bob gives 1 wool, gets 2 ore\". The offerer picks one\n"
       "answer with `confirm 1 3` (offer #1, player 3); both hands are checked at that moment. `cancel 1` withdraws an offer. No resource may be on both sides and\n"
       "nobody may offer cards they do not hold. Computer seats answer an offer the moment it is made:\n"
       "they accept one that brings their next build closer, unless the offerer is within 2 points\n"
       "of winning, and decline the others. A hard computer makes offers too, always one card for\n"
       "one, and the other computers answer them at once; it confirms an answer or goes on without\n"
       "waiting for people's, so its offers show in the turn's report already settled."),
    "",
    N_("**Production.** A rolled number pays each settlement beside a matching hex 1 card and each\n"
       "city 2, except under the robber. When the bank cannot pay every player owed a resource,\n"
       "nobody gets that resource — unless only one player is owed it: that player takes what is left."),
    "",
    N_("**Titles.** Longest Road (2 points) needs 5 roads in one line, loops included, and passes\n"
       "only to a strictly longer road; another player's building cuts a road. Largest Army\n"
       "(2 points) needs 3 knights played and passes only to strictly more knights."),
    "",
    N_("**Winning.** Points: settlement 1, city 2, each title 2, each victory point card 1. You win\n"
       "the moment you reach the target during your turn, or when your turn begins if you already\n"
       "have it (points can arrive on someone else's turn, through a title)."),
    "",
    N_("**Options.** `target` (10), `discard_limit` (7), `friendly_robber` (off: when on, players\n"
       "with fewer than 3 visible points cannot be robbed and the robber may not stand beside their\n"
       "buildings; if no hex is left, the robber stays put and nobody is robbed), `board`\n"
       "(`random` — 6s and 8s never touch — or `beginner`)."),
    "",
    N_("**Computer players.** `/addai level:easy|normal|hard` (normal by default). Measured over 200\n"
       "games each, seats rotated (at 3 or 4 players each level takes half the seats; 50% would be\n"
       "even, about ±7 points either way at 200 games): hard's seats finished ahead of normal's in\n"
       "69.5% of two-player games (±6.4), 69.5% of three-player games (±6.4) and 81.5% of four-player\n"
       "games (±5.4); normal's ahead of easy's in 88.0%, 76.5% and 74.0%; easy ahead of a random player\n"
       "in 98.5% of two-player games.\n"
       "Against an outside engine's bots (catanatron's, in 4-player games of two seats each, seats\n"
       "rotated, our rules refereeing, offers answered as at our tables: its bots decline every offer,\n"
       "ours answer as our computers do): hard's seats won 94.0% of 200 games (±3.3) against its\n"
       "value-function player, where normal's won 82.5% of the same seeds (±5.3); against its two-ply\n"
       "alpha-beta player hard's won 90.0% of 200 games (±4.2, seeds chosen before they were played),\n"
       "where normal's won 77.0% of 200. Before hard weighed its answers to offers by its search, it\n"
       "had won 91.0%, 87.0% and 90.5% of three other sets of 200 (89.5% of the 600, ±2.5): the\n"
       "difference is within the noise. Its seats used to take the longest road in two games of three\n"
       "against hard; since hard races for the title (a seat one or two roads short of it, or holding\n"
       "it with a rival that near, is judged accordingly, and the road that lengthens its own road most\n"
       "is always weighed), hard's seats ended with the title in 134 of the last 200 games and its\n"
       "seats in 64. Trades between our two seats count too: about 3 points against the value player.\n"
       "Hard first looks for a way to win within its turn (bank trades, builds and the cards whose\n"
       "outcome it knows, in sequence) and plays it where there is one. Otherwise it weighs the normal\n"
       "player's move against the other builds, roads, bank trades, offers, cards, robber hexes or\n"
       "discards: it plays each to the end of the turn and then the next player's turn once for every\n"
       "sum of the dice, in a world where the cards it cannot see are dealt afresh (four such worlds\n"
       "once it, or a rival by what shows, has 7 points), and keeps the move that leaves it the best\n"
       "chance to win (judged by a model fitted to finished games). Another seat's offer it answers the\n"
       "same way: accepting and declining are both played out, the offerer holding what it offered and\n"
       "confirming, and it takes the trade only where it leaves hard better placed. That is a fixed\n"
       "amount of search, up to about twenty candidates a move with 11 rolls each (four times that near\n"
       "the end): 95% of its moves took under 0.3 s (at most 0.9 s, on a busy machine) in the games\n"
       "above. Its starting settlements come from a search of their own: each of the ten best corners\n"
       "is placed in a copy, the rest of the setup played out, and the start judged by a model of the\n"
       "start fitted to 20000 finished games (between normal players who started that way and as the\n"
       "normal player does, the model's seats won 57% of 2000 games at 2, 3 and 4 players).\n"
       "A player who resigns or misses a deadline is played at normal."),
    "",
    N_("**Sea layouts (Voyages).** `/open game:pioneers options:board=shores` (3-4 players) or\n"
       "`board=isles` (2-4) plays on islands in the sea; the target is then 14 unless you set it\n"
       "(`target=12`), and every other option holds. Islands are reached by ship:"),
    N_("- A ship costs 1 lumber + 1 wool; each player has {ships}. It stands on an edge with water on\n"
       "  at least one side, a road on an edge with land on at least one side, never both on one edge.\n"
       "  A ship leaves from your own settlement or city on that coast or continues your own ship; ships\n"
       "  and roads join only at your own settlement or city, never directly. Build one with `ship 2-12`;\n"
       "  in setup the piece beside a starting settlement may be a ship: `settlement 22`, then\n"
       "  `ship 12-22`."),
    N_("- Once a turn, after your roll, you may move one ship at the open end of a line of your ships\n"
       "  (an end touching none of your ships, settlements or cities), if it was not built this turn, to\n"
       "  any edge where you could build one: `move ship 2-12 to 3-12`. It costs nothing."),
    N_("- Road Building gives any two of roads and ships. Longest Road counts roads and ships in one\n"
       "  line, a road joining a ship only through your own settlement or city."),
    N_("- The pirate sails the sea. On a 7 or a knight you move either the robber (on land) or the\n"
       "  pirate to another sea hex: `pirate S3 steal 2` takes a random card from player 2, who has a\n"
       "  ship on an edge of S3; `pirate S24` when nobody there can be robbed. No ship is built on the\n"
       "  pirate's edges, moved off them or moved onto them. The friendly robber keeps it from its\n"
       "  players' ships as from their buildings."),
    N_("- Gold fields: when a gold field's number rolls, each settlement beside it takes 1 card of its\n"
       "  owner's choice from the bank, each city 2, owners choosing in turn order from the roller:\n"
       "  `gold 1 wool 1 ore`. The cards taken are told to all."),
    N_("- Discovery: your first settlement on an island where you did not start (on Shores: any island\n"
       "  but the home island) gives you {discovery} public points, once per island."),
    N_("- The picture shows the sea, the ships (boats in the owner's colour), the pirate (a black boat),\n"
       "  gold fields, a flag by each discovering settlement, and a dashed coast round each island nobody\n"
       "  has settled yet; the standings are under the map. The longest trade route's holder has its\n"
       "  route's roads and ships laid on a white-edged band of its colour, and the edges of the\n"
       "  pirate's hex, where no ship may be built or moved, are dashed and crossed in red."),
    N_("- Ratings: a sea table counts toward Pioneer's Isle's ratings, as the beginner board does. The\n"
       "  layouts ask for the same skills (settling, trading, the robber), and a rating of their own would\n"
       "  split the few games a server plays into two thin ones."),
    N_("- Computer players at every level play the sea layouts: they take gold toward their next build,\n"
       "  build ships toward the best free corners of islands where they have not built (a corner's worth,\n"
       "  discovery points counted, fading with each ship still to build), move a ship standing off the way,\n"
       "  and move the pirate where that pays more than the robber: the thief that moves gives up the harm\n"
       "  it does where it stands, so a robber already on a rival's best hex stays there while the pirate\n"
       "  robs a rival beside its ships, holds them still, or closes the edges a rival's line of ships\n"
       "  would take next toward an island or a gold field. {pirate} {levels}"),
    "",
    N_("**Ramparts (knights, improvements and raiders).** `/open game:pioneers options:ramparts=on` plays\n"
       "with knights, city improvements, the raiders and progress cards, on the island alone (not with a\n"
       "sea layout), for 2 to 4 players; the target is then {target} unless you set one.\n"
       "There are no development cards and no Largest Army."),
    N_("- Commodities: ink (forest), sailcloth (pasture) and silver (mountains), {bank} of\n"
       "  each, held and traded like resources (4:1 with the bank, 3:1 at a generic harbour; a 2:1 harbour\n"
       "  takes only its resource). A city takes 2 cards on hills and fields, and on forest, pasture and\n"
       "  mountains 1 resource and 1 commodity: 2 lumber would be 1 lumber and 1 ink."),
    N_("- Setup: your second placement is a city, `{setup0}` then\n"
       "  `{setup1}`; it collects one resource per hex, never a commodity."),
    N_("- The roll throws two production dice (the first is the red one) and the event die: three sail\n"
       "  faces move the raiders one step of {steps}, and they attack on the seventh; a gate\n"
       "  face (commerce, council or lore) lets everyone at level 1 or more of that track draw its top\n"
       "  progress card when the red die is at most their level plus 1 (level 1 on red 1-2, level 5 on\n"
       "  any), in turn order from the roller. You hold at most {hand}; holding 4 you draw nothing."),
    N_("- Knights: 1 wool + 1 ore raises a young knight (strength 1, inactive) on an empty corner one of\n"
       "  your roads touches: `{knights0}`. The same price promotes it, once a\n"
       "  turn: `{knights1}` (to veteran, 3, only with the Stronghold). 1 grain\n"
       "  activates it: `{knights2}`. Each player has 2 knights of each strength."),
    N_("- An active knight not activated this turn acts once, then rests: it moves along your roads\n"
       "  through empty corners or your own pieces, `{act0}`, or onto a weaker\n"
       "  knight of another player, which retreats to the free corner on its owner's roads nearest by\n"
       "  road (the lowest number on a tie) or to its owner's supply; after the first raid a knight beside\n"
       "  the robber chases it as a 7 would: `{act1}`. A knight blocks other\n"
       "  players' roads and cuts their longest road like a building, and no settlement goes on its corner."),
    N_("- The raid: the raiders' strength is the number of cities (a ruin does not count), the island's\n"
       "  defence the strength of all active knights. Stronger raiders take a city from each player with the\n"
       "  least active strength among those owning a city without a metropolis; the city becomes a\n"
       "  settlement and loses its wall. Otherwise the single strongest defender takes an Isle Shield (1\n"
       "  point); tied strongest defenders each draw a progress card. Then every knight rests."),
    N_("- The robber waits in the desert until the first raid: a 7 before it only makes players discard."),
    N_("- Walls: 2 brick under one of your cities, `{build0}`, up to {walls};\n"
       "  each lets you hold 2 more cards on a 7 (commodities count; progress cards do not)."),
    N_("- Improvements: `{build1}` raises a track by one level; level k costs k of\n"
       "  its commodity (commerce sailcloth, council silver, lore ink) and needs a city. At level 3 comes a\n"
       "  power: the Chandlery (commerce) trades any commodity 2:1, the Stronghold (council) promotes to\n"
       "  veteran, the Cistern (lore) gives 1 resource to you whenever a roll other than 7 gives you\n"
       "  nothing. The first to level 4 takes the track's metropolis (the Emporium, the Citadel, the\n"
       "  Lighthouse; 2 more points, never pillaged) onto a city they name:\n"
       "  `{build2}`; the first to level 5 takes it from a holder at 4.\n"
       "  Commodities trade with the bank too: `{build3}`."),
    N_("- Progress cards, {total} in three decks of {deck}, each card's count in brackets. You\n"
       "  play them on your turn after the roll (the Stargazer before it), as many as you like, those\n"
       "  drawn this turn too, with `play <card> ...`; a card played goes under its deck. Star Chart and\n"
       "  Charter are never held: they are shown and scored when drawn. Players a card asks out of turn\n"
       "  answer with `give ...` or `discard ...` (`/auto give:` and `/auto discard:` answer for them),\n"
       "  while the player in turn waits; an Informer's or a Broker's player answers `take ...`, and\n"
       "  nobody else sees the hand they look at."),
    '@cards',
    N_("- The table's choices: when tied strongest defenders draw a card, each draws from the deck of\n"
       "  their standing answer `track:` (`/auto track:lore`; by default their highest level), played\n"
       "  for them as `{choices0}`; the Cistern's resource is the first of their\n"
       "  standing answer `cistern:` the bank holds (`/auto cistern:grain ore`; by default ore, grain,\n"
       "  wool, brick, lumber), played as `{choices1}`. Nobody is asked: both are\n"
       "  told to everyone."),
    N_("- Points: settlement 1, city 2, metropolis +2, Isle Shield 1, Star Chart and Charter 1, the\n"
       "  peddler 1 while you hold it, Longest Road 2. Every point is public."),
    N_("- Ratings: Ramparts is rated apart from Pioneer's Isle (`/leaderboard game:pioneers:ramparts`),\n"
       "  for knights and improvements ask other skills."),
    '@ramparts_levels',
    "",
    N_("**Our readings and designed values.**"),
    '@designed',
    "",
    N_("**Ramparts: our designed values.**"),
    '@ramparts_designed',
    "",
    N_("**Ramparts: our readings of the progress cards.**"),
    '@card_notes',
    "",
    N_("**Sea layouts: our designed values.**"),
    '@sea_designed',
)


def _card_line(card: str) -> str:
    count = P.CARDS[card][1]
    title, words = tr(P.TITLES[card]), tr(CARD_WORDS[card])
    if card in P.POINT_CARDS:
        return tr("{title} ({count}): {words}.").format(title=title, count=count, words=words)
    if card in CARD_ANSWERS:
        return tr("{title} ({count}): {words}: `{form}`, answered `{answer}`.").format(
            title=title, count=count, words=words, form=P.form(card), answer=CARD_ANSWERS[card])
    return tr("{title} ({count}): {words}: `{form}`.").format(title=title, count=count, words=words, form=P.form(card))


def _cards() -> str:
    return "\n".join(
        tr("  - {track} ({commodity}), {count} cards:").format(
            track=tr(track.capitalize()), commodity=D.kind_word(RD.KINDS[RD.TRACK_COMMODITY[index]]), count=P.DECK_SIZE)
        + "\n" + "\n".join(f"    - {_card_line(card)}" for card, (deck, _count) in P.CARDS.items() if deck == track)
        for index, track in enumerate(RD.TRACKS))


def _notes(notes: tuple[str, ...]) -> str:
    return "\n".join(f"- {tr(note)}" for note in notes)


def _computed() -> dict[str, str]:
    return {
        "cards": _cards(),
        "ramparts_levels": f"- {tr(RAMPARTS_LEVELS)}",
        "designed": _notes(D.DESIGNED_NOTES),
        "ramparts_designed": _notes(RD.RAMPARTS_NOTES),
        "card_notes": _notes(P.CARD_NOTES),
        "sea_designed": "\n".join(f"- {D.sea_note(note)}" for note in D.SEA_NOTES),
    }


def _values() -> dict[str, Any]:
    values: dict[str, Any] = {
        "ships": D.SHIPS, "discovery": D.DISCOVERY_POINTS, "pirate": tr(SEA_PIRATE), "levels": tr(SEA_LEVELS),
        "target": D.RAMPARTS_TARGET, "bank": RD.COMMODITY_BANK, "steps": RD.RAIDERS_STEPS, "hand": RD.PROGRESS_HAND,
        "walls": RD.WALLS, "total": P.TOTAL_CARDS, "deck": P.DECK_SIZE,
    }
    for name, examples in RAMPARTS_EXAMPLES.items():
        for index, example in enumerate(examples):
            values[f"{name}{index}"] = example
    return values


@functools.lru_cache(maxsize=4)
def rules_help(language: str) -> str:
    """The rules help in one language (English as written)."""
    with lang.using(language):
        computed, values = _computed(), _values()
        lines = [computed[part[1:]] if part.startswith("@") else tr(part).format(**values) if part else ""
                 for part in PARTS]
    return "\n".join(lines) + "\n"


def __getattr__(name: str) -> str:
    """`RULES_HELP`: the rules help in the language of the call (`Game.rules_help` reads it)."""
    if name == "RULES_HELP":
        return rules_help(lang.current())
    raise AttributeError(name)
