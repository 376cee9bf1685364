"""The channels processes wake each other on (PostgreSQL's LISTEN/NOTIFY; SQLite's processes poll).

Apart from the modules that use them, so that the connection can listen without importing the
stores that notify."""

WAKE = "isles_timers"  # a new or moved timer is announced here, to the clocks' holder
TABLES = "isles_tables"  # a table's row was written (a move, a seat, its end): open board pages look again
