"""The pictures of whole demo games in English, kept as digests of their pixels: the proof that
translating the code changed no English picture. `python -m tests.lang.english_pictures --record`
writes tests/lang/english_pictures.json (only when a picture is meant to change)."""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import sys
import tempfile
from pathlib import Path

from PIL import Image

from bot.adapters.console.demo import play_demo
from bot.core.service import TableService
from db.store import Store

RECORD = Path(__file__).with_name("english_pictures.json")
# (game, players, options, seed): every game, a sea layout and Ramparts
GAMES = [("archipels", 3, "", 11), ("pioneers", 3, "", 12), ("pioneers", 3, "board=isles", 13),
         ("pioneers", 3, "ramparts=on", 14), ("propeller", 3, "", 15), ("growsky", 3, "advanced=on", 16),
         ("hawaii", 1, "", 17)]
EVERY = 25  # one picture in so many, and the last


def pixels(data: bytes) -> str:
    with Image.open(io.BytesIO(data)) as image:
        return hashlib.sha256(f"{image.mode}{image.size}".encode() + image.tobytes()).hexdigest()[:24]


async def digests(game: str, players: int, options: str, seed: int) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        store = await Store.open(str(out / "pictures.db"))
        try:
            service = TableService(store, seeds=lambda: seed)
            await play_demo(service, game, players, out, options)
        finally:
            await store.close()
        files = sorted(out.glob("turn-*.png"))
        chosen = files[::EVERY] + files[-1:]
        return [f"{f.name} {pixels(f.read_bytes())}" for f in chosen]


def key(game: str, players: int, options: str, seed: int) -> str:
    return f"{game} {players} {options or '-'} {seed}"


async def record() -> None:
    found = {key(*g): await digests(*g) for g in GAMES}
    RECORD.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] == ["--record"]:
        asyncio.run(record())
    else:
        print(__doc__)
