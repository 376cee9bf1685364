"""The results post of a season or an event, saved in the outbox and sent by its sender.

A feature that ends a season or an event writes its mark that the results are posted and the
outbox row of the post in one transaction (db/seasons.py `close`, db/events.py `post_results`).
From then on the row is the post: an outbox with a sender of its rows (Discord's) sends it by the
row's id (its nonce) and, after a stop before it was marked sent, from its sweep; the picture is
drawn again from the values the row keeps (`drawing`, drawn by `draw_saved` through the feature's
`redraw_post`), so every drawing of one post is the same picture, in the language it was first
written in (kept in the values as `language`, English where it is missing).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import lang
from bot.core import alt_text
from bot.core.composing import draw_off_loop
from bot.core.replies import Card, Reply
from render.league import ResultLine, draw_results

RESULTS_DRAWING = "league-results"  # a results picture of render/league.py, as an outbox body keeps it


def results_drawing(title: str, subtitle: str, lines: list[ResultLine], most: tuple[str, int] | None = None,
                    climber: tuple[str, int, int] | None = None) -> dict[str, Any]:
    """The values of a results picture in JSON's terms (an outbox body's), in the language of the
    call (kept when it is not English, so that an English body is as it always was)."""
    drawing = {"kind": RESULTS_DRAWING, "title": title, "subtitle": subtitle,
               "lines": [[ln.place, ln.name, ln.points, ln.games, ln.provisional, ln.division] for ln in lines],
               "most": list(most) if most else None, "climber": list(climber) if climber else None}
    if lang.current() != lang.ENGLISH:
        drawing["language"] = lang.current()
    return drawing


async def draw_saved(drawing: dict[str, Any]) -> tuple[bytes, str]:
    """A results picture and its alt text from its saved values: the first drawing and every later
    one are made here from the same values, so they are the same picture."""
    lines = [ResultLine(int(place), str(name), float(points), int(games), bool(provisional), str(division))
             for place, name, points, games, provisional, division in drawing["lines"]]
    most = (str(drawing["most"][0]), int(drawing["most"][1])) if drawing.get("most") else None
    climber = tuple(drawing["climber"]) if drawing.get("climber") else None
    with lang.using(drawing.get("language") or lang.ENGLISH):
        image = await draw_off_loop(draw_results, drawing["title"], drawing["subtitle"], lines, most, climber)
        return image, alt_text.results(drawing["title"], lines, most, climber)


async def redraw(drawing: dict[str, Any]) -> bytes | None:
    """An extension's `redraw_post` for the results pictures: None for any other drawing."""
    if drawing.get("kind") != RESULTS_DRAWING:
        return None
    return (await draw_saved(drawing))[0]


async def saved_post(text: str, picture: str, drawing: dict[str, Any] | None,
                     mentions: list[int] | None = None) -> tuple[Reply, dict[str, Any]]:
    """A results post and the outbox body that is the post: its words, and the values its picture
    is drawn from (None: no picture), so that a sender that did not draw it draws the same."""
    body: dict[str, Any] = {"text": text, "mentions": list(mentions or []), "picture": None, "buttons": [],
                            "menus": [], "card": []}
    if drawing is None:
        return Reply(text=text, image_name=picture, mentions=list(mentions or []), card=Card()), body
    image, alt = await draw_saved(drawing)
    body.update(picture=picture, alts={picture: alt}, drawing=drawing)
    return Reply(text=text, image=image, image_name=picture, image_alt=alt, mentions=list(mentions or []),
                 card=Card()), body


async def reply_of_saved(body: dict[str, Any], picture: str) -> Reply:
    """A results post as its outbox body keeps it, its picture drawn again."""
    drawing = body.get("drawing")
    image, alt = (await draw_saved(drawing)) if drawing and body.get("picture") else (None, "")
    return Reply(text=body.get("text", ""), image=image, image_name=picture, image_alt=alt,
                 mentions=list(body.get("mentions") or []), card=Card())


@runtime_checkable
class SavedPosts(Protocol):
    """An outbox with a sender of its rows (Discord's, when `sends_saved`): a post saved in the outbox
    is handed to it by its row id, and that sender alone sends it (after a restart too)."""

    sends_saved: bool

    async def send_saved(self, row_id: int, channel_id: int, reply: Reply) -> bool:
        """True when sent (or retrying), False when refused or gone."""
        ...


def sends_saved(outbox: Any) -> bool:
    return isinstance(outbox, SavedPosts) and bool(outbox.sends_saved)
