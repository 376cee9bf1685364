"""Seasons of a server's league: `/season`, the season boards of `/leaderboard season:`, the
divisions, the results post at a season's end and a person's season lines in `/stats`.

An extension of the table service (`service.extend(Seasons(service, ratings))`), installed with
the ratings (bot/extensions.py). A server that never used /season has no season: /leaderboard
and /stats answer as before.

- DESIGNED: a season is a calendar month or a calendar quarter in UTC (January-March, April-June,
  ...): every server's seasons turn over at the same moment, which a person can tell without
  asking. Seasons are numbered from 1 in each server. A change of length or turning seasons off
  ends the season underway at that moment; the next one starts there and runs to the end of its
  calendar period. A change of the kind of points applies to the whole season underway.
- A season's standings are the placement points (bot/core/placement.py) of every counted rated
  table of the server rated inside its dates, the people ranked among themselves as the ratings
  rank them (computer seats left out). `win`: a win 1, everyone else 0, winners who tie split the
  1; `place`: first 1, last 0, the places between evenly spread. The all-time ratings are not
  touched.
- Ranked: MIN_GAMES tables or more; the others are shown below them as provisional.
- Tie-break, in order: more points; more first places (shared ones count); fewer tables (the same
  points from fewer games); the one whose last table came earlier (who reached the total first);
  the lower user id (a fixed last resort, never reached in practice).
- Divisions: see `TIERS`.
- At a season's end, the process holding the clocks' lease closes it: its row, its divisions and
  the next season's, and the mark that its results were posted with the outbox row of the post,
  in one transaction (db/seasons.py), so it is closed once whichever process gets there first
  and after a restart across the boundary. That row is the post from then on: on Discord the
  outbox's sender sends it (its id the message's nonce) and, after a stop before it was marked
  sent, sends it again from the sweep, its picture drawn again from the values the row keeps
  (`redraw_post`); the offline console claims it, then prints it.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import lang
from bot.core import alt_text, marks
from bot.core.commands import CHANNEL, Command, Param
from bot.core.composing import draw_off_loop
from bot.core.extension import Extension
from bot.core.placement import placement_points
from bot.core.replies import Caller, Card, Reply
from bot.core.service import TableService
from bot.core.tables import Loaded
from bot.features.results_post import (
    redraw,
    reply_of_saved,
    results_drawing,
    saved_post,
    sends_saved,
)
from bot.features.settings import channel_of
from db.seasons import ClosedSeason, Placed, PointsRow, SeasonSettings, SeasonStore, Totals
from db.server_settings import ServerSettingsStore
from games.base import IllegalMove
from lang import N_, ngettext, pgettext, tr
from render.leaderboard import BoardLine, draw_leaderboard, points_text
from render.league import ResultLine, games_text

log = logging.getLogger(__name__)

MIN_GAMES = 5  # the issue's: at least 5 tables to be ranked in a season
IDLE_DAYS = 180  # the default board leaves out players with no rated game in this many days
TOP = 10
TICK_SECONDS = 60.0
LENGTHS = ("monthly", "quarterly", "off")
POINTS = ("win", "place")
DEFAULT_LENGTH = "quarterly"  # the issue's: quarterly once turned on, as BGA's Arena seasons

# DESIGNED: divisions start at DIVISION_MIN ranked players (the 16) and count one tier a
# PER_TIER ranked players, at most four: a tier of 8 or more moves at least one person up and one
# down each season (a fifth of 8, rounded down, is 1), and four tiers keep a middling player no
# more than three seasons from the top. Names from the island's shore to its summit, so that a
# person reads the order without a number.
DIVISION_MIN = 16
PER_TIER = 8
TIERS = (N_("Summit"), N_("Ridge"), N_("Cove"), N_("Shore"))
MOVE_SHARE = 5  # the top fifth of each tier goes up, the bottom fifth down

COMMANDS = (
    Command("season", N_("Seasons of this server (Manage Server): alone shows them; each option sets one"), (
        Param("length", N_("monthly, quarterly (calendar quarters in UTC) or off"), choices=LENGTHS),
        Param("points", N_("win: a win 1, everyone else 0; place: first 1, last 0, the places between spread"),
              choices=POINTS),
        Param("channel", N_("Post each season's results here (default: the results channel of /settings)"),
              kind=CHANNEL),
    )),
)

NOT_MANAGER = N_("Only members who may manage this server see and change its seasons.")
BAD_LENGTH = N_("`length` is monthly, quarterly or off.")
BAD_POINTS = N_("`points` is win or place.")
NO_SEASONS = N_("This server has no seasons yet: someone who may manage it turns them on with /season.")
BAD_SEASON = N_("`season` is current, previous or a season's number, like 3.")
NO_SUCH_SEASON = N_("This server has no season {number}: its seasons so far are 1 to {last}.")
NO_PREVIOUS = N_("This server has no previous season yet: its first season is underway.")
SEASON_GAME = N_("A season counts every game together: leave `game` out to see one.")
ALL_GAMES = N_("all games")
DESCRIBE_NONE = N_("This server has no seasons: /leaderboard shows the all-time ratings alone.")
DESCRIBE_TURN_ON = N_("Turn them on with /season length: (quarterly unless you choose monthly).")
DESCRIBE_OFF = N_("Seasons are off. Past seasons stay on /leaderboard season:.")
DESCRIBE_MONTHLY = N_("Seasons are calendar months in UTC. Underway: {season}.")
DESCRIBE_QUARTERLY = N_("Seasons are calendar quarters in UTC. Underway: {season}.")
DESCRIBE_CHANNEL = N_("Each season's results are posted in {channel}.")
DESCRIBE_NO_CHANNEL = N_("Each season's results are posted nowhere: choose a channel with /season channel:.")
DESCRIBE_CHANGE = N_("Change one with /season and its option.")
EMPTY_SEASON = N_("Nobody has finished a rated table in {season} yet.")


# -- the calendar ------------------------------------------------------------------------------
def iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def parse(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def period_index(moment: datetime, length: str) -> int:
    moment = moment.astimezone(UTC)
    if length == "monthly":
        return moment.year * 12 + moment.month - 1
    return moment.year * 4 + (moment.month - 1) // 3


def period_start(index: int, length: str) -> datetime:
    if length == "monthly":
        return datetime(index // 12, index % 12 + 1, 1, tzinfo=UTC)
    return datetime(index // 4, (index % 4) * 3 + 1, 1, tzinfo=UTC)


@dataclass
class Season:
    guild_id: int
    number: int
    length: str
    points: str
    starts: datetime
    ends: datetime
    closed: bool

    def name(self) -> str:
        """The season's number and dates, as a person reads them."""
        last = self.ends - timedelta(seconds=1)
        return tr(SEASON_NAME).format(number=self.number, first=day_text(self.starts), last=day_text(last))


SEASON_NAME = N_("Season {number} ({first} to {last}, UTC)")
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), pgettext("short month", "May"), N_("Jun"), N_("Jul"),
          N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))


def day_text(moment: datetime) -> str:
    """A day as a person reads it in the language of the post: 1 Jan 2027 (1. Jan. 2027, 1 ene 2027)."""
    if lang.current() == lang.ENGLISH:
        return moment.strftime("%d %b %Y").lstrip("0")
    month = pgettext("short month", "May") if moment.month == 5 else tr(MONTHS[moment.month - 1])
    return tr("{day} {month} {year}").format(day=moment.day, month=month, year=moment.year)


def points_words(kind: str) -> str:
    """How a season of this kind of points counts, as a picture's subtitle says it."""
    return tr(POINTS_WIN) if kind == "win" else tr(POINTS_PLACE)


def division_name(tier: str) -> str:
    """A division's name (TIERS) in the language of the post."""
    return tr(tier) if tier else ""


def computed(settings: SeasonSettings, number: int) -> Season:
    """A season of the setting's length counted from its epoch (number >= base)."""
    epoch = parse(settings.epoch_at)
    index = period_index(epoch, settings.length) + number - settings.base
    starts = max(epoch, period_start(index, settings.length))
    return Season(settings.guild_id, number, settings.length, settings.points, starts,
                  period_start(index + 1, settings.length), False)


def current_number(settings: SeasonSettings, now: datetime) -> int | None:
    if settings.length == "off":
        return None
    epoch = parse(settings.epoch_at)
    return settings.base + period_index(now, settings.length) - period_index(epoch, settings.length)


def of_closed(row: ClosedSeason) -> Season:
    return Season(row.guild_id, row.number, row.length, row.points, parse(row.starts_at), parse(row.ends_at), True)


# -- standings -----------------------------------------------------------------------------------
@dataclass
class Standing:
    user_id: int
    name: str
    points: float
    games: int
    firsts: int
    last_at: str
    place: int | None = None  # None: provisional (fewer than MIN_GAMES tables)
    division: str = ""

    @property
    def provisional(self) -> bool:
        return self.place is None


def order_key(s: Standing) -> tuple:
    return (-round(s.points, 9), -s.firsts, s.games, s.last_at, s.user_id)


def rank(totals: list[Totals], by_place: bool, names: dict[int, str]) -> list[Standing]:
    """Ranked people first, in the tie-break's order, then the provisional ones in the same order."""
    standings = [Standing(t.user_id, names.get(t.user_id, str(t.user_id)), t.place if by_place else t.win,
                          t.games, t.firsts, t.last_at) for t in totals]
    standings.sort(key=lambda s: (s.games < MIN_GAMES, order_key(s)))
    place = 0
    for s in standings:
        if s.games >= MIN_GAMES:
            place += 1
            s.place = place
    return standings


def points_rows(placed: list[Placed]) -> list[PointsRow]:
    """The season points of whole tables from their people's ranks."""
    by_table: dict[int, list[Placed]] = {}
    for p in placed:
        by_table.setdefault(p.table_id, []).append(p)
    rows: list[PointsRow] = []
    for people in by_table.values():
        ranks = [p.rank for p in people]
        best = min(ranks)
        for p, win, place in zip(people, placement_points(ranks), placement_points(ranks, by_place=True),
                                 strict=True):
            rows.append(PointsRow(p.table_id, p.user_id, p.guild_id, p.at, win, place, p.rank == best))
    return rows


def add_totals(totals: list[Totals], extra: list[PointsRow]) -> list[Totals]:
    by_user = {t.user_id: t for t in totals}
    for p in extra:
        t = by_user.setdefault(p.user_id, Totals(p.user_id, 0.0, 0.0, 0, 0, ""))
        t.win += p.win
        t.place += p.place
        t.games += 1
        t.firsts += int(p.first)
        t.last_at = max(t.last_at, p.at)
    return list(by_user.values())


def tier_count(ranked: int) -> int:
    return 0 if ranked < DIVISION_MIN else min(len(TIERS), ranked // PER_TIER)


def first_tiers(ranked: list[Standing]) -> dict[int, int]:
    """Tiers by a season's points where it had none: the ranked list cut into near-equal parts."""
    count = tier_count(len(ranked))
    if not count:
        return {}
    size, extra = divmod(len(ranked), count)
    tiers: dict[int, int] = {}
    at = 0
    for tier in range(1, count + 1):
        take = size + (1 if tier <= extra else 0)
        for s in ranked[at:at + take]:
            tiers[s.user_id] = tier
        at += take
    return tiers


def next_tiers(standings: list[Standing], tiers: dict[int, int]) -> dict[int, int]:
    """The next season's tiers: in each tier the top fifth of its ranked players up one, the bottom
    fifth down one. DESIGNED: a ranked newcomer with no tier starts in the lowest; a person of a tier
    who was not ranked this season keeps it; fewer than DIVISION_MIN ranked players end divisions."""
    ranked = [s for s in standings if not s.provisional]
    if len(ranked) < DIVISION_MIN or not tiers:
        return {}
    lowest = max(tiers.values())
    after = dict(tiers)
    for s in ranked:
        after.setdefault(s.user_id, lowest)
    for tier in range(1, lowest + 1):
        members = [s for s in ranked if tiers.get(s.user_id) == tier]
        moving = len(members) // MOVE_SHARE
        if not moving:
            continue
        if tier > 1:
            for s in members[:moving]:
                after[s.user_id] = tier - 1
        if tier < lowest:
            for s in members[-moving:]:
                after[s.user_id] = tier + 1
    return after


BOARD_HEAD_WIN = N_("**Leaderboard — {season}** ({ranked}, {provisional}; a win 1 point, ties split)")
BOARD_HEAD_PLACE = N_("**Leaderboard — {season}** ({ranked}, {provisional}; first 1 point, "
                      "last 0, the places between spread)")
POINTS_WIN = N_("a win 1 point, ties split")
POINTS_PLACE = N_("first 1 point, last 0, the places between spread")
BOARD_LINE = N_("{place}. {name} — {points} points · {games}")
BOARD_LINE_DIVISION = N_("{place}. {name} — {points} points · {games} · {division}")
PROVISIONAL_LINE = N_("{name} — {points} points · {games} (provisional)")


def season_explain(count: int) -> str:
    return ngettext("Season points come from every rated table finished in the season, across every game; "
                    "{count} game or more to be ranked. Ties: more points, then more first places, then fewer "
                    "games, then who got there first. The all-time ratings are on /leaderboard without season.",
                    "Season points come from every rated table finished in the season, across every game; "
                    "{count} games or more to be ranked. Ties: more points, then more first places, then fewer "
                    "games, then who got there first. The all-time ratings are on /leaderboard without season.",
                    count).format(count=count)
RESULTS_HEAD = N_("**{season} is over.** The results of this server's league:")
MOST_GAMES = N_("Most games: {name} ({games}).")
CLIMBER = N_("Biggest climber: {name}, from place {before} to place {after}.")
STATS_SEASON = N_("{season}: place {place} of {ranked}, {points} points, {games}.")
STATS_DIVISION = N_("Division in that season: {division}.")


RESULTS_PICTURE = "season-results.png"
class Seasons(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, images: bool | None = None):
        self.service = service
        self.db = SeasonStore.of(service.store)
        self.images = service.draw_images if images is None else images
        self._tick_lock = asyncio.Lock()

    def now(self) -> datetime:
        return self.service.clock().astimezone(UTC)

    # -- /season -----------------------------------------------------------------------------
    async def cmd_season(self, caller: Caller, length: str = "", points: str = "", channel: str = "") -> Reply:
        if not caller.can_manage:
            raise IllegalMove(tr(NOT_MANAGER))
        length, points, channel = length.strip().lower(), points.strip().lower(), channel.strip()
        if length and length not in LENGTHS:
            raise IllegalMove(tr(BAD_LENGTH))
        if points and points not in POINTS:
            raise IllegalMove(tr(BAD_POINTS))
        channel_id = channel_of("channel", channel) if channel else None
        settings = await self.db.settings(caller.guild_id)
        if not (length or points or channel):
            return Reply(private=await self.describe(caller.guild_id, settings))
        now = self.now()
        ended: list[ClosedSeason] = []
        if settings is None:
            on = length or DEFAULT_LENGTH
            settings = SeasonSettings(caller.guild_id, on, points or "win", channel_id,
                                      iso(period_start(period_index(now, on if on != "off" else DEFAULT_LENGTH),
                                                       on if on != "off" else DEFAULT_LENGTH)), 1, iso(now))
        else:
            if length and length != settings.length:
                ended, settings = await self._relength(settings, length, now)
            if points:
                settings.points = points
            if channel_id is not None:
                settings.channel_id = channel_id
            settings.changed_at = iso(now)
        await self.db.save_settings(settings, ended)
        return Reply(private=tr("Saved.") + "\n" + await self.describe(caller.guild_id, settings))

    async def _relength(self, settings: SeasonSettings, length: str, now: datetime
                        ) -> tuple[list[ClosedSeason], SeasonSettings]:
        """The seasons a change of length ends (those not yet closed, the one underway cut at `now`),
        and the setting counting afresh from `now`."""
        ended: list[ClosedSeason] = []
        last = await self.db.last_season(settings.guild_id)
        next_number = (last.number + 1) if last else settings.base
        if settings.length != "off":
            underway = current_number(settings, now)
            for number in range(max(next_number, settings.base), underway + 1):
                season = computed(settings, number)
                ends = min(season.ends, now)
                if ends <= season.starts:
                    continue
                ended.append(ClosedSeason(settings.guild_id, number, settings.length, settings.points,
                                          iso(season.starts), iso(ends), iso(now)))
            next_number = underway + 1
        if length == "off":
            epoch = now
        else:
            since = parse(last.ends_at) if last and not ended else (now if ended else None)
            start = period_start(period_index(now, length), length)
            epoch = max(start, since) if since else start
        return ended, SeasonSettings(settings.guild_id, length, settings.points, settings.channel_id, iso(epoch),
                                     next_number, iso(now))

    async def describe(self, guild_id: int, settings: SeasonSettings | None) -> str:
        if settings is None:
            return "\n".join((tr(DESCRIBE_NONE), tr(DESCRIBE_TURN_ON)))
        number = current_number(settings, self.now())
        if number is None:
            lines = [tr(DESCRIBE_OFF)]
        else:
            underway = computed(settings, number).name()
            lines = [(tr(DESCRIBE_MONTHLY) if settings.length == "monthly" else tr(DESCRIBE_QUARTERLY)).format(season=underway)]
        if settings.points == "win":
            lines.append(ngettext("Season points: a win 1 point, everyone else 0, winners who tie split it; "
                                  "{count} game ranks a player.",
                                  "Season points: a win 1 point, everyone else 0, winners who tie split it; "
                                  "{count} games rank a player.", MIN_GAMES).format(count=MIN_GAMES))
        else:
            lines.append(ngettext("Season points: first 1 point, last 0, the places between spread evenly; "
                                  "{count} game ranks a player.",
                                  "Season points: first 1 point, last 0, the places between spread evenly; "
                                  "{count} games rank a player.", MIN_GAMES).format(count=MIN_GAMES))
        channel = await self._channel(guild_id, settings)
        lines.append(tr(DESCRIBE_CHANNEL).format(channel=marks.place(channel)) if channel is not None
                     else tr(DESCRIBE_NO_CHANNEL))
        lines.append(tr(DESCRIBE_CHANGE))
        return "\n".join(lines)

    async def _channel(self, guild_id: int, settings: SeasonSettings) -> int | None:
        if settings.channel_id is not None:
            return settings.channel_id
        return (await ServerSettingsStore.of(self.service.store).get(guild_id)).results_channel

    # -- which season ------------------------------------------------------------------------
    async def season(self, guild_id: int, which: str) -> Season:
        """The season `which` names (current, previous or a number), or IllegalMove."""
        settings = await self.db.settings(guild_id)
        last = await self.db.last_season(guild_id)
        if settings is None and last is None:
            raise IllegalMove(tr(NO_SEASONS))
        now = self.now()
        underway = current_number(settings, now) if settings else None
        newest = underway if underway is not None else (last.number if last else 0)
        word = which.strip().lower()
        if word == "current":
            if underway is None:
                raise IllegalMove(tr("Seasons are off in this server: `season:previous` shows the last one."))
            number = underway
        elif word == "previous":
            number = (underway - 1) if underway is not None else newest
            if number < 1:
                raise IllegalMove(tr(NO_PREVIOUS))
        elif word.isdecimal() and len(word) <= 6:
            number = int(word)
            if not 1 <= number <= newest:
                raise IllegalMove(tr(NO_SUCH_SEASON).format(number=number, last=newest))
        else:
            raise IllegalMove(tr(BAD_SEASON))
        closed = await self.db.season(guild_id, number)
        if closed is not None:
            return of_closed(closed)
        if settings is None or number < settings.base or settings.length == "off":
            raise IllegalMove(tr(NO_SUCH_SEASON).format(number=number, last=newest))
        return computed(settings, number)

    async def standings(self, season: Season) -> list[Standing]:
        """The season's standings from the store; tables rated but not scored yet are added in memory."""
        start, end = iso(season.starts), iso(season.ends)
        totals = await self.db.totals(season.guild_id, start, end)
        missing = await self.db.unscored_between(season.guild_id, start, end)
        if missing:
            totals = add_totals(totals, points_rows(missing))
        names = await self.db.names(season.guild_id, [t.user_id for t in totals])
        standings = rank(totals, season.points == "place", names)
        tiers = await self.db.divisions(season.guild_id, season.number)
        for s in standings:
            tier = tiers.get(s.user_id)
            s.division = TIERS[tier - 1] if tier else ""
        return standings

    # -- /leaderboard season: -----------------------------------------------------------------
    async def board(self, caller: Caller, which: str, game: str = "") -> Reply:
        if game.strip():
            raise IllegalMove(tr(SEASON_GAME))
        season = await self.season(caller.guild_id, which)
        standings = await self.standings(season)
        if not standings:
            return Reply(private=tr(EMPTY_SEASON).format(season=season.name()))
        with lang.using(await self.service.public_language(caller.guild_id)):  # the board is public
            text = self._board_text(season, standings, caller.user_id)
            image, alt = (await self._board_picture(season, standings, caller.user_id)) if self.images else (None, "")
        return Reply(text="\n".join(text), image=image, image_name="season.png", image_alt=alt, card=Card())

    def _board_text(self, season: Season, standings: list[Standing], you: int) -> list[str]:
        ranked = [s for s in standings if not s.provisional]
        provisional = [s for s in standings if s.provisional]
        head = BOARD_HEAD_WIN if season.points == "win" else BOARD_HEAD_PLACE
        text = [tr(head).format(season=season.name(),
                                ranked=ngettext("{count} ranked", "{count} ranked", len(ranked)).format(
                                    count=len(ranked)),
                                provisional=ngettext("{count} provisional", "{count} provisional",
                                                     len(provisional)).format(count=len(provisional)))]
        text += [self._line(s, you) for s in ranked[:TOP]]
        mine = next((s for s in ranked[TOP:] if s.user_id == you), None)
        if mine:
            text += ["…", self._line(mine, you)]
        if provisional:
            text.append(ngettext("Provisional, with fewer than {count} game:", "Provisional, with fewer than {count} games:",
                                 MIN_GAMES).format(count=MIN_GAMES))
            shown = provisional[:TOP]
            yours = next((s for s in provisional[TOP:] if s.user_id == you), None)
            text += [self._line(s, you) for s in shown + ([yours] if yours else [])]
        text.append("-# " + season_explain(MIN_GAMES))
        return text

    @staticmethod
    def _line(s: Standing, you: int) -> str:
        name = tr("**{name}** (you)").format(name=s.name) if s.user_id == you else s.name
        if s.provisional:
            return tr(PROVISIONAL_LINE).format(name=name, points=points_text(s.points), games=games_text(s.games))
        if s.division:
            return tr(BOARD_LINE_DIVISION).format(place=s.place, name=name, points=points_text(s.points),
                                                  games=games_text(s.games), division=division_name(s.division))
        return tr(BOARD_LINE).format(place=s.place, name=name, points=points_text(s.points), games=games_text(s.games))

    async def _board_picture(self, season: Season, standings: list[Standing], you: int) -> tuple[bytes, str]:
        """The season's board as the leaderboard draws it with points; by division where it has them."""
        ranked = [s for s in standings if not s.provisional]
        if any(s.division for s in ranked):
            ranked.sort(key=lambda s: (TIERS.index(s.division) if s.division else len(TIERS), s.place or 0))
        provisional = [s for s in standings if s.provisional]
        shown = ranked[:TOP] + provisional[:max(0, TOP - len(ranked))]
        lines = [self._board_line(s, you) for s in shown]
        mine = next((s for s in standings if s.user_id == you and s not in shown), None)
        subtitle = points_words(season.points)
        image = await draw_off_loop(draw_leaderboard, season.name(), subtitle, lines,
                                    self._board_line(mine, you) if mine else None,
                                    season_explain(MIN_GAMES), True, MIN_GAMES)
        return image, alt_text.season_board(tr(ALL_GAMES), season.name(), len(provisional), MIN_GAMES)

    @staticmethod
    def _board_line(s: Standing, you: int) -> BoardLine:
        return BoardLine(s.place or 0, s.name, s.points, s.games, s.firsts, s.user_id == you, s.provisional,
                         division_name(s.division))

    async def _most_games(self, standings: list[Standing]) -> tuple[str, int] | None:
        if not standings:
            return None
        most = min(standings, key=lambda s: (-s.games, order_key(s)))
        return most.name, most.games

    async def _climber(self, season: Season, standings: list[Standing]) -> tuple[str, int, int] | None:
        """DESIGNED: the ranked person whose place rose most from the season before (ranked in both)."""
        if season.number <= 1:
            return None
        before = await self.db.season(season.guild_id, season.number - 1)
        if before is None:
            settings = await self.db.settings(season.guild_id)
            if settings is None or season.number - 1 < settings.base:
                return None
            previous = computed(settings, season.number - 1)
        else:
            previous = of_closed(before)
        places = {s.user_id: s.place for s in await self.standings(previous) if not s.provisional}
        best: tuple[int, Standing] | None = None
        for s in standings:
            if s.provisional or s.user_id not in places:
                continue
            rise = places[s.user_id] - (s.place or 0)
            if rise > 0 and (best is None or rise > best[0]):
                best = (rise, s)
        if best is None:
            return None
        return best[1].name, places[best[1].user_id], best[1].place or 0

    # -- the season points of each rated table ------------------------------------------------
    async def on_event(self, event: str, loaded: Loaded) -> None:
        if loaded.row.status == "finished":
            await self.score([loaded.row.id])

    async def score(self, table_ids: list[int]) -> int:
        rows = points_rows(await self.db.placed(table_ids))
        await self.db.add_points(table_ids, rows)
        return len(rows)

    # -- the clock: seasons that ended --------------------------------------------------------
    async def tick(self, now: datetime | None = None) -> int:
        """Score the rated tables not scored yet, end the seasons that are over and post their results
        (once). Run by the process holding the clocks' lease. Returns how many posts it made."""
        async with self._tick_lock:
            now = (now or self.now()).astimezone(UTC)
            while True:
                waiting = await self.db.unscored()
                if not waiting:
                    break
                await self.score(waiting)
                if len(waiting) < 500:
                    break
            for settings in await self.db.every_settings():
                underway = current_number(settings, now)
                if underway is None:
                    continue
                last = await self.db.last_season(settings.guild_id)
                first = max(settings.base, last.number + 1 if last else settings.base)
                ended = []
                for number in range(first, underway):
                    season = computed(settings, number)
                    ended.append(ClosedSeason(settings.guild_id, number, settings.length, settings.points,
                                              iso(season.starts), iso(season.ends), iso(now)))
                if ended:
                    await self.db.end_seasons(ended)
            posted = 0
            for row in await self.db.unposted():
                try:
                    posted += await self._close(row, now)
                except Exception:
                    log.exception("the end of season %s of server %s failed", row.number, row.guild_id)
            if not sends_saved(self.service.outbox):  # else the outbox's sender sends what is pending
                for row in await self.db.posted_pending():  # saved, then the process stopped before posting
                    try:
                        posted += await self._deliver(row, now)
                    except Exception:
                        log.exception("the results of season %s of server %s could not be sent", row.number,
                                      row.guild_id)
            return posted

    async def _close(self, row: ClosedSeason, now: datetime) -> int:
        season = of_closed(row)
        standings = await self.standings(season)
        ranked = [s for s in standings if not s.provisional]
        tiers = await self.db.divisions(row.guild_id, row.number)
        own = {} if tiers else first_tiers(ranked)
        after = next_tiers(standings, tiers or own)
        if own:
            for s in standings:
                s.division = TIERS[own[s.user_id] - 1] if s.user_id in own else ""
        settings = await self.db.settings(row.guild_id)
        channel = await self._channel(row.guild_id, settings) if settings else None
        reply, body = (await self.results_post(season, standings)) if standings else (None, None)
        row_id = await self.db.close(row, own, after, channel, body, iso(now), int(now.timestamp()))
        if row_id is None or reply is None or channel is None:
            return 0
        return await self._send(row_id, channel, reply, now)

    async def _deliver(self, row: ClosedSeason, now: datetime) -> int:
        """A results post saved before a stop, for an outbox that only posts: made from what was saved."""
        saved = await self.db.saved_post(row.outbox_id) if row.outbox_id is not None else None
        if saved is None or saved.body is None:
            return 0
        return await self._send(saved.id, saved.channel_id, await self.saved_reply(saved.body), now)

    async def _send(self, row_id: int, channel: int, reply: Reply, now: datetime) -> int:
        """Send a results post saved in the outbox (row `row_id`), once.

        Where the outbox has a sender of its rows (Discord's), the row is handed to it: the message
        goes with the row's id as its nonce, the row is marked sent after it, and a stop anywhere
        before that mark leaves the row pending for the sender's sweep after the restart (the
        nonce keeps a message Discord took just before the stop from showing twice). An outbox that
        only posts (the offline console) has the row claimed before it posts it."""
        outbox = self.service.outbox
        if outbox is None:
            return 0
        if sends_saved(outbox):
            return int(await outbox.send_saved(row_id, channel, reply))
        if not await self.db.take_post(row_id, int(now.timestamp())):
            return 0
        if not await outbox.post(channel, reply):
            log.warning("the season results could not be posted in channel %s", channel)
            return 0
        return 1

    async def results_post(self, season: Season, standings: list[Standing]) -> tuple[Reply, dict[str, Any]]:
        """The results post of a season and the outbox body that is the post: its words, and the
        values its picture is drawn from, so that a sender that did not draw it draws the same.
        Written in the server's language (its public posts'), which the saved values keep for a
        redrawing."""
        with lang.using(await self.service.public_language(season.guild_id)):
            return await self._results_post(season, standings)

    async def _results_post(self, season: Season, standings: list[Standing]) -> tuple[Reply, dict[str, Any]]:
        ranked = [s for s in standings if not s.provisional]
        lines = [tr(RESULTS_HEAD).format(season=season.name())]
        lines += [self._line(s, 0) for s in ranked[:TOP]]
        if not ranked:
            lines.append(ngettext("Nobody played the {count} game that ranks a person this season.",
                                  "Nobody played the {count} games that rank a person this season.",
                                  MIN_GAMES).format(count=MIN_GAMES))
        most = await self._most_games(standings)
        if most:
            lines.append(tr(MOST_GAMES).format(name=most[0], games=games_text(most[1])))
        climber = await self._climber(season, standings)
        if climber:
            lines.append(tr(CLIMBER).format(name=climber[0], before=climber[1], after=climber[2]))
        text = "\n".join(lines)
        drawing = results_drawing(season.name(), points_words(season.points),
                                  [ResultLine(s.place or 0, s.name, s.points, s.games, s.provisional,
                                              division_name(s.division))
                                   for s in standings[:TOP]], most, climber) if self.images else None
        return await saved_post(text, RESULTS_PICTURE, drawing)

    async def saved_reply(self, body: dict[str, Any]) -> Reply:
        """The results post as its outbox body keeps it, its picture drawn again."""
        return await reply_of_saved(body, RESULTS_PICTURE)

    async def redraw_post(self, drawing: dict[str, Any]) -> bytes | None:
        return await redraw(drawing)

    # -- /stats ------------------------------------------------------------------------------
    async def stats_lines(self, guild_id: int, user_id: int) -> list[str]:
        """A person's place, points, games and division in the season underway and the one before;
        nothing in a server without seasons."""
        settings = await self.db.settings(guild_id)
        if settings is None and await self.db.last_season(guild_id) is None:
            return []
        lines = []
        for which in ("current", "previous"):
            try:
                season = await self.season(guild_id, which)
            except IllegalMove:
                continue
            standings = await self.standings(season)
            mine = next((s for s in standings if s.user_id == user_id), None)
            if mine is None:
                continue
            ranked = sum(1 for s in standings if not s.provisional)
            if mine.provisional:
                lines.append(ngettext("{season}: provisional, {points} points, {games} ({count} game to be ranked).",
                                      "{season}: provisional, {points} points, {games} ({count} games to be ranked).",
                                      MIN_GAMES).format(season=season.name(), points=points_text(mine.points),
                                                        games=games_text(mine.games), count=MIN_GAMES))
            else:
                lines.append(tr(STATS_SEASON).format(season=season.name(), place=mine.place, ranked=ranked,
                                                 points=points_text(mine.points), games=games_text(mine.games)))
            if mine.division:
                lines.append(tr(STATS_DIVISION).format(division=division_name(mine.division)))
        return lines

    # -- idle players on the all-time board ---------------------------------------------------
    async def idle(self, guild_id: int) -> set[int]:
        return await self.db.idle(guild_id, iso(self.now() - timedelta(days=IDLE_DAYS)))

    async def run_forever(self, interval: float = TICK_SECONDS) -> None:
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("season tick failed")
            await asyncio.sleep(interval)

