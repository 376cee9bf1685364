"""Age of Steam: Hawaiian Islands in German and Spanish: a whole solo game played through the table
service in each language, every sentence of the game (status, moves told, refusals, /rules, the
menus' labels) and every word drawn in its pictures without English left; refusals in the caller's
language; English exactly as written before."""

import pytest

import lang
from bot.core.replies import Caller
from games import registry
from games.base import IllegalMove
from lang import tool
from render import hawaii as picture
from tests.helpers import service_at
from tests.lang.leftovers import drawn_texts, english_left, words

GUILD, CHANNEL = 5150, 6160
# words a text may hold in any language: the islands' names, the notation's words (typed as they
# are), the game's title
NOTATION = {"shares", "action", "locomotive", "urbanize", "engineer", "production", "connect", "done",
            "deliver", "pass", "place", "colour", "column", "row", "island", "red", "blue", "yellow", "purple",
            "black", "easy", "standard", "very_hard", "none", "auto", "forced", "off", "hawaii", "maui", "oahu",
            "kauai", "molokai", "lanai", "niihau", "kahoolawe"}


def hawaii_english() -> set[str]:
    """The English words of the game's own sentences (the check looks for these only: the words of
    the core's sentences around them are the core's catalogue's business)."""
    found: set[str] = set()
    for message in tool.template("hawaii"):
        for part in [message.id] if isinstance(message.id, str) else list(message.id or ()):
            found |= words(part)
    return found


def left_over(texts, language):
    own = hawaii_english()
    return [(word, text) for word, text in english_left(texts, language, NOTATION) if word in own]


def refusals(game, seat=0) -> list[str]:
    """The refusals of a few moves that are wrong now, in the language of the call."""
    said = []
    for move in ("shares x", "connect oahu-kauai-maui", "deliver green maui-oahu", "place red 9,9", "fly",
                 "urbanize oahu red", "locomotive now", "deliver red oahu-oahu", "connect niihau-hawaii",
                 "action teleport", "urbanize nowhere red"):
        try:
            type(game).load(game.dump()).play(seat, move)
        except IllegalMove as refusal:
            said.append(str(refusal))
    return said


async def play_in(tmp_path, language: str):
    service = await service_at(tmp_path / f"{language}.db", seeds=lambda: 11)
    me = Caller(GUILD, CHANNEL, 42, "Ana", locale=language, guild_locale=language)
    texts: list[str] = []
    with drawn_texts() as drawn:
        opened = await service.handle(me, "open", {"game": "hawaii"})
        assert opened.ok, opened.private
        started = await service.handle(me, "start")
        assert started.ok, started.private
        rules = await service.handle(me, "rules", {"game": "hawaii"})
        texts.append(rules.private)
        table = (await service.store.open_table(CHANNEL)).id
        moves = 0
        while (await service.store.table(table)).status == "active":
            game = registry.get("hawaii").load((await service.store.table(table)).state)
            with lang.using(language):
                texts.append(game.status(["Ana"]))
                texts += [label for label, _ in game.move_groups(0)]
                texts += refusals(game)
                picture.draw(game.view(0), ["Ana"])
                texts += [r["tip"] for r in picture.regions(game.view(0), ["Ana"]) if r.get("tip")]
            move = await service.ai_suggestion(me)
            reply = await service.handle(me, "move", {"move": move})
            assert reply.ok, reply.private
            game = registry.get("hawaii").load((await service.store.table(table)).state)
            with lang.using(language):
                texts.append(game.describe_move(0, move, ["Ana"]))
            moves += 1
        wrong = await service.handle(me, "move", {"move": "shares 1"})
        assert not wrong.ok
        game = registry.get("hawaii").load((await service.store.table(table)).state)
        with lang.using(language):
            texts.append(game.status(["Ana"]))
            texts.append(game.score_breakdown(0))
            picture.draw(game.view(0), ["Ana"])
    assert moves > 30
    return texts, drawn, service, me


@pytest.mark.parametrize("language", ["de", "es"])
async def test_a_whole_game_leaves_no_english(tmp_path, language):
    texts, drawn, _, _ = await play_in(tmp_path, language)
    assert left_over(texts, language) == []
    assert left_over(drawn, language) == []
    assert any(("Runde" if language == "de" else "Ronda") in t for t in drawn)


@pytest.mark.parametrize("language", ["de", "es"])
def test_every_event_and_reason_is_told(language):
    from games.hawaii import words as told

    said = ["income $5", "expenses $4", "expenses $7: $3 short, income cut by 3", "income reduced by 2",
            "die 4: Lanai is urbanized, no refill", "die 3: red to Oahu", "die 6: column empty",
            "bankrupt in round 4: expenses could not be paid", "every sea route is clear after round 10",
            "1 cube still on the sea routes after round 10", "5 cubes still on the sea routes after round 10"]
    with lang.using(language):
        shown = [told.told(s) for s in said]
    assert all(a != b for a, b in zip(said, shown, strict=True))
    assert left_over(shown, language) == []
    assert [told.told(s) for s in said] == said  # English: as kept


async def test_a_refusal_comes_in_the_callers_language(tmp_path):
    service = await service_at(tmp_path / "r.db")
    host = Caller(GUILD, CHANNEL, 42, "Ana", locale="de", guild_locale="es-ES")
    assert (await service.handle(host, "open", {"game": "hawaii"})).ok
    assert (await service.handle(host, "start")).ok
    german = await service.handle(host, "move", {"move": "connect oahu-maui"})
    assert not german.ok and "Aktien ausgeben" in german.private
    spanish = await service.handle(Caller(GUILD, CHANNEL, 42, "Ana", locale="es-419"), "move", {"move": "shares 99"})
    assert not spanish.ok and "Como mucho 15 acciones" in spanish.private
    english = await service.handle(Caller(GUILD, CHANNEL, 42, "Ana", locale="en-US"), "move", {"move": "shares 99"})
    assert "At most 15 shares over the game: 2 issued, so 13 more at most." in english.private


def test_english_is_as_written():
    game = registry.get("hawaii").new(1, {}, 3)
    with lang.using("en"):
        assert game.status(["Ana"]).startswith("Round 1/10: 21 route cubes left. $10, income 0, 2 shares, locomotive 1.")
        assert game.status(["Ana"]).endswith("Waiting for Ana to issue shares.")
        with pytest.raises(IllegalMove, match=r"^You cannot connect a route now\. Now issue shares"):
            game.play(0, "connect oahu-maui")
        from games.hawaii.help import RULES_HELP
        assert game.rules_help() == RULES_HELP
        assert RULES_HELP.startswith("**Age of Steam: Hawaiian Islands** — a solo puzzle of ten rounds.")
