"""The board pages as an attacker holding a link (or none) finds them on the open internet, over
real HTTP: files off the page's folders, hostile bodies and tokens, writes from other sites,
floods of streams and sign-ins."""

from __future__ import annotations

import logging
from urllib.parse import quote

from bot.adapters.web import tokens
from bot.adapters.web.headers import HEADERS
from tests.helpers import ALICE
from tests.web.conftest import NOW, start_table


async def test_only_the_pages_own_files_are_served(served, tmp_path):
    elsewhere = tmp_path / "kept.mjs"
    elsewhere.write_text("export const kept = 'not for the page';")
    script = tmp_path / "kept.js"
    script.write_text("const kept = 'not for the page';")
    for path in (f"/static/vendor/{quote(str(elsewhere), safe='')}", f"/static/{quote(str(script), safe='')}",
                 "/static/vendor/..%2F..%2Fserver.py", "/static/board.js%00", "/static/vendor/x%00.mjs",
                 "/static/page.html", "/static/vendor/README.md", "/static/vendor"):
        answer = await served.client.get(path)
        assert answer.status == 404, path
        assert "kept" not in await answer.text()
    for path in ("/static/board.js", "/static/activity.js", "/static/board.css",
                 "/static/vendor/discord-embedded-app-sdk.mjs"):
        answer = await served.client.get(path)
        assert answer.status == 200, path
        assert answer.content_type == ("text/css" if path.endswith(".css") else "text/javascript")


async def test_a_token_with_foreign_characters_is_refused_without_a_traceback(served, caplog):
    await start_table(served.service, "pioneers")
    table = await served.table_id()
    good = served.token(ALICE.user_id, table)
    body, signature = good.rsplit(".", 1)
    arabic_one = "\u0661"  # a decimal digit to str.isdecimal, not to the signature
    for bad in (f"{body}.{signature[:-2]}\u00e9\u00e9", f"{body}.\u00e9", f"{arabic_one}.{table}.{body.split('.')[2]}.{signature}"):
        for method, path in (("GET", f"/t/{quote(bad)}/state"), ("GET", f"/t/{quote(bad)}"),
                             ("POST", f"/t/{quote(bad)}/move")):
            answer = await served.client.request(method, path, json={"move": "roll"})
            assert answer.status == 403, (bad, path)
        assert tokens.verify(served.pages.secret, bad, NOW) is None
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_every_answer_carries_the_pages_headers(served):
    await start_table(served.service, "pioneers")
    token = served.token(ALICE.user_id, await served.table_id())
    asked = [("GET", "/nowhere", None, 404), ("GET", "/static/nothing.js", None, 404),
             ("GET", f"/t/{token}/move", None, 405), ("PUT", f"/t/{token}/state", None, 405),
             ("OPTIONS", f"/t/{token}/move", None, 405), ("DELETE", "/activity/token", None, 405),
             ("POST", f"/t/{token}/move", "x" * 100_000, 413), ("GET", "/t/forged.1.2.3", None, 403),
             ("GET", f"/t/{token}/after/999.png", None, 404), ("GET", "/static/board.js", None, 200),
             ("GET", f"/t/{token}", None, 200)]
    for method, path, body, status in asked:
        answer = await served.client.request(method, path, data=body)
        assert answer.status == status, (method, path, await answer.text())
        for name, value in HEADERS.items():
            if name != "Cache-Control":  # the static files are "no-cache": kept, but looked at again
                assert answer.headers.get(name) == value, (method, path, name)
        assert answer.headers["Cache-Control"] in ("no-store", "no-cache")
