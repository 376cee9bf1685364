"""Settings from the environment (and a `.env` file beside where the bot starts).

A setting that cannot work is refused at once with one line that names it (SettingError),
rather than a traceback later or being quietly ignored.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

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


@dataclass(frozen=True)
class Settings:
    token: str
    db_path: str
    dev_guild: int | None
    log_level: str

    @classmethod
    def from_env(cls, env_file: str | None = ".env") -> Settings:
        if env_file:
            load_dotenv(env_file, override=False)
        guild = os.environ.get("ISLES_DEV_GUILD", "").strip()
        if guild and not guild.isdigit():
            raise SettingError(f"ISLES_DEV_GUILD={guild} is not a server id. It is a number like "
                               "123456789012345678 (in Discord: right-click the server, Copy Server ID, with "
                               "Developer Mode on); leave it empty for commands in every server.")
        level = os.environ.get("ISLES_LOG_LEVEL", "").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise SettingError(f"ISLES_LOG_LEVEL={os.environ['ISLES_LOG_LEVEL'].strip()} is not a log level: "
                               f"write one of {', '.join(LOG_LEVELS)}.")
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            db_path=check_db_path(os.environ.get("ISLES_DB", "").strip() or "isles.db", "ISLES_DB"),
            dev_guild=int(guild) if guild else None,
            log_level=level,
        )
