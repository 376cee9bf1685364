"""Which source files each catalogue (domain) holds the sentences of: one .po per domain and
language, so that the words of one game or one layer are translated, reviewed and changed apart.
Every module of bot/, games/ and render/ belongs to exactly one domain (tests/lang)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# a domain: the glob patterns (from the repository's root) of its files; the first domain whose
# pattern takes a file holds it, so the specific patterns come first
DOMAINS: dict[str, tuple[str, ...]] = {
    "ramparts": ("games/pioneers/ramparts*.py", "games/pioneers/progress.py", "games/pioneers/move_values.py",
                 "render/pioneers_ramparts.py"),
    "pioneers": ("games/pioneers/*.py", "render/pioneers*.py"),
    "archipels": ("games/archipels/*.py", "render/archipels.py"),
    "hawaii": ("games/hawaii/*.py", "render/hawaii.py"),
    "propeller": ("games/propeller/*.py", "render/propeller*.py"),
    "growsky": ("games/growsky/*.py", "render/growsky.py"),
    "league": ("bot/features/season.py", "bot/features/event.py", "bot/features/results_post.py",
               "bot/features/ratings.py", "bot/core/pairing.py", "bot/core/placement.py",
               "render/league.py", "render/leaderboard.py"),
    "features": ("bot/features/*.py", "render/daily.py", "render/chat_pictures.py", "render/animation.py"),
    "adapters": ("bot/adapters/**/*.py", "bot/adapters/web/static/*.js", "bot/adapters/web/static/*.html"),
    "core": ("bot/core/*.py", "bot/*.py", "games/*.py", "render/*.py"),
    # no file: the names of the commands, their options and choices as Discord shows them, read from
    # the command table (lang/tool.py's EXTRA)
    "commands": (),
}

# the folders whose modules are scanned for sentences
SOURCES = ("bot", "games", "render")
# modules whose words are for the host who runs the bot (its command line, its settings, its log),
# written in English as the log is: no person at a table reads them
FOR_THE_HOST = ("bot/cli.py", "bot/settings.py", "bot/backups.py", "bot/copy_store.py", "bot/lease.py",
                "bot/extensions.py")


def domain_of(path: Path | str) -> str | None:
    """The domain that holds a file (a path from the repository's root), None for a file of none."""
    relative = Path(path)
    if relative.is_absolute():
        relative = relative.relative_to(ROOT)
    for domain, patterns in DOMAINS.items():
        if any(relative.match(pattern) or _under(relative, pattern) for pattern in patterns):
            return domain
    return None


def _under(relative: Path, pattern: str) -> bool:
    if "**" not in pattern:
        return False
    head, _, tail = pattern.partition("/**/")
    text = relative.as_posix()
    return text.startswith(head + "/") and Path(text[len(head) + 1:]).match(tail)


def files(domain: str) -> list[Path]:
    """The files of one domain, from the repository's root, in a stable order."""
    found = set()
    for pattern in DOMAINS[domain]:
        for path in ROOT.glob(pattern):
            relative = path.relative_to(ROOT)
            if path.is_file() and "vendor" not in relative.parts and domain_of(relative) == domain:
                found.add(relative)
    return sorted(found)


def python_sources() -> list[Path]:
    """Every module of bot/, games/ and render/, from the repository's root."""
    return sorted(p.relative_to(ROOT) for folder in SOURCES for p in (ROOT / folder).rglob("*.py")
                  if "fonts" not in p.parts)
