"""Settings from the environment (and a `.env` file beside where the bot starts)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from dotenv import load_dotenv


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
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            db_path=os.environ.get("ISLES_DB", "").strip() or "isles.db",
            dev_guild=int(guild) if guild.isdigit() else None,
            log_level=(os.environ.get("ISLES_LOG_LEVEL", "").strip() or "INFO").upper(),
        )
