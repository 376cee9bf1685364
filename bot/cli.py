"""The `isles` command: run the bot, play offline in the console, or watch a demo game."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from bot.settings import Settings

NO_TOKEN = """Isles cannot start: no Discord bot token is set.

To get one:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under Bot, press "Reset Token" and copy the token.
  3. Put it in a file named .env here:   DISCORD_TOKEN=your-token
     (see .env.example for every setting), then run `isles run` again.

No token at hand? Play offline with the same commands:   isles local
Or watch computer players play a whole game:              isles demo archipels --out demo
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="isles", description="Isles: island board games for Discord.")
    sub = parser.add_subparsers(dest="what", required=True)
    sub.add_parser("run", help="start the Discord bot")
    local = sub.add_parser("local", help="play offline: type Discord's commands in the terminal")
    local.add_argument("--db", default="isles-local.db", help="SQLite file for offline tables")
    local.add_argument("--out", default="isles-images", help="folder for board images")
    local.add_argument("--manager", action="append", default=[], help="a user who may manage channels")
    local.add_argument("--no-images", action="store_true", help="do not draw board images")
    local.add_argument("--seed", type=int, default=None, help="seed every new table with this number")
    demo = sub.add_parser("demo", help="computer players play a whole game through the service")
    demo.add_argument("game")
    demo.add_argument("--players", type=int, default=None)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--out", default="demo")
    args = parser.parse_args(argv)

    if args.what == "run":
        settings = Settings.from_env()
        logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        if not settings.token:
            print(NO_TOKEN, file=sys.stderr)
            return 2
        from bot import discord_app

        try:
            asyncio.run(discord_app.run(settings))
        except KeyboardInterrupt:
            pass
        return 0
    if args.what == "local":
        from bot.local import run_console

        return asyncio.run(
            run_console(args.db, Path(args.out), set(args.manager), images=not args.no_images, seed=args.seed)
        )
    from bot.demo import run_demo

    return asyncio.run(run_demo(args.game, args.players, args.seed, Path(args.out)))


if __name__ == "__main__":
    raise SystemExit(main())
