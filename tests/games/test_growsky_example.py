"""The example console game of Grow Sky (examples/growsky-2p.txt) still plays to its end."""

from __future__ import annotations

from pathlib import Path

from bot.adapters.console.console import Console
from bot.extensions import install
from tests.helpers import service_at

ROOT = Path(__file__).resolve().parents[2]


async def test_the_example_game_plays_to_its_end_without_a_refused_line(tmp_path):
    service = await service_at(tmp_path / "e.db", seeds=lambda: 5, draw_images=False)
    install(service, prepare_daily=False)  # as `isles local` has it: the table plays a person's only move
    console = Console(service, tmp_path / "img")
    out: list[str] = []
    for line in (ROOT / "examples" / "growsky-2p.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            shown = await console.run_line(line)
            assert not (shown and shown[0].startswith("  !")), (line, shown)
            out += shown
    text = "\n".join(out)
    assert "The game is over." in text and "End of the game" in text
