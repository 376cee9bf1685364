"""/settings in the offline console: `#name` picks a channel and `@name` a role, as Discord's
pickers do; the answers write them back by name; only a manager of the server is heard."""

from __future__ import annotations

import pytest

from bot.adapters.console.console import Console
from bot.extensions import install
from tests.features.test_timing import rounds  # noqa: F401 (a fixture)
from tests.helpers import service_at

pytestmark = pytest.mark.usefixtures("rounds")


async def test_settings_in_the_console_take_channels_and_roles_by_name(tmp_path):
    service = await service_at(tmp_path / "t.db", draw_images=False)
    install(service, prepare_daily=False)
    console = Console(service, tmp_path / "img", managers={"mod"})
    refused = await console.run_line("[#hall] ann: /settings")
    assert refused == ["  ! Only members who may manage this server see and change its settings."]
    saved = "\n".join(await console.run_line(
        "[#hall] mod: /settings open_in_add:#tables seek_role:@players deadline:2d results:results"))
    assert "Tables open in: #tables, and in their threads." in saved
    assert "pings @players once" in saved and "in #results." in saved and "Turn deadline 2 days" in saved
    assert await console.run_line("[#hall] ann: /open game:rounds") == [
        "  ! Tables open in #tables on this server, and in their threads: use /open there."]
    opened = "\n".join(await console.run_line("[#tables] ann: /open game:rounds"))
    assert "@players: a table of Rounds seeks players." in opened and "Turn deadline 2 days" in opened
