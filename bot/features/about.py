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
from lang import N_, ngettext, tr

COMMANDS = (Command("about", N_("Which Isles this is: its version, since when it runs, where to get help"),
                    where=ANYWHERE),)

TITLE = N_("Isles {version}: island board games, played a turn at a time.")
UP_SINCE = N_("Running since {since}.")
SUPPORT = N_("Help, news and bug reports: {link}")
NO_SUPPORT = N_("Ask the people who run this bot in your server for help.")


def version() -> str:
    try:
        return metadata.version("isles")
    except metadata.PackageNotFoundError:  # run from a folder that was never installed
        return tr("(version unknown)")


class About(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, support_url: str = ""):
        self.service = service
        self.support_url = support_url
        health_of(service)  # made now, so that it counts the time running from the bot's start, not the first /about

    async def cmd_about(self, caller: Caller) -> Reply:
        health = health_of(self.service)
        lines = [tr(TITLE).format(version=version()), tr(UP_SINCE).format(since=marks.moment(int(health.started)))]
        gateway = health.gateway_now()
        if gateway is not None:  # only an adapter with a gateway knows its servers (not the console)
            lines.append(ngettext("Playing in {count} server.", "Playing in {count} servers.",
                                  gateway.servers).format(count=gateway.servers))
        lines.append(tr(SUPPORT).format(link=self.support_url) if self.support_url else tr(NO_SUPPORT))
        return Reply(private="\n".join(lines))
