"""`/forget-me`: a person has Isles delete or anonymise what it keeps about them, in every server.

The command changes nothing: it asks, privately, with Confirm and Keep buttons. Their custom ids
carry the person and the moment the question lapses, so a restart in between changes nothing,
and a press from anyone else, a late press or a second Confirm is answered in one clear line.

On Confirm, a seat the person still plays in a game under way first takes a neutral name and is
handed to the computer as a forfeited seat is (bot/core/seats.py), and its table is told in its
channel; then one transaction (db/privacy.py) deletes the rows that are the person's alone and
takes their id and names out of the rest. A finished game keeps their seat under the neutral
name, so every other player's /history of it stays whole. PRIVACY.md says what is kept and why.
"""

from __future__ import annotations

import logging

import lang
from bot.core import failures
from bot.core.commands import ANYWHERE, Command
from bot.core.extension import Extension
from bot.core.replies import Button, Caller, Reply, custom_id
from bot.core.service import TableService
from db.privacy import PrivacyStore
from lang import N_, tr

log = logging.getLogger(__name__)

COMMANDS = (Command("forget-me", N_("Delete what Isles keeps about you, in every server (asks to confirm first)"),
                    where=ANYWHERE),)
KIND = "forget"
ASK_FOR_S = 10 * 60  # how long the question may be answered

# the name a forgotten person's seat keeps, with the seat's number from 1
FORMER = "Former player {number}"  # verbatim: a seat's name, kept in the store
ASK = N_("This deletes what Isles keeps about you in every server: your ratings, daily results, notification "
         "and quiet-hours choices, standing answers, plans, vacations and requests. In finished games your seat "
         "stays, named \"Former player\" and a number, so the other players' histories stay whole. A game you "
         "still play is handed to the computer, which plays your seat to the end. This cannot be undone. "
         "Press Confirm within {minutes} minutes to go ahead.")
NOTHING = N_("Isles keeps nothing about you, so there is nothing to delete.")
KEPT = N_("Nothing was deleted: Isles keeps your data as it was.")
LAPSED = N_("This question has expired, so nothing was deleted. Use /forget-me again if you still want it.")
NOT_YOURS = N_("This question is someone else's: use /forget-me to ask about your own data.")
ALREADY = N_("There is nothing of yours left to delete: it has already been deleted.")
DONE = N_("Done: Isles has deleted or made anonymous everything it kept about you, in every server. "
          "Games you played go on showing your seat as \"Former player\" and a number.")
HANDED = N_("**{name}** has left Isles.")
SEAT_FREED = N_("A player has left Isles, so their seat at this table is free again.")
LOBBY_CLOSED = N_("The host of this table has left Isles, so the table is closed.")


class Forget(Extension):
    commands = COMMANDS

    def __init__(self, service: TableService):
        self.service = service
        self.db = PrivacyStore.of(service.store)

    def _now(self) -> int:
        return int(self.service.clock().timestamp())

    async def cmd_forget_me(self, caller: Caller) -> Reply:
        if not await self.db.holds(caller.user_id):
            return Reply(private=tr(NOTHING))
        until = self._now() + ASK_FOR_S
        ids = [custom_id(KIND, 0, None, f"{answer}.{caller.user_id}.{until}") for answer in ("yes", "no")]
        return Reply(private=tr(ASK).format(minutes=ASK_FOR_S // 60),
                     buttons=[Button(tr("Confirm"), ids[0], "danger"), Button(tr("Keep"), ids[1], "secondary")])

    async def press_forget(self, caller: Caller, table_id: int, version, payload: str, values) -> Reply:
        answer, _, rest = payload.partition(".")
        person, _, until = rest.partition(".")
        if not person.isdigit() or not until.isdigit() or answer not in ("yes", "no"):
            return Reply.error(tr("This button is not one of Isles'."))
        if int(person) != caller.user_id:
            return Reply.error(tr(NOT_YOURS))
        if answer == "no":
            return Reply(private=tr(KEPT))
        if self._now() > int(until):
            return Reply.error(tr(LAPSED))
        if not await self.db.holds(caller.user_id):
            return Reply(private=tr(ALREADY))
        await self._hand_over(caller.user_id)
        done = await self.db.forget(caller.user_id, {caller.name}, FORMER, self.service.clock())
        for table_id in done.tables:  # read again: a table in memory still holds the seat as it was
            self.service.forget(table_id)
        for channel in done.lobbies_left:
            await self._post(channel, Reply(text=await self._public(channel, SEAT_FREED)))
        for channel in done.lobbies_closed:
            await self._post(channel, Reply(text=await self._public(channel, LOBBY_CLOSED)))
        log.info("forgot a person on request: %d rows", done.rows)
        return Reply(private=tr(DONE))

    async def _public(self, channel_id: int, message: str) -> str:
        """`message` in the language of the server of the channel's last table (a post nobody asked for)."""
        row = await self.service.store.latest_table(channel_id)
        with lang.using(await self.service.public_language(row.guild_id) if row is not None else lang.current()):
            return tr(message)

    async def _hand_over(self, user_id: int) -> None:
        """Each seat the person still plays: renamed, then handed to the computer, and its table told."""
        for seat in await self.db.playing(user_id):
            name = FORMER.format(number=seat.seat + 1)
            async with self.service.table_lock(seat.table_id):
                await self.db.rename_seat(seat.table_id, seat.position, name)
                self.service.forget(seat.table_id)
            loaded = await self.service.table(seat.table_id)
            with lang.using(await self.service.public_language(loaded.row.guild_id) if loaded is not None
                            else lang.current()):  # the table's post
                headline = tr(HANDED).format(name=name)
            reply = await self.service.forfeit(seat.table_id, seat.seat, headline)
            if reply is not None:
                await self._post(seat.channel_id, reply)
        await self.service.flush_events()  # what the listeners keep of those games (a solo result) comes first

    async def _post(self, channel_id: int, reply: Reply) -> None:
        await failures.post_or_report(self.service.outbox, channel_id, reply, log)


# the service answers /<name> with the method cmd_<name>, and a name with a hyphen is no identifier
setattr(Forget, "cmd_forget-me", Forget.cmd_forget_me)
