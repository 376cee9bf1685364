"""SQL of a server's defaults (migration 050, bot/features/settings.py): the turn deadline,
reminder and timeout /open gives a table when its opener names none, the channels where /open
may open tables, the results channel and the role pinged when a new table seeks players; and
the claim that a finished table's result was posted in the results channel.

The threads setting lives in the same row since migration 001 (`Store.guild_threads`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from db.store import Store

# the columns of guild_settings that /settings writes, besides threads
COLUMNS = ("default_deadline", "default_reminder", "default_timeout", "results_channel", "seek_role", "language")


@dataclass
class ServerSettings:
    threads: bool = True
    default_deadline: str | None = None
    default_reminder: str | None = None
    default_timeout: str | None = None
    results_channel: int | None = None
    seek_role: int | None = None
    language: str | None = None  # of the public posts (migration 054); None: the server's own, from Discord
    open_channels: list[int] = field(default_factory=list)


@dataclass
class SettingsChange:
    """What one /settings call changes: the columns named in `values` (None clears one), the
    threads setting when not None, the channels added to and removed from where /open may open,
    and every such channel removed first when `clear_channels`."""

    values: dict[str, str | int | None] = field(default_factory=dict)
    threads: bool | None = None
    add_channels: list[int] = field(default_factory=list)
    remove_channels: list[int] = field(default_factory=list)
    clear_channels: bool = False


class ServerSettingsStore:
    def __init__(self, store: Store):
        self.conn = store.conn

    @classmethod
    def of(cls, store: Store) -> ServerSettingsStore:
        return cls(store)

    async def get(self, guild_id: int) -> ServerSettings:
        async with self.conn.execute(
            f"SELECT threads, {', '.join(COLUMNS)} FROM guild_settings WHERE guild_id = ?", (guild_id,),
        ) as cur:
            row = await cur.fetchone()
        async with self.conn.execute(
            "SELECT channel_id FROM open_channels WHERE guild_id = ? ORDER BY channel_id", (guild_id,),
        ) as cur:
            channels = [r["channel_id"] for r in await cur.fetchall()]
        if row is None:
            return ServerSettings(open_channels=channels)
        return ServerSettings(bool(row["threads"]), *(row[name] for name in COLUMNS), open_channels=channels)

    async def change(self, guild_id: int, change: SettingsChange) -> None:
        """Every part of one /settings call, in one transaction: all of it or nothing."""
        unknown = set(change.values) - set(COLUMNS)
        if unknown:
            raise ValueError(f"not settings of a server: {sorted(unknown)}")
        async with self.conn.transaction():
            await self.conn.execute(
                "INSERT INTO guild_settings (guild_id) VALUES (?) ON CONFLICT (guild_id) DO NOTHING", (guild_id,))
            if change.threads is not None:
                await self.conn.execute("UPDATE guild_settings SET threads = ? WHERE guild_id = ?",
                                        (int(change.threads), guild_id))
            for name, value in change.values.items():  # names checked against COLUMNS above
                await self.conn.execute(f"UPDATE guild_settings SET {name} = ? WHERE guild_id = ?", (value, guild_id))
            if change.clear_channels:
                await self.conn.execute("DELETE FROM open_channels WHERE guild_id = ?", (guild_id,))
            for channel_id in change.remove_channels:
                await self.conn.execute("DELETE FROM open_channels WHERE guild_id = ? AND channel_id = ?",
                                        (guild_id, channel_id))
            for channel_id in change.add_channels:
                await self.conn.execute("INSERT INTO open_channels (guild_id, channel_id) VALUES (?, ?) "
                                        "ON CONFLICT (guild_id, channel_id) DO NOTHING", (guild_id, channel_id))

    async def public_language(self, guild_id: int) -> tuple[str | None, str | None]:
        """The language /settings chose for the server's posts, and the server's own locale as Discord
        last told it (migration 054); None where there is none."""
        async with self.conn.execute(
            "SELECT language, guild_locale FROM guild_settings WHERE guild_id = ?", (guild_id,),
        ) as cur:
            row = await cur.fetchone()
        return (None, None) if row is None else (row["language"], row["guild_locale"])

    async def remember_guild_locale(self, guild_id: int, locale: str) -> None:
        """Keep the server's locale as Discord tells it with a command (written only when it changed)."""
        await self.conn.execute(
            "INSERT INTO guild_settings (guild_id, guild_locale) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET guild_locale = excluded.guild_locale",
            (guild_id, locale))

    async def claim_result(self, table_id: int, channel_id: int, now: int) -> bool:
        """True for the one caller that is to post this table's result in the results channel."""
        cur = await self.conn.execute(
            "INSERT INTO result_posts (table_id, channel_id, at) VALUES (?, ?, ?) ON CONFLICT (table_id) DO NOTHING",
            (table_id, channel_id, now))
        return cur.rowcount == 1
