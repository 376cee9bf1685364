"""The offline console: Discord's commands typed as text, through the same table service.

A line reads `[#channel] user: /command option:value ...`; a value with spaces goes in
quotes, or it comes last: the option written last takes the rest of the line
(`/moves filter:take r1`). Words before any option fill the first option (`/move take r2 c1,c3`).
Replies print as text; board images are saved to a folder and their paths printed.
"""

from __future__ import annotations

import difflib
import logging
import re
import shlex
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

import lang
from bot.core import marks
from bot.core.commands import ACTION, CHANNEL, ROLE, USER, Command
from bot.core.replies import Caller, Reply, parse_custom_id
from bot.core.service import TableService
from lang import N_, pgettext, tr

log = logging.getLogger(__name__)

OPTION = re.compile(r"^([A-Za-z][\w-]*):(.*)$", re.S)  # an `option:value` word
LINE = re.compile(r"^\s*(?:\[#(?P<channel>[^\]\s]+)\])?\s*(?P<user>[^:\[\]]+?)\s*:\s*(?P<rest>.*)$")
GUILD = 1
HELP = N_("""Lines look like: [#channel] user: /command option:value  (without [#channel]: where user last was)
  [#lobby] alice: /open game:archipels
  [#lobby] bob: /join
  [#lobby] alice: /start
  [#lobby] alice: /moves
  [#lobby] alice: /move take r2 c1,c3
  [#lobby] bob: /press Join        (clicks a button of the last reply by its label)
  [#lobby] alice: /choose 3        (chooses line 3 of the menus you were shown, as My moves)
Commands: {commands}. `help` shows this; `quit` or Ctrl-C leaves.""")


def read_options(spec: Command, words: list[str]) -> dict[str, str]:
    """`option:value` words as Discord's option fields. The option written last takes the rest of
    the line (`/moves filter:take r1`); words before any option fill the first one not given
    (`/move take r1 c2`). A word shaped like an option this command lacks is refused, as Discord
    would have no field for it; name the option to mean the text (`/move move:say:hi`)."""
    params = {p.name: p for p in spec.params}
    args: dict[str, str] = {}
    current = ""
    loose: list[str] = []
    for word in words:
        named = OPTION.match(word)
        if named and named[1].lower() in params:
            current = named[1].lower()
            if current in args:
                raise ValueError(tr("`{option}` is given twice.").format(option=current))
            args[current] = named[2]
        elif named:
            raise ValueError(tr("/{command} has no option `{option}`.").format(command=spec.name, option=named[1])
                             + " " + _options_of(spec))
        elif current:
            args[current] = f"{args[current]} {word}".strip()
        else:
            loose.append(word)
    if loose:
        free = next((p.name for p in spec.params if p.name not in args), None)
        if free is None:
            raise ValueError(tr("Could not read `{words}`.").format(words=" ".join(loose)) + " " + _options_of(spec))
        args[free] = " ".join(loose)
    return args


def _options_of(spec: Command) -> str:
    if not spec.params:
        return tr("/{command} takes no options.").format(command=spec.name)
    listed = ", ".join(tr("`{option}:` (required)").format(option=p.name) if p.required else f"`{p.name}:`"
                       for p in spec.params)
    return tr("Its options: {options}.").format(options=listed)


def stable_id(text: str) -> int:
    """The same name gives the same id in every run, so tables survive a restart."""
    return zlib.crc32(text.strip().lower().encode()) + 1000


@dataclass
class Parsed:
    caller: Caller
    command: str
    args: dict[str, str]


# how a file a reply holds is announced, by its kind and whether only its reader gets it
KINDS = {("image", False): N_("image"), ("image", True): N_("image, only you"),
         ("file", False): N_("file"), ("file", True): N_("file, only you")}
EARLIER = 6  # public replies whose buttons stay pressable, per channel


class Console:
    def __init__(self, service: TableService, out_dir: Path, managers: set[str] = frozenset(),
                 tick: Callable[[], Awaitable[object]] | None = None, language: str = ""):
        self.service = service
        # the language of the console's people and of its server ('de', 'es'; "" for English as written)
        self.language = language
        self.out_dir = out_dir
        self.managers = {m.lower() for m in managers}
        self.names: dict[int, str] = {}
        self.channels: dict[int, str] = {}
        self.roles: dict[int, str] = {}  # the roles named in /settings, by their ids made from names
        self.images = 0
        self.last: dict[int, Reply] = {}  # last public reply per channel, for /press
        # earlier public replies with buttons, newest first: in Discord their buttons stay pressable
        # (the others still Agree after a first Agree answered without buttons)
        self.earlier: dict[int, list[Reply]] = {}
        self.menus: dict[tuple[int, int], list] = {}  # the menus last shown to a person, for /choose
        self.mine: dict[tuple[int, int], Reply] = {}  # last private reply with buttons, per channel and user
        self.tick = tick  # fires due reminders and deadlines before and after each line
        self.own: dict[tuple[int, int], list] = {}  # buttons only that person was shown (channel, user)
        self.unprompted: list[str] = []  # what the bot said on its own since the last line
        self.places: dict[str, str] = {}  # user -> where their lines go when they name no channel
        self.parents: dict[int, int] = {}  # a daily attempt's channel -> where /daily was typed, as a thread's parent
        service.outbox = ConsoleOutbox(self)

    def help(self) -> str:
        with lang.using(self.language):
            return tr(HELP).format(commands=", ".join("/" + c.name for c in self.service.commands()))

    def parse(self, line: str) -> Parsed:
        match = LINE.match(line)
        if not match:
            raise ValueError(tr("Write `[#channel] user: /command option:value` (or `help`)."))
        channel, user, rest = match["channel"], match["user"].strip(), match["rest"].strip()
        channel = channel or self.places.get(user.lower())
        if channel is None:
            raise ValueError(tr("Where? Start the line with a channel: [#lobby] {user}: {rest}").format(user=user, rest=rest))
        if not rest.startswith("/"):
            raise ValueError(tr("Commands start with a slash, like /join."))
        try:
            words = shlex.split(rest[1:])
        except ValueError:
            raise ValueError(tr("A quote is not closed.")) from None
        if not words:
            raise ValueError(tr("Which command?"))
        command, words = words[0].lower(), words[1:]
        specs = {c.name: c for c in self.service.commands()}
        if command == "press":
            args = {"label": " ".join(words)}
        elif command == "choose":
            args = {"choice": " ".join(words)}
        elif command in specs and words and specs[command].subcommand(words[0]) is not None:
            # `/event create game:...` as Discord types a subcommand: its name is the command's `action`
            sub = specs[command].subcommand(words[0])
            args = {ACTION: sub.name, **read_options(sub, words[1:])}
        elif command in specs:
            args = read_options(specs[command], words)
        else:
            names = [*specs, "press", "choose"]
            near = difflib.get_close_matches(command, names, n=1)
            listed = ", ".join("/" + n for n in names)
            if near:
                raise ValueError(tr("There is no command /{command}. Did you mean /{near}? Commands: {commands}.").format(
                    command=command, near=near[0], commands=listed))
            raise ValueError(tr("There is no command /{command}. Commands: {commands}.").format(
                command=command, commands=listed))
        caller = Caller(GUILD, stable_id("#" + channel), stable_id(user), user, user.lower() in self.managers,
                        locale=self.language, guild_locale=self.language)
        self.names[caller.user_id] = user
        self.channels[caller.channel_id] = channel
        self.places[user.lower()] = channel
        for param in specs[command].params if command in specs else ():
            if param.kind == USER and args.get(param.name, "").strip():
                args[param.name] = self._mention(args[param.name])
            if param.kind == CHANNEL and args.get(param.name, "").strip():
                args[param.name] = self._channel(args[param.name])
            if param.kind == ROLE and args.get(param.name, "").strip():
                args[param.name] = self._role(args[param.name])
        return Parsed(caller, command, args)

    def _channel(self, typed: str) -> str:
        """A channel as Discord's channel picker gives it: `#lobby` or `lobby` is the channel of that
        name, as the lines write it."""
        name = typed.strip().removeprefix("#")
        channel_id = stable_id("#" + name)
        self.channels.setdefault(channel_id, name)
        return marks.place(channel_id)

    def _role(self, typed: str) -> str:
        """A role as Discord's role picker gives it: `@players` or `players`."""
        name = typed.strip().removeprefix("@")
        role_id = stable_id("@&" + name)
        self.roles.setdefault(role_id, name)
        return marks.role(role_id)

    def _mention(self, typed: str) -> str:
        """A person as Discord's user picker gives them: the core's mark of that person. Here a name
        is a person (ids come from names), so `bob` and `@bob` work, and so does a user id."""
        typed = typed.strip()
        if typed.isdecimal():
            return marks.person(int(typed))
        name = typed.removeprefix("@")
        self.names.setdefault(stable_id(name), name)
        return marks.person(stable_id(name))

    async def run_line(self, line: str) -> list[str]:
        """The answer to one line, in the order Discord would show it: what the bot said on its own
        before the line, what it posted while handling it, the answer, then what fell due after."""
        with lang.using(self.language):
            out = await self._due()
            answer = await self._run_line(line)
            out += self._said() + answer
            for extension in self.service.extensions:  # e.g. the animation after a final message
                await extension.settle_posts()
            return out + self._said() + await self._due()

    async def _due(self) -> list[str]:
        if self.tick is not None:
            await self.tick()
        return self._said()

    def _said(self) -> list[str]:
        said, self.unprompted = self.unprompted, []
        return said

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
        caller = parsed.caller
        try:
            if parsed.command == "press":
                reply = await self._press(caller, parsed.args.get("label", ""))
            elif parsed.command == "choose":
                reply = await self._choose(caller, parsed.args.get("choice", ""))
            elif parsed.command == "move" and parsed.args.get("move", "").strip():
                reply = await self.service.move(caller, parsed.args["move"])
            elif self._place_of(parsed.command):
                caller, reply = await self._own_place(caller, self._place_of(parsed.command), parsed.args)
            else:
                reply = await self.service.handle(caller, parsed.command, parsed.args)
            if reply.unshown:  # saved but not shown: the board as saved, if it can be read now
                reply = await self._board_after(caller, reply)
        except Exception:  # a fault of ours gets one line here, and its traceback in the log
            log.exception("the console's line failed: %s", text[:200])
            return ["  ! " + tr("Something went wrong on our side with that line; it is in the log. A move that was "
                              "answered is kept.")]
        if reply.text:
            self.last[caller.channel_id] = reply
            if reply.buttons:
                self.earlier[caller.channel_id] = [reply, *self.earlier.get(caller.channel_id, [])][:EARLIER]
        elif reply.buttons:  # buttons of a private answer (pages of /history): only its reader presses them
            self.mine[(caller.channel_id, caller.user_id)] = reply
        if reply.menus:
            self.menus[(caller.channel_id, caller.user_id)] = reply.menus
        if reply.ok and (reply.text or reply.private_buttons):  # e.g. Take back, on the mover's answer
            self.own[(caller.channel_id, caller.user_id)] = reply.private_buttons
        moved = caller.channel_id != parsed.caller.channel_id and reply.text
        return (["  " + tr("[in #{channel}]").format(channel=self.channels[caller.channel_id])] if moved else []) + self.show(caller, reply)

    async def _board_after(self, caller: Caller, saved: Reply) -> Reply:
        try:
            board = await self.service.handle(caller, "board")
        except Exception as error:  # noqa: BLE001 - the saved answer stands alone
            log.warning("the board after a saved change could not be shown: %r", error)
            return saved
        return replace(board, private=saved.private) if board.ok else saved

    def _place_of(self, command: str) -> Command | None:
        """The command, when its table plays in a place of the caller's own (`Command.place`)."""
        return next((c for c in self.service.commands() if c.name == command and c.place), None)

    async def _own_place(self, caller: Caller, spec: Command, args: dict[str, str]) -> tuple[Caller, Reply]:
        """As in Discord, such a table gets a place of its own (there a private thread): a channel
        named after what it holds, where the player's next lines go."""
        caller = replace(caller, channel_id=self.parents.get(caller.channel_id, caller.channel_id))
        made: list[str] = []
        prefix = re.sub(r"\W+", "-", spec.name)

        async def make_place(name: str) -> int:  # called once the place is the caller's
            words = re.sub(r"[^\w-]+", "-", re.sub(rf"^{re.escape(spec.name)}\s+", "", name, flags=re.I))
            place = f"{prefix}-" + words.strip("-")
            made.append(place)
            self.channels[stable_id("#" + place)] = place
            self.parents[stable_id("#" + place)] = caller.channel_id
            return stable_id("#" + place)

        reply = await self.service.handle(caller, spec.name, args, make_place=make_place)
        if not made or not reply.ok:  # help, or why not
            return caller, reply
        place = made[0]
        thread = replace(caller, channel_id=stable_id("#" + place))
        self.places[caller.name.lower()] = place
        note = tr("Your {place} is in #{channel}. Lines without a channel, like `{name}: /moves`, go there.").format(
            place=tr(spec.place), channel=place, name=caller.name)
        return thread, replace(reply, private="\n".join(x for x in (note, reply.private) if x))

    async def _press(self, caller: Caller, label: str) -> Reply:
        reply = self.last.get(caller.channel_id)
        wanted = label.strip().lower()
        own = self.mine.get((caller.channel_id, caller.user_id))
        buttons = [*(own.buttons if own else []), *(reply.buttons if reply else []),
                   *self.own.get((caller.channel_id, caller.user_id), []),
                   *(b for older in self.earlier.get(caller.channel_id, []) if older is not reply
                     for b in older.buttons)]
        for button in buttons:
            if button.label.lower() == wanted:
                return await self.service.press(caller, button.custom_id)
        # a label's start names it when only one button starts so (`Accept #1` for `Accept #1: bob gives ...`)
        starting = [b for b in buttons if b.label.lower().startswith(wanted + ":")]
        if wanted and len(starting) == 1:
            return await self.service.press(caller, starting[0].custom_id)
        labels = ", ".join(b.label for b in reply.buttons) if reply else pgettext("no buttons", "none")
        return Reply.error(tr("No button `{label}` on the last message here. Buttons: {labels}.").format(
            label=label, labels=labels))

    async def _choose(self, caller: Caller, choice: str) -> Reply:
        """A line of the menus last shown to the caller, by its number or its text (as a select menu)."""
        menus = self.menus.get((caller.channel_id, caller.user_id), [])
        lines = [(menu, value) for menu in menus for _, value in menu.options]
        if not lines:
            return Reply.error(tr("No menu was shown to you here: press My moves (or /moves) first."))
        wanted = choice.strip().lower()
        if wanted.isdecimal() and 1 <= int(wanted) <= len(lines):
            menu, value = lines[int(wanted) - 1]
        else:
            found = [(m, v) for m, v in lines if v.lower() == wanted]
            if not found:
                return Reply.error(tr("Choose a line by its number, 1 to {count}, or by its text.").format(count=len(lines)))
            menu, value = found[0]
        return await self.service.press(caller, menu.custom_id, [value])

    def written(self, text: str) -> str:
        """The core's marks of people, channels and moments, as a terminal shows them."""
        return marks.write(
            text, person=lambda user_id: "@" + self.names.get(user_id, str(user_id)),
            place=lambda channel_id: "#" + self.channels.get(channel_id, str(channel_id)),
            moment=lambda epoch, _style: datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M UTC"),
            role=lambda role_id: "@" + self.roles.get(role_id, str(role_id)))

    def show(self, caller: Caller, reply: Reply) -> list[str]:
        lines: list[str] = []
        if reply.text:
            lines += [f"  {line}" for line in self.written(reply.text).splitlines()]
        for private in (False, True):
            for name, data in reply.files(private):
                self.images += 1
                self.out_dir.mkdir(parents=True, exist_ok=True)
                ext = name.rpartition(".")[2] if "." in name else "png"
                path = self.out_dir / f"{self.images:04d}-{self.channels.get(caller.channel_id, 'x')}.{ext}"
                path.write_bytes(data)
                kind = "image" if ext in ("png", "webp", "gif", "jpg") else "file"
                kind = tr(KINDS[(kind, private)])
                lines.append(f"  [{kind}] {path}")
                if alt := reply.descriptions().get(name, ""):  # on a line of its own: the path ends its line
                    lines.append("    " + tr("alt: {text}").format(text=alt))
        if reply.buttons:
            lines.append("  " + tr("[buttons]") + " " + " ".join(f"[{b.label}]" for b in reply.buttons))
        if reply.private_buttons:
            shown = (f"[{b.label}: {b.url}]" if b.url else f"[{b.label}]" for b in reply.private_buttons)  # a link is no use without it
            lines.append("  " + tr("[buttons, only you]") + " " + " ".join(shown))
        if reply.private:
            mark = "  ! " if not reply.ok else "  " + tr("(only you)") + " "
            lines += [mark + line for line in self.written(reply.private).splitlines()]
        number = 0
        for menu in reply.menus:  # numbered across the menus, as /choose takes them
            if not parse_custom_id(menu.custom_id):
                continue
            values = []
            for _, value in menu.options:
                number += 1
                values.append(f"{number}. {value}")
            lines.append("  " + tr("[menu {placeholder}]").format(placeholder=menu.placeholder) + " " + " | ".join(values))
        if reply.menus and number:
            lines.append("  " + tr("(choose a line with /choose N)"))
        return lines


class ConsoleOutbox:
    """What the bot says on its own (reminders, deadlines) prints before the next line's answer."""

    def __init__(self, console: Console):
        self.console = console

    async def post(self, channel_id: int, reply: Reply) -> bool:
        where = self.console.channels.get(channel_id, str(channel_id))
        shown = self.console.show(Caller(GUILD, channel_id, 0, "bot"), Reply(
            text=reply.text, image=reply.image, image_name=reply.image_name, image_alt=reply.image_alt,
            buttons=reply.buttons,
            attachments=[a for a in reply.attachments if not a.private]))
        self.console.unprompted += ["  " + tr("[#{channel}, from the bot]").format(channel=where)] + shown
        if reply.text:
            self.console.last[channel_id] = reply
        return True

    async def thread(self, channel_id: int, name: str) -> int:
        """A channel standing for the thread Discord would make in `channel_id` (an event's table)."""
        place = re.sub(r"[^\w-]+", "-", name.lower()).strip("-")
        made = stable_id("#" + place)
        self.console.channels[made] = place
        self.console.parents[made] = channel_id
        return made

    async def direct(self, user_id: int, text: str) -> bool:
        who = self.console.names.get(user_id, str(user_id))
        self.console.unprompted += ["  " + tr("[direct message to {name}]").format(name=who) + " " + line
                                    for line in self.console.written(text).splitlines()]
        return True
