"""What an extension of the table service may hook into: every hook, typed, doing nothing by default.

A feature subclasses `Extension`, overrides the hooks it needs and is added with
`service.extend(feature)`. The service calls every hook of every extension, so a hook left
alone must keep the table as if the extension were not there; that is what the defaults do.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.core.commands import Command, Param
from bot.core.replies import Caller, Reply
from bot.core.tables import Loaded
from games.base import Game

# press_<kind>(caller, table_id, version, payload, values): a button or menu of custom id `isles:<kind>:...`
PressHandler = Callable[[Caller, int, "int | None", str, Sequence[str]], Awaitable[Reply]]


@dataclass(frozen=True)
class AutoMove:
    """A move the table makes for a person's seat while they are away (a forced move, a standing
    answer): logged as theirs, its public line followed by `note` when it has one."""

    seat: int
    move: str
    user_id: int
    note: str = ""


class Extension:
    # slash commands the extension answers, each by its method cmd_<name>(caller, **options)
    commands: tuple[Command, ...] = ()
    # more options for /open, read by check_open and kept by after_open
    open_params: tuple[Param, ...] = ()

    def press_handler(self, kind: str) -> PressHandler | None:
        """The handler of the buttons of this kind, if the extension made them: its method
        `press_<kind>`. None leaves the button to the next extension, then to the service."""
        handler = getattr(self, f"press_{kind}", None)
        return handler if callable(handler) else None

    async def on_event(self, event: str, loaded: Loaded) -> None:
        """Every change of a table ("changed"), after its write and outside every lock."""

    async def on_answer(self, reply: Reply) -> None:
        """Every answer to a command or a button, once its work is done and outside every lock:
        also those that save no change of the table (a take-back request and its answers)."""

    async def check_open(self, caller: Caller, game_cls: type[Game], args: dict[str, str]) -> Any:
        """Read this extension's /open options (raise IllegalMove to refuse); the value goes to after_open."""
        return None

    async def after_open(self, table_id: int, values: Any) -> str:
        """Keep what check_open read for the new table; a note for the lobby message, or ""."""
        return ""

    async def open_reply(self, loaded: Loaded, reply: Reply) -> None:
        """Add to the lobby message of a table just opened (a role told that it seeks players)."""

    async def check_move(self, loaded: Loaded) -> None:
        """Before a person's move is tried: raise IllegalMove to refuse every move at this table now."""

    async def computer_move(self, loaded: Loaded, seat: int, rng: random.Random) -> str | None:
        """A computer seat's move, in place of the game's own player; None leaves it to the game."""
        return None

    async def auto_move(self, loaded: Loaded) -> AutoMove | None:
        """A move to make now for a person who must act, once no computer seat must: None for none."""
        return None

    async def move_reply(self, loaded: Loaded, reply: Reply, seat: int) -> None:
        """Add to the answer to a person's move (buttons, notes)."""

    async def hand_reply(self, loaded: Loaded, reply: Reply, seat: int) -> None:
        """Add to the private answer of /hand (a link to the seat's board page)."""

    async def final_reply(self, loaded: Loaded, reply: Reply, fresh: bool) -> None:
        """Add to the message of a finished table; `fresh` when the game has just ended."""

    async def turn_note(self, loaded: Loaded) -> str:
        """A line under the turn message (a deadline, who is away), or ""."""
        return ""

    async def cancel_note(self, loaded: Loaded) -> str:
        """A note for the message of a cancelled table, or ""."""
        return ""

    async def rules_note(self, loaded: Loaded) -> str:
        """Rules of this table beyond the game's own (/rules at the table), or ""."""
        return ""

    async def rules_topic(self, topic: str) -> str:
        """/rules of a topic of this extension's instead of a game (`/rules game:event`), or ""."""
        return ""

    async def seed_kept_until(self, loaded: Loaded) -> str:
        """When the extension keeps a finished table's seed secret, the words for when it comes; ""."""
        return ""

    async def redraw_post(self, drawing: dict[str, Any]) -> bytes | None:
        """The picture of a saved post that belongs to no table (a season's results), drawn again
        from the `drawing` its outbox row keeps, for a sender whose process did not draw it (a
        restart before it was sent); None when the drawing is not this extension's."""
        return None

    async def settle_posts(self) -> None:
        """Finish the posts the extension still owes (an animation being made), for adapters that
        wait before they stop."""
