"""The rules help of the Hawaiian Islands solo game, in our own words (in the language of the call:
`rules_help`; `RULES_HELP` is the English, as written)."""

from __future__ import annotations

import lang
from games.hawaii import data as D
from lang import tr

# the help's paragraphs, each one message, with the numbers of the components as placeholders
PARAGRAPHS = (
    lambda: tr("**Age of Steam: Hawaiian Islands** — a solo puzzle of ten rounds."),
    lambda: tr("**Goal.** Eight islands are joined by {routes} sea routes holding {cubes} cubes. Clear every "
               "cube off the routes by the end of round {rounds}. A cube leaves a route when you ship a cube of the "
               "same colour across it. Cubes left on islands do not matter. Going bankrupt loses at once.").format(
        routes=len(D.ROUTES), cubes=D.ROUTE_TOTAL, rounds=D.ROUNDS),
    lambda: tr("**Setup.** The four large islands (Hawaii, Maui, Oahu, Kauai) get a colour disc each: the island "
               "accepts cubes of that colour. Difficulty `easy`: red, blue, yellow and purple, one each; `standard`: "
               "two colours, two discs each; `very_hard`: one colour on all four. Then 34 cubes (8 of each colour, "
               "2 black) go one per route square, 3 on Hawaii, 2 on Maui, Oahu and Kauai, 1 on each small island. "
               "You start with 2 shares, $10, locomotive 1 and income 0."),
    lambda: tr("**A round.**\n"
               "1. Issue shares: `shares N` gives $5 each (`shares 0` for none).\n"
               "2. Choose an action: `action locomotive`, `action urbanize`, `action engineer` or `action "
               "production` — never the one you took the round before.\n"
               "3. Build: `connect a-b` joins one sea route for $8; with Engineer a second one costs $4 more. With "
               "Urbanize, `urbanize island colour` puts a disc from the urbanization area (red, blue, yellow, purple, "
               "black, black) on a small island without one; it accepts that colour from then on. `done` ends the "
               "build step.\n"
               "4. Move goods, twice: `deliver colour a-b-c` ships one cube along the whole path written out, or "
               "`locomotive` raises your locomotive by 1 (once a round, at most {most}), or `pass`.\n"
               "5. Income is added to cash, then you pay $1 per share and $1 per locomotive level. What you cannot "
               "pay comes off your income; income below 0 is bankruptcy.\n"
               "6. Income shrinks: 11-20 loses 2, 21-30 loses 4, 31-40 loses 6, 41-49 loses 8, 50 or more loses 10.\n"
               "7. Goods growth: after Production you see 6 cubes drawn from the bag and put 2 of them on empty chart "
               "squares with `place colour column,row` (the other 4 go back). Then two dice are rolled: each face n "
               "moves the top cube of chart column n to the island with number n. Urbanized islands never receive "
               "refills.").format(most=D.MAX_LOCO),
    lambda: tr("**Delivering.** A cube crosses at most as many connected routes as your locomotive level, never "
               "visits an island twice, and stops at the first island whose disc matches its colour (it may not pass "
               "through one). Islands without a disc accept nothing but can be crossed. Each route crossed adds 1 to "
               "income and removes one cube of the delivered colour from that route, if it holds one. The delivered "
               "cube goes back to the bag."),
    lambda: tr("**Notation.** `shares 2` · `action engineer` · `connect oahu-maui` · `urbanize lanai red` · `done` · "
               "`deliver purple hawaii-oahu-kauai` · `locomotive` · `pass` · `place red 3,1`."),
    lambda: tr("**Playing without being there.** A solo game asks nothing out of turn, so `/auto` has no standing "
               "answers; a lone move (a `done` with nothing else to do) is played for you unless you set "
               "`/auto forced:off`."),
    lambda: tr("**Our choices (designed), where the rules leave a gap:**"),
)


def rules_help() -> str:
    """The rules help in the language of the call."""
    return "\n\n".join(paragraph() for paragraph in PARAGRAPHS) + "\n" + "\n".join(
        f"- {note}" for note in D.designed_notes())


with lang.using(lang.ENGLISH):  # the English, whatever language imports this first
    RULES_HELP = rules_help()
