"""bench/trust.py reads the bot's answers as a person reads them and finds each saved move in the
posts of its channel: its audit against the answers the bot gives today, and one short run of
real processes."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bench.trust_audit import (
    COUNTED,
    MAYBE,
    NONE,
    NOTHING,
    OTHER,
    REFUSED,
    WRONG,
    Move,
    Sent,
    answer_of,
    audit,
    classify,
)
from bench.trust_discord import Said
from bot.adapters.discord import client
from bot.core import moves, replies
from tests import pg


def test_every_answer_the_bot_gives_about_a_move_is_read_for_what_it_tells():
    said = {
        COUNTED: ["Done: https://discord.com/channels/1/2/3", "Done.", client.POST_FOLLOWS, client.POST_LATER,
                  replies.SAVED_BUT, replies.SAVED_STORE_AWAY, "The board is posted: https://x"],
        NOTHING: [client.STORE_AWAY, client.BOARD_LATER],
        REFUSED: [moves.MOVED_ON, moves.OUR_FAULT.format(typed="mark 3"),
                  "It is not your turn: the table waits for Bob.", "`mark 2` is not a move here: mark a number above 5."],
        MAYBE: [client.STORE_AWAY_MAYBE],
        WRONG: [client.SOMETHING_BROKE],
    }
    assert {kind: [classify(text) for text in texts] for kind, texts in said.items()} == {
        kind: [kind] * len(texts) for kind, texts in said.items()}
    assert classify("Welcome to the table") == OTHER
    assert answer_of([]) == (NONE, "")
    assert answer_of([Said(True, "Alice: `mark 3`")]) == (COUNTED, "Alice: `mark 3`")  # the board, shown
    assert answer_of([Said(False, client.STORE_AWAY), Said(False, "Done.")])[0] == NOTHING  # the first one read


def test_the_audit_finds_each_move_in_the_posts_of_its_channel_and_checks_each_answer_against_the_log():
    moves = [Move(1, 1, "mark 1", True), Move(1, 2, "auto 2", False), Move(1, 3, "mark 12", True),
             Move(2, 1, "mark 2", True)]
    posts = {1: ["Alice: `mark 1`\nComputer 1: `auto 2`", "Played since the last post:\nAlice: `mark 1`"],
             2: ["Bob: `mark 12`"]}  # `mark 12` of channel 1 told in channel 2 only: not posted
    sent = [Sent(1, "mark 1", "a"), Sent(1, "mark 12", "b"), Sent(1, "mark 13", "c"), Sent(2, "mark 2", "d"),
            Sent(2, "mark 3", "e"), Sent(2, "mark 4", "")]
    answers = {"a": [Said(False, "Done.")], "b": [Said(False, client.STORE_AWAY)], "c": [Said(False, "Done.")],
               "d": [Said(False, client.SOMETHING_BROKE)]}
    found = audit(moves, posts, sent, answers)
    figures = found.figures()
    assert (figures["saved moves"], figures["posted"], figures["not posted"], figures["told twice"]) == (4, 2, 2, 1)
    assert [(m.channel, m.text) for m in found.not_posted] == [(1, "mark 12"), (2, "mark 2")]
    assert (figures["moves sent"], figures["not delivered"]) == (6, 1)
    assert (figures["answer: counted"], figures["answer: nothing saved"], figures["answer: went wrong"],
            figures["  of which saved: went wrong"], figures["answer: no answer"]) == (2, 1, 1, 1, 1)
    assert figures["false answers"] == 2  # `mark 12` was saved, `mark 13` was not
    assert [(text, kind) for text, kind, _ in found.untrue] == [("mark 12", NOTHING), ("mark 13", COUNTED)]


@pytest.mark.slow
async def test_a_short_run_of_two_processes_is_audited(tmp_path):
    reason = await pg.unavailable()
    if reason:
        if pg.REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    from tests.helpers import load_bench

    trust = load_bench("trust")
    args = argparse.Namespace(tables=3, seconds=6.0, rate=2.0, seed=1, keep=False)
    found, figures = await trust.Run("terminate", Path(trust.ROOT), args, tmp_path)()
    assert found.sent > 0 and found.saved > 0
    assert found.answers[COUNTED] > 0 and found.posted > 0
    assert found.others == []  # every answer was read
    assert figures.terminated > 0 and (tmp_path / "run.json").exists()
