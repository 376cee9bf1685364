import os

import pytest

from games import registry
from tests.sticks import Sticks

# Pictures are drawn in this process during tests: the test game `sticks` and the stand-ins some
# tests put in place of a drawing function exist only here. tests/core/test_drawing.py runs the
# worker processes themselves.
os.environ.setdefault("ISLES_RENDER_WORKERS", "0")

try:
    from playwright.async_api import expect
except ImportError:  # the browser tests skip themselves, with the reason
    pass
else:
    # Every expectation on a page waits for its event up to a generous limit (playwright's own is
    # 5 s): on a busy machine a page is slow, not wrong, and the passing path waits no longer.
    expect.set_options(timeout=60_000)


@pytest.fixture
def sticks(monkeypatch):
    """Make the test game `sticks` available through the registry for one test."""
    monkeypatch.setitem(registry.MODULES, "sticks", "tests.sticks")
    registry._load.cache_clear()
    yield Sticks
    registry._load.cache_clear()


@pytest.fixture(params=["sqlite", "postgres"])
async def store_kind(request):
    """Run a test once on SQLite and once on PostgreSQL (skipped with the reason where no server answers)."""
    from tests import helpers

    if request.param == "postgres":
        from tests.pg import REQUIRED, unavailable

        reason = await unavailable()
        if reason:
            if REQUIRED:
                pytest.fail(reason + " (ISLES_REQUIRE_PG is set: these tests must run here)")
            pytest.skip(reason)
    helpers.KIND["kind"] = request.param
    yield request.param
    helpers.KIND["kind"] = "sqlite"
    while helpers.OPENED:  # closed before their databases go
        try:
            await helpers.OPENED.pop().close()
        except Exception:
            pass  # already closed by the test
    if helpers.DATABASES:
        from tests.pg import drop_database

        for dsn in helpers.DATABASES.values():
            await drop_database(dsn)
        helpers.DATABASES.clear()


@pytest.fixture(autouse=True)
async def _close_stores():
    """Close every store a test opened, before its event loop goes away."""
    from tests.helpers import OPENED

    yield
    while OPENED:
        store = OPENED.pop()
        try:
            await store.close()
        except ValueError:
            pass  # already closed by the test


@pytest.fixture
async def database():
    """A new database on the PostgreSQL test server, dropped afterwards (skipped without a server,
    failed instead where CI requires one)."""
    from tests import pg

    reason = await pg.unavailable()
    if reason:
        if pg.REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    dsn = await pg.create_database()
    yield dsn
    await pg.drop_database(dsn)
