"""English pictures are the pixels they were before the code was wrapped for translation."""

import json

import pytest

from tests.lang.english_pictures import GAMES, RECORD, digests, key


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=[key(*g) for g in GAMES])
async def test_english_pictures_are_unchanged(game):
    assert await digests(*game) == json.loads(RECORD.read_text(encoding="utf-8"))[key(*game)]
