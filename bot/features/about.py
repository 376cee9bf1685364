"""`/about`: which Isles answers, since when, in how many servers, and where to ask for help
(ISLES_SUPPORT_URL). An extension of the table service (`service.extend(About(service, url))`)."""

from __future__ import annotations

from importlib import metadata

from bot.core import marks
from bot.core.commands import ANYWHERE, Command
from bot.core.extension import Extension
from bot.core.health import health_of
from bot.core.replies import Caller, Reply
from bot.core.service import TableService

COMMANDS = (Command("about", "Which Isles this is: its version, since when it runs, where to get help", where=ANYWHERE),)

TITLE = "Isles {version}: island board games, played a turn at a time."
UP_SINCE = "Running since {since}."
ONE_SERVER = "Playing in 1 server."
SERVERS = "Playing in {count} servers."
SUPPORT = "Help, news and bug reports: {link}"
NO_SUPPORT = "Ask the people who run this bot in your server for help."


def version() -> str:
    try:
        return metadata.version("isles")
    except metadata.PackageNotFoundError:  # run from a folder that was never installed
        return "(version unknown)"


class About(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, support_url: str = ""):
        self.service = service
        self.support_url = support_url
        health_of(service)  # made now, so that it counts the time running from the bot's start, not the first /about

    async def cmd_about(self, caller: Caller) -> Reply:
        health = health_of(self.service)
        lines = [TITLE.format(version=version()), UP_SINCE.format(since=marks.moment(int(health.started)))]
        gateway = health.gateway_now()
        if gateway is not None:  # only an adapter with a gateway knows its servers (not the console)
            lines.append(ONE_SERVER if gateway.servers == 1 else SERVERS.format(count=gateway.servers))
        lines.append(SUPPORT.format(link=self.support_url) if self.support_url else NO_SUPPORT)
        return Reply(private="\n".join(lines))
