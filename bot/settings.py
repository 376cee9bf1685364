"""Settings from the environment (and a `.env` file beside where the bot starts).

A setting that cannot work is refused at once with one line that names it (SettingError),
rather than a traceback later or being quietly ignored.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from dotenv import load_dotenv

from db.errors import is_postgres
from games.base import is_number

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingError(ValueError):
    """A setting a person got wrong: the message is the one line to show them."""


def check_db_path(path: str, setting: str) -> str:
    """The SQLite file's folder must exist (SQLite creates the file, not its folders)."""
    folder = Path(path).expanduser().parent
    if not folder.is_dir():
        raise SettingError(f"{setting}={path}: the folder {folder} does not exist. Create it, or choose "
                           "another path for the database file.")
    if Path(path).expanduser().is_dir():
        raise SettingError(f"{setting}={path} is a folder: name a file in it, e.g. {Path(path) / 'isles.db'}.")
    return path


def check_store(target: str, setting: str) -> str:
    """A `postgresql://` DSN (a PostgreSQL server), or the path of a SQLite file."""
    if is_postgres(target):
        try:
            parts = urlsplit(target)
            _ = parts.hostname, parts.port  # each raises on what does not parse
        except ValueError as error:
            raise SettingError(f"{setting}={shown(target)}: not a DSN PostgreSQL understands ({error}). Write e.g. "
                               "postgresql://isles@db.example:5432/isles, with an IPv6 address in brackets: "
                               "postgresql://isles@[2001:db8::1]:5432/isles.") from None
        return target
    if "://" in target:
        raise SettingError(f"{setting}={shown(target)}: only PostgreSQL DSNs (postgresql://user@host/db) or a "
                           "SQLite file's path are understood.")
    return check_db_path(target, setting)


def shown(target: str) -> str:
    """A store's name as it may be printed: a DSN's password is left out."""
    if not is_postgres(target):
        return target
    try:
        parts = urlsplit(target)
        if parts.password is None:
            return target
    except ValueError:  # a DSN that does not parse: what stands between the user's name and the @ is hidden
        return re.sub(r"(://[^:/@]*):[^@]*@", r"\1:***@", target, count=1)
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def store_from_env(default: str, env_file: str | None = ".env") -> str:
    """ISLES_DB (from the environment or .env) when set, else `default`; checked."""
    if env_file:
        load_dotenv(env_file, override=False)
    value = os.environ.get("ISLES_DB", "").strip()
    return check_store(value, "ISLES_DB") if value else default


def check_folder(path: str, setting: str) -> str:
    """A folder to write into: it may be made, but not where a file is."""
    if Path(path).exists() and not Path(path).is_dir():
        raise SettingError(f"{setting}={path} is a file: name a folder for the pictures.")
    return path


@dataclass(frozen=True)
class Settings:
    token: str
    db_path: str
    dev_guild: int | None
    log_level: str
    shards: int | None = None  # total shard count; None: as Discord recommends
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs; None: all of them
    web: WebSettings | None = None  # the board pages; None: not served (ISLES_WEB_URL unset)
    render_workers: int = 0  # processes that draw the pictures; 0: threads of the bot's own process
    health: HealthSettings | None = None  # /healthz and /metrics on a server of their own; None: beside the pages
    backup: BackupSettings | None = None  # copies of the SQLite file on a timer; None: none
    support_url: str = ""  # where /about sends people for help

    @classmethod
    def from_env(cls, env_file: str | None = ".env") -> Settings:
        if env_file:
            load_dotenv(env_file, override=False)
        guild = os.environ.get("ISLES_DEV_GUILD", "").strip()
        if guild and not is_number(guild):
            raise SettingError(f"ISLES_DEV_GUILD={guild} is not a server id. It is a number like "
                               "123456789012345678 (in Discord: right-click the server, Copy Server ID, with "
                               "Developer Mode on); leave it empty for commands in every server.")
        level = os.environ.get("ISLES_LOG_LEVEL", "").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise SettingError(f"ISLES_LOG_LEVEL={os.environ['ISLES_LOG_LEVEL'].strip()} is not a log level: "
                               f"write one of {', '.join(LOG_LEVELS)}.")
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            db_path=check_store(os.environ.get("ISLES_DB", "").strip() or "isles.db", "ISLES_DB"),
            dev_guild=int(guild) if guild else None,
            log_level=level,
            **shard_settings(os.environ.get("ISLES_SHARDS", ""), os.environ.get("ISLES_SHARD_IDS", "")),
            web=web_settings() if os.environ.get("ISLES_WEB_URL", "").strip() else None,
            render_workers=render_workers(),
            health=health_settings(),
            backup=backup_settings(),
            support_url=support_url(),
        )


def render_workers() -> int:
    """ISLES_RENDER_WORKERS, checked (bot/core/drawing.py says what it does)."""
    from bot.core.drawing import DrawingSettingError, workers_from_env

    try:
        return workers_from_env()
    except DrawingSettingError as error:
        raise SettingError(str(error)) from None


@dataclass(frozen=True)
class WebSettings:
    url: str  # the public base a reverse proxy serves; "" in the console: links name host:port
    host: str = "127.0.0.1"
    port: int = 8080
    secret: str = ""  # signs the pages' links; "" keeps one in the store


def web_settings() -> WebSettings:
    """ISLES_WEB_URL, ISLES_WEB_HOST, ISLES_WEB_PORT and ISLES_WEB_SECRET, checked."""
    url = os.environ.get("ISLES_WEB_URL", "").strip().rstrip("/")
    if url and not url.startswith(("http://", "https://")):
        raise SettingError(f"ISLES_WEB_URL={url} is not a web address: write the public base of the pages, "
                           "e.g. https://isles.example.org (see docs/web.md), or leave it empty.")
    port = os.environ.get("ISLES_WEB_PORT", "").strip() or "8080"
    if not is_number(port) or not 0 <= int(port) <= 65535:
        raise SettingError(f"ISLES_WEB_PORT={port} is not a port: write a number like 8080.")
    host = os.environ.get("ISLES_WEB_HOST", "").strip() or "127.0.0.1"
    return WebSettings(url, host, int(port), os.environ.get("ISLES_WEB_SECRET", "").strip())


DISCORD_API = "https://discord.com/api/v10"


@dataclass(frozen=True)
class ActivitySettings:
    client_id: str = ""  # the application's id (the OAuth2 client id)
    client_secret: str = ""  # exchanges the Activity's sign-in codes; "" answers them 503
    api: str = DISCORD_API  # where the token and users/@me endpoints are; tests point it at a fake
    bot_token: str = ""  # DISCORD_TOKEN: with it, a sign-in must come from a running instance in its channel


def activity_settings() -> ActivitySettings:
    """ISLES_CLIENT_ID, ISLES_CLIENT_SECRET and ISLES_DISCORD_API, checked (and the bot's DISCORD_TOKEN)."""
    client_id = os.environ.get("ISLES_CLIENT_ID", "").strip()
    if client_id and not is_number(client_id):
        raise SettingError(f"ISLES_CLIENT_ID={client_id} is not an application id. It is a number like "
                           "123456789012345678 (Developer Portal -> your app -> General Information -> "
                           "Application ID).")
    api = os.environ.get("ISLES_DISCORD_API", "").strip().rstrip("/") or DISCORD_API
    if not api.startswith(("http://", "https://")):
        raise SettingError(f"ISLES_DISCORD_API={api} is not a web address: leave it empty for {DISCORD_API}.")
    return ActivitySettings(client_id, os.environ.get("ISLES_CLIENT_SECRET", "").strip(), api,
                            os.environ.get("DISCORD_TOKEN", "").strip())


def shard_settings(count: str, ids: str) -> dict:
    """ISLES_SHARDS (the total) and ISLES_SHARD_IDS (this process's), checked together."""
    count = count.strip()
    if count and not (is_number(count) and int(count) > 0):
        raise SettingError(f"ISLES_SHARDS={count} is not a number of shards: write e.g. 4, or leave it empty "
                           "for as many as Discord recommends.")
    shards = int(count) if count else None
    shard_ids = parse_shard_ids(ids)
    if shard_ids is not None and (shards is None or max(shard_ids) >= shards):
        raise SettingError(f"ISLES_SHARD_IDS={ids.strip()} needs ISLES_SHARDS, the total, above each of them "
                           "(shards are numbered from 0).")
    return {"shards": shards, "shard_ids": shard_ids}


def parse_shard_ids(text: str) -> tuple[int, ...] | None:
    """`0,1,2`, `0-3` or `0-3,8`: the shards one process runs; None when empty."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, sep, high = part.partition("-")
        if not is_number(low) or (sep and not is_number(high)):
            raise SettingError(f"ISLES_SHARD_IDS: `{part}` is not a shard number or a range like 0-3.")
        ids.extend(range(int(low), int(high) + 1) if sep else [int(low)])
    return tuple(sorted(set(ids))) or None


@dataclass(frozen=True)
class HealthSettings:
    host: str = "127.0.0.1"
    port: int = 9108


def health_settings() -> HealthSettings | None:
    """ISLES_HEALTH_HOST and ISLES_HEALTH_PORT, checked; None when no port is set."""
    port = os.environ.get("ISLES_HEALTH_PORT", "").strip()
    if not port:
        return None
    if not is_number(port) or not 0 <= int(port) <= 65535:
        raise SettingError(f"ISLES_HEALTH_PORT={port} is not a port: write a number like 9108, or leave it empty "
                           "to serve /healthz and /metrics beside the board pages only.")
    return HealthSettings(os.environ.get("ISLES_HEALTH_HOST", "").strip() or "127.0.0.1", int(port))


@dataclass(frozen=True)
class BackupSettings:
    every: float  # seconds between copies
    folder: str
    keep: int


DURATION = re.compile(r"^(\d+)\s*([smhd])$")
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def backup_settings() -> BackupSettings | None:
    """ISLES_BACKUP_EVERY (e.g. 6h), ISLES_BACKUP_DIR and ISLES_BACKUP_KEEP, checked; None when no
    period is set."""
    every = os.environ.get("ISLES_BACKUP_EVERY", "").strip().lower()
    if not every:
        return None
    found = DURATION.match(every)
    if not found or int(found[1]) == 0:
        raise SettingError(f"ISLES_BACKUP_EVERY={every} is not a period: write e.g. 6h, 30m or 1d, or leave it empty "
                           "for no copies on a timer.")
    seconds = int(found[1]) * UNITS[found[2]]
    if seconds < 60:
        raise SettingError(f"ISLES_BACKUP_EVERY={every} is too often: write a minute or more, e.g. 6h.")
    folder = os.environ.get("ISLES_BACKUP_DIR", "").strip() or "backups"
    if Path(folder).exists() and not Path(folder).is_dir():
        raise SettingError(f"ISLES_BACKUP_DIR={folder} is a file: name a folder for the copies.")
    keep = os.environ.get("ISLES_BACKUP_KEEP", "").strip() or "7"
    if not is_number(keep) or int(keep) < 1:
        raise SettingError(f"ISLES_BACKUP_KEEP={keep} is not a number of copies: write 1 or more, e.g. 7.")
    return BackupSettings(float(seconds), folder, int(keep))


def support_url() -> str:
    """ISLES_SUPPORT_URL, checked: where /about sends people for help ("" shows no link)."""
    url = os.environ.get("ISLES_SUPPORT_URL", "").strip()
    if url and not url.startswith(("http://", "https://")):
        raise SettingError(f"ISLES_SUPPORT_URL={url} is not a web address: write e.g. https://discord.gg/your-server, "
                           "or leave it empty.")
    return url
