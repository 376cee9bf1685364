-- A server's defaults, set with /settings by a member who may manage the server
-- (bot/features/settings.py). Every column is NULL until set, and NULL means "as before
-- /settings existed": a server that never used it behaves exactly as it did.

-- The turn deadline, reminder and timeout /open gives a new table when its opener names none,
-- kept as an admin typed them once bot/features/timing.py's parser accepted them, so that /open
-- reads them with that one parser (24h, half, forfeit-3 ...).
ALTER TABLE guild_settings ADD COLUMN default_deadline TEXT;
ALTER TABLE guild_settings ADD COLUMN default_reminder TEXT;
ALTER TABLE guild_settings ADD COLUMN default_timeout TEXT;
-- Where a finished game's result is posted as well as at its table, and the role pinged once
-- when a new table seeks players.
ALTER TABLE guild_settings ADD COLUMN results_channel INTEGER;
ALTER TABLE guild_settings ADD COLUMN seek_role INTEGER;

-- The channels where /open may open a table (and in their threads). No row for a server: anywhere.
CREATE TABLE open_channels (
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);

-- The finished tables whose result was posted in a results channel: claimed before the post, so
-- that the processes hearing of the same finish post it once.
CREATE TABLE result_posts (
    table_id    INTEGER PRIMARY KEY REFERENCES tables (id),
    channel_id  INTEGER NOT NULL,
    at          INTEGER NOT NULL
);
