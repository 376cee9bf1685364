"""The rules help of Propeller Islands, written for this project (not the rulebook's words)."""

from __future__ import annotations

from games.propeller import data as D

_DESIGNED = "\n".join(f"- {note}" for note in D.DESIGNED_NOTES)
_CHARACTERS = "\n".join(f"- {D.CHARACTER_NAMES[name]} (`{name}`): {basic}; advanced: {advanced}."
                        for name, (basic, advanced) in D.CHARACTER_POWERS.items())
_TILES = "\n".join(f"- {kind:02d} {D.KIND_NAMES[kind]}: {D.EFFECT_TEXT[kind]}" for kind in range(1, 24))

RULES_HELP = f"""**Propeller Islands** — 2 to 4 players, each building an island of hex tiles. Each round
the dice are rolled onto the forge (5, 7 or 9 dice; never more than three on one number), every
player takes two turns, and the last die is used by everyone at once.

**A turn, step by step** (each step is one move; join steps with `;` to send them together,
e.g. `die 5; run t0 goods; run t3; stop` — played in order, all or nothing; a `stop` after a
`run` that was the last of its number is passed over, the activation having ended by itself):
1. Draft a die: `die 4`. Change it by one for 1 energy (6 and 1 wrap): `die 4 to 5`.
2. Then one action with that value:
   - `claim b at 1,-1`: take one of the three tiles beside the forge space of your value (slots
     a-l clockwise from the top) and place it touching your island at those coordinates;
   - `discard b`: throw one of those tiles away for 2 energy;
   - activate: `run t3` for each building of that number with a standing worker, in any order,
     then `stop` (the Capitol and "?" or wild-die buildings take any value). Choices go after
     the tile: `run t0 deploy` or `run t0 goods` (Capitol), `run t5 buy steel`, `buy part`,
     `sell part`, `sell steel` (Crystal Trader). `stop` alone activates nothing.
3. End of the turn: `blueprint 12 on t3` (pay its cost and put its upgrade on t3),
   `blueprint 12 keep` (keep the upgrade aside) or `pass`. After completing one, `take 30`
   (a face-up Blueprint) or `draw i` / `draw ii` (face down from a stack).

**Choices inside effects** come as their own steps: `deploy b2 to t3` (the worker from dock
space b2 — columns a-d, rows 1-3 — onto t3), `place 1,0` (a building drawn as a reward),
`run t3` (Radio Station or a reward: any number), `depot t4` (Warehouse or a reward),
`gain energy` / `gain steel`, `value 5` (Nelson's bonus die), `skip` to decline the rest.

**Island.** Tiles are hexes; t0 is your Capitol at 0,0, then t1, t2, ... in the order placed.
Coordinates are axial `q,r`: 0,-1 is straight above 0,0, 1,-1 upper right, 1,0 lower right.
A worker stands on a building until it is activated, then lies down until the round ends.
Workers leave the dock for tiles with a free housing space (Depots house none); clearing a
dock row or column pays its reward at once.

**Guild links.** A banner next to a hub of the same guild is a link, worth 1 fame when it
forms, by placing a tile or a banner upgrade. Each banner counts once per neighbouring hub.

**Upgrades.** Production adds one resource of its kind whenever the building is activated
(its cost is still paid); a wild die lets a building take any value (it then counts for no
number on Landmarks); a banner may form links. One of each kind per tile; an upgrade kept
aside is worth 1 VP per two at the end.

**Bonus die.** When one die is left, every player at once may `run` their buildings with it
(no energy change, no Blueprint), then `stop`. A player with nothing to activate is passed.

**End.** After a round in which someone completed 7 Blueprints, deployed all 12 dock workers,
or the draw stack ran out. Score: fame, 1 VP per 3 energy / 2 steel / 1 part, 1 VP per two
unused upgrades, each Landmark, Blueprint VP. Ties: most workers left on the dock, then
shared (the rulebook's youngest player cannot be known here).

**Pictures.** At three or four players the table's picture is drawn to be read in the
channel on a phone: the island of the player in turn large with its free places, dock and
dice, a key to the guild colours and to banners (flags) and hubs (hexagons), everyone's score
so far, and the other islands small. `/hand` draws your own island, counts and dock at full
size above your Blueprints, whoever's turn it is.

**Characters** (chosen in reverse turn order from players + 1 dealt: `character nelson`).
The basic power opens at the first trumpet (5 fame), the advanced at the second (10):
{_CHARACTERS}

**Buildings.**
{_TILES}

**Computer players.** `/addai level:easy|normal|hard` (normal by default). Normal values each
step by the position right after it. Hard takes normal's six favourite drafts (or four
favourite other steps), plays each to the end of the round with normal at every seat, in a
world where what its seat cannot see (the other hands, the order of the stacks, the dice to
come) is drawn afresh, and keeps the step whose round ended best. Measured over 200
games for each pairing and table size, seats rotated (at 3 or 4 players each level takes half
the seats and the figure is the share of games its seats won: 50% would be even, and 200 games
give about ±7 points either way), hard under the 1.5 s cap of play: hard finished ahead of
normal in 82.2% with 2 players, 80.0% with 3 and 81.5% with 4; normal ahead of easy in 81.5%,
75.0% and 79.0%; easy ahead of a random player in 100% with 2. Hard plays one round per step
weighed: about 30 ms of computing a move with 2 players (110 ms at the 95th percentile, 0.2 s
at most), 50-60 ms with 3 or 4 (0.26 s at the 95th percentile, 0.8 s at most, on a busy
machine); in play it stops at 1.5 s. A player who resigns or misses a deadline is played at normal.

**Our readings and designed values.**
{_DESIGNED}
"""
