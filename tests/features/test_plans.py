"""A planned move (bot/features/plans.py), through the table service: played as the person's own
move when their turn comes, dropped with a private note when illegal or stopped, and invisible."""

from __future__ import annotations

import re

import pytest

from bot.extensions import install
from bot.features.plans import NOT_LEGAL, STOPPED
from tests.helpers import Clock, open_table, service_at, who

pytestmark = pytest.mark.usefixtures("store_kind")  # each test on SQLite and on PostgreSQL

TWIN = 333


class Said:
    """The outbox: posts and direct messages the bot sent on its own."""

    def __init__(self):
        self.posts, self.dms = [], []

    async def post(self, channel_id, reply):
        self.posts.append((channel_id, reply))
        return True

    async def direct(self, user_id, text):
        self.dms.append((user_id, text))
        return True


async def setup_table(tmp_path, channels=(222,)):
    service = await service_at(tmp_path / "t.db", clock=Clock())  # a deadline's moment is the same at both
    installed = install(service, prepare_daily=False)
    service.outbox = Said()
    tables = []
    for channel in channels:
        people = (who("Alice", 1, channel=channel), who("Bob", 2, channel=channel))
        tables.append((await open_table(service, "pioneers", people), people))
    return service, installed, tables


async def first_and_second(service, table_id, people):
    loaded = await service.table(table_id)
    first = next(p for p in people if p.user_id == loaded.by_seat(loaded.game.current).user_id)
    return first, next(p for p in people if p is not first), loaded.game


async def settle(installed):
    await installed.plans.settle_posts()


def spot_for_second(game, first_settlement: str) -> str:
    """A settlement spot the second player may still take after the first player's settlement,
    not beside it."""
    node = int(first_settlement.split()[1])
    near = {node, *game.NODE_NEIGHBOURS[node]}
    return next(m for m in game.legal_moves(game.current) if int(m.split()[1]) not in near)


async def test_a_plan_is_played_as_the_persons_move_with_its_own_post(tmp_path):
    service, installed, [(table_id, people)] = await setup_table(tmp_path)
    first, second, game = await first_and_second(service, table_id, people)
    mine = game.legal_moves(game.current)[0]
    planned = spot_for_second(game, mine)
    refused = await service.handle(first, "plan", {"move": "road 1-2"})
    assert not refused.ok and "your turn" in refused.private
    assert not (await service.handle(second, "plan", {"move": "roll"})).ok  # a roll reveals the dice
    saved = await service.handle(second, "plan", {"move": planned})
    assert saved.ok and not saved.text and planned in saved.private
    assert planned in (await service.handle(second, "plan")).private
    assert (await service.handle(first, "move", {"move": mine})).ok
    road = (await service.table(table_id)).game.legal_moves((await service.table(table_id)).game.current)[0]
    reply = await service.handle(first, "move", {"move": road})
    assert reply.ok and f"settlement on {planned.split()[1]}" not in reply.text  # the turn passes as without a plan
    await settle(installed)
    log = await service.store.moves(table_id)
    assert (log[-1].user_id, log[-1].move) == (second.user_id, planned)
    [(channel, post)] = service.outbox.posts
    assert channel == first.channel_id and f"built a settlement on {planned.split()[1]}" in post.text
    assert "(played for" not in post.text
    assert "no plan" in (await service.handle(second, "plan")).private


async def test_a_plan_made_illegal_is_dropped_with_a_private_note(tmp_path):
    service, installed, [(table_id, people)] = await setup_table(tmp_path)
    first, second, game = await first_and_second(service, table_id, people)
    mine = game.legal_moves(game.current)[0]
    assert (await service.handle(second, "plan", {"move": mine})).ok  # the very spot the first takes
    assert (await service.handle(first, "move", {"move": mine})).ok
    game = (await service.table(table_id)).game
    reply = await service.handle(first, "move", {"move": game.legal_moves(game.current)[0]})
    assert reply.ok
    await settle(installed)
    assert service.outbox.posts == []
    assert [(u, NOT_LEGAL in t) for u, t in service.outbox.dms] == [(second.user_id, True)]
    assert (await service.store.moves(table_id))[-1].user_id == first.user_id
    told = await service.handle(second, "plan")
    assert NOT_LEGAL in told.private and not told.text
    assert "no plan" in (await service.handle(second, "plan")).private  # told once


async def test_a_piece_built_beside_the_planned_spot_stops_the_plan(tmp_path):
    service, installed, [(table_id, people)] = await setup_table(tmp_path)
    first, second, game = await first_and_second(service, table_id, people)
    mine = game.legal_moves(game.current)[0]
    node = int(mine.split()[1])
    # a spot two steps from the first player's settlement: still legal after it, but its corner
    # and paths change once the first player's road reaches out towards it
    beside = next(n for n in game.NODE_NEIGHBOURS[node])
    target = next(n for n in game.NODE_NEIGHBOURS[beside] if n != node and f"settlement {n}" in game.legal_moves(
        game.current))
    assert (await service.handle(second, "plan", {"move": f"settlement {target}"})).ok
    assert (await service.handle(first, "move", {"move": mine})).ok
    road = "road " + "-".join(str(n) for n in sorted((node, beside)))
    reply = await service.handle(first, "move", {"move": road})
    assert reply.ok, reply.private
    await settle(installed)
    assert service.outbox.posts == []
    assert [(u, STOPPED in t) for u, t in service.outbox.dms] == [(second.user_id, True)]
    assert f"settlement {target}" in (await service.table(table_id)).game.legal_moves(
        (await service.table(table_id)).game.current)  # legal still: the stop condition dropped it


def public(reply, table_id):
    """What the channel sees of a reply, the table's own number taken out."""
    ids = [re.sub(rf":{table_id}(?=[:]|$)", ":T", b.custom_id) for b in reply.buttons]
    menus = [(re.sub(rf":{table_id}(?=[:]|$)", ":T", m.custom_id), m.options) for m in reply.menus]
    return reply.text, [b.label for b in reply.buttons], ids, menus, reply.mentions


async def test_a_plan_leaves_no_public_trace(tmp_path):
    """Two tables of one seed: at one, the second player plans a move; at the other they type the
    same move when their turn comes. Every public answer is the same at both."""
    service, installed, [(plain, people), (planned_at, twins)] = await setup_table(tmp_path, (222, TWIN))
    first, second, game = await first_and_second(service, plain, people)
    first2, second2, _ = await first_and_second(service, planned_at, twins)
    mine = game.legal_moves(game.current)[0]
    planned = spot_for_second(game, mine)
    assert (await service.handle(second2, "plan", {"move": planned})).ok
    seen = [[], []]
    for index, (table, mover) in enumerate(((plain, first), (planned_at, first2))):
        seen[index].append(public(await service.handle(mover, "move", {"move": mine}), table))
        game = (await service.table(table)).game
        seen[index].append(public(await service.handle(mover, "move", {"move": game.legal_moves(game.current)[0]}),
                                  table))
    await settle(installed)
    seen[0].append(public(await service.handle(second, "move", {"move": planned}), plain))
    [(_, post)] = service.outbox.posts
    seen[1].append(public(post, planned_at))
    assert seen[0] == seen[1]
    logs = [[(m.seat, m.user_id, m.move) for m in await service.store.moves(t)] for t in (plain, planned_at)]
    assert logs[0] == logs[1]


async def test_a_restart_plays_the_plan_whose_turn_came_while_the_bot_was_away(tmp_path):
    service, installed, [(table_id, people)] = await setup_table(tmp_path)
    first, second, game = await first_and_second(service, table_id, people)
    mine = game.legal_moves(game.current)[0]
    planned = spot_for_second(game, mine)
    assert (await service.handle(second, "plan", {"move": planned})).ok
    bare = await service_at(tmp_path / "t.db", clock=Clock())  # the bot went before the plan was looked at
    assert (await bare.handle(first, "move", {"move": mine})).ok
    game = (await bare.table(table_id)).game
    assert (await bare.handle(first, "move", {"move": game.legal_moves(game.current)[0]})).ok
    restarted = await service_at(tmp_path / "t.db", clock=Clock())
    again = install(restarted, prepare_daily=False)
    restarted.outbox = Said()
    await again.plans.catch_up()
    await again.plans.settle_posts()
    log = await restarted.store.moves(table_id)
    assert (log[-1].user_id, log[-1].move) == (second.user_id, planned)
    assert len(restarted.outbox.posts) == 1


async def test_a_plan_cancelled_through_another_process_is_not_played(tmp_path):
    service, installed, [(table_id, people)] = await setup_table(tmp_path)
    other = await service_at(tmp_path / "t.db", clock=Clock())  # a second process on the same store
    elsewhere = install(other, prepare_daily=False)
    other.outbox = Said()
    first, second, game = await first_and_second(service, table_id, people)
    mine = game.legal_moves(game.current)[0]
    planned = spot_for_second(game, mine)
    assert (await service.handle(second, "plan", {"move": planned})).ok
    assert planned in (await other.handle(second, "plan")).private  # the other process knows the plan
    assert (await service.handle(second, "plan", {"move": "cancel"})).ok  # cancelled through the first
    assert (await other.handle(first, "move", {"move": mine})).ok  # the turn comes through the other
    road = (await other.table(table_id)).game.legal_moves((await other.table(table_id)).game.current)[0]
    assert (await other.handle(first, "move", {"move": road})).ok
    await elsewhere.plans.settle_posts()
    await settle(installed)
    log = await other.store.moves(table_id)
    assert log[-1].user_id == first.user_id  # the cancelled plan was not played
    assert not other.outbox.posts
