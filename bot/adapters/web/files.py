"""The page's own files (script, style, the vendored SDK), served by name from a list made once.

A name from a request is looked up in that list, never joined to a folder's path: an absolute name
(`%2Fusr%2F...`), a `..`, a NUL byte or a link elsewhere can only miss.
"""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

STATIC = Path(__file__).with_name("static")
# a module script is refused under any type but JavaScript's, so each kind is named, not guessed
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css"}


class Folder:
    """The files directly in `path` whose suffix is in `kinds`, by name."""

    def __init__(self, path: Path, kinds: tuple[str, ...]):
        self.files = {p.name: p for p in path.iterdir()
                      if p.suffix in kinds and p.is_file() and not p.is_symlink() and not p.name.startswith(".")}

    def answer(self, name: str) -> web.FileResponse:
        path = self.files.get(name)
        if path is None:
            raise web.HTTPNotFound()
        return web.FileResponse(path, headers={"Content-Type": TYPES[path.suffix], "Cache-Control": "no-cache"})


PAGE_FILES = Folder(STATIC, (".js", ".css"))
VENDORED = Folder(STATIC / "vendor", (".mjs",))
