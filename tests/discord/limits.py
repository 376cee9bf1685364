"""Discord's limits on what a bot sends, checked on plain payloads (dicts as sent on the wire).

discord.py checks few of these itself, and Discord answers 50035 (Invalid Form Body) or
40005 (entity too large) when one is passed. Each `check_*` returns a list of problems,
empty when the payload is fine.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

EPHEMERAL = 1 << 6
COMPONENTS_V2 = 1 << 15

NAME_MAX = 32
DESCRIPTION_MAX = 100
OPTIONS_MAX = 25
CHOICES_MAX = 25
CHOICE_TEXT_MAX = 100
COMMAND_SIZE_MAX = 8000
CHAT_COMMANDS_MAX = 100
CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
ROWS_MAX = 5
BUTTONS_PER_ROW_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
URL_MAX = 512
SELECT_OPTIONS_MAX = 25
SELECT_TEXT_MAX = 100
PLACEHOLDER_MAX = 150
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000  # the content of every text display of a message together
V2_TYPES = range(9, 18)  # section 9, text display 10, thumbnail 11, gallery 12, file 13, separator 14, container 17
THREAD_NAME_MAX = 100
ATTACHMENT_DESCRIPTION_MAX = 1024  # an uploaded file's alt text (resources/message, attachment object)
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
CALLBACK_TYPES = {1, 4, 5, 6, 7, 8, 9}
OPTION_TYPES = range(1, 12)  # subcommand 1, group 2, string 3, integer 4, boolean 5, user 6 ... attachment 11
SUGGESTING_TYPES = {3, 4, 10}  # only string, integer and number options take choices or autocomplete


def _name_ok(name: str) -> bool:
    """`^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`, in its lowercase form."""
    if not 1 <= len(name) <= NAME_MAX or name != name.lower():
        return False
    for char in name:
        if char in "-_'":
            continue
        category = unicodedata.category(char)
        if category[0] in "LN":
            continue
        if category[0] == "M" and any(s in unicodedata.name(char, "") for s in ("DEVANAGARI", "THAI")):
            continue
        return False
    return True


def _text_size(node: dict[str, Any]) -> int:
    size = len(node.get("name", "")) + len(node.get("description", ""))
    for choice in node.get("choices") or []:
        size += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
    for option in node.get("options") or []:
        size += _text_size(option)
    return size


def _check_option(option: dict[str, Any], where: str, depth: int) -> list[str]:
    problems = []
    name = option.get("name", "")
    here = f"{where}.{name}"
    if not _name_ok(name):
        problems.append(f"{here}: bad option name")
    if not 1 <= len(option.get("description", "")) <= DESCRIPTION_MAX:
        problems.append(f"{here}: description must be 1-{DESCRIPTION_MAX} chars")
    choices = option.get("choices") or []
    kind = option.get("type")
    if kind not in OPTION_TYPES:
        problems.append(f"{here}: option type {kind!r} is not one of Discord's")
    elif kind not in (1, 2) and (choices or option.get("autocomplete")) and kind not in SUGGESTING_TYPES:
        problems.append(f"{here}: choices or autocomplete on an option of type {kind}")
    if len(choices) > CHOICES_MAX:
        problems.append(f"{here}: {len(choices)} choices > {CHOICES_MAX}")
    if choices and option.get("autocomplete"):
        problems.append(f"{here}: autocomplete cannot be combined with choices")
    problems += _check_choices(choices, here)
    for key in ("min_length", "max_length"):
        if key in option and not 0 <= option[key] <= 6000:
            problems.append(f"{here}: {key} out of 0-6000")
    return problems + _check_subs(option, here, depth)


def _check_choices(choices: list[dict[str, Any]], here: str) -> list[str]:
    problems = []
    for choice in choices:
        if not 1 <= len(str(choice.get("name", ""))) <= CHOICE_TEXT_MAX:
            problems.append(f"{here}: choice name must be 1-{CHOICE_TEXT_MAX} chars")
        if isinstance(choice.get("value"), str) and len(choice["value"]) > CHOICE_TEXT_MAX:
            problems.append(f"{here}: choice value over {CHOICE_TEXT_MAX} chars")
    return problems


def _check_subs(option: dict[str, Any], here: str, depth: int) -> list[str]:
    problems = []
    subs = option.get("options") or []
    if option.get("type") in (1, 2):  # subcommand, group
        if depth >= 2 or (option.get("type") == 1 and any(s.get("type") in (1, 2) for s in subs)):
            problems.append(f"{here}: nesting deeper than command > group > subcommand")
        if len(subs) > OPTIONS_MAX:
            problems.append(f"{here}: {len(subs)} options > {OPTIONS_MAX}")
        for sub in subs:
            problems += _check_option(sub, here, depth + 1)
    elif subs:
        problems.append(f"{here}: only subcommands and groups have options")
    return problems


def check_command(command: dict[str, Any]) -> list[str]:
    """One application command as sent by a sync."""
    problems = []
    name = command.get("name", "")
    if command.get("type", 1) == 1:
        if not _name_ok(name):
            problems.append(f"/{name}: bad command name")
        if not 1 <= len(command.get("description", "")) <= DESCRIPTION_MAX:
            problems.append(f"/{name}: description must be 1-{DESCRIPTION_MAX} chars")
    elif not 1 <= len(name) <= NAME_MAX:
        problems.append(f"{name}: bad context menu name")
    options = command.get("options") or []
    if len(options) > OPTIONS_MAX:
        problems.append(f"/{name}: {len(options)} options > {OPTIONS_MAX}")
    seen_optional = False
    for option in options:
        problems += _check_option(option, f"/{name}", 0)
        if option.get("type") not in (1, 2):
            if option.get("required") and seen_optional:
                problems.append(f"/{name}: a required option after an optional one")
            seen_optional = seen_optional or not option.get("required")
    names = [o.get("name") for o in options]
    if len(names) != len(set(names)):
        problems.append(f"/{name}: repeated option names")
    size = _text_size(command)
    if size > COMMAND_SIZE_MAX:
        problems.append(f"/{name}: {size} chars > {COMMAND_SIZE_MAX}")
    return problems


def check_commands(commands: list[dict[str, Any]]) -> list[str]:
    problems = [p for command in commands for p in check_command(command)]
    chat = [c["name"] for c in commands if c.get("type", 1) == 1]
    if len(chat) > CHAT_COMMANDS_MAX:
        problems.append(f"{len(chat)} slash commands > {CHAT_COMMANDS_MAX}")
    if len(chat) != len(set(chat)):
        problems.append("repeated command names")
    return problems


def check_embeds(embeds: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"{len(embeds)} embeds > {EMBEDS_MAX}")
    total = 0
    for embed in embeds:
        parts = {
            "title": (embed.get("title") or "", 256),
            "description": (embed.get("description") or "", 4096),
            "footer": ((embed.get("footer") or {}).get("text") or "", 2048),
            "author": ((embed.get("author") or {}).get("name") or "", 256),
        }
        for key, (text, limit) in parts.items():
            if len(text) > limit:
                problems.append(f"embed {key}: {len(text)} chars > {limit}")
            total += len(text)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append(f"embed: {len(fields)} fields > 25")
        for field in fields:
            if len(field.get("name", "")) > 256 or len(field.get("value", "")) > 1024:
                problems.append("embed field over 256/1024 chars")
            total += len(field.get("name", "")) + len(field.get("value", ""))
    if total > EMBED_TOTAL_MAX:
        problems.append(f"embeds total {total} chars > {EMBED_TOTAL_MAX}")
    return problems


def _check_custom_id(component: dict[str, Any], seen: set[str]) -> list[str]:
    custom_id = component.get("custom_id")
    if custom_id is None:
        return ["interactive component without custom_id"]
    problems = []
    if not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
        problems.append(f"custom_id {custom_id!r}: {len(custom_id)} chars, not 1-{CUSTOM_ID_MAX}")
    if custom_id in seen:
        problems.append(f"custom_id {custom_id!r} repeated in one message")
    seen.add(custom_id)
    return problems


def check_components(components: list[dict[str, Any]], flags: int = 0) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    if flags & COMPONENTS_V2:
        return _check_v2(components, seen)
    if len(components) > ROWS_MAX:
        problems.append(f"{len(components)} action rows > {ROWS_MAX}")
    for row in components:
        if row.get("type") != 1:
            problems.append("a top-level component that is not an action row")
            continue
        problems += _check_row(row.get("components") or [], seen)
    return problems


def _check_v2(components: list[dict[str, Any]], seen: set[str]) -> list[str]:
    problems: list[str] = []
    count = sum(1 for _ in walk(components))
    if count > V2_COMPONENTS_MAX:
        problems.append(f"{count} components > {V2_COMPONENTS_MAX}")
    text = sum(len(c.get("content") or "") for c in walk(components) if c.get("type") == 10)
    if text > V2_TEXT_MAX:
        problems.append(f"text displays of {text} chars > {V2_TEXT_MAX}")
    for component in walk(components):
        kind = component.get("type")
        if kind == 1:
            problems += _check_row(component.get("components") or [], seen)
        elif kind == 9:
            if not 1 <= len(component.get("components") or []) <= 3:
                problems.append("a section needs 1-3 text displays")
            if not component.get("accessory"):
                problems.append("a section without its accessory")
        elif kind == 10 and not (component.get("content") or "").strip():
            problems.append("an empty text display")
        elif kind == 12 and not 1 <= len(component.get("items") or []) <= 10:
            problems.append("a media gallery needs 1-10 items")
        elif kind not in V2_TYPES and kind not in (2, 3):
            problems.append(f"component type {kind} is not one of a card's")
    for component in components:
        if component.get("type") in (2, 3, 11):
            problems.append(f"a component of type {component['type']} at the top of a card")
    return problems


def media_of(components: list[dict[str, Any]]) -> list[str]:
    """Every media address of a card: gallery items, files and thumbnails."""
    found = []
    for component in walk(components):
        if component.get("type") == 12:
            found += [(item.get("media") or {}).get("url", "") for item in component.get("items") or []]
        elif component.get("type") in (11, 13):
            found.append((component.get("media") or component.get("file") or {}).get("url", ""))
    return found


def _check_row(items: list[dict[str, Any]], seen: set[str]) -> list[str]:
    problems: list[str] = []
    buttons = [c for c in items if c.get("type") == 2]
    selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
    if not items:
        problems.append("an empty action row")
    if selects and (len(selects) > 1 or buttons):
        problems.append("a select menu must be alone in its row")
    if len(buttons) > BUTTONS_PER_ROW_MAX:
        problems.append(f"{len(buttons)} buttons in a row > {BUTTONS_PER_ROW_MAX}")
    for button in buttons:
        problems += _check_button(button, seen)
    for select in selects:
        problems += _check_select(select, seen)
    return problems


def _check_button(button: dict[str, Any], seen: set[str]) -> list[str]:
    problems: list[str] = []
    if len(button.get("label") or "") > BUTTON_LABEL_MAX:
        problems.append(f"button label over {BUTTON_LABEL_MAX} chars")
    if not button.get("label") and not button.get("emoji"):
        problems.append("a button without label or emoji")
    if button.get("style") == 5:
        if len(button.get("url", "")) > URL_MAX:
            problems.append("link over 512 chars")
    else:
        problems += _check_custom_id(button, seen)
    return problems


def _check_select(select: dict[str, Any], seen: set[str]) -> list[str]:
    problems = _check_custom_id(select, seen)
    if len(select.get("placeholder") or "") > PLACEHOLDER_MAX:
        problems.append(f"placeholder over {PLACEHOLDER_MAX} chars")
    options = select.get("options") or []
    if select.get("type") == 3:
        if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
            problems.append(f"select with {len(options)} options, not 1-{SELECT_OPTIONS_MAX}")
        values = [o.get("value") for o in options]
        if len(values) != len(set(values)):
            problems.append("select option values repeated")
        for option in options:
            for key in ("label", "value", "description"):
                if len(option.get(key) or "") > SELECT_TEXT_MAX:
                    problems.append(f"select option {key} over {SELECT_TEXT_MAX} chars")
            if not option.get("label") or not option.get("value"):
                problems.append("select option without label or value")
    if select.get("max_values", 1) > min(SELECT_OPTIONS_MAX, max(len(options), 1)):
        problems.append("select max_values too large")
    return problems


def walk(components: Iterable[dict[str, Any]]):
    """Every component, nested ones included (a section's accessory too)."""
    for component in components:
        yield component
        yield from walk(component.get("components") or [])
        if component.get("accessory"):
            yield component["accessory"]


_walk = walk


def check_message(payload: dict[str, Any] | None, files: list[tuple[str, int]] = (),
                  filesize_limit: int = 10 * 1024 * 1024) -> list[str]:
    """A message body (channel message, interaction message, followup or edit)."""
    payload = payload or {}
    problems = []
    flags = int(payload.get("flags") or 0)
    content = payload.get("content") or ""
    if len(content) > CONTENT_MAX:
        problems.append(f"content {len(content)} chars > {CONTENT_MAX}")
    if flags & COMPONENTS_V2 and (content or payload.get("embeds")):
        problems.append("content/embeds with the components V2 flag")
    problems += check_embeds(payload.get("embeds") or [])
    if flags & COMPONENTS_V2:  # a card shows every file it uploads once, by attachment://<name>
        shown = [url.removeprefix("attachment://") for url in media_of(payload.get("components") or [])
                 if url.startswith("attachment://")]
        for name, _ in files:
            if shown.count(name) != 1:
                problems.append(f"file {name} shown {shown.count(name)} times in the card, not once")
        for name in shown:
            if name not in [n for n, _ in files]:
                problems.append(f"attachment://{name} names no uploaded file")
    problems += check_components(payload.get("components") or [], flags)
    for name, size in files:
        if size > filesize_limit:
            problems.append(f"file {name} of {size} bytes > {filesize_limit}")
    if len(files) > 10:
        problems.append(f"{len(files)} files > 10")
    for attachment in payload.get("attachments") or []:
        if len(attachment.get("description") or "") > ATTACHMENT_DESCRIPTION_MAX:
            problems.append(f"description of {attachment.get('filename')} > {ATTACHMENT_DESCRIPTION_MAX} chars")
    mentions = payload.get("allowed_mentions")
    if mentions is not None:
        if "everyone" in (mentions.get("parse") or []):
            problems.append("allowed_mentions lets @everyone ping")
        if "users" in (mentions.get("parse") or []) and mentions.get("users"):
            problems.append("allowed_mentions has both parse users and a user list")
        if len(mentions.get("users") or []) > 100:
            problems.append("more than 100 users in allowed_mentions")
    return problems


def check_choices(choices: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(choices) > CHOICES_MAX:
        problems.append(f"{len(choices)} autocomplete choices > {CHOICES_MAX}")
    for choice in choices:
        if not 1 <= len(str(choice.get("name", ""))) <= CHOICE_TEXT_MAX:
            problems.append(f"choice name {choice.get('name')!r} not 1-{CHOICE_TEXT_MAX} chars")
        value = choice.get("value")
        if isinstance(value, str) and not 1 <= len(value) <= CHOICE_TEXT_MAX:
            problems.append(f"choice value {value!r} not 1-{CHOICE_TEXT_MAX} chars")
    return problems


def check_callback(body: dict[str, Any], files: list[tuple[str, int]] = (),
                   filesize_limit: int = 10 * 1024 * 1024) -> list[str]:
    """An interaction callback (POST /interactions/{id}/{token}/callback)."""
    kind = body.get("type")
    if kind not in CALLBACK_TYPES:
        return [f"unknown callback type {kind}"]
    data = body.get("data") or {}
    if kind in (4, 7):
        return check_message(data, files, filesize_limit)
    if kind == 5:
        return [] if not int(data.get("flags") or 0) & ~EPHEMERAL else ["defer with flags other than ephemeral"]
    if kind == 8:
        return check_choices(data.get("choices") or [])
    if kind == 9:
        problems = []
        if not 1 <= len(data.get("title", "")) <= 45:
            problems.append("modal title not 1-45 chars")
        if not 1 <= len(data.get("components") or []) <= 5:
            problems.append("modal needs 1-5 components")
        return problems
    return []


def check_thread(body: dict[str, Any]) -> list[str]:
    problems = []
    if not 1 <= len(body.get("name", "")) <= THREAD_NAME_MAX:
        problems.append(f"thread name not 1-{THREAD_NAME_MAX} chars")
    if "auto_archive_duration" in body and body["auto_archive_duration"] not in ARCHIVE_DURATIONS:
        problems.append(f"auto_archive_duration {body['auto_archive_duration']} not one of {ARCHIVE_DURATIONS}")
    return problems
