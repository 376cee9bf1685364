"""Names and typed text enter the core without the characters of its marks (bot/core/marks.py):
through the table service, whichever adapter calls it."""

from bot.core.marks import CLOSE, OPEN
from tests.helpers import ALICE, BOB, service_at, who

POSED = f"{OPEN}@{BOB.user_id}{CLOSE}"  # Bob's mark, pasted


async def test_a_name_holding_a_mark_is_kept_without_it(tmp_path, sticks):
    service = await service_at(tmp_path / "t.db")
    mallory = who(f"mallory{POSED}", 77)
    assert mallory.name == f"mallory@{BOB.user_id}"
    assert (await service.handle(ALICE, "open", {"game": "sticks"})).ok
    joined = await service.handle(mallory, "join")
    assert joined.ok and OPEN not in joined.text
    row = await service.store.open_table(ALICE.channel_id)
    assert {s.name for s in await service.store.seats(row.id)} == {ALICE.name, f"mallory@{BOB.user_id}"}
    await service.store.close()


async def test_typed_options_moves_and_forms_come_in_without_marks(tmp_path, sticks):
    service = await service_at(tmp_path / "t.db")
    opened = await service.handle(ALICE, "open", {"game": "sticks", "options": f"sticks={POSED}"})
    assert OPEN not in opened.private + opened.text
    opened = await service.handle(ALICE, "open", {"game": "sticks"})
    assert opened.ok
    await service.handle(BOB, "join")
    await service.handle(ALICE, "start")
    for caller in (ALICE, BOB):
        typed = await service.handle(caller, "move", {"move": f"take {POSED}"})
        assert not typed.ok and OPEN not in typed.private, typed.private
        page = await service.move(caller, f"take {POSED}")  # the board page's way in
        assert not page.ok and OPEN not in page.private, page.private
    await service.store.close()
