"""The `isles` command: run the bot, play offline in the console, or watch a demo game.

A person's mistake (a setting that cannot work, a token Discord refuses, no network) ends
with one line that says what to change and a nonzero exit, never a traceback; Ctrl-C ends
quietly.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import shutil
import sys
from pathlib import Path

from bot.settings import SettingError, Settings, check_folder, check_store, shown, store_from_env
from db.copy import CannotCopy
from db.errors import CannotOpen, is_postgres
from db.migrations import check_file

INTERRUPTED = 130  # the shell's exit status for a program stopped by Ctrl-C
MISTAKE = 2  # a setting or an argument to change
FAILED = 1  # Discord refused, or could not be reached

NO_TOKEN = """Isles cannot start: no Discord bot token is set.

To get one:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under Bot, press "Reset Token" and copy the token.
  3. Put it in a file named .env in this folder:   DISCORD_TOKEN=your-token
     (see .env.example for every setting), then run again:   {isles} run

No token at hand? Play offline with the same commands:   {isles} local
Or watch computer players play a whole game:              {isles} demo archipels --out demo
"""


def invocation() -> str:
    """How to type this command here: `isles` when the shell finds this very program by that
    name (its virtualenv is active), else its path (`.venv/bin/isles`)."""
    program = Path(sys.argv[0]) if sys.argv and sys.argv[0] else Path("isles")
    if program.name in ("__main__.py", "cli.py", "-c", "-m"):  # python -m bot.cli
        return f"{_typed(Path(sys.executable))} -m bot.cli"
    found = shutil.which(program.name)
    if found and Path(found).resolve() == program.resolve():
        return program.name
    return _typed(program)


def _typed(path: Path) -> str:
    """A path as one would type it from the current folder."""
    try:
        relative = path.absolute().relative_to(Path.cwd())
    except ValueError:
        return str(path.absolute())
    return str(relative) if relative.parent != Path(".") else f"./{relative}"


def _games_help() -> str:
    from bot.adapters.console.demo import count_players
    from games import registry

    lines = [f"  {key:<10} {cls.title} ({count_players(cls.min_players, cls.max_players)})"
             for key, cls in registry.available().items()]
    return "games (by key or title, any case):\n" + "\n".join(lines)


# the languages `--lang` takes: English and those of the catalogues (lang/)
LANGUAGE_CHOICES = ("en", "de", "es")


def parser(isles: str) -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog=isles, description="Isles: island board games for Discord.")
    sub = top.add_subparsers(dest="what", metavar="{run,local,demo,migrate,copy-store,backup}", required=True)
    sub.add_parser("run", help="start the Discord bot (settings from .env, see .env.example)")
    copy = sub.add_parser(
        "copy-store", help="copy every table of one database into a new, empty one (bots stopped)",
        description="Copy everything (tables, seats, move logs, ratings, the daily, timers, the outbox, places, "
                    "settings) from one database into a new, empty one, then check the copy. Run it once, with "
                    "every bot stopped.",
        epilog=f"example:\n  {isles} copy-store --from isles.db --to postgresql://isles@db.example/isles\n"
               f"  {isles} copy-store --from isles.db --to postgresql://isles@db.example/isles --check",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    copy.add_argument("--from", dest="source", required=True, help="the database now in use (a SQLite path or DSN)")
    copy.add_argument("--to", dest="target", required=True, help="the new, empty database (a postgresql:// DSN)")
    copy.add_argument("--check", action="store_true",
                      help="copy nothing: check a copy made before against its source (bots stopped)")
    backup = sub.add_parser(
        "backup", help="copy the SQLite database in ISLES_DB now, while the bot runs",
        description="Write a consistent copy of the SQLite file in ISLES_DB, safe while the bot plays on. "
                    "A PostgreSQL database is copied with pg_dump instead (docs/operations.md).",
        epilog=f"example:\n  {isles} backup\n  {isles} backup --to /var/backups/isles/",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    backup.add_argument("--to", default=None,
                        help="a file, or a folder to name the copy in (default: ISLES_BACKUP_DIR, else backups)")
    sub.add_parser("migrate", help="bring the database in ISLES_DB to the newest schema, then exit",
                   description="Apply every migration the database in ISLES_DB lacks (a SQLite path or a "
                               "postgresql:// DSN), then exit. Safe to run again, and beside starting bots.")
    local = sub.add_parser(
        "local", help="play offline: type Discord's commands in the terminal",
        description="Play offline: type Discord's commands as lines like\n"
                    "  [#lobby] alice: /open game:archipels\n"
                    "`help` in the console shows more; `quit` or Ctrl-C leaves.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=f"example:\n  {isles} local\n  {isles} local --seed 5 < examples/archipels-2p.txt")
    local.add_argument("--db", default=None,
                       help="SQLite file or postgresql:// DSN for offline tables (default: ISLES_DB, else "
                            "isles-local.db)")
    local.add_argument("--out", default="isles-images", help="folder for board images (default: %(default)s)")
    local.add_argument("--manager", action="append", default=[], help="a user who may manage channels")
    local.add_argument("--no-images", action="store_true", help="do not draw board images")
    local.add_argument("--seed", type=int, default=None, help="seed every new table with this number")
    local.add_argument("--lang", choices=LANGUAGE_CHOICES, default="en",
                       help="the language the console's people and server speak (default: %(default)s)")
    demo = sub.add_parser(
        "demo", help="computer players play a whole game through the service",
        description="Computer players play a whole game through the table service, as people would.\n"
                    "Every turn's picture, the log and the standings are written to the output folder.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=f"{_games_help()}\n\nexample:\n  {isles} demo archipels --players 3 --seed 7 --out demo")
    demo.add_argument("game", help="which game (see the list below)")
    demo.add_argument("--players", type=int, default=None, help="how many (default: as many as the game takes)")
    demo.add_argument("--seed", type=int, default=1, help="the game's seed (default: 1)")
    demo.add_argument("--out", default="demo", help="folder for the pictures and the log (default: demo)")
    demo.add_argument("--options", default="", help="lobby options as /open takes them, e.g. \"board=shores\"")
    demo.add_argument("--lang", choices=LANGUAGE_CHOICES, default="en",
                      help="the language of the game's texts and pictures (default: %(default)s)")
    return top


def main(argv: list[str] | None = None) -> int:
    isles = invocation()
    argv = sys.argv[1:] if argv is None else argv
    if not argv:  # a first try: say what there is rather than what is missing
        parser(isles).print_help(sys.stderr)
        return MISTAKE
    args = parser(isles).parse_args(argv)
    named = ["ISLES_DB", ""]  # the setting and the store a command opens, for a store that cannot be opened
    try:
        if args.what == "run":
            return run_bot(isles, named)
        if args.what == "copy-store":
            from bot.copy_store import check_copy, copy_store

            work = check_copy if args.check else copy_store
            asyncio.run(work(check_store(args.source, "--from"), check_store(args.target, "--to")))
            return 0
        if args.what == "backup":
            named[1] = store_from_env("isles.db")
            return asyncio.run(backup_store(looked_at(named[1]), args.to))
        if args.what == "migrate":
            named[1] = store_from_env("isles.db")
            return asyncio.run(migrate_store(looked_at(named[1])))
        if args.what == "local":
            from bot.adapters.console.local import run_console
            from bot.adapters.web.console import install_pages

            if args.db is not None:
                named[:] = ["--db", check_store(args.db, "--db")]
            else:
                named[1] = store_from_env("isles-local.db")
            check_folder(args.out, "--out")
            return run_console(looked_at(named[1]), Path(args.out), set(args.manager), images=not args.no_images,
                               seed=args.seed, beside=install_pages, language=args.lang)
        from bot.adapters.console.demo import run_demo

        check_folder(args.out, "--out")
        named[1] = store_from_env("")
        return asyncio.run(run_demo(args.game, args.players, args.seed, Path(args.out),
                                    store=looked_at(named[1]) or None, options=args.options,
                                    language=args.lang))
    except SettingError as mistake:
        print(mistake, file=sys.stderr)
        return MISTAKE
    except CannotOpen as error:
        print(f"{named[0]}={shown(named[1])}: {error}", file=sys.stderr)
        return FAILED
    except CannotCopy as refused:
        print(refused, file=sys.stderr)
        return FAILED
    except KeyboardInterrupt:
        return INTERRUPTED


def looked_at(target: str) -> str:
    """A SQLite file is looked at before a store opens it (and migrates it): a schema this Isles must
    not migrate, or a file that is no database, is one line (CannotOpen). PostgreSQL's migration
    looks for itself."""
    if target and not is_postgres(target):
        from db.store import migrations

        check_file(target, migrations())
    return target


async def migrate_store(target: str) -> int:
    from db.store import Store

    store = await Store.open(target)  # opening migrates, under the database's lock
    try:
        version = await store.migrate()
    finally:
        await store.close()
    print(f"ISLES_DB={shown(target)}: the schema is at version {version}.")
    return 0


async def backup_store(source: str, to: str | None) -> int:
    from bot.backups import back_up

    if is_postgres(source):
        print(f"ISLES_DB={shown(source)} is a PostgreSQL database: copy it with pg_dump, e.g.  pg_dump --format=custom "
              "--file=isles.dump <DSN>  (docs/operations.md).", file=sys.stderr)
        return MISTAKE
    if not Path(source).is_file():
        print(f"ISLES_DB={source}: there is no such file to copy.", file=sys.stderr)
        return MISTAKE
    target = Path(to or os.environ.get("ISLES_BACKUP_DIR", "").strip() or "backups")
    if to is None or to.endswith(("/", os.sep)):
        target.mkdir(parents=True, exist_ok=True)
    made = await back_up(source, target)
    print(f"ISLES_DB={source}: copied to {made}.")
    return 0


def run_bot(isles: str, named: list[str]) -> int:
    settings = Settings.from_env()
    named[1] = settings.db_path
    if not settings.token:
        print(NO_TOKEN.format(isles=isles), file=sys.stderr)
        return MISTAKE
    looked_at(settings.db_path)
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.adapters.discord.client import serve
    from bot.adapters.web.hosting import beside_the_bot

    stopped = serve(settings, isles, beside=alongside(beside_the_bot))
    if stopped is None:
        return 0
    mistake, why = stopped
    print(why, file=sys.stderr)
    return MISTAKE if mistake else FAILED


def alongside(beside):
    """What runs beside the bot: the web adapter's `beside` (pages, /healthz and /metrics) and the
    timed copies of the database (ISLES_BACKUP_EVERY)."""
    async def start(service, settings: Settings):
        from bot.backups import timed_backups

        served = await beside(service, settings)
        backups = timed_backups(settings.db_path, getattr(settings, "backup", None))
        return Beside(served, backups) if served is not None or backups is not None else None

    return start


class Beside:
    def __init__(self, *parts):
        self.parts = [part for part in parts if part is not None]

    async def stop(self) -> None:
        for part in self.parts:
            await part.stop()


if __name__ == "__main__":
    raise SystemExit(main())
