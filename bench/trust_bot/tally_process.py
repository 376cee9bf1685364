"""One bot process of bench/trust.py: tests/discord/shard_process.py of the code under measure,
with the game Tally (tally.py) listed and drawn as the test picture."""

from __future__ import annotations

import render
from games import registry
from tests.discord import shard_process
from tests.discord.conftest import PICTURE


def main() -> None:
    registry.MODULES["tally"] = "tally"
    drawn = render.draw
    render.draw = lambda key, view, names: PICTURE if key == "tally" else drawn(key, view, names)
    shard_process.main()


if __name__ == "__main__":
    main()
