"""Ratings and leaderboards per server and game (openskill, Plackett-Luce).

An extension of the table service (`service.extend(Ratings(service))`). When a table
finishes, its people are rated from the table's final ranks (ties stay ties; a seat that
resigned or forfeited is ranked last by the service; a seat given to a substitute counts as
bot/features/substitute.py says). Computer seats are not rated: the
people are ranked among themselves in the same order. A table with fewer than two people,
and every solo game, changes no rating. Each table is rated once, in one transaction with
the mark that it was rated; `catch_up()` rates the tables that finished while nobody listened.

Every player has a rating per game and one across every game (`*`). The shown number is
openskill's ordinal, mu - 3 sigma: a cautious estimate of skill that starts at 0 for
everyone and rises with good results and as the estimate grows surer.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

from openskill.models import PlackettLuce

import lang
from bot.core import alt_text, marks
from bot.core.commands import USER, Command, Param
from bot.core.extension import Extension
from bot.core.replies import Caller, Card, Reply
from bot.core.service import TableService
from bot.features.event import stats_lines
from bot.features.season import IDLE_DAYS, Seasons
from bot.features.substitute import rated_people
from db.ratings import OVERALL, HistoryRow, RatingRow, RatingStore
from db.substitutes import SubstituteStore
from games import registry
from games.base import IllegalMove
from lang import N_, ngettext, tr
from render.leaderboard import BoardLine, GameLine, draw_leaderboard, draw_stats, rating_text

log = logging.getLogger(__name__)

TOP = 10
IDLE_LEFT_OUT = N_("Players left out for having no rated game in {days} days: {count}. `all:on` shows them.")
IDLE_YOU = N_("You are left out: you have had no rated game here in {days} days. `all:on` shows you.")
IDLE_ALL = N_("Every rated player of this board has had no rated game in {days} days ({count} in all). "
              "`all:on` shows them.")
EXPLAIN = N_("Rating = openskill's cautious estimate mu - 3 sigma (Plackett-Luce): everyone starts at 0, "
           "and it rises with good results and as the estimate grows surer. Tables of two or more people count; "
             "computer seats are left out and a resignation or forfeit counts as last place.")

COMMANDS = (
    Command("leaderboard", N_("The best players of this server, in one game or all games together"), (
        Param("game", N_("Which game (default: all games together)"), autocomplete="game"),
        Param("season", N_("A season of this server: current, previous or its number (default: all time)")),
        Param("all", N_("on: also players with no rated game in 180 days"), choices=("on", "off")),
    )),
    Command("stats", N_("Games, wins and rating of a player in this server"), (
        Param("user", N_("Whose (default: yours)"), kind=USER),
    )),
)


def games_text(n: int) -> str:
    return ngettext("{count} game", "{count} games", n).format(count=n)


def wins_text(n: int) -> str:
    return ngettext("{count} win", "{count} wins", n).format(count=n)


def rated_games_text(n: int) -> str:
    return ngettext("{count} rated game", "{count} rated games", n).format(count=n)


def human_ranks(results: list[dict]) -> list[dict]:
    """The people of a finished table with their ranks, computer seats left out."""
    return [r for r in results if not r["is_ai"] and r["user_id"] is not None]


class Ratings(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService, images: bool | None = None):
        self.service = service
        self.store = service.store
        self.db = RatingStore.of(service.store)
        self.model = PlackettLuce()
        self.images = service.draw_images if images is None else images
        self._lock = asyncio.Lock()
        self.seasons: Seasons | None = None  # the server's league (bot/features/season.py), when installed

    def _now(self) -> str:
        moment: datetime = self.service.clock()
        return moment.isoformat(timespec="seconds")

    # -- rating ------------------------------------------------------------------------
    async def on_event(self, event: str, loaded) -> None:
        if loaded.row.status == "finished":
            await self.rate_table(loaded.row.id)

    async def catch_up(self) -> int:
        rated = 0
        for table_id in await self.db.unrated_finished():
            try:
                rated += await self.rate_table(table_id)
            except Exception:
                log.exception("could not rate table %s", table_id)
        return rated

    async def rate_table(self, table_id: int) -> bool:
        """Rate a finished table once. True when ratings changed."""
        async with self._lock:  # one table at a time: each update reads the ratings the last one wrote
            if await self.db.is_rated(table_id):
                return False
            row = await self.store.table(table_id)
            if row is None or row.status != "finished":
                return False
            at = self._now()
            try:
                solo = registry.get(row.game).max_players == 1
            except KeyError:
                solo = False
            results = [] if solo else await self.store.results(table_id)
            people = human_ranks(results)
            offers = await SubstituteStore.of(self.store).offers(table_id, ("seated",))
            if offers:  # a seat that changed hands: bot/features/substitute.py says how it counts
                people = rated_people(people, offers, await self.store.moves(table_id))
            if solo or len(results) < 2 or len(people) < 2:
                await self.db.record(table_id, row.guild_id, at, [], [])
                return False
            names = {o.left_user: o.left_name for o in offers} | {s.user_id: s.name for s in await self.store.seats(table_id)}
            ranks = [r["rank"] for r in people]
            users = [r["user_id"] for r in people]
            ratings: list[RatingRow] = []
            history: list[HistoryRow] = []
            for game in (self._rating_key(row.game, row.options), OVERALL):
                current = await self.db.ratings(row.guild_id, game, users)
                teams = [[self.model.rating(mu=current[u].mu, sigma=current[u].sigma) if u in current
                          else self.model.rating()] for u in users]
                rated = self.model.rate(teams, ranks=ranks)
                for r, (new,) in zip(people, rated, strict=True):
                    user = r["user_id"]
                    before = current.get(user)
                    ratings.append(RatingRow(
                        row.guild_id, game, user, names.get(user, str(user)), new.mu, new.sigma,
                        (before.games if before else 0) + 1, (before.wins if before else 0) + (r["rank"] == 1),
                    ))
                    history.append(HistoryRow(row.guild_id, game, user, table_id, at, r["rank"], len(people),
                                              new.mu, new.sigma))
            return await self.db.record(table_id, row.guild_id, at, ratings, history)

    # -- commands ----------------------------------------------------------------------
    @staticmethod
    def _rating_key(game: str, options: dict) -> str:
        """A variant rated apart has a key of its own (`pioneers:ramparts`), from the table's options."""
        try:
            return registry.get(game).rating_key(options)
        except KeyError:
            return game

    @staticmethod
    def _game(text: str) -> tuple[str, str]:
        key = text.strip().lower()
        if key in ("", "all", "overall", "*", "every", "all games"):
            return OVERALL, tr("All games")
        base, _, variant = key.partition(":")
        if variant:  # a variant rated apart, named by its rating key
            try:
                cls = registry.get(base)
            except KeyError:
                cls = None
            if cls is not None and variant in cls.variants:
                return key, cls.rating_title(key)
        try:
            key = registry.find(key)  # a key or a title, as a person types it
            return key, registry.get(key).title
        except KeyError as missing:
            raise IllegalMove(missing.args[0] + " " + tr("Or leave `game` out for all games together.")) from None

    async def cmd_leaderboard(self, caller: Caller, game: str = "", season: str = "", all: str = "") -> Reply:
        if season.strip() and self.seasons is not None:
            return await self.seasons.board(caller, season, game)
        key, title = self._game(game)
        board = await self.db.board(caller.guild_id, key)
        left_out, idle = 0, set()
        if all.strip().lower() != "on" and board and self.seasons is not None:
            idle = await self.seasons.idle(caller.guild_id)
            left_out = sum(1 for r in board if r.user_id in idle)
            board = [r for r in board if r.user_id not in idle]
            if not board:
                return Reply(private=tr(IDLE_ALL).format(count=left_out, days=IDLE_DAYS))
        if not board:
            if key == OVERALL:
                return Reply(private=tr("No rated game in this server yet. A table counts when it finishes "
                                        "with two or more people."))
            return Reply(private=tr("No rated game of {game} in this server yet. A table counts when it finishes "
                                    "with two or more people.").format(game=title))
        with lang.using(await self.service.public_language(caller.guild_id)):  # the board is public
            return await self._board(caller, game, board, left_out, idle)

    async def _board(self, caller: Caller, game: str, board: list[RatingRow], left_out: int, idle: set[int]) -> Reply:
        _, title = self._game(game)
        lines = [BoardLine(i + 1, r.name, r.ordinal, r.games, r.wins, r.user_id == caller.user_id)
                 for i, r in enumerate(board)]
        top = lines[:TOP]
        mine = next((line for line in lines if line.you), None)
        outside = mine if mine and mine.place > TOP else None
        players = ngettext("{count} rated player in this server", "{count} rated players in this server",
                           len(board)).format(count=len(board))
        text = [tr("**Leaderboard — {game}** ({players})").format(game=title, players=players)]
        text += [self._line(line) for line in top]
        if outside:
            text.append("…")
            text.append(self._line(outside))
        elif mine is None and left_out and caller.user_id in idle:
            text.append(tr(IDLE_YOU).format(days=IDLE_DAYS))
        elif mine is None:
            text.append(tr("You have no rated game here yet."))
        if left_out:
            text.append(tr(IDLE_LEFT_OUT).format(count=left_out, days=IDLE_DAYS))
        text.append(f"-# {tr(EXPLAIN)}")
        image = None
        if self.images:
            image = await asyncio.to_thread(draw_leaderboard, tr("Leaderboard · {game}").format(game=title), players,
                                            top, outside, tr(EXPLAIN))
        return Reply(text="\n".join(text), image=image, image_name="leaderboard.png",
                     image_alt=alt_text.LEADERBOARD.format(game=title) if image else "", card=Card())

    @staticmethod
    def _line(line: BoardLine) -> str:
        name = tr("**{name}** (you)").format(name=line.name) if line.you else line.name
        return tr("{place}. {name} — rating {rating} · {games} · {wins}").format(
            place=line.place, name=name, rating=rating_text(line.rating), games=games_text(line.games),
            wins=wins_text(line.wins))

    async def _whom(self, caller: Caller, user: str) -> tuple[int, str]:
        typed = user.strip()
        if not typed:
            return caller.user_id, caller.name
        user_id = marks.person_of(typed) or (int(typed) if typed.isdecimal() and len(typed) >= 5 else None)
        if user_id is not None:
            rows = await self.db.player(caller.guild_id, user_id)
            return user_id, rows[0].name if rows else marks.person(user_id)
        found = await self.db.find(caller.guild_id, typed.lstrip("@"))
        if not found:
            raise IllegalMove(tr("No rated player called `{name}` in this server. Mention them, like @name.").format(
                name=typed))
        return found[0]

    async def cmd_stats(self, caller: Caller, user: str = "") -> Reply:
        user_id, name = await self._whom(caller, user)
        reply = await self._stats(caller, user_id, name)
        if user_id == caller.user_id:  # a person's own event results, for them alone
            events = await stats_lines(self.store, caller.guild_id, user_id)
            reply.private = "\n".join(x for x in (reply.private, *events) if x)
        return reply

    async def _stats(self, caller: Caller, user_id: int, name: str) -> Reply:
        rows = await self.db.player(caller.guild_id, user_id)
        if not rows:
            if user_id == caller.user_id:
                return Reply(private=tr("You have no rated game in this server yet. A table counts when it finishes "
                                        "with two or more people."))
            return Reply(private=tr("{name} has no rated game in this server yet. A table counts when it finishes "
                                    "with two or more people.").format(name=name))
        with lang.using(await self.service.public_language(caller.guild_id)):  # the stats are public
            text, image, name = await self._stats_public(rows, caller, user_id)
        private = ""
        if self.seasons is not None and user_id == caller.user_id:  # a person's own season results
            private = "\n".join(await self.seasons.stats_lines(caller.guild_id, user_id))
        return Reply(text=text, private=private, image=image, image_name="stats.png",
                     image_alt=alt_text.STATS.format(name=name) if image else "", card=Card())

    async def _stats_public(self, rows: list[RatingRow], caller: Caller, user_id: int) -> tuple[str, bytes | None, str]:
        history = await self.db.history(caller.guild_id, user_id)
        by_game: dict[str, list[HistoryRow]] = {}
        for h in history:
            by_game.setdefault(h.game, []).append(h)
        overall = next((r for r in rows if r.game == OVERALL), None)
        per_game = sorted((r for r in rows if r.game != OVERALL), key=lambda r: (-r.games, r.game))
        ordered = ([overall] if overall else []) + per_game
        name = overall.name if overall else rows[0].name
        games, wins = (overall.games, overall.wins) if overall else (0, 0)
        lines = [tr("**{name}** in this server: {games}, {wins}.").format(name=name, games=rated_games_text(games),
                                                                          wins=wins_text(wins))]
        game_lines: list[GameLine] = []
        series: list[tuple[str, list[tuple[int, float]]]] = []
        # one x axis for every line: the player's rated games of all games, in the order played
        order = {h.table_id: n for n, h in enumerate(by_game.get(OVERALL, []), 1)}
        for r in ordered:
            title = tr("All games") if r.game == OVERALL else self._title(r.game)
            rated = by_game.get(r.game, [])
            points = [h.ordinal for h in rated]
            change = points[-1] - (points[-2] if len(points) > 1 else 0.0) if points else None
            game_lines.append(GameLine(title, r.ordinal, r.games, r.wins, change))
            series.append((title, [(order.get(h.table_id, n), h.ordinal) for n, h in enumerate(rated, 1)]))
            if r.game == OVERALL and len(per_game) == 1:
                continue  # one game only: its line says it all
            recent = " → ".join(rating_text(p) for p in points[-6:])
            start = "… " if len(points) > 6 else "0.0 → "
            lines.append(tr("{game}: rating {rating} (mu {mu}, sigma {sigma}), {games}, {wins}; history {start}{recent}")
                         .format(game=title, rating=rating_text(r.ordinal), mu=f"{r.mu:.1f}", sigma=f"{r.sigma:.1f}",
                                 games=games_text(r.games), wins=wins_text(r.wins), start=start, recent=recent))
        if len(series) == 2:  # one game only: its line is the overall one
            series = series[1:]
        lines.append(f"-# {tr(EXPLAIN)}")
        image = None
        if self.images:
            subtitle = tr("{games} · {wins} · this server").format(games=rated_games_text(games), wins=wins_text(wins))
            image = await asyncio.to_thread(draw_stats, name, subtitle, game_lines, series, tr(EXPLAIN))
        return "\n".join(lines), image, name

    @staticmethod
    def _title(key: str) -> str:
        try:
            return registry.get(key.partition(":")[0]).rating_title(key)
        except KeyError:
            return key
