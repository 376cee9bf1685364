"""The offline console: Discord's commands typed as text, through the same table service.

A line reads `[#channel] user: /command option:value ...`; a value with spaces goes in
quotes. `/move take r2 c1,c3` may leave out `move:` (any command with one text option may).
Replies print as text; board images are saved to a folder and their paths printed.
"""

from __future__ import annotations

import re
import shlex
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bot.replies import Caller, Reply, parse_custom_id
from bot.service import TableService

LINE = re.compile(r"^\s*\[#(?P<channel>[^\]\s]+)\]\s*(?P<user>[^:]+?)\s*:\s*(?P<rest>.*)$")
GUILD = 1
HELP = """Lines look like: [#channel] user: /command option:value
  [#lobby] alice: /open game:archipels
  [#lobby] bob: /join
  [#lobby] alice: /start
  [#lobby] alice: /moves
  [#lobby] alice: /move take r2 c1,c3
  [#lobby] bob: /press Join        (clicks a button of the last reply by its label)
Commands: {commands}. `help` shows this, `quit` leaves."""


def stable_id(text: str) -> int:
    """The same name gives the same id in every run, so tables survive a restart."""
    return zlib.crc32(text.strip().lower().encode()) + 1000


@dataclass
class Parsed:
    caller: Caller
    command: str
    args: dict[str, str]


class Console:
    def __init__(self, service: TableService, out_dir: Path, managers: set[str] = frozenset(),
                 tick: Callable[[], Awaitable[object]] | None = None):
        self.service = service
        self.out_dir = out_dir
        self.managers = {m.lower() for m in managers}
        self.names: dict[int, str] = {}
        self.channels: dict[int, str] = {}
        self.images = 0
        self.last: dict[int, Reply] = {}  # last public reply per channel, for /press
        self.tick = tick  # fires due reminders and deadlines before each line
        self.unprompted: list[str] = []  # what the bot said on its own since the last line
        service.outbox = ConsoleOutbox(self)

    def help(self) -> str:
        return HELP.format(commands=", ".join("/" + c.name for c in self.service.commands()))

    def parse(self, line: str) -> Parsed:
        match = LINE.match(line)
        if not match:
            raise ValueError("Write `[#channel] user: /command option:value` (or `help`).")
        channel, user, rest = match["channel"], match["user"].strip(), match["rest"].strip()
        if not rest.startswith("/"):
            raise ValueError("Commands start with a slash, like /join.")
        try:
            words = shlex.split(rest[1:])
        except ValueError:
            raise ValueError("A quote is not closed.") from None
        if not words:
            raise ValueError("Which command?")
        command, words = words[0].lower(), words[1:]
        caller = Caller(GUILD, stable_id("#" + channel), stable_id(user), user, user.lower() in self.managers)
        self.names[caller.user_id] = user
        self.channels[caller.channel_id] = channel
        args: dict[str, str] = {}
        spec = next((c for c in self.service.commands() if c.name == command), None)
        params = {p.name for p in spec.params} if spec else set()
        loose: list[str] = []
        for word in words:
            name, sep, value = word.partition(":")
            if sep and name.lower() in params:
                args[name.lower()] = value
            else:
                loose.append(word)
        if loose:
            if command == "press":
                args["label"] = " ".join(loose)
            elif spec and len(spec.params) >= 1 and spec.params[0].name not in args:
                args[spec.params[0].name] = " ".join(loose)
            else:
                raise ValueError(f"Could not read `{' '.join(loose)}`: write option:value.")
        return Parsed(caller, command, args)

    async def run_line(self, line: str) -> list[str]:
        if self.tick is not None:
            await self.tick()
        before, self.unprompted = self.unprompted, []
        return before + await self._run_line(line)

    async def _run_line(self, line: str) -> list[str]:
        text = line.strip()
        if not text or text.startswith("#"):
            return []
        if text.lower() in ("help", "/help", "?"):
            return [self.help()]
        try:
            parsed = self.parse(text)
        except ValueError as why:
            return [f"  ! {why}"]
        if parsed.command == "press":
            reply = await self._press(parsed.caller, parsed.args.get("label", ""))
        else:
            reply = await self.service.handle(parsed.caller, parsed.command, parsed.args)
        if reply.text:
            self.last[parsed.caller.channel_id] = reply
        return self.show(parsed.caller, reply)

    async def _press(self, caller: Caller, label: str) -> Reply:
        reply = self.last.get(caller.channel_id)
        wanted = label.strip().lower()
        for button in reply.buttons if reply else []:
            if button.label.lower() == wanted:
                return await self.service.press(caller, button.custom_id)
        labels = ", ".join(b.label for b in reply.buttons) if reply else "none"
        return Reply.error(f"No button `{label}` on the last message here. Buttons: {labels}.")

    def _names(self, text: str) -> str:
        """Discord's markup for people, channels and times, as a terminal shows them."""
        text = re.sub(r"<t:(\d+)(?::\w)?>", lambda m: datetime.fromtimestamp(int(m[1]), UTC).strftime(
            "%Y-%m-%d %H:%M UTC"), text)
        text = re.sub(r"<@(\d+)>", lambda m: "@" + self.names.get(int(m[1]), m[1]), text)
        return re.sub(r"<#(\d+)>", lambda m: "#" + self.channels.get(int(m[1]), m[1]), text)

    def show(self, caller: Caller, reply: Reply) -> list[str]:
        lines: list[str] = []
        if reply.text:
            lines += [f"  {line}" for line in self._names(reply.text).splitlines()]
        for private in (False, True):
            for name, data in reply.files(private):
                self.images += 1
                self.out_dir.mkdir(parents=True, exist_ok=True)
                ext = name.rpartition(".")[2] if "." in name else "png"
                path = self.out_dir / f"{self.images:04d}-{self.channels.get(caller.channel_id, 'x')}.{ext}"
                path.write_bytes(data)
                kind = "image" if ext in ("png", "webp", "gif", "jpg") else "file"
                lines.append(f"  [{kind}{', only you' if private else ''}] {path}")
        if reply.buttons:
            lines.append("  [buttons] " + " ".join(f"[{b.label}]" for b in reply.buttons))
        if reply.private:
            mark = "  ! " if not reply.ok else "  (only you) "
            lines += [mark + line for line in self._names(reply.private).splitlines()]
        for menu in reply.menus:
            kind = parse_custom_id(menu.custom_id)
            lines.append(f"  [menu {menu.placeholder}] " + " | ".join(v for _, v in menu.options) if kind else "")
        return lines


class ConsoleOutbox:
    """What the bot says on its own (reminders, deadlines) prints before the next line's answer."""

    def __init__(self, console: Console):
        self.console = console

    async def post(self, channel_id: int, reply: Reply) -> bool:
        where = self.console.channels.get(channel_id, str(channel_id))
        shown = self.console.show(Caller(GUILD, channel_id, 0, "bot"), Reply(
            text=reply.text, image=reply.image, image_name=reply.image_name, buttons=reply.buttons,
            attachments=[a for a in reply.attachments if not a.private]))
        self.console.unprompted += [f"  [#{where}, from the bot]"] + shown
        if reply.text:
            self.console.last[channel_id] = reply
        return True

    async def direct(self, user_id: int, text: str) -> bool:
        who = self.console.names.get(user_id, str(user_id))
        self.console.unprompted += [f"  [direct message to {who}] {line}" for line in text.splitlines()]
        return True
