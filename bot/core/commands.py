"""The commands of Isles, described once for every adapter (slash commands, console, tests)."""

from __future__ import annotations

from dataclasses import dataclass

from lang import N_

TEXT = "text"
USER = "user"  # a member of the server: Discord's own picker; the service gets the person's mark (bot/core/marks.py)
CHANNEL = "channel"  # a text channel of the server: Discord's picker (`#name` in the console); the service gets its mark
ROLE = "role"  # a role of the server: Discord's picker (`@name` in the console); the service gets its mark
KINDS = (TEXT, USER, CHANNEL, ROLE)

# where a command may be used: in a server only; also in a direct message with the bot (the daily
# challenge plays there, with the commands that play it); or anywhere, group messages included
SERVER = "server"
BOT_DM = "dm"
ANYWHERE = "anywhere"
PLACES = (SERVER, BOT_DM, ANYWHERE)


@dataclass(frozen=True)
class Param:
    name: str
    description: str
    required: bool = False
    autocomplete: str = ""  # "game", "move" or "options": what the adapter should suggest
    choices: tuple[str, ...] = ()
    kind: str = TEXT  # one of KINDS: how an adapter asks for the value

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: kind {self.kind!r} is not one of {KINDS}")
        if self.kind != TEXT and (self.autocomplete or self.choices):
            raise ValueError(f"option {self.name}: only text options have suggestions or choices")


@dataclass(frozen=True)
class Command:
    name: str
    description: str
    params: tuple[Param, ...] = ()
    # the command's table plays in a place of the caller's own (bot/core/places.py), which the
    # adapter makes when asked; these words name what the place holds in the adapter's messages
    place: str = ""
    where: str = SERVER  # one of PLACES
    # a command of several actions (`/event create`, `/event start`): each a Command of its own
    # options, answered by this command's handler with the subcommand's name as its `action`
    # option. `params` stay the whole set the handler reads (`action` among them), for an adapter
    # that types `/event action:create`; Discord, which cannot run a group by its name alone,
    # shows the subcommands only.
    subcommands: tuple[Command, ...] = ()

    def __post_init__(self) -> None:
        if self.where not in PLACES:
            raise ValueError(f"command {self.name}: where {self.where!r} is not one of {PLACES}")
        if self.subcommands:
            known = {p.name: p for p in self.params}
            action = known.get(ACTION)
            if action is None or set(action.choices) != {sub.name for sub in self.subcommands}:
                raise ValueError(f"command {self.name}: its `{ACTION}` option chooses among its subcommands")
            for sub in self.subcommands:
                if sub.subcommands or any(known.get(p.name) is None for p in sub.params):
                    raise ValueError(f"command {self.name} {sub.name}: its options are among the command's")

    def subcommand(self, name: str) -> Command | None:
        return next((sub for sub in self.subcommands if sub.name == name.strip().lower()), None)


ACTION = "action"  # the option that names a command's subcommand (Command.subcommands)


GAME = Param("game", N_("Which game"), required=True, autocomplete="game")

COMMANDS: tuple[Command, ...] = (
    Command("open", N_("Open a table for a game in this channel (a new thread by default)"), (
        GAME,
        Param("options", N_("Lobby options as name=value pairs, e.g. target=12 board=beginner"), autocomplete="options"),
    )),
    Command("join", N_("Take a seat at the table in this channel")),
    Command("leave", N_("Give up your seat before the game starts")),
    Command("addai", N_("Add a computer player to the table")),
    Command("start", N_("Start the game (host); the seat order is drawn")),
    Command("cancel", N_("Close the table: the host in the lobby; a game others play needs them all, or a manager")),
    Command("move", N_("Make a move"), (Param("move", N_("Your move in the game's notation"), True, "move"),), where=BOT_DM),
    Command("moves", N_("List your legal moves (privately)"), (
        Param("filter", N_("Only moves containing this text")),
        Param("page", N_("Which page of a long list (default: the first)")),
    ), where=BOT_DM),
    Command("board", N_("Show the board"), where=BOT_DM),
    Command("hand", N_("See what only you may see: your hand, your seat"), where=BOT_DM),
    Command("history", N_("The moves played so far, a page at a time, and the whole log as a file"), (
        Param("page", N_("Which page: 1 is the first (default: the latest)")),
    ), where=BOT_DM),
    Command("resign", N_("Resign: the computer plays your seat and you finish last"), where=BOT_DM),
    Command("rules", N_("How to play a game here, with our designed values"), (
        Param("game", N_("Which game (default: this table's)"), autocomplete="game"),
    ), where=ANYWHERE),
    Command("threads", N_("Server setting: open a thread for each new table (as /settings threads:)"), (
        Param("enabled", N_("on or off"), required=True, choices=("on", "off")),
    )),
)

BY_NAME = {command.name: command for command in COMMANDS}

# served only where the bot serves board pages (bot/adapters/web), so it is not in COMMANDS
WEB = Command("web", N_("Get a link to this table's board in your browser (yours alone, for a day)"))
