"""Makes docs/chat-<game>.png: each game's channel picture, mid-game at its most players, as a
phone shows it in Discord (550 px wide, scaled down when drawn wider).

    .venv/bin/python -m render.chat_pictures [--out docs] [--lang de]

With `--lang`, the pictures are drawn in that language and saved as chat-<game>-<lang>.png.
"""

from __future__ import annotations

import argparse
import io
import random
from pathlib import Path

from PIL import Image

import lang
import render
from games import registry

CHAT_WIDTH = 550
NAMES = ["Ada", "Ben", "Cleo", "Dev"]  # verbatim: the players' names
# (seed, moves played by the computer players): a position with something on every part of the board
POSITIONS = {"archipels": (7, 24), "growsky": (3, 140), "hawaii": (5, 30), "pioneers": (4, 90), "propeller": (9, 120)}


def position(key: str, seed: int, moves: int):
    cls = registry.get(key)
    game = cls.new(cls.max_players, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        seat = game.to_act()[0]
        game.play(seat, game.ai_move(seat, rng))
    return game


def at_chat_width(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if image.width <= CHAT_WIDTH:
        return image
    return image.resize((CHAT_WIDTH, round(image.height * CHAT_WIDTH / image.width)), Image.LANCZOS)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="docs")
    parser.add_argument("--lang", default=lang.ENGLISH)
    args = parser.parse_args()
    language = lang.code(args.lang)
    for key, (seed, moves) in POSITIONS.items():
        game = position(key, seed, moves)
        with lang.using(language):
            image = at_chat_width(render.draw(key, game.view(None), NAMES[:game.players]))
        suffix = "" if language == lang.ENGLISH else f"-{language}"
        path = Path(args.out) / f"chat-{key}{suffix}.png"
        image.save(path, optimize=True)
        print(f"{path}: {image.width} x {image.height}, {game.players} players")


if __name__ == "__main__":
    main()
