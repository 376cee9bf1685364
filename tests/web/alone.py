"""A table served by the pages in a process of its own, under the file limit given, for the tests
that push that process to its limits: `python -m tests.web.alone <database> <file limit>` prints
`{"port", "alice", "bob"}` (the port and two seats' links) and serves until stopped; its log goes
to stderr."""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import sys
import time

from bot.adapters.web import tokens
from bot.adapters.web.server import WebPages
from tests.helpers import ALICE, BOB, service_at
from tests.web.conftest import start_table


async def serve(database: str) -> None:
    service = await service_at(database, seeds=lambda: 5)
    pages = WebPages(service, port=0, secret="alone")
    service.extend(pages)
    await pages.start()
    await start_table(service, "pioneers")
    table = (await service.store.open_table(ALICE.channel_id)).id
    expires = int(time.time()) + 3600
    print(json.dumps({"port": pages.port, **{name: tokens.sign(pages.secret, who.user_id, table, expires)
                                             for name, who in (("alice", ALICE), ("bob", BOB))}}), flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    database, limit = sys.argv[1], int(sys.argv[2])
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    logging.basicConfig(level=logging.INFO, stream=sys.stderr)
    asyncio.run(serve(database))
