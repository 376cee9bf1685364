import subprocess
import sys
from pathlib import Path

import pytest

from bot.adapters.console.console import Console, stable_id
from bot.core.replies import Caller
from bot.extensions import install
from games import registry
from tests.helpers import service_at

ROOT = Path(__file__).resolve().parents[3]


async def test_lines_are_parsed_like_slash_commands(tmp_path, sticks):
    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    parsed = console.parse('[#games] Alice: /open game:sticks options:"sticks=12"')
    assert parsed.command == "open" and parsed.args == {"game": "sticks", "options": "sticks=12"}
    assert parsed.caller.channel_id == stable_id("#games") and parsed.caller.name == "Alice"
    assert console.parse("[#games] Bob: /move take 2").args == {"move": "take 2"}
    with pytest.raises(ValueError):
        console.parse("alice /join")
    with pytest.raises(ValueError):
        console.parse('[#games] alice: /move "take 2')


async def test_a_sticks_game_in_the_console(tmp_path, sticks):
    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    out = []
    for line in ["[#g] ann: /open game:sticks options:sticks=5", "[#g] ben: /press Join", "[#g] ann: /start"]:
        out += await console.run_line(line)
    assert any("begins" in line for line in out)
    assert any("@ann" in line or "@ben" in line for line in out)  # mentions print as names
    bad = await console.run_line("[#g] ann: /move take 9")
    assert bad and bad[0].startswith("  !")


async def scripted_game(tmp_path, seed) -> list[str]:
    """Lines of a whole 2-player Archipels game, found by letting the computer choose each move."""
    service = await service_at(tmp_path / "script.db", seeds=lambda: seed)
    install(service, prepare_daily=False)  # as `isles local` has them: lone moves are played for the players
    console = Console(service, tmp_path / "x")
    lines = ["[#table] ann: /open game:archipels", "[#table] ben: /join", "[#table] ann: /start"]
    for line in lines:
        await console.run_line(line)
    names = {stable_id("ann"): "ann", stable_id("ben"): "ben"}
    while 1 in service._cache:  # active tables only: a finished one leaves the cache
        game = service._cache[1].game
        seats = {s.seat: s.user_id for s in await service.store.seats(1)}
        user = seats[game.to_act()[0]]
        caller = Caller(1, stable_id("#table"), user, names[user])
        line = f'[#table] {names[user]}: /move move:"{await service.ai_suggestion(caller)}"'
        lines.append(line)
        assert not (await console.run_line(line))[0].startswith("  !")
    return lines


@pytest.mark.slow
@pytest.mark.skipif("archipels" not in registry.available(), reason="Archipels not built")
async def test_isles_local_plays_a_scripted_two_player_game_to_its_end(tmp_path):
    lines = await scripted_game(tmp_path, seed=5)
    lines.insert(4, "[#table] ann: /move take r9 c9")  # a wrong line on the way changes nothing
    script = "\n".join([*lines, "[#table] ann: /history", ""])
    run = subprocess.run(
        [sys.executable, "-m", "bot.cli", "local", "--seed", "5", "--db", str(tmp_path / "l.db"),
         "--out", str(tmp_path / "img")],
        input=script, capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "The game is over." in run.stdout
    assert run.stdout.count("  !") == 1  # only the wrong line was refused
    assert len(list((tmp_path / "img").glob("*.png"))) >= len(lines) - 4


async def test_the_cores_marks_print_readably(tmp_path, sticks):
    from bot.core import marks

    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    console.names[5] = "ann"
    console.channels[7] = "table"
    text = f"{marks.person(5)} in {marks.place(7)} until {marks.moment(0)}"
    assert console.written(text) == "@ann in #table until 1970-01-01 00:00 UTC"


async def test_files_beside_the_picture_are_saved_with_their_kind(tmp_path, sticks):
    from bot.core.replies import Attachment, Reply

    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    caller = Caller(1, stable_id("#g"), 1, "ann")
    lines = console.show(caller, Reply(text="done", image=b"png", private="yours",
                                       attachments=[Attachment("game.webp", b"anim"),
                                                    Attachment("log.txt", b"1. take 2", private=True)]))
    saved = [line.split("] ", 1)[1] for line in lines if line.startswith("  [image") or line.startswith("  [file")]
    assert [Path(p).suffix for p in saved] == [".png", ".webp", ".txt"]
    assert [Path(p).read_bytes() for p in saved] == [b"png", b"anim", b"1. take 2"]
    assert any(line.startswith("  [file, only you]") for line in lines)


# -- reading a line as Discord would read the command's fields ---------------------------------
async def test_an_unknown_command_is_named_with_the_valid_ones(tmp_path, sticks):
    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    with pytest.raises(ValueError) as why:
        console.parse("[#g] ann: /opne game:archipels")
    assert "There is no command /opne. Did you mean /open?" in str(why.value)
    assert "/join" in str(why.value) and "/press" in str(why.value)
    answer = await console.run_line("[#g] ann: /opne game:archipels")
    assert answer[0].startswith("  ! There is no command /opne")


@pytest.mark.parametrize("line, says", [
    ("/moves who:bob", "/moves has no option `who`. Its options: `filter:`, `page:`."),
    ("/open game:sticks colour:red", "/open has no option `colour`. Its options: `game:` (required), `options:`"),
    ("/join now:please", "/join has no option `now`. /join takes no options."),
    ("/join now", "Could not read `now`. /join takes no options."),
    ("/move move:take move:1", "`move` is given twice."),
])
async def test_an_unknown_option_is_refused_naming_it_and_the_valid_ones(tmp_path, sticks, line, says):
    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    with pytest.raises(ValueError) as why:
        console.parse(f"[#g] ann: {line}")
    assert str(why.value).startswith(says)


async def test_the_option_written_last_takes_the_rest_of_the_line(tmp_path, sticks):
    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    assert console.parse("[#g] ann: /moves filter:take r1").args == {"filter": "take r1"}
    assert console.parse("[#g] ann: /moves filter: take r1").args == {"filter": "take r1"}
    assert console.parse("[#g] ann: /moves take r1").args == {"filter": "take r1"}
    assert console.parse("[#g] ann: /open sticks options:sticks=9 rule=x").args == {
        "game": "sticks", "options": "sticks=9 rule=x"}
    assert console.parse("[#g] ann: /move move:say:hi there").args == {"move": "say:hi there"}
    assert console.parse('[#g] ann: /moves filter:"a b:c"').args == {"filter": "a b:c"}


async def test_the_moves_filter_without_quotes_filters(tmp_path, sticks):
    console = Console(await service_at(tmp_path / "t.db"), tmp_path / "img")
    for line in ["[#g] ann: /open game:sticks options:sticks=5", "[#g] ben: /join", "[#g] ann: /start"]:
        await console.run_line(line)
    seats = {s.seat: s.name for s in await console.service.store.seats(1)}
    first = seats[0]
    listed = "\n".join(await console.run_line(f"[#g] {first}: /moves filter:take 2"))
    assert "`take 2`" in listed and "`take 1`" not in listed


async def test_a_user_option_takes_a_name_or_an_id(tmp_path):
    from bot.core import marks
    from bot.extensions import install

    service = await service_at(tmp_path / "t.db", draw_images=False)
    install(service, prepare_daily=False)
    console = Console(service, tmp_path / "img")
    bob = marks.person(stable_id("bob"))
    for typed in ("bob", "@bob", "Bob", str(stable_id("bob"))):
        assert console.parse(f"[#g] ann: /stats user:{typed}").args == {"user": bob}
    assert console.parse("[#g] ann: /stats").args == {}
    answer = await console.run_line("[#g] ann: /stats user:@bob")
    assert answer == ["  (only you) @bob has no rated game in this server yet. A table counts when it finishes "
                      "with two or more people."]


# -- the daily challenge: a place of its own for each attempt -----------------------------------
async def test_each_daily_attempt_has_a_place_of_its_own(tmp_path):
    from bot.features.daily import DailyChallenge

    service = await service_at(tmp_path / "t.db", draw_images=False)
    service.extend(DailyChallenge(service, solver=lambda seed, difficulty: [], wait_for_deal=True))
    console = Console(service, tmp_path / "img")
    ann = await console.run_line("[#lobby] ann: /daily")
    ben = await console.run_line("[#lobby] ben: /daily")
    assert not any(line.startswith("  !") for line in ann + ben), ann + ben
    day = service.clock().date().isoformat()
    assert f"  [in #daily-{day}-ann]" in ann and f"  [in #daily-{day}-ben]" in ben
    assert any(f"Your daily challenge is in #daily-{day}-ben" in line for line in ben)
    ann_table = await service.store.open_table(stable_id(f"#daily-{day}-ann"))
    ben_table = await service.store.open_table(stable_id(f"#daily-{day}-ben"))
    assert ann_table and ben_table and ann_table.id != ben_table.id
    assert await service.store.open_table(stable_id("#lobby")) is None  # the lobby stays free
    moves = await console.run_line("ben: /moves")  # no channel: ben's line goes to his attempt
    assert moves[0].startswith("  (only you) Your legal moves")
    again = await console.run_line("[#lobby] ann: /daily")
    assert again[0].startswith("  !")  # one attempt a day, as in Discord
    cy = await console.run_line(f"[#daily-{day}-ann] cy: /daily")  # typed in a thread: made beside it
    assert f"  [in #daily-{day}-cy]" in cy
    assert console.parents[stable_id(f"#daily-{day}-cy")] == stable_id("#lobby")


# -- what the bot says on its own prints in order -------------------------------------------------
async def test_output_stays_in_the_order_of_the_messages(tmp_path, sticks):
    from bot.core.replies import Reply

    service = await service_at(tmp_path / "t.db")
    fired: list[str] = []

    async def tick():
        if fired:  # after the line: a reminder falls due
            await service.outbox.post(stable_id("#g"), Reply(text="Reminder: ann, your turn", image=b"png"))
        fired.append("tick")

    console = Console(service, tmp_path / "img", tick=tick)
    handle = service.handle

    async def handle_and_post(caller, command, args=None):  # the bot posts elsewhere while handling a line
        await service.outbox.post(stable_id("#other"), Reply(text="Posted in passing", image=b"png"))
        return await handle(caller, command, args)

    service.handle = handle_and_post
    console.channels[stable_id("#other")] = "other"
    out = await console.run_line("[#g] ann: /open game:sticks")
    texts = [line for line in out if "Posted" in line or "opened" in line or "Reminder" in line]
    assert [t.split()[0] for t in texts] == ["Posted", "**ann**", "Reminder:"]
    images = [line.rsplit("/", 1)[1] for line in out if "[image]" in line]
    assert images == sorted(images) and len(images) == 2  # numbered in the order they print
    assert out.index(next(x for x in out if "Reminder" in x)) > out.index(next(x for x in out if "opened" in x))


async def test_a_missed_deadline_prints_before_the_next_answer_with_its_picture_in_order(tmp_path, sticks,
                                                                                        monkeypatch):
    import render
    from bot.extensions import install
    from tests.helpers import Clock

    monkeypatch.setattr(render, "draw", lambda key, view, names: b"\x89PNG\r\n\x1a\n")
    clock = Clock()
    service = await service_at(tmp_path / "t.db", clock=clock, draw_images=True)
    installed = install(service, prepare_daily=False)
    console = Console(service, tmp_path / "img", tick=installed.tick)
    for line in ["[#g] ann: /open game:sticks options:sticks=9 deadline:10m", "[#g] ben: /join", "[#g] ann: /start"]:
        assert not (await console.run_line(line))[0].startswith("  !")
    clock.advance(minutes=11)  # the turn's deadline passes: the computer plays it and the bot says so
    out = await console.run_line("[#g] ann: /board")
    said = out.index("  [#g, from the bot]")
    images = [(i, line.rsplit("/", 1)[1]) for i, line in enumerate(out) if "[image]" in line]
    assert len(images) == 2 and images[0][0] > said
    assert [name for _, name in images] == ["0002-g.png", "0003-g.png"]  # numbered as they print


async def test_a_picture_prints_with_its_alt_text_below_its_path(tmp_path, sticks, monkeypatch):
    import render

    monkeypatch.setattr(render, "draw", lambda key, view, names: b"\x89PNG\r\n\x1a\n")
    service = await service_at(tmp_path / "t.db", draw_images=True)
    console = Console(service, tmp_path / "img")
    for line in ["[#g] ann: /open game:sticks", "[#g] ben: /join"]:
        await console.run_line(line)
    out = await console.run_line("[#g] ann: /start")
    (at,) = [i for i, line in enumerate(out) if "[image]" in line]
    assert out[at + 1].startswith("    alt: The board of Sticks.") and "takes next" in out[at + 1]
