"""What Isles says of itself: the /help card and the welcome posted when it joins a server.

The words live here, in the core, so that every adapter shows the same: the console prints the
text, the Discord adapter draws the card. Only the commands the service answers are listed, each
under the use it serves; one an extension adds later and this list does not know goes under "More".
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.core.commands import Command
from bot.core.replies import Button, Card, Reply, Section, custom_id, plain_text
from games import registry
from lang import N_, tr

RULES_KIND = "rules"  # the button of a game on the help card: its /rules, privately

# the commands by use; each list is in the order a newcomer needs them
USES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("Play"), ("move", "moves", "hand", "board", "history", "rules", "resign", "preview", "hint")),
    (N_("At the table"), ("open", "join", "addai", "start", "leave", "cancel", "rematch", "takeback", "sub", "replay",
                      "web")),
    (N_("Between turns"), ("games", "notify", "vacation", "deadline", "plan", "auto")),
    (N_("Solo"), ("daily", "dailyboard", "solo")),
    (N_("Server"), ("leaderboard", "stats", "event", "settings", "season", "threads", "about", "help")),
)
MORE = N_("More")
DOCS_FALLBACK = N_("How to run Isles is told in README.md and docs/ beside its source.")


def _players(cls) -> str:
    if cls.max_players <= 1:
        return tr("{game}, played alone.").format(game=cls.title)
    return tr("{game}, for {least} to {most} players.").format(game=cls.title, least=cls.min_players,
                                                               most=cls.max_players)


def rules_button(key: str, title: str) -> Button:
    # named by its game, so that a console or a screen reader tells the buttons apart
    return Button(tr("Rules of {game}").format(game=title), custom_id(RULES_KIND, 0, None, key), "secondary")


def _uses(commands: Iterable[Command]) -> list[tuple[str, list[Command]]]:
    known = {command.name: command for command in commands}
    listed: set[str] = set()
    groups = []
    for title, names in USES:
        found = [known[name] for name in names if name in known]
        listed.update(c.name for c in found)
        if found:
            groups.append((title, found))
    rest = [c for name, c in known.items() if name not in listed]
    if rest:
        groups.append((MORE, rest))
    return groups


def _listing(command: Command) -> list[str]:
    """A command's lines in /help: one, or one for each of its subcommands, as they are typed."""
    if command.subcommands:
        return [f"`/{command.name} {sub.name}` {tr(sub.description)}" for sub in command.subcommands]
    return [f"`/{command.name}` {tr(command.description)}"]


def help_reply(commands: Iterable[Command], docs_url: str = "") -> Reply:
    """The private /help card: what Isles is, each game with its rules button, how a table starts,
    the commands by use and where the documentation is."""
    sections = [Section(tr(
        "## Isles\n"
        "Isles hosts island board games in this server, played at your own pace: a table gets a thread "
        "of its own (unless the server keeps tables in their channel), the bot posts the board after "
        "every move and pings whoever plays next."))]
    buttons = []
    for index, key in enumerate(registry.available()):
        button = rules_button(key, registry.get(key).title)
        buttons.append(button)
        sections.append(Section(f"**{_players(registry.get(key))}**", button, divider=index == 0))
    sections.append(Section(tr(
        "### Start a table\n"
        "Type `/open game:<name>` in a channel. Others press **Join** (or type `/join`), the host may add "
        "computer players with **Add AI**, then presses **Start**. Moves are buttons and menus under the board, "
        "or `/move`."), divider=True))
    # before the commands: a card too long for its platform loses the end of its list, never this
    sections.append(Section(tr("Documentation: {url}").format(url=docs_url) if docs_url else tr(DOCS_FALLBACK)))
    for index, (title, found) in enumerate(_uses(commands)):
        lines = [f"### {tr(title)}"] + [line for c in found for line in _listing(c)]
        sections.append(Section("\n".join(lines), divider=index == 0))
    return Reply(private=plain_text(sections), buttons=buttons, card=Card(sections, private=True))


def welcome_reply(docs_url: str = "") -> Reply:
    """The one message posted in a server's system channel when Isles joins it."""
    sections = [Section(tr(
        "## Isles is here\n"
        "Island board games for this server, played at everyone's own pace. Open a table with "
        "`/open game:<name>`; `/help` lists the games, their rules and every command."))]
    if docs_url:
        sections.append(Section(tr("Documentation: {url}").format(url=docs_url)))
    return Reply(text=plain_text(sections), card=Card(sections))
