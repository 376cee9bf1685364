"""The hard player of Pioneer's Isle: the heuristic player's choice weighed against the
alternatives by where they leave the seat a turn later.

At every decision with more than one sensible answer it lists candidates: the heuristic player's
move first, then the other builds, the best roads (toward good corners, and the one that
lengthens the seat's longest road most), one bank trade for each resource, the
development cards, every offer to the table of one card the next build can spare for one of
another kind, the confirmation of each answer that took up an offer, `end`, and the robber hexes
or discards the heuristic player ranks highest. Each candidate is played in a sampled world that
redraws what the seat cannot see (`PioneersGame.redraw_hidden`: the other hands, the development
deck, the dice); the heuristic player finishes the turn for every seat, then plays the next turn
once for every sum of the dice, and each ending is judged by the chance to win that
games/pioneers/value.py gives it, weighed by how often its roll comes. The candidate with the
best chance is played. So the search sees a trade followed by the build it allows, a card bought
and what it may be, and what a 7 or a good roll of the next player would do to the cards left in
hand, while the judgement after it was fitted to how finished games went (see value.py).

The amount of search is fixed (candidates, one world, eleven rolls), so the player is as
strong on a busy machine as on an idle one; the time budget only cuts a search short as a
safety net. The starting settlements are games/pioneers/opening.py's: each of the heuristic
player's ten best corners is placed in a copy, the rest of the setup played out, and the start
judged by a model of its own, fitted on the outcome of 20000 games from varied starts (searching
them by playouts of eight turns, or by value.py's judgement after the setup, had measured no
better than the heuristic player's corners). The starting roads stay the heuristic player's.

Hard's seats win about 63% of games against as many normal seats at every table size: 62.5%, 63.5%
and 63.5% of 200 games at 2, 3 and 4 players on new tables' dice (the two-player figure read 66.5%
on the seeds' earlier dice, which shows how far 200 games can swing). Against normal seats the
search of the main phase is what counts: without it hard is no better than normal (50.0% of 200
two-player games), without the robber's search 58.0%, without the roll's (a knight first or not)
60.5%, without the discards' 61.5% (each of these ±7 points). None of these moved the four-player
figure in 200 games against normal seats (63.5% as shipped): 2 or 3 worlds a decision (63.0%),
each roll's branch played on to the seat's own next turn (62.5%), more roads, robber hexes and
discards weighed (62.0%), the starting settlements searched by the model's judgement at the end of
the setup (65.0%, but 62.5% of three-player games against 63.0%, and 81.0% against catanatron's
value bot against 87.0%) or a round later (58.0%), weights refitted on games of 2, 3 and 4 players
(62.5%; weaker at 2 and 3 players, see value.py). Later, on new tables' dice (the player as
shipped: 63.5% of 200 games at 4 players and at 3): a feature for how much of a city or settlement
the hand already holds (63.0%), the cards a seat expects to lose to the 7s of the rolls before its
own turn (63.0%), and the starting settlements searched by six short playouts each (59.3% of 600
four- player games, 64.7% of 600 three-player). Judging at the end of the seat's own turn, without
the next player's rolls, is as strong against normal seats (65.0% and 60.5% of 600 games) at a
twelfth of the time, and no stronger with six worlds (66.0%), but weaker against catanatron's
value bot (84.0% against 89.5%), so the rolls stay. The model's strengths scaled before the shares
(halved or doubled, which changes whom a search of 3 or 4 seats fears most) gave 60.8-61.2%
against 65.0% unscaled. A second step of the seat's own turn searched as well (after each
candidate, every candidate of the next decision judged at the end of the turn, the best one then
judged over the rolls) gave 63.0%, 62.0% and 60.5% of 200 games at 4, 3 and 2 players, at about
twice the time: no better than the heuristic player finishing the turn. Judged at the end of the
seat's own turn with the time saved spent on four worlds and more roads, robber hexes and discards
(5, 7 and 7): 62.0% of 200 four-player games.

Offers are searched as the bot plays them: the other seats answer as the heuristic player
does (accepting what brings their next build closer, unless the offerer is within 2 points of
winning), and the heuristic player finishing the turn confirms the first acceptance; where an
acceptance is already open, confirming each is a candidate, judged in worlds where the partner
holds what it accepted to give. With offers, hard's seats won 66.0%, 65.5% and 67.0% of 200
games at 2, 3 and 4 players against as many normal seats (62.5%, 63.5% and 63.5% without; with
offers only for the kinds the build lacks, 64.5%, 64.0% and 67.0%): a trade of one card for one
beats the bank's four, and the search takes only trades that leave it better placed than the
partner. Catanatron's bots never answer, so there offers change no cards: against its value
bot hard won 88.5% of 200 games (89.5% before), against its two-ply alpha-beta bot 79.0% with
offers only for the kinds the build lacks (82.0% before). Since unanswered offers count as
declined (below): 81.5% of 200 games against alpha-beta, and against the value bot 82.0% of the
same 200 seeds and 88.5% of 200 more (seeds 30000 on), where the version before won 86.0% and
88.5%: two runs of the same version on the same seeds differ too (88.5% and 86.0%), for
catanatron's own choices do not repeat from run to run, so 400 games (±3.5) tell these apart
no better than by noise.

Against the alpha-beta bot the losses come with its longest road: in 60 four-player games
(seeds 20000 on) its seats held the road title at the end of 41, and of every game it won.
Three changes were tried on those seeds, none better than the 51 of 60 games as then shipped
(±9 points at 60 games): roads that lengthen the seat's road toward the title as candidates,
with the road that takes the title played first wherever the seat's turn is finished (47); 3
worlds a decision (50); and the heuristic player's starting corners chosen by each resource's
dice odds with diminishing returns (47; in games between heuristic players that choice won 53.5%
of 4000 four-player games for the seats using it). In the losses looked at one by one, a hard
seat had started without a resource (no brick, or no ore) and stalled.

An offer of the seat's own that a seat has not answered yet counts as declined by it: the bot
plays the computers' answers at once and does not wait for people's, so an answer that has not
come by the seat's next decision will not come in time. Before, the search let such a seat
answer as the heuristic player would, and every candidate was judged as if a trade were on
its way that a person, or an outside bot that never trades, would not make.

With the starting settlements of opening.py, hard's seats finished ahead of as many normal seats
in 67.5%, 69.8% and 74.5% of games at 2, 3 and 4 players (200, 400 and 200 games; the first 200
three-player games read 64.0%, the next 200 75.5%: ±6.7 points at 200 games is no figure of
speech). Against catanatron's value bot on 400 games (seeds 70000 on), counting from 88.5% as
shipped before: the new starts alone 88.8%, the bench answering offers as the bot's tables do
(our other seat takes a trade it likes, catanatron's seats decline) alone 91.8%, both 92.0%, where
normal's seats won 82.5% of the first 200. So against that bot the trades between our seats
count, the starts do not. Against the alpha-beta bot, both: 84.0% of 200 games (seeds 20000 on,
81.5% before) and 89.0% of 200 more (seeds 60000 on, 89.3% of 150 before), 86.5% of the 400,
with its seats holding the longest road at the end of 273 games and ours of 119.

The race for the longest road: the judgement counts a seat one or two roads short of the title
(or holding it with a rival that near) by a designed term (value.road_race), and the road that
lengthens the seat's longest road most is always a candidate, so a road toward the title is
weighed even when it leads to no good corner. Against the alpha-beta bot, on the same two sets
of seeds: 89.0% (seeds 20000 on, 84.0% before) and 88.0% (seeds 60000 on, 89.0% before), 88.5%
of the 400 (±3.1, 86.5% before), with the title held at the end by our seats in 233 games and
by its seats in 165 (119 and 273 before); on a third set (seeds 100000 on) 83.5%, so 86.8% of
600 (±2.7). Its wins still mostly come with the title (55 of its 79 wins). A stronger race
(0.6, and a quarter of it three roads short) won 81 of the first 96 games of seeds 20000 on,
where 0.4 won 85. Against the value bot 93.0% of 200 (seeds 70000 on); against as
many normal seats 67.5%, 66.0% and 77.0% of 200 games at 2, 3 and 4 players.

Two more changes were measured against the alpha-beta bot and not kept. A card bought judged as
every kind the sampled world's deck holds, weighed by how many it holds, instead of the one card
on top of that deck (in the positions tried the top card alone moved the purchase's judgement by
3 to 5 points of chance): 86.5% of 200 games (seeds 20000 on), where the player as shipped read
89.0% and, run again, 88.0%. A single draw is noise, but taking it out measured no better.
The last points weighed more than the fitted weights weigh them (value.py tells why): 86.5%
(seeds 20000 on) and 87.5% (seeds 100000 on, 83.5% as shipped), and against as many normal
seats 66.0%, 63.5% and 76.0% at 2, 3 and 4 players. Of the alpha-beta bot's 52 wins in the two
sets followed game by game (the card on seeds 20000 on, the last points on seeds 100000 on), our
best seat had reached 9 points in 19 and 8 in 12, and 34 came with the longest road: its wins
are races lost at the line.

Playouts did not judge the last points better. With a seat at 8 points or more (its own hidden
points counted, others' visible ones), the four best-judged candidates were judged again by
playing the game to its end by the heuristic player 36 times each, once for each roll of the
dice to come first, with dice of their own after (the model judging only the playouts still
open after 600 moves): 87.0% of 200 games against the alpha-beta bot (seeds 20000 on; 89.0% and
88.0% as shipped), at 56 ms a move on average instead of 17. The heuristic player racing for
the line is not how a search's seat or the alpha-beta bot race for it.

Before any of this, the seat in its main phase looks for a win within its turn
(games/pioneers/winning.py): builds, bank trades and the cards whose outcome it knows, tried in
sequence. In 20 four-player games against normal seats (seeds 300000 on) hard's seats could win
within the turn at 21 of their 1753 decisions, and the search alone had missed one of them (a
road, two trades and a road that took the longest road's title); in 12 games between heuristic
players, 103 such positions came up, and at 35 of them the heuristic player's move left no win
within the turn.
The line is played wherever one is found. Against the alpha-beta bot: 89.5% of 200 games
(seeds 20000 on; 89.0% and 88.0% as shipped before) and 86.5% (seeds 100000 on; 83.5%), 88.0% of
the 400 (±3.2); the road title held at the end by our seats in 257 of them, by its seats in 143.
Against the value bot 92.5% of 200 (seeds 70000 on; 93.0% before); against as many normal seats
67.5%, 67.5% and 78.0% of 200 games at 2, 3 and 4 players (67.5%, 66.0% and 77.0% before), hard
taking at most 0.65 s a move. The first 200 were played with the search skipped while an offer
of the seat's own stood open; the rest with the version as it is.

Near the end the search weighs four worlds instead of one: wherever the seat has 7 points or
more (its victory cards counted) or another seat shows 7. In six four-player games against
normal seats (seeds 900000 on), hard's seats met 129 decisions of their main phase at 7 points or
more; searched six times, each with a world of its own, 34 of them did not get the same move all
six times, and 23 got the most common move four times or fewer: one world decides too much there.
Against the alpha-beta bot: 91.0% of 200 games (seeds 20000 on; 89.5% with one world) and 87.0% (seeds 100000 on; 86.5%), 89.0% of the 400 (±3.1,
88.0% before), and on a third set 90.5% (seeds 60000 on): 89.5% of 600 (±2.5); against the value bot 94.0% of 200 (seeds 70000 on; 92.5%); against as many normal seats 69.5%, 68.0% and
80.0% of 200 games at 2, 3 and 4 players (67.5%, 67.5% and 78.0% before), hard taking at most
1.15 s a move with other benches sharing the cores. The gain against the alpha-beta bot is
within the noise of 400 games. Measured beside it and not kept: the four best-judged candidates
judged again, with the seat at 8 points or more, by twelve sampled rounds each, played by the
heuristic player up to the seat's next turn and its roll, counting a sure win where a win within
that turn was found (winning.py) and the model's chance otherwise: 86.5% of 200 games (seeds
20000 on).

Two more changes near the end were measured against the alpha-beta bot on seeds 20000 on (where
the player as then shipped read 91.0%) and not kept: eight worlds wherever the table's lead is 8
points or more (89.0% of 200), and rollouts in which a seat one point from the target plays a win
within its turn where winning.py finds one (90.0%, but up to 2.9 s a move on an idle machine,
over the cap: the solver's reach passes too often inside rollouts).

Answers to offers are searched as well: where another seat's offer is open, accepting and
declining the offer the heuristic player answers are both candidates, judged in worlds where the
offerer holds what it offered (its offer showed it did) and confirms the first acceptance as the
heuristic player does. So a trade is taken where it leaves the seat better placed than the
offerer, not only where it brings the next build closer. In two four-player games (hard seats
making offers) the search answered 13 of 95 offers otherwise than the heuristic player. Against
catanatron this touches only trades between our two seats, for its bots do not trade with
players (the bench declines for them). Against the alpha-beta bot: 90.5% of 200 games on seeds
140000 on, for a first writing of the change whose code was not kept, and 90.0% of 200 on seeds
160000 on for the change as it is, each set chosen before it was played, where the player before
read 89.5% of 600: within the noise. Against the value bot 94.0% of 200 (seeds 70000 on; 94.0%
before); against as many normal seats 69.5%, 69.5% and 81.5% of 200 games at 2, 3 and 4 players
(69.5%, 68.0% and 80.0% before), hard taking at most 0.9 s a move with other benches sharing the
cores.

On a sea layout (Shores, Isles) a game has three to four times as many decisions, ships beside
roads in every list, and the search as it is on the island took up to 4 s a move (median 268 ms in
a three-player Isles game). There it is lighter, each part DESIGNED: the next turn is played for
three sums (a 7, a 6 and an 8 standing for its share of the 36 rolls: SEA_ROLLS), at most three
offers are weighed (SEA_TOP_OFFERS) and only the bank trades for kinds the next build lacks, the
end counts from 3 points short of the target (11 of 14, where 7 would be half a sea game) with two
worlds, and once the time is spent the candidates not yet judged drop out (the heuristic's move
always judged first). Against as many normal seats (bench/levels.py --budget 1.5 --workers 1, seeds
12000 on, one process on two cores shared with other work, load 3-11; whole blocks of seatings
only): 70.0% (±11.6) of 60 three-player and 55.0% (±15.4) of 40 four-player Shores games, 53.3%
(±12.6) of 60 three-player and 67.5% (±14.5) of 40 four-player Isles games (200 games in all; 200 a
table were aimed at and did not fit the time), hard taking 34 ms a move (median), p95 500 ms, max 3.6 s
over 39571 moves (over the 2 s aimed at: the cut comes between candidates, and at load 11 one
candidate and the steps before the search took that long). A look at four three-player Isles games
between heuristic players, asking hard at each decision of the main phase: it kept the heuristic's
move at 305 of 583, most often playing a road where the heuristic ended its turn (50), a card
bought or an offer instead of the end (29, 27); of 33 settlements it played 17 otherwise (a road 9,
a card 4: the heuristic finishing the turn may still build it), and of 34 ships 23 (the end 6, a
road 6, an offer 4, another ship 3). The judgement (value.py, fitted on the island) credits a ship
only once its line reaches a free corner, so a ship on the way reads as two cards spent. So the
judgement at sea now adds the reach of a seat's ships toward islands it has not built on
(value.sea_reach). Measured against the version before on the same seeds (seeds 12000 on, as
above; the two run side by side, one process each, load 1-6): hard ahead of normal in 58.9% (±7.2)
of 180 three-player Isles games, as before (58.9%; 26 games went better for hard, 26 worse: 55.8%
against 51.7% on the first 120, 65.0% against 73.3% on the next 60), and 75.0% (±9.5) of 80
four-player Shores games (57.5% (±10.8) before; 23 better, 9 worse), hard taking 30 and 33 ms a
move (median), at most 1.9 s (before: 26 and 30 ms, at most 2.1 s). Isles at three players stays
short of the 65% aimed at; Shores at three and Isles at four were not measured again.

The player before the change below, on seeds 40000 on (bench/results/pioneers-sea-hard-normal.jsonl, one
process a table on two cores): 67.6% (±6.4) of 204 three-player and 70.8% (±12.9) of 48
four-player Shores games, 62.7% (±6.6) of 204 three-player and 72.9% (±12.6) of 48 four-player
Isles games, hard taking 24 ms a move (median), 99% under 0.5 s, at most 1.5 s. At three players
the lead comes from the games where hard holds one seat of the three: on Isles its seat finished
ahead in 48.0% of those (33% would be even) and its two seats in 77.5% of the others (67%); on
Shores 56.9% and 78.4%. The first 66 and 72 of those games were the ones the changes below
were compared on. Two hard seats fight each other as hard as they fight the normal one
(in 24 three-player Isles games with two hard seats, 194 of their robberies took from the other
hard seat and 176 from the normal seat, which robbed them 156 times), as they should: each judges
its own chance.

Tried after that on the same seeds and not kept: gold counted in the production features (its
pips in the total and one kind more) with the reach weighed twice as much (SEA_REACH 1.0, fade
0.8). Hard then built ships and found islands as often as normal (4.9 ships and 0.66 islands a
seat in 40 three-player Isles games, against 3.9 and 0.53 before; normal 4.8 and 0.72), but
finished ahead in 58.3% of 48 four-player Isles games (72.9% without it; 7 games better, 14
worse), 66.7% of the 48 four-player Shores games (70.8%), 56.9% of 65 three-player Isles games
(61.5% on those seeds) and 69.4% of 72 three-player Shores games (65.3%). Built on that version
and measured beside it on 48 three- and 48 four-player Isles games (58.3% and 58.3% for it), none
clear of the noise: the heuristic player's starting corners at sea (62.5% and 60.4%); the
heuristic's move kept unless another is judged a point of chance better (58.3% and 64.6%);
weights fitted at sea on 1000 Isles games between heuristic players, with the reach as a fitted
feature of its own (56.2% and 58.3%); and the starting corners judged with the free corners of
each start island shared among the seats that start there (60.4% and 66.7%).

Later the heuristic player's reach over the water (ai.sea_reach) was computed in one pass, the
same reach three times as fast, so the hard player is too; before, on a slower machine with two
benches on its two cores, the time net had cut 2% of hard's moves (296 of 15258 in the first 71
of the new four-player Shores games below), after it none. The player then, seeds 40000 on
(its games kept in bench/results/ until the next change below): Shores 67.6% (±6.4) of 204
three-player and 66.0% (±6.6) of 200 four-player games, Isles 63.0% (±4.7) of 408 three-player
and 63.0% (±6.7) of 200 four-player games, hard taking 20 to 26 ms a move (median), 99% under
0.33 s, at most 1.01 s (timed in the games as first played after the change). The games played
before the change were played again by that player (a game in which a move reached the time
net, as some did while other work shared the cores, played again alone): the first 204
three-player games of each layout and the first 85 four-player Isles games (the 63 played before
the change among them) ended as before; of the 200 four-player Shores games 197 did, one went
worse for hard and two better (65.5% before; the log then held the games played again). So the low share of the 15 four-player Isles games played before the
change (40.0%) was the dice, not the time net. On Isles the lead at three players is in the
games where hard holds one seat of three (51.0% of 204, where 33% is even; its two seats 75.0%,
where 67% is). Tried beside it on the same seeds and not kept: the next turn played for every
sum at sea as on the island (2.7 times the time), 57.8% of 102 three-player Isles games (60.8%
as it is) and 66.2% of 68 four-player (67.6%); every offer and every bank trade weighed at sea
as on the island, 59.8% of 102 three-player Isles games (60.8%) and 67.6% of 68 four-player
(67.6%).

Tried later on Isles and not kept, each against the kept games on the same seeds: a change
leaves most games move for move the same, so the games it changes are what it shows (games
better for hard, worse, of those played). Gold fields' pips counted in the seat's production (the
heuristic player counts a gold field as 1.2 times its pips, the fitted features as nothing; in 7
three-player games hard took gold 1.2 times a seat, normal 2.5): 1 better and 3 worse of 63
three-player games, 0 and 5 of 39 four-player. Points weighed 10/14 as much at sea, for a
14-point game: 6 and 10 of 67, 4 and 15 of 46. Points weighed 1.3 times: 5 and 8 of 92, 10 and
9 of 61. The reach over the water stopped at the pirate's edges (no ship may be built there
while it stays): 5 and 14 of 199, 7 and 6 of 135. Four ship builds and four ship moves weighed
instead of two: 2 and 1 of 98 three-player games (most played with other work on the cores).
The reach over the water weighed 0.75 instead of 0.5 (value.SEA_REACH): 12 and 18 of 173, 7 and
10 of 59; weighed 0.35: 8 and 12 of 92, 7 and 13 of 62.
Each moved the share by a game or two, most of them down, and none showed a gain worth playing
the four tables again for (each was stopped once its direction was plain).

Tried next on Isles, each with the win within the turn counting ships and discoveries (see
winning.py), and not kept, counted the same way. Every gold pick weighed by the search (the
heuristic's pick, toward the next build, is played as it stands): 0 and 4 of 105 three-player
games, 1 and 3 of 71 four-player. The heuristic player's starting corners at sea instead of
opening.py's model (which is blind to islands and gold): 32 and 23 of 161 (65.8% against 60.2%
kept on those seeds), 15 and 20 of 105 (60.0% against 64.8%), so no better over both. The
development cards in hand weighed half as much at sea (in 36 three-player Isles games hard's
seats bought 4.2 cards a game to normal's 2.4 and built 2.1 cities to its 2.7): 3 and 7 of 47, 4
and 7 of 32. Weights fitted at sea as value.py's were on the island, on 360 Isles games of 3 and
4 players between hard and normal seats (seeds 700000 on, 17556 positions, the reach over the
water a feature of its own and who played each seat a term apart): the reach weighed 0.57, the
trade route -0.15 and points 0.50; on 60 games held out they foretold the winner better at 3
players (log loss 0.972 against 1.004) and worse at 4 (1.189 against 1.134), and hard judging
by them played worse, 7 and 15 of 89, 8 and 15 of 67 (51.7% and 55.2% against 60.7% and 65.7%
kept on those seeds): the same lesson as the island's refits.

Kept: the win within the turn at sea counts ships and the points of a discovery (winning.py has
what it finds). Every game of the four tables was played again by the player as it is (seeds
40000 on, one process a table on two cores, no move reaching the time net): 3 of the 1012 games
ended otherwise than before, each better for hard. Shores 67.6% (±6.4) of 204 three-player and
66.0% (±6.6) of 200 four-player games, Isles 63.2% (±4.7) of 408 three-player
and 64.0% (±6.7) of 200 four-player games, hard taking 14 to 20 ms a move (median), 99% under
0.27 s, at most 1.12 s. Isles stays short of 65% at both counts. In a three-player Isles game
looked at whole (seed 40008), the hard seat alone against two normal ones built its trade route
around its start island (10 roads, the title) and discovered no island, while the winner
discovered two (4 points) with 8 ships: a hard seat there builds for the title where the
heuristic player sails; the reach over the water weighed more (above) did not change that.

Tried next on Isles and not kept, counted the same way: the road race (value.ROAD_RACE) weighed
half at sea, 20 better and 15 worse of 225 three-player games, 18 and 20 of 150 four-player; four
worlds near the end at sea instead of two (SEA_ENDGAME_WORLDS), 0 and 2 of the first 37
three-player games, 1 and 4 of 24 four-player, stopped there. Kept: the starting settlements'
model counts gold fields (opening.py has why and how much: hard's seats had never started beside
one). Isles then read 65.0% (±4.6) of 408 three-player and 69.0% (±6.4) of 200 four-player games,
hard taking 11 and 15 ms a move (median), 99% under 0.23 s, at most 0.91 s; Shores' games are as
above (its starts are out of the gold's reach, so its setups did not change). Gold counted in
value.py's features as well, each pip as the kind the seat yields least as the starts' model
counts it, measured on top of that against it: 8 better and 9 worse of 200 three-player games, 13
and 14 of 138 four-player, so the judgement of the main phase stays blind to gold.

Two gaps in the candidates at sea were closed after that. The piece that lengthens the seat's
trade route most is looked for among ships as well as roads (before, only roads were tried, so a
ship that takes the title was weighed only where it also led toward an island), and Road Building
at sea weighs the ships that lead furthest beside the best roads (before, its ships were ranked
by the roads' measure, and the lengthening test set a ship down as a road). Every game of the four
tables played again: 29 of the 1012 ended otherwise, 16 better for hard and 13 worse (Isles 9
and 6 at three players, 2 and 1 at four; Shores 0 and 2, 5 and 4). Shores 66.7% (±6.5) of 204
three-player and 66.5% (±6.5) of 200 four-player games, Isles 65.7% (±4.6) of 408 three-player and
69.5% (±6.4) of 200 four-player games, hard taking 10 to 14 ms a move (median), 99% under 0.22 s,
at most 1.09 s (two games whose moves reached the time net while other work shared the cores were
played again alone and ended as before).

Every candidate meets the same world and the same dice: a world's dice come from a stream of
their own, so a steal or a card bought in one line of play does not shift the roll of another.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from games.pioneers import ai as A
from games.pioneers import moves as M
from games.pioneers import opening
from games.pioneers.value import win_chance
from games.pioneers.winning import winning_line

if TYPE_CHECKING:
    from games.pioneers.game import PioneersGame

WORLDS = 1  # sampled worlds per decision, each with every roll of the next turn (near the end: below)
# near the end one world decides too much (a card bought is the winning point in one world and
# nothing in another); there the search weighs four (see _endgame and the docstring's figures)
ENDGAME_WORLDS = 4
ENDGAME_POINTS = 7
SEA_ENDGAME_SHORT = 3  # DESIGNED: on a sea layout, the end is this many points from the target
SEA_ENDGAME_WORLDS = 2  # DESIGNED: and weighed over this many worlds (time: see SEA_ROLLS)
TOP_ROBBER = 5
TOP_DISCARD = 5
TOP_ROADS = 3
# DESIGNED: ship builds and ship moves the hard player weighs on a sea layout, each
TOP_SHIPS = 2
TOP_PLENTY = 3
# DESIGNED, sea layouts only: a sea game runs three to four times as many decisions as the island
# alone, with ships beside roads in every list, so there the search is lighter (see SEA_ROLLS) and
# weighs at most this many offers to the table (the heuristic's order: the kinds most wanted first)
SEA_TOP_OFFERS = 3
DEFAULT_BUDGET = 1.5  # seconds; games/levels.py passes none when the bot plays
SAFETY = 0.8  # share of the budget after which no new world is started


# each sum of two dice once: (how many of the 36 rolls give it, one of those rolls as 0..35)
ROLLS = [(min(total - 1, 13 - total), (min(total - 1, 6) - 1) * 6 + total - min(total - 1, 6) - 1)
         for total in range(2, 13)]
# DESIGNED: on a sea layout the next turn is played for three sums, not eleven: the 7 (the robber
# or the pirate, and the discards), a 6 and an 8 (the likeliest sums that pay), each standing for
# its share of the 36 rolls; the 7 keeps its weight, the two paying sums share the other 30
SEA_ROLLS = [(6, roll) for chance, roll in ROLLS if chance == 6] + [
    (15, roll) for chance, roll in ROLLS if chance == 5]


class _WorldDice:
    """The chance of a sampled world: dice from one stream, every other draw from a second."""

    __slots__ = ("rolls", "index", "other")

    def __init__(self, seed: int) -> None:
        dice = random.Random(seed)
        self.rolls = [dice.randrange(36) for _ in range(8)]
        self.index = 0
        self.other = random.Random(seed + 1)

    def randint(self, low: int, high: int) -> int:
        if low == 0 and high == 35 and self.index < len(self.rolls):
            roll = self.rolls[self.index]
            self.index += 1
            return roll
        return self.other.randint(low, high)

    def randrange(self, *args: int) -> int:
        return self.other.randrange(*args)

    def random(self) -> float:
        return self.other.random()

    def choice(self, items):  # noqa: ANN001, ANN201 - the engine's Rng interface
        return self.other.choice(items)

    def shuffle(self, items: list) -> None:
        self.other.shuffle(items)

    def sample(self, items, k: int) -> list:  # noqa: ANN001
        return self.other.sample(list(items), k)

    def to_list(self) -> list[int]:
        return [0, 0]  # never dumped for play: a searched world stays in the search


def hard_move(game: PioneersGame, seat: int, rng: random.Random, budget: float | None = None) -> str:
    moves = game.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    if game.phase == "setup" and isinstance(game.notation.parse(moves[0]), M.Settlement):
        return opening.settlement(game, seat, moves)
    line = winning_line(game, seat)
    if line:
        return line[0]
    normal = game.ai_move(seat, rng)
    options = candidates(game, seat, moves, normal)
    if len(options) == 1:
        return normal
    allowed = DEFAULT_BUDGET if budget is None else budget
    deadline = time.perf_counter() + SAFETY * allowed
    totals = [0.0] * len(options)
    worlds = (SEA_ENDGAME_WORLDS if game.LAYOUT else ENDGAME_WORLDS) if _endgame(game, seat) else WORLDS
    judged = len(options)
    for run in range(worlds):
        if run and time.perf_counter() > deadline:
            break
        seed = rng.getrandbits(52)
        world = game.redraw_hidden(seat, random.Random(seed)).dump()
        for index, move in enumerate(options[:judged]):
            if game.LAYOUT and index and time.perf_counter() > deadline:
                judged = index  # a sea game's safety net: the candidates not judged drop out
                break
            totals[index] += judge(type(game).load(world), seat, move, seed)
    best = max(range(judged), key=lambda i: totals[i])  # ties keep the heuristic move
    return options[best]


def _endgame(game: PioneersGame, seat: int) -> bool:
    """The seat at 7 points or more (its own victory cards counted), or another seat at 7 that
    it can see: another's hidden cards must not change how hard the seat thinks. On a sea layout
    the end is as near 3 points from its target (11 of 14): at 7 a sea game is half played."""
    near = game.opts["target"] - SEA_ENDGAME_SHORT if game.LAYOUT else ENDGAME_POINTS
    return game.total_points(seat) >= near or any(
        game.visible_points(other) >= near for other in range(game.n) if other != seat)


def judge(world: PioneersGame, seat: int, move: str, seed: int) -> float:
    """Play `move`, let the heuristic player finish the turn for every seat, then play the
    next turn once for each sum of the dice; the chance that `seat` wins from there, each
    roll weighed by how often it comes."""
    world.rng = _WorldDice(seed)
    turn = world.turn
    _unanswered_declined(world, seat)
    _hold_accepted(world, move)
    _offerer_holds(world, move)
    world.play(seat, move)
    rng = random.Random(seed)
    _finish_turn(world, turn, rng)
    if world.phase == "over":
        return win_chance(world, seat)
    after = world.dump()
    total = 0.0
    for chance, roll in SEA_ROLLS if world.LAYOUT else ROLLS:
        branch = type(world).load(after)
        dice = _WorldDice(seed + 1)
        dice.rolls[0] = roll
        branch.rng = dice
        _finish_turn(branch, branch.turn, rng)
        total += chance * win_chance(branch, seat)
    return total / 36


def _unanswered_declined(world: PioneersGame, seat: int) -> None:
    """The seat's open offers as they stand: a seat that has not answered one yet is taken to
    decline it, for the seat does not wait for answers (the bot plays the computers' answers
    at once, a person's may come after the turn or never)."""
    for offer in world.offers:
        if offer["by"] == seat:
            for other in range(world.n):
                if other != seat and other not in offer["answers"]:
                    world.play(other, M.text(M.Decline(offer["id"])))


def _hold_accepted(world: PioneersGame, move: str) -> None:
    """An accepted offer shows the partner held its cards then: a redrawn hand is made to agree
    (cards of other kinds turned into the ones owed), so the count stays what is known."""
    value = world.notation.parse(move)
    if not isinstance(value, M.Confirm):
        return
    offer = next(o for o in world.offers if o["id"] == value.offer)
    _, owed = world.terms(offer, offer["answers"][value.partner])
    _make_hold(world.hands[value.partner], owed)


def _offerer_holds(world: PioneersGame, move: str) -> None:
    """An offer shows the offerer held what it gives when it made it: where the seat accepts, the
    offerer's redrawn hand is made to agree, or the acceptance would be judged as a trade that
    cannot be confirmed."""
    value = world.notation.parse(move)
    if not isinstance(value, M.Accept):
        return
    offer = next(o for o in world.offers if o["id"] == value.offer)
    _make_hold(world.hands[offer["by"]], offer["give"])


def _make_hold(hand: list[int], owed: list[int]) -> None:
    """Turn cards of other kinds into the ones owed, keeping the count (which is public)."""
    if sum(hand) < sum(owed):
        return  # spent since: nothing a redraw could make agree
    for res in range(5):
        while hand[res] < owed[res]:
            spare = max((i for i in range(5) if hand[i] > owed[i]), key=lambda i: hand[i] - owed[i])
            hand[spare] -= 1
            hand[res] += 1


def _finish_turn(world: PioneersGame, turn: int, rng: random.Random) -> None:
    while world.phase != "over" and world.turn == turn:
        who = (world.awaited_answers() or world.to_act())[0]
        world.play(who, world.ai_move(who, rng))


# -- candidates -----------------------------------------------------------------------------
def candidates(game: PioneersGame, seat: int, moves: list[str], normal: str) -> list[str]:
    """The heuristic player's move first, then the alternatives worth a search."""
    phase = game.phase
    if phase == "discard" and seat in game.discards:
        _, cost = A.goal(game, seat)
        found = sorted(moves, key=lambda m: -A.discard_score(game, seat, m, cost))[:TOP_DISCARD]
    elif seat != game.current and phase == "main" and game.offers:
        found = _answers(normal, moves)
    elif seat != game.current or phase in ("discard", "setup"):
        found = []  # counter-offers and the starting placements: the heuristic player's
    elif phase == "roll":
        found = list(moves)
    elif phase == "robber":
        scores = A.robber_scores(game, seat, moves)
        found = [moves[i] for i in sorted(range(len(moves)), key=lambda i: -scores[i])][:TOP_ROBBER]
    elif phase == "roads":
        owned = A.production(game, seat)
        by_kind = A.moves_by_kind(moves, game.notation)
        found = sorted(by_kind.get(M.Road, []), key=lambda m: -A.road_score(game, seat, m, owned))[:TOP_ROADS]
        if M.Ship in by_kind:  # a sea layout: Road Building builds ships too
            reach = A.sea_reach(game, seat)
            found += sorted(by_kind[M.Ship], key=lambda m: -A.ship_score(
                game, seat, game.notation.parse(m).edge, reach))[:TOP_SHIPS]
        found += _lengthening(game, seat, moves)
    else:
        found = _main_candidates(game, seat, moves)
    options = [normal]
    for move in found:
        if move not in options:
            options.append(move)
    return options


def _main_candidates(game: PioneersGame, seat: int, moves: list[str]) -> list[str]:
    hand = game.hands[seat]
    _, cost = A.goal(game, seat)
    by_kind = A.moves_by_kind(moves, game.notation)
    found: list[str] = []
    found += by_kind.get(M.City, [])
    found += by_kind.get(M.Settlement, [])
    roads = by_kind.get(M.Road, [])
    if roads:
        owned = A.production(game, seat)
        found += sorted(roads, key=lambda m: -A.road_score(game, seat, m, owned))[:TOP_ROADS]
    # the piece that lengthens the trade route most: at sea a ship may be it
    found += _lengthening(game, seat, roads + by_kind.get(M.Ship, []))
    if M.Ship in by_kind or M.MoveShip in by_kind:  # a sea layout: the ships that lead furthest
        reach = A.sea_reach(game, seat)
        parse = game.notation.parse
        found += sorted(by_kind.get(M.Ship, []), key=lambda m: -A.ship_score(game, seat, parse(m).edge, reach))[
            :TOP_SHIPS]
        found += sorted(by_kind.get(M.MoveShip, []),
                        key=lambda m: -A.ship_score(game, seat, parse(m).to, reach, leaving=parse(m).edge))[:TOP_SHIPS]
    found += by_kind.get(M.BuyCard, [])
    found += [m for m in moves if m in ("knight", "road building")]
    plenty = by_kind.get(M.Plenty, [])
    if plenty:
        def gain(move: str) -> float:
            after = list(hand)
            for res in game.notation.parse(move).resources:
                after[res] += 1
            return A.hand_value(after, cost)

        found += sorted(plenty, key=lambda m: -gain(m))[:TOP_PLENTY]
    found += by_kind.get(M.Monopoly, [])
    # one bank trade for each resource wanted: paid with the kind held most above its rate
    rates = game.rates[seat]
    best: dict[int, tuple[int, str]] = {}
    for move in by_kind.get(M.Trade, []):
        give, get = A.trade_kinds(move)
        spare = hand[give] - rates[give]
        if get not in best or spare > best[get][0]:
            best[get] = (spare, move)
    if game.LAYOUT:  # a sea layout: only the kinds the next build lacks (all of them when none does)
        best = {get: found for get, found in best.items() if hand[get] < cost[get]} or best
    found += [move for _, move in best.values()]
    found += by_kind.get(M.Confirm, [])
    offers = _offers(game, hand, cost, by_kind.get(M.Offer, []))
    found += offers[:SEA_TOP_OFFERS] if game.LAYOUT else offers
    found.append("end")
    return [m for m in found if m in moves]


def _answers(normal: str, moves: list[str]) -> list[str]:
    """Accepting and declining the offer the heuristic player answers: the search then plays the
    offerer's confirmation in its worlds, so a trade is taken where it leaves the seat better
    placed than the offerer, whatever it does for the next build alone."""
    value = M.parse(normal)
    if not isinstance(value, (M.Accept, M.Decline)):
        return []
    return [m for m in (M.text(M.Accept(value.offer)), M.text(M.Decline(value.offer))) if m in moves]


def _lengthening(game: PioneersGame, seat: int, pieces: list[str]) -> list[str]:
    """The road (or, at sea, ship) that lengthens the seat's longest road most, if one does: the
    race for the title is run one piece at a time, and the pieces toward good corners need not be
    those."""
    best, best_length = [], game.road_len[seat]
    parse = game.notation.parse
    for move in pieces:
        value = parse(move)
        owners = game.ship_owner if isinstance(value, M.Ship) else game.edge_owner
        owners[value.edge] = seat
        try:
            length = game.longest_road_of(seat)
        finally:
            owners[value.edge] = -1  # the position is the caller's: left as it came
        if length > best_length:
            best, best_length = [move], length
    return best


def _offers(game: PioneersGame, hand: list[int], cost: tuple[int, ...], offers: list[str]) -> list[str]:
    """Every offer of one card the next build can spare for one of another kind (not only the
    kinds it lacks: a trade may set up the build after), unless an answer that takes up an offer
    is already open (then confirming it is the question) or the same offer is open."""
    if any(answer[0] != "decline" for offer in game.offers for answer in offer["answers"].values()):
        return []
    open_terms = [(offer["give"], offer["get"]) for offer in game.offers]
    found = []
    for move in offers:
        value = game.notation.parse(move)
        give, get = list(value.give), list(value.get)
        if hand[give.index(1)] > cost[give.index(1)] and (give, get) not in open_terms:
            found.append((get.index(1), give.index(1), move))
    return [move for _, _, move in sorted(found)]
