"""The Archipels rules help, written for this project (not taken from the rulebook)."""

from __future__ import annotations

from games.archipels.data import designed_notes
from lang import N_, tr

# the sections of the help, each translated as a whole where it is read
_SECTIONS = (
    N_("""\
**Archipels, in short**
Each of you grows an island from square tiles in three layers: sea at the bottom, sand on \
the sea, constructions on the sand. Animals and constructions are worth nothing until \
someone gives them flowers, and the flowers count for everybody. Whoever shows the most \
valuable island at the end wins."""),
    N_("""\
**A day**
The canoe holder plays first, then the others in seat order. On your turn you pick 1 to 3 \
free tiles from one row or column of the board (1 or 2 with two players) and lay your \
paddle on that line: a paddled line is closed to everybody until the day ends. A tile is \
free when neither its row nor its column carries a paddle. Then you build: put the tiles \
on your island, or park up to 2 of them on your dock for later; dock tiles may be built \
on any of your later turns. End the turn with `done` once your hand is empty.
When every turn is played, the last player of the day flips one free board tile into the \
score area to give one of its elements a flower, then the player before them does the \
same. With two players each of you plays two turns a day (canoe holder, other, canoe \
holder, other), the player without the canoe adds two flowers and the canoe holder one.
Then the day counter moves on, the paddles come back, the empty spaces are refilled from \
the stack, and the canoe passes to the next seat. The game lasts 6 days with 2 players, \
9 with 3 and 8 with 4. With 3 players one extra paddle stays on row 1 the whole game."""),
    N_("""\
**Building**
- The first tile of an island is a sea tile, at 0,0.
- A sea tile sits on empty water and shares at least one full square edge with a sea \
tile already there (even one that is now covered). Touching at a corner only is not enough.
- A sand tile lies entirely on sea (all four squares show sea on top) and spans at least \
two different sea tiles.
- A construction lies entirely on sand (never on sea, never over water) and spans at \
least two different sand tiles.
- Tiles never turn and never move once placed.
- If a tile you took fits nowhere and your dock is full, you throw away either that tile \
or one from your dock; discarding is allowed in that case only."""),
    N_("""\
**Scoring**
An element counts while no tile covers its square (constructions always count). A sea \
animal is worth its number of flowers, a land animal twice that, a hut or tiki seven \
times that. Each visible bottle costs 3 points. At the start, 4 of the 7 animals (drawn at \
random) already hold one flower. Ties go to the player with fewer visible bottles, and \
are shared if that is equal too."""),
    N_("""\
**Notation**
- `take r2 c1,c3` takes the tiles of row 2 in columns 1 and 3; `take c4 r2` takes row 2 \
of column 4. List the crossing numbers in ascending order.
- `paddle r2` blocks row 2 and takes nothing; allowed only when no free tile is left.
- `place t57 2,-1` builds tile 57 (from your hand or dock) with its top-left square at \
x=2, y=-1; x grows to the right, y grows downwards.
- `dock t57` parks a tile; `discard t57` throws one away (only when forced); `done` ends \
your turn.
- `flower r3c2 octopus` flips the free tile on r3c2 and gives octopuses a flower. Bottles \
never take flowers."""),
    N_("""\
**Our readings of the rulebook**
- Board spaces are named rRcC; the board is a 5x5 grid missing its corners and centre.
- A turn may build the tiles in any order, hand and dock mixed, so up to 5 tiles.
- Discarding is offered only while a tile you hold fits nowhere and the dock holds 2 \
tiles; you may then discard that tile or either dock tile.
- A flower that finds no free tile is skipped, and an empty stack leaves spaces empty.
- Tiles kept in your hand or dock at the end are worth nothing."""),
    N_("""\
**Computer players**
- `/addai level:easy|normal|hard` (normal by default). Hard searches: before each choice \
of tiles and each flower it plays its best few options (5 takes, 4 flowers) out to the end \
of the game with the normal player at every seat, in 4 orders of the stack drawn afresh \
(it never sees the real order), up to 20 play-outs a choice, and keeps the option that ends \
best; on the last day nothing is drawn any more, so it plays 10 options out once each.
- Measured over 200 games for each pairing and table size, seats rotated; at 3 or 4 players \
each level takes half the seats and the figure is the share of games its seats won (50% would \
be even; 200 games give about ±7 points either way), hard under the same 1.5 s cap as in play:
  - hard ahead of normal: 91.5% with 2 players, 76.8% with 3, 76.5% with 4;
  - normal ahead of easy: 88.5% with 2, 81.0% with 3, 86.5% with 4;
  - easy ahead of a random player: 100% with 2.
- A choice hard searches takes it about 0.1 s of computing with 2 players (0.27 s at the 95th \
percentile), up to 0.3 s at the 95th percentile and 0.55 s at most with 3 or 4 (busy machine); \
building moves need no search. In play it stops at 1.5 s, which it normally never reaches.
- A player who resigns or misses a deadline is played at normal."""),
    N_("""\
**Playing without being there.** No seat is asked anything out of turn here, so `/auto` has no standing answers; a lone `done` is played for you unless you set `/auto forced:off`, and `/plan` keeps a move for your next turn."""),
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

