"""In Discord, a lobby whose options narrow the game's player counts (Pioneer's Isle on Shores: 3
to 4) says so in the lobby message at once and shows no Start button below them."""

from __future__ import annotations

from tests.discord.harness import ALICE, BOB, CAROL

SAYS = "With these options Pioneer's Isle takes 3 to 4 players."


async def test_a_shores_lobby_says_three_to_four_and_shows_start_from_the_third_seat(bot):
    ex = await bot.command(ALICE, "open", {"game": "pioneers", "options": "board=shores"})
    (lobby,) = ex.public
    assert SAYS in lobby.content and set(lobby.buttons()) == {"Join", "Add AI"}
    thread = list(bot.threads)[-1]
    (joined,) = (await bot.command(BOB, "join", channel=thread)).public
    assert SAYS in joined.content and "Start" not in joined.buttons()
    (third,) = (await bot.press(CAROL, joined, joined.buttons()["Join"])).public
    assert "Start" in third.buttons()
