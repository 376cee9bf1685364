"""The buttons under a public turn message, built from public facts only (games/README.md).

Everyone in the channel sees them, so they come from `quick_moves` and `public_actions`,
which a game keeps free of anything hidden; a player's own moves stay in My moves.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.core.replies import Button, custom_id
from games.base import Game, fill_names
from lang import tr

MAX_BUTTONS = 20  # a turn's buttons at most, besides My moves and the table's own: a board is no keyboard


def turn_buttons(game: Game, table_id: int, version: int, names: Sequence[str],
                 computers: Collection[int] = ()) -> list[Button]:
    buttons: list[Button] = []
    acting = [seat for seat in game.to_act() if seat not in computers]
    quick = game.quick_moves(acting[0])[:6] if len(acting) == 1 else []  # six: every face of a die
    for move in quick:
        buttons.append(Button(move, custom_id("m", table_id, version, move), "primary"))
    for action in game.public_actions():
        if action.seats is not None and all(seat in computers for seat in action.seats):
            continue  # nobody at the table could press it
        # no version: an answer to an offer stays valid while other moves land
        if len(buttons) < MAX_BUTTONS:
            cid = custom_id("f" if action.form else "a", table_id, None, action.move)
            buttons.append(Button(fill_names(action.label, names), cid, action.style))
    buttons.append(Button(tr("My moves"), custom_id("ls", table_id, version), "secondary"))
    return buttons
