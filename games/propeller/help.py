"""The rules help of Propeller Islands, written for this project (not the rulebook's words), in the
language of the call: `rules_help()`, also read as `RULES_HELP`."""

from __future__ import annotations

from games.propeller import data as D
from lang import N_, tr

# the paragraphs, each one message; the lists of characters, buildings and designed values follow
# their heads
PARAGRAPHS = (
    N_("**Propeller Islands** — 2 to 4 players, each building an island of hex tiles. Each round\n"
       "the dice are rolled onto the forge (5, 7 or 9 dice; never more than three on one number), every\n"
       "player takes two turns, and the last die is used by everyone at once."),
    N_("**A turn, step by step** (each step is one move; join steps with `;` to send them together,\n"
       "e.g. `die 5; run t0 goods; run t3; stop` — played in order, all or nothing; a `stop` after a\n"
       "`run` that was the last of its number is passed over, the activation having ended by itself):\n"
       "1. Draft a die: `die 4`. Change it by one for 1 energy (6 and 1 wrap): `die 4 to 5`.\n"
       "2. Then one action with that value:\n"
       "   - `claim b at 1,-1`: take one of the three tiles beside the forge space of your value (slots\n"
       "     a-l clockwise from the top) and place it touching your island at those coordinates;\n"
       "   - `discard b`: throw one of those tiles away for 2 energy;\n"
       "   - activate: `run t3` for each building of that number with a standing worker, in any order,\n"
       '     then `stop` (the Capitol and "?" or wild-die buildings take any value). Choices go after\n'
       "     the tile: `run t0 deploy` or `run t0 goods` (Capitol), `run t5 buy steel`, `buy part`,\n"
       "     `sell part`, `sell steel` (Crystal Trader). `stop` alone activates nothing.\n"
       "3. End of the turn: `blueprint 12 on t3` (pay its cost and put its upgrade on t3),\n"
       "   `blueprint 12 keep` (keep the upgrade aside) or `pass`. After completing one, `take 30`\n"
       "   (a face-up Blueprint) or `draw i` / `draw ii` (face down from a stack)."),
    N_("**Choices inside effects** come as their own steps: `deploy b2 to t3` (the worker from dock\n"
       "space b2 — columns a-d, rows 1-3 — onto t3), `place 1,0` (a building drawn as a reward),\n"
       "`run t3` (Radio Station or a reward: any number), `depot t4` (Warehouse or a reward),\n"
       "`gain energy` / `gain steel`, `value 5` (Nelson's bonus die), `skip` to decline the rest."),
    N_("**Island.** Tiles are hexes; t0 is your Capitol at 0,0, then t1, t2, ... in the order placed.\n"
       "Coordinates are axial `q,r`: 0,-1 is straight above 0,0, 1,-1 upper right, 1,0 lower right.\n"
       "A worker stands on a building until it is activated, then lies down until the round ends.\n"
       "Workers leave the dock for tiles with a free housing space (Depots house none); clearing a\n"
       "dock row or column pays its reward at once."),
    N_("**Guild links.** A banner next to a hub of the same guild is a link, worth 1 fame when it\n"
       "forms, by placing a tile or a banner upgrade. Each banner counts once per neighbouring hub."),
    N_("**Upgrades.** Production adds one resource of its kind whenever the building is activated\n"
       "(its cost is still paid); a wild die lets a building take any value (it then counts for no\n"
       "number on Landmarks); a banner may form links. One of each kind per tile; an upgrade kept\n"
       "aside is worth 1 VP per two at the end."),
    N_("**Bonus die.** When one die is left, every player at once may `run` their buildings with it\n"
       "(no energy change, no Blueprint), then `stop`. A player with nothing to activate is passed."),
    N_("**End.** After a round in which someone completed 7 Blueprints, deployed all 12 dock workers,\n"
       "or the draw stack ran out. Score: fame, 1 VP per 3 energy / 2 steel / 1 part, 1 VP per two\n"
       "unused upgrades, each Landmark, Blueprint VP. Ties: most workers left on the dock, then\n"
       "shared (the rulebook's youngest player cannot be known here)."),
    N_("**Pictures.** At three or four players the table's picture is drawn to be read in the\n"
       "channel on a phone: the island of the player in turn large with its free places, dock and\n"
       "dice, a key to the guild colours and to banners (flags) and hubs (hexagons), everyone's score\n"
       "so far, and the other islands small. `/hand` draws your own island, counts and dock at full\n"
       "size above your Blueprints, whoever's turn it is."),
)
CHARACTERS_HEAD = (
    N_("**Characters** (chosen in reverse turn order from players + 1 dealt: `character nelson`).\n"
       "The basic power opens at the first trumpet (5 fame), the advanced at the second (10):"),
)
BUILDINGS_HEAD = N_("**Buildings.**")
COMPUTER = (
    N_("**Computer players.** `/addai level:easy|normal|hard` (normal by default). Normal values each\n"
       "step by the position right after it. Hard takes normal's six favourite drafts (or four\n"
       "favourite other steps), plays each to the end of the round with normal at every seat, in a\n"
       "world where what its seat cannot see (the other hands, the order of the stacks, the dice to\n"
       "come) is drawn afresh, and keeps the step whose round ended best. Measured over 200\n"
       "games for each pairing and table size, seats rotated (at 3 or 4 players each level takes half\n"
       "the seats and the figure is the share of games its seats won: 50% would be even, and 200 games\n"
       "give about ±7 points either way), hard under the 1.5 s cap of play: hard finished ahead of\n"
       "normal in 82.2% with 2 players, 80.0% with 3 and 81.5% with 4; normal ahead of easy in 81.5%,\n"
       "75.0% and 79.0%; easy ahead of a random player in 100% with 2. Hard plays one round per step\n"
       "weighed: about 30 ms of computing a move with 2 players (110 ms at the 95th percentile, 0.2 s\n"
       "at most), 50-60 ms with 3 or 4 (0.26 s at the 95th percentile, 0.8 s at most, on a busy\n"
       "machine); in play it stops at 1.5 s. A player who resigns or misses a deadline is played at normal."),
)
DESIGNED_HEAD = N_("**Our readings and designed values.**")


def rules_help() -> str:
    """The whole rules help in the current language."""
    characters = "\n".join(
        tr("- {name} (`{key}`): {basic}; advanced: {advanced}.").format(
            name=tr(D.CHARACTER_NAMES[name]), key=name, basic=tr(basic), advanced=tr(advanced))
        for name, (basic, advanced) in D.CHARACTER_POWERS.items())
    tiles = "\n".join(f"- {kind:02d} {tr(D.KIND_NAMES[kind])}: {tr(D.EFFECT_TEXT[kind])}" for kind in range(1, 24))
    designed = "\n".join(f"- {tr(note)}" for note in D.DESIGNED_NOTES)
    return "\n\n".join([*(tr(p) for p in PARAGRAPHS), tr(CHARACTERS_HEAD[0]) + "\n" + characters,
                        tr(BUILDINGS_HEAD) + "\n" + tiles, tr(COMPUTER[0]),
                        tr(DESIGNED_HEAD) + "\n" + designed]) + "\n"


def __getattr__(name: str) -> str:
    if name == "RULES_HELP":
        return rules_help()
    raise AttributeError(name)
