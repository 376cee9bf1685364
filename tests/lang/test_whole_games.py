"""Whole games of every game played in German and in Spanish as the console plays them: every
answer a person gets (the public posts, their private lines, /moves, /hand, /rules, /history,
/board) and every word drawn in the pictures is in that language, with no English left beside
player names and move notation (tests/lang/leftovers.py)."""

from __future__ import annotations

import re

import pytest

from bot.adapters.console.demo import NAMES
from bot.core import marks
from bot.core.replies import Caller
from bot.core.service import TableService
from db.store import Store
from tests.lang.leftovers import drawn_texts, english_left

CHANNEL, GUILD = 5151, 7
# (game, players, options, seed)
GAMES = [("archipels", 3, "", 21), ("pioneers", 3, "", 22), ("pioneers", 3, "board=isles", 23),
         ("pioneers", 4, "ramparts=on", 24), ("propeller", 3, "", 25), ("growsky", 3, "advanced=on", 26),
         ("hawaii", 1, "", 27)]
LOOK_EVERY = 40  # every so many moves, the acting person asks /moves, /hand, /history and /board
MAX_MOVES = 6000


def said(reply) -> list[str]:
    texts = [reply.text, reply.private, reply.image_alt]
    texts += [b.label for b in reply.buttons + reply.private_buttons]
    texts += [m.placeholder for m in reply.menus] + [label for m in reply.menus for label, _ in m.options]
    if reply.card is not None:
        texts += [s.text for s in reply.card.sections]
        texts += [s.button.label for s in reply.card.sections if s.button is not None]
    return [marks.write(t, person=lambda u: "", place=lambda c: "", moment=lambda e, s: "") for t in texts if t]


def notation(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z']+", text))


async def play(language: str, game: str, players: int, options: str, seed: int, tmp_path) -> tuple[list[str], set[str]]:
    store = await Store.open(str(tmp_path / f"{game}-{language}.db"))
    texts: list[str] = []
    allowed = set(NAMES)
    try:
        service = TableService(store, seeds=lambda: seed)
        seats = [Caller(GUILD, CHANNEL, 300 + i, NAMES[i], locale=language, guild_locale=language)
                 for i in range(players)]
        by_user = {c.user_id: c for c in seats}

        async def ask(caller, command, args=None):
            reply = await service.handle(caller, command, args or {})
            texts.extend(said(reply))
            return reply

        with drawn_texts() as drawn:
            await ask(seats[0], "open", {"game": game, **({"options": options} if options else {})})
            for caller in seats[1:]:
                await ask(caller, "join")
            await ask(seats[0], "start")
            await ask(seats[0], "rules", {"game": game})
            table_id = (await store.open_table(CHANNEL)).id
            for count in range(MAX_MOVES):
                row = await store.table(table_id)
                if row.status != "active":
                    break
                seat_users = {s.seat: s.user_id for s in await store.seats(table_id)}
                loaded = await service.table(table_id)
                acting = by_user[seat_users[loaded.game.to_act()[0]]]
                for seat in range(players):
                    allowed |= set().union(*(notation(m) for m in loaded.game.legal_moves(seat)[:400]), set())
                if count % LOOK_EVERY == 0:
                    for command in ("moves", "hand", "history", "board"):
                        await ask(acting, command)
                    await ask(acting, "move", {"move": "no-such-move 99"})  # a refusal
                move = await service.ai_suggestion(acting)
                allowed |= notation(move)
                await ask(acting, "move", {"move": move})
            else:
                raise AssertionError(f"{game} did not end")
            await ask(seats[0], "history")
            texts.extend(drawn)
    finally:
        await store.close()
    return texts, allowed


# one language a game, the two in turn (each game's own tests play it in both): the suite keeps its time
PLAYED = [(game, "de" if index % 2 == 0 else "es") for index, game in enumerate(GAMES)]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "language"), PLAYED, ids=[f"{g}-{o or 'base'}-{lg}" for (g, _, o, _), lg in PLAYED])
async def test_a_whole_game_has_no_english_left(language, game, tmp_path):
    texts, allowed = await play(language, *game, tmp_path)
    left = english_left(texts, language, allowed)
    words = sorted({w for w, _ in left})
    assert not left, f"{len(words)} English words left in {language}: {words[:30]}\n" + "\n".join(
        t[:200] for _, t in left[:15])
