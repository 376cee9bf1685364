"""Fixed games through the table service answer exactly as recorded (tests/core/service_fingerprint.py).

A change meant to show (new words, a new button) is recorded again with
`python -m tests.core.service_fingerprint --record`; any other difference is a change nobody meant.
"""

import json

from tests.core.service_fingerprint import RECORD, differences, fingerprint


async def test_every_answer_is_as_recorded():
    recorded = json.loads(RECORD.read_text())
    assert differences(recorded, await fingerprint()) == []


async def test_the_fingerprint_sees_one_changed_word(monkeypatch):
    from bot.core import moves

    recorded = await fingerprint(["hawaii"])
    monkeypatch.setattr(moves, "NO_GAME", moves.NO_GAME.replace("Open", "open"))
    found = differences(recorded, await fingerprint(["hawaii"]))
    assert [f.split(" (")[0] for f in found] == ["hawaii: answer 1 differs in discord",
                                                  "hawaii: answer 1 differs in console"]
