"""The Grow Sky rules help, written for this project (not taken from the rulebook)."""

from __future__ import annotations

from games.growsky.data import designed_notes
from lang import N_, tr

# the sections of the help, each translated as a whole where it is read
_SECTIONS = (
    N_("""\
**Grow Sky, in short**
Each of you builds up an airship board: route tiles around a ring of 12 spaces that the \
airship flies over, a rudder that ripens blue cubes into fuel, and an engine room of 56 \
squares filled with parts like a falling-block puzzle. Most victory points wins."""),
    N_("""\
**A round**
The first player's dice are rolled for everyone. In turn order each player places one die, \
until a single die is left; then the cleanup discards the market's bottom row, slides the \
rest down and refills it from the bag, and the first player token moves to the next seat.
- `fly 4` puts a 4 on the leftmost free Flight space: pay that space's fuel and fly 4 route \
spaces. `fly 4 +1` also boosts 1 space for 4 more fuel.
- `develop 2` puts a 2 on the leftmost free Develop space (pay its fuel) and does the die's \
symbols: rudder (2 blue cubes to Lv. 0, then turn the rudder), search (3 steps), purchase \
(buy up to 2 route tiles).
- `standby 5` always works: 1 blue cube, 1 search step, 1 fuel.
Before and after your die you may take free actions; `end` finishes your turn. Steps may be \
sent together, joined with `;` (`standby 5; end`): they are played in order, all or nothing; a \
closing `pass` with no purchase left to decline is left out."""),
    N_("""\
**Flying**
The airship goes clockwise. Corners are checkpoints, not spaces: passing one pays its bonus. \
Yellow tiles pay when passed or stopped on; blue tiles and the printed spaces pay only where \
you stop. Everything pays in the order you meet it. Starting on the start corner does not \
pay it."""),
    N_("""\
**Fuel and the rudder**
Fuel is paid from your fuel gauge first, then from cubes: two Lv. 1 cubes make a fuel, a \
Lv. 2 or Lv. 3 cube makes one (Lv. 3 cubes are spent last). To pay another way, end the \
move with what you pay, counted in gauge fuel and cubes: `buy m6 s3 pay 1 fuel 1 lv2`, \
`fly 4 pay 1 lv3`; `/moves` lists every way once. A source named without a count is \
used as far as it goes (`fly 4 pay lv2`), and what is left is paid as usual. Lv. 0 cubes are worth nothing and \
Lv. 0 holds only as many as your storage cap (2 at first); extra cubes are lost. Turning the \
rudder moves every cube up a level; Lv. 3 cubes stay at Lv. 3."""),
    N_("""\
**Free actions**
- `upgrade s3` flips the top tile of route space 3 to its gold side for a Lv. 3 cube.
- `cube c1` places a Lv. 3 cube in the engine room as a one-square part.
- Grow: `grow fuel` (2 grow: 1 fuel), `grow fuel2` (3 grow: 2 fuel), `grow rudder` (3), \
`grow die 3 5` (4: turn a die left in the pool from 3 to 5), `grow move s2 s7` (4: move the \
top tile of space 2 onto space 7)."""),
    N_("""\
**Choices during an action**
- `pick search` / `pick rudder` ... chooses one side of an either/or bonus (`pick 2`: the second).
- `buy m3 s7` buys the tile in market slot 3 (m1-m2 free, m3-m5 1 fuel, m6-m8 2 fuel) onto \
route space 7, over any tile already there; `pass` stops buying. A lightning tile pays its \
bonus once as it is placed.
- `place l4 o3 c1` places a part: its shape (i2, v3, l4, p5), one of its orientations \
(o1, o2, ...: the picture's legend draws them) and the anchor square, the leftmost square of \
the part's lowest row (columns a-h, rows 1-7 from the floor). Naming a bigger shape than the \
one you gained upgrades it: one tier for 1 fuel, two tiers for 3 fuel. A part must rest on \
the floor or on a filled square directly below one of its squares. A part that fits nowhere \
is lost. If a tier has run out, only an upgrade can get a part.
- Covering an icon pays it; filling a row pays its row bonus, whichever row it is."""),
    N_("""\
**The end**
Reaching 10 victory points, square 44 of the search track, or a full engine room triggers \
the final round: the round is finished, then one more round is played with the triggering \
player first. Then, least blank squares in the engine room gets 4 search steps, the next 2, \
the third 1; the same for most upgraded route tiles; ties go to the earlier turn of the final \
round. Every 3 grow, 3 blue cubes and 3 fuel left give 1 more step. These steps pay only \
victory points. Most victory points wins; a tie goes to the longest distance flown, then to \
the earlier turn of the final round.
Options: `advanced=on` deals each player a room card to lay on side `side a` or `side b`; \
`instant=on` ends the game when the leader is 5 points ahead of a second who has 5 or more."""),
    N_("""\
**Computer players**
- `/addai level:easy|normal|hard` (normal by default). Hard compares the normal player's \
5 best steps, each played on by the normal player to the end of the next player's turn in a \
world where the dice and bag draws to come are drawn afresh: 5 short playouts a move.
- Measured over 200 games for each pairing and table size, seats rotated; at 3 or 4 players \
each level takes half the seats and the figure is the share of games its seats won (50% would \
be even; 200 games give about ±7 points either way):
  - hard ahead of normal: 89.0% with 2 players, 83.0% with 3, 80.0% with 4 (under the 1.5 s \
cap of play);
  - normal ahead of easy: 69.0% with 2, 78.0% with 3, 75.0% with 4;
  - easy ahead of a random player: 100% with 2.
- Hard's move takes 27 ms with 2 players (median; 129 ms at the 95th percentile), 12-22 ms \
with 3 or 4 (80 ms at the 95th percentile, 0.4 s at most), on a busy machine. In play it \
stops at 1.5 s, which it does not reach.
- A player who resigns or misses a deadline is played at normal."""),
    N_("""\
**Our readings of the rulebook**
- The setup draft goes from the last seat back to the first (`draft p2 s5`: the pool's second \
tile onto route space 5); drafted tiles pay nothing.
- Market tiles slide down at the end of the turn in which they were bought.
- Checkpoint and tile either/or bonuses you cannot use (an unaffordable boost, a part that \
fits nowhere) resolve as the other side.
- Only the top tile of a space counts: for bonuses, upgrades, moving, and the end count of \
upgraded tiles. A moved lightning tile does not pay again.
- A player without any upgraded tile takes no part in the most upgraded tiles steps: having \
none is not a place in that count, so they get nothing even as second or third.
- A grow die action may be used after your own die is placed: the rulebook lets a free action come \
before or after the die and makes using the changed die optional, so you may change a die \
that the next players will find.
- The instant win is checked after every single gain, so a lead of 5 reached in the middle \
of a flight or a search ends the game there, even if a later gain of the same move would \
shrink it.
- Blue cubes left over at the end count from Lv. 1 up; a Lv. 0 cube has no value.
- Fuel and grow never go above their limits; the excess is lost. Victory points have no \
limit.
- How fuel is paid is the player's choice: the rulebook gives each cube's value and no \
order, so the usual order (gauge, Lv. 1, Lv. 2, Lv. 3) is only the default.
- The cleanup discards the two tiles of the market's bottom row first, then slides the rest \
down and refills."""),
    N_("""\
**Designed values (the rulebook does not give them)**"""),
)


def rules_help() -> str:
    """The rules help in the current language."""
    body = "\n\n".join(tr(section) for section in _SECTIONS) + "\n"
    return body + "\n".join(f"- {note}" for note in designed_notes())


def __getattr__(name: str) -> str:
    # RULES_HELP is written when it is read, in the language of the one who reads it
    if name == "RULES_HELP":
        return rules_help()
    raise AttributeError(name)
