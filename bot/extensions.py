"""The extensions every running Isles has: deadlines and notices, ratings, /games, the daily challenge,
computer levels, rematch, take-back, move previews, the game's animation, what the table plays for
a person who is away (forced moves, standing answers, plans), a server's settings and its seasons.

The Discord bot and the offline console install the same set, so both offer the same commands.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import datetime

from bot.core.service import TableService
from bot.features.about import About
from bot.features.animation import Animation
from bot.features.auto import Auto
from bot.features.daily import DailyChallenge
from bot.features.event import Event
from bot.features.forget import Forget
from bot.features.help import Help
from bot.features.levels import ComputerLevels
from bot.features.mygames import MyGames
from bot.features.notify import Notify
from bot.features.plans import Plans
from bot.features.preview import Preview
from bot.features.ratings import Ratings
from bot.features.rematch import Rematch
from bot.features.season import Seasons
from bot.features.settings import ServerSettingsFeature
from bot.features.substitute import Substitutes
from bot.features.takeback import TakeBack
from bot.features.timing import Timing

log = logging.getLogger(__name__)


@dataclass
class Installed:
    timing: Timing
    ratings: Ratings
    games: MyGames
    daily: DailyChallenge
    plans: Plans | None = None
    notify: Notify | None = None
    substitutes: Substitutes | None = None
    seasons: Seasons | None = None
    tasks: set[asyncio.Task] = field(default_factory=set)

    prepare_daily: bool = True  # this process prepares the daily deals (solving ahead of time)
    events: Event | None = None  # a server's Swiss events (/event), moved on by the clocks

    async def tick(self, now: datetime | None = None) -> None:
        """Fire what is due: reminders, deadlines, the ends of daily attempts and their days' boards."""
        await self.timing.tick(now)
        if self.events is not None:  # after the deadlines: a table they ended ends its round
            await self.events.tick(int(now.timestamp()) if now is not None else None)
        if self.notify is not None:
            await self.notify.tick(now)
        if self.substitutes is not None:
            await self.substitutes.sweep()
        await self.daily.tick(now)
        if self.seasons is not None:
            await self.seasons.tick(now)

    async def prepare_daily_deals(self, now: datetime | None = None) -> list[str]:
        """The daily preparation job, one step: today's and tomorrow's deals chosen and proven (solved in
        worker processes). Run it in one process only, about once a minute; returns the days it made."""
        return await self.daily.prepare_deals(now)

    async def start(self) -> None:
        """Catch up with what happened while the bot was away, then keep the clocks running."""
        try:
            await self.ratings.catch_up()
        except Exception:
            log.exception("rating catch-up failed")
        if self.plans is not None:
            try:
                await self.plans.catch_up()  # plans whose turn came while the bot was away
            except Exception:
                log.exception("plans catch-up failed")
        loops = [self.timing.run_forever(), self.daily.run_forever()]
        if self.events is not None:
            loops.append(self.events.run_forever())
        if self.notify is not None:
            loops.append(self.notify.run_forever())
        if self.substitutes is not None:
            loops.append(self.substitutes.run_forever())
        if self.seasons is not None:
            loops.append(self.seasons.run_forever())
        if self.prepare_daily:
            loops.append(self.daily.prepare_forever())
        for loop in loops:
            task = asyncio.create_task(loop)
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.daily.close()


def install(service: TableService, *, prepare_daily: bool = True, support_url: str = "",
            docs_url: str = "") -> Installed:
    """`prepare_daily`: this process runs the daily preparation job and /daily never waits for a solve;
    without it (the offline console) a /daily whose deal is not ready yet waits for its solve.
    `docs_url`: the documentation /help links to (ISLES_DOCS_URL)."""
    timing = Timing(service)
    notify = Notify(service, timing)
    ratings = Ratings(service)
    seasons = Seasons(service)
    ratings.seasons = seasons
    games = MyGames(service, timing)
    daily = DailyChallenge(service, wait_for_deal=not prepare_daily)
    levels = ComputerLevels(service)
    plans = Plans(service)
    substitutes = Substitutes(service)
    extras = (levels, Rematch(service, levels), TakeBack(service), Preview(service), Animation(service),
              Auto(service), plans, substitutes, ServerSettingsFeature(service), seasons, Help(service, docs_url))
    for extension in (timing, notify, ratings, games, daily, *extras):
        service.extend(extension)
    service.extend(About(service, support_url))  # /about: ISLES_SUPPORT_URL is its link
    service.extend(Forget(service))  # /forget-me (PRIVACY.md)
    events = Event(service)  # /event: a server's Swiss events
    service.extend(events)
    return Installed(timing, ratings, games, daily, plans, notify, substitutes, seasons, prepare_daily=prepare_daily,
                     events=events)
