"""`/help`: the private card of bot/core/guide.py, and its buttons, which show a game's /rules privately."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core import guide
from bot.core.commands import ANYWHERE, Command
from bot.core.extension import Extension
from bot.core.replies import Caller, Reply
from bot.core.service import TableService
from lang import N_

COMMANDS = (Command("help", N_("What Isles is, its games and their rules, and every command (private)"), where=ANYWHERE),)


class Help(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, docs_url: str = ""):
        self.service = service
        self.docs_url = docs_url

    async def cmd_help(self, caller: Caller) -> Reply:
        return guide.help_reply(self.service.commands(), self.docs_url)

    async def press_rules(self, caller: Caller, table_id: int, version: int | None, payload: str,
                          values: Sequence[str]) -> Reply:
        return await self.service.handle(caller, "rules", {"game": payload})
