import pytest

from games import registry
from tests.sticks import Sticks


@pytest.fixture
def sticks(monkeypatch):
    """Make the test game `sticks` available through the registry for one test."""
    monkeypatch.setitem(registry.MODULES, "sticks", "tests.sticks")
    registry._load.cache_clear()
    yield Sticks
    registry._load.cache_clear()


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
