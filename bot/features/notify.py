"""How a player hears of their turns: /notify's way (mention, dm, quiet), quiet hours and the hourly digest.

An extension beside `Timing` (`Notify(service, timing)`), which hands it every direct message it
would send (`Timing.gate`):

- Quiet hours (`/notify quiet:22-08 zone:Europe/Paris`) hold direct messages while they last;
  at their end one digest goes out, listing the tables that still wait for the player.
- The hourly digest (`/notify digest:hourly`) sends at most one direct message an hour: the first
  goes at once, what comes within the hour after it waits and goes together at its end.
- A mention in the table's channel stays as it is: only direct messages are paced.

Held messages are kept in the database (migration 041), so a restart still sends them, and each
person's are claimed in one transaction (db/notify.py): with two processes, a digest goes once.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import lang
from bot.core import failures
from bot.core.commands import ANYWHERE, Command, Param
from bot.core.extension import Extension
from bot.core.replies import Caller, Reply
from bot.core.service import TableService
from bot.core.suggestions import zone_names
from bot.features.timing import NOTIFY_MODES, NOTIFY_TEXTS, Timing, epoch
from db.notices import WAKE
from db.notify import Held, NotifyStore, Pacing
from db.timing import TurnRow
from lang import N_, ngettext, tr

log = logging.getLogger(__name__)

HOUR = 3600
DIGESTS = ("off", "hourly")
MESSAGE_CHARS = 1900  # a digest fits one Discord message (2000) with room to spare
ZONE_CHARS = 40  # longer than every zone name (America/Argentina/ComodRivadavia is 32); a typo is quoted up to it
_OFF = ("off", "none", "no")

COMMAND = Command("notify", N_("How you hear that it is your turn in this server"), (
    Param("mode", N_("mention (default), dm: also a direct message, quiet: no pings in reminders"),
          choices=NOTIFY_MODES),
    Param("quiet", N_("Hold direct messages during these hours, e.g. 22-08 (in your zone); off to end them")),
    Param("zone", N_("Your time zone for quiet hours, e.g. Europe/Paris (default UTC)"), autocomplete="zone"),
    Param("digest", N_("hourly: at most one direct message an hour listing your tables; off"), choices=DIGESTS),
), where=ANYWHERE)
# outside a server (a direct message with the bot) /notify sets each server where the person sits at a table
NO_SERVER = N_("You sit at no table in any server, so there is nothing to set from here. "
               "Use /notify in a server to choose how you hear of your turns there.")
EVERY_SERVER = N_("Outside a server, /notify sets how you hear of your turns in every server where you sit at "
                  "a table now ({count}). Give an option to change it; in a server, /notify sets that server alone.")
SET_EVERYWHERE = N_("Set in every server where you sit at a table now ({count}): {what}")

MODE_TEXT = NOTIFY_TEXTS  # the words of each mode, as /notify of bot/features/timing.py says them


# -- pure helpers --------------------------------------------------------------------------
def parse_quiet(text: str) -> tuple[int, int] | None:
    """`22-08`, `22:00-8:00`, `22 to 8` -> (22, 8); `off` -> None. Whole hours of the day."""
    word = text.strip().lower()
    if word in _OFF:
        return None
    match = re.fullmatch(r"(\d{1,2})(?::00)?h?\s*(?:-|–|to)\s*(\d{1,2})(?::00)?h?", word)
    if not match or not all(0 <= int(x) <= 24 for x in match.groups()):
        shown = text.strip() if len(text.strip()) <= ZONE_CHARS else text.strip()[:ZONE_CHARS] + "…"
        raise ValueError(tr("`{typed}` is not a range of hours: write it like 22-08 (from 22:00 to 08:00), "
                            "or off.").format(typed=shown))
    start, end = int(match[1]) % 24, int(match[2]) % 24
    if start == end:
        raise ValueError(tr("Quiet hours must start and end at different hours, like 22-08."))
    return start, end


def zone_of(name: str) -> ZoneInfo:
    """The zone of an IANA name (`Europe/Paris`, `europe/paris`), or ValueError saying what to write.

    Only a name of the zone list is looked up: the lookup itself raises for a folder of the list
    (`Europe`), a name longer than a file name may be, and other things a person types by mistake."""
    typed = name.strip()
    known = zone_names().get(typed.lower()) if len(typed) <= ZONE_CHARS else None
    if known is not None:
        try:
            return ZoneInfo(known)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            log.warning("the time zone %s is listed but cannot be read", known)
    shown = typed if len(typed) <= ZONE_CHARS else typed[:ZONE_CHARS] + "…"
    raise ValueError(tr("`{typed}` is not a time zone I know: write it like Europe/Paris or America/New_York "
                        "(the list offers them as you type).").format(typed=shown))


def quiet_until(now: int, start: int, end: int, zone: str) -> int | None:
    """When the quiet hours holding `now` end (Unix seconds), or None outside them."""
    local = datetime.fromtimestamp(now, ZoneInfo(zone))
    hour = local.hour
    inside = start <= hour < end if start < end else (hour >= start or hour < end)
    if not inside:
        return None
    day = local.date() if hour < end else local.date() + timedelta(days=1)
    return int(datetime(day.year, day.month, day.day, end, tzinfo=ZoneInfo(zone)).timestamp())


def digest_text(held: list[Held], hourly: bool) -> str:
    """One message for the held messages: the latest of each table, newest tables last, within one message."""
    latest: dict[int, Held] = {}
    for item in held:
        latest[item.table_id] = item
    items = sorted(latest.values(), key=lambda h: h.id)
    count = len(items)
    head = (ngettext("Your hourly digest: {count} table waits for you.",
                     "Your hourly digest: {count} tables wait for you.", count) if hourly else
            ngettext("Your quiet hours are over: {count} table waits for you.",
                     "Your quiet hours are over: {count} tables wait for you.", count)).format(count=count)
    room = max(120, (MESSAGE_CHARS - len(head)) // max(1, count) - 3)
    parts = [head]
    for item in items:
        text = item.text if len(item.text) <= room else item.text[:room - 1] + "…"
        parts.append(f"• {text}")
    return "\n".join(parts)[:MESSAGE_CHARS]


class Notify(Extension):
    commands = (COMMAND,)

    def __init__(self, service: TableService, timing: Timing, clock: Callable[[], datetime] | None = None):
        self.service = service
        self.timing = timing
        self.db = NotifyStore.of(service.store)
        self.clock = clock or timing.clock
        timing.gate = self  # every direct message of the timing passes here first

    def now(self) -> int:
        return epoch(self.clock())

    # -- /notify -------------------------------------------------------------------------
    async def cmd_notify(self, caller: Caller, mode: str = "", quiet: str = "", zone: str = "",
                         digest: str = "") -> Reply:
        if caller.guild_id:
            return await self._notify(caller.guild_id, caller.user_id, mode, quiet, zone, digest)
        tables = await self.service.store.tables_of_person(caller.user_id)
        guilds = sorted({row.guild_id for row in tables if row.guild_id})
        if not guilds:
            return Reply(private=tr(NO_SERVER))
        if not (mode.strip() or quiet.strip() or zone.strip() or digest.strip()):
            return Reply(private=tr(EVERY_SERVER).format(count=len(guilds)))
        answers = [await self._notify(guild, caller.user_id, mode, quiet, zone, digest, everywhere=True)
                   for guild in guilds]
        if not answers[0].ok:  # every server reads the same words: the first refusal is every one's
            return answers[0]
        return Reply(private=tr(SET_EVERYWHERE).format(count=len(guilds), what=answers[0].private))

    async def _notify(self, guild_id: int, user_id: int, mode: str, quiet: str, zone: str, digest: str,
                      everywhere: bool = False) -> Reply:
        pacing = await self.db.pacing(guild_id, user_id)
        mode, digest = mode.strip().lower(), digest.strip().lower()
        try:  # everything is read before anything is written: a bad part changes nothing
            hours = parse_quiet(quiet) if quiet.strip() else (
                (pacing.quiet_from, pacing.quiet_to) if pacing.quiet else None)
            if zone.strip():
                zone_of(zone)
        except ValueError as why:
            return Reply.error(tr("{why} Nothing was changed.").format(why=why))
        if not (mode or quiet.strip() or zone.strip() or digest):
            return Reply(private=self._describe(pacing, None, everywhere))
        new = Pacing(hours[0] if hours else None, hours[1] if hours else None,
                     zone_of(zone).key if zone.strip() else pacing.zone, digest or pacing.digest, pacing.last_dm_at)
        lines = []
        if mode or digest == "hourly":
            chosen = mode or "dm"  # a digest is made of direct messages
            await self.timing.db.set_notify(guild_id, user_id, chosen)
            lines.append(tr(MODE_TEXT[chosen]))
        await self.db.set_pacing(guild_id, user_id, new)
        return Reply(private=self._describe(new, " ".join(lines), everywhere))

    @staticmethod
    def _describe(pacing: Pacing, first: str | None, everywhere: bool = False) -> str:
        lines = [first] if first else []
        if pacing.quiet:
            lines.append(tr("Quiet hours: {start}:00 to {end}:00 ({zone}): direct messages wait, and one digest "
                            "comes when they end.").format(start=f"{pacing.quiet_from:02d}",
                                                           end=f"{pacing.quiet_to:02d}", zone=pacing.zone or "UTC"))
        else:
            lines.append(tr("No quiet hours."))
        lines.append(tr("Digest: at most one direct message an hour, listing the tables that wait for you.")
                     if pacing.digest == "hourly" else tr("Digest: off (a direct message for each turn, if you chose "
                                                          "dm)."))
        lines.append(tr("Mentions in the table's channel stay as they are.") if everywhere else
                     tr("Mentions in the table's channel stay as they are. This applies to every table of this "
                        "server."))
        return " ".join(lines)

    # -- holding -------------------------------------------------------------------------
    async def hold(self, turn: TurnRow, text: str) -> bool:
        """Called by the timing for a direct message: True when it was held (or sent as a digest
        here), False to let the timing send it as it is."""
        pacing = await self.db.pacing(turn.guild_id, turn.user_id)
        if not pacing.quiet and pacing.digest != "hourly":
            return False
        now = self.now()
        due = now
        if pacing.quiet:
            until = quiet_until(now, pacing.quiet_from, pacing.quiet_to, pacing.zone or "UTC")
            due = until if until is not None else now
        if pacing.digest == "hourly" and pacing.last_dm_at is not None:
            due = max(due, pacing.last_dm_at + HOUR)
        await self.db.hold(Held(0, turn.guild_id, turn.user_id, turn.table_id, turn.channel_id, turn.seat,
                                turn.version, text, now, due, "held"))
        if due <= now:
            await self.release(turn.guild_id, turn.user_id, now)
        else:
            await self.service.store.notify(WAKE)
        return True

    async def release(self, guild_id: int, user_id: int, now: int) -> bool:
        """Send a player's held messages that are due, as one digest; False when none went."""
        pacing = await self.db.pacing(guild_id, user_id)
        held, _later = await self.db.claim(guild_id, user_id, now, pacing.digest == "hourly")
        if not held:
            return False
        # held in quiet hours: the digest that ends them; else the hour's
        quieted = pacing.quiet and quiet_until(held[0].held_at, pacing.quiet_from, pacing.quiet_to,
                                               pacing.zone or "UTC") is not None
        if len(held) == 1 and held[0].due_at <= held[0].held_at:
            text = held[0].text  # nothing waited: the message as it was
        else:  # a digest has no caller: written in the language of the server of its tables
            with lang.using(await self.service.public_language(guild_id)):
                text = digest_text(held, hourly=not quieted)
        first = held[-1]
        turn = TurnRow(first.table_id, first.seat, guild_id, first.channel_id, user_id, first.version, first.held_at)
        return await self.timing.direct(turn, text)

    async def tick(self, now: datetime | None = None) -> int:
        """Send every digest due by `now`. Returns how many went."""
        moment = epoch(now or self.clock())
        sent = 0
        for guild_id, user_id in await self.db.due_people(moment):
            try:
                sent += await self.release(guild_id, user_id, moment)
            except Exception:
                failures.report(log, "the digest of %s failed", user_id)
        await self.timing.settle()
        return sent

    async def run_forever(self, interval: float = 30.0) -> None:
        """Send digests as they fall due, until cancelled; a message held meanwhile by any process wakes it."""
        while True:
            try:
                await self.tick()
                upcoming = await self.db.next_due()
            except Exception:
                failures.report(log, "digest tick failed")
                upcoming = None
            wait = interval if upcoming is None else min(interval, max(1.0, upcoming - self.now()))
            await self.service.store.wait_for(WAKE, wait)
