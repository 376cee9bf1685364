"""A way to the server that cannot work ends `isles migrate`, `isles run` and `isles copy-store`
with one line that says what to do and a nonzero exit, never a traceback: a DSN that does not
parse, a server that refuses SSL."""

from __future__ import annotations

import asyncio

import pytest

from bot import cli
from db.errors import CannotOpen
from db.store import Store


@pytest.fixture
def host(tmp_path, monkeypatch):
    """The folder a host runs `isles` from (no .env), with no Isles setting in the environment."""
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "ISLES_DB", "ISLES_DEV_GUILD", "ISLES_LOG_LEVEL", "ISLES_SHARDS",
                 "ISLES_SHARD_IDS", "ISLES_WEB_URL", "PGSSLMODE"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


async def isles(capsys, *args: str) -> tuple[int, str]:
    """`isles args...` as a host runs it: the exit status and the one line it printed."""
    code = await asyncio.to_thread(cli.main, list(args))
    out = capsys.readouterr()
    lines = [line for line in (out.err + out.out).splitlines() if line.strip()]
    assert "Traceback" not in out.err and len(lines) == 1, out.err + out.out
    return code, lines[0]


# -- the way to the server -----------------------------------------------------------------------
@pytest.mark.parametrize("dsn, shown", [
    ("postgresql://isles@[::1:5432/isles", "postgresql://isles@[::1:5432/isles"),
    ("postgresql://isles:secret@[::1:5432/isles", "postgresql://isles:***@[::1:5432/isles"),
    ("postgresql://isles:secret@db.example:99999/isles", "postgresql://isles:***@db.example:99999/isles"),
])
async def test_a_dsn_that_does_not_parse_is_one_line_without_its_password(host, capsys, dsn, shown):
    host.setenv("ISLES_DB", dsn)
    host.setenv("DISCORD_TOKEN", "a-token-that-is-never-sent")
    for command in ("migrate", "run"):
        code, line = await isles(capsys, command)
        assert code == cli.MISTAKE
        assert line.startswith(f"ISLES_DB={shown}: not a DSN PostgreSQL understands ("), line
        assert "in brackets" in line and "secret" not in line
    code, line = await isles(capsys, "copy-store", "--from", "isles.db", "--to", dsn)
    assert code == cli.MISTAKE and line.startswith(f"--to={shown}: not a DSN"), line
    with pytest.raises(CannotOpen, match="not a DSN PostgreSQL understands"):
        await Store.open(dsn)


async def _server(*answers: bytes):
    """A server that answers a client's SSL request with `answers`, one after the other, then waits
    for the client to hang up."""
    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readexactly(8)  # the SSLRequest
        for part in answers:
            writer.write(part)
            await writer.drain()
            await asyncio.sleep(0.1)
        await reader.read()
        writer.close()

    return await asyncio.start_server(answer, "127.0.0.1", 0)


async def test_a_server_that_refuses_ssl_is_told_as_such_not_as_no_server(host, capsys):
    server = await _server(b"N")  # the server's "no SSL here"
    port = server.sockets[0].getsockname()[1]
    try:
        host.setenv("ISLES_DB", f"postgresql://isles@127.0.0.1:{port}/isles?sslmode=require")
        code, line = await isles(capsys, "migrate")
    finally:
        server.close()
    assert code == cli.FAILED
    assert f"the server at 127.0.0.1:{port} refused SSL, which this connection requires" in line, line
    assert "sslmode=prefer" in line and "no PostgreSQL server answers" not in line


async def test_an_ssl_handshake_that_fails_is_told_as_such():
    server = await _server(b"S", b"not a TLS answer" * 8)  # says yes, then speaks no TLS
    port = server.sockets[0].getsockname()[1]
    try:
        with pytest.raises(CannotOpen, match=f"the SSL handshake with the server at 127.0.0.1:{port} failed"):
            await Store.open(f"postgresql://isles@127.0.0.1:{port}/isles?sslmode=require")
    finally:
        server.close()
