"""The board pages as an attacker holding a link (or none) finds them on the open internet, over
real HTTP: files off the page's folders, hostile bodies and tokens, writes from other sites,
floods of streams and sign-ins."""

from __future__ import annotations

from urllib.parse import quote


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
