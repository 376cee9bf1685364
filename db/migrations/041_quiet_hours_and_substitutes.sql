-- Quiet hours, the hourly digest and held direct messages (bot/features/notify.py), and the
-- substitutes offered for a seat the computer plays (bot/features/substitute.py).

-- How a player wants direct messages paced, per server. Quiet hours are whole hours of the day
-- in the player's own zone (an IANA name such as Europe/Paris), from quiet_from up to quiet_to
-- (22 and 8: overnight); NULL: none. A digest of 'hourly' sends at most one direct message an
-- hour; last_dm_at is when the last one went, claimed with the messages it carried so that two
-- processes cannot both send one.
ALTER TABLE notify_settings ADD COLUMN quiet_from INTEGER;
ALTER TABLE notify_settings ADD COLUMN quiet_to INTEGER;
ALTER TABLE notify_settings ADD COLUMN zone TEXT;
ALTER TABLE notify_settings ADD COLUMN digest TEXT NOT NULL DEFAULT 'off';
ALTER TABLE notify_settings ADD COLUMN last_dm_at INTEGER;

-- A direct message held back (quiet hours, or within the hour of a digest). held -> sent when a
-- digest carrying it is claimed (marked before it is sent, as reminders are: never twice), or
-- held -> dropped when the turn it tells of was over by then. Kept in the database so that a
-- restart still sends it.
CREATE TABLE held_notices (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    channel_id  INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    version     INTEGER NOT NULL,               -- the turn it tells of (turns.version)
    text        TEXT    NOT NULL,
    held_at     INTEGER NOT NULL,
    due_at      INTEGER NOT NULL,               -- the end of the quiet hours, or of the digest's hour
    state       TEXT    NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'sent', 'dropped')),
    sent_at     INTEGER
);
CREATE INDEX held_notices_due ON held_notices (state, due_at);
CREATE INDEX held_notices_by_user ON held_notices (guild_id, user_id, state);

-- A seat offered to a substitute. offered -> taken (one taker: the claim is guarded by the
-- state) -> seated once the seat's turn is not running (the taker plays from the seat's next
-- turn), or offered -> withdrawn when the table moved on without a taker. from_move is the
-- log's move count when the taker got the seat: their share of the seat's moves is counted
-- from there for the ratings.
CREATE TABLE substitutes (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seat        INTEGER NOT NULL,
    left_user   INTEGER,                        -- the player who left the seat
    left_name   TEXT    NOT NULL,
    taker_id    INTEGER,
    taker_name  TEXT,
    state       TEXT    NOT NULL DEFAULT 'offered' CHECK (state IN ('offered', 'taken', 'seated', 'withdrawn')),
    from_move   INTEGER,
    offered_at  INTEGER NOT NULL
);
CREATE INDEX substitutes_by_table ON substitutes (table_id, state);
-- one open offer a seat: a second /sub for it, from any process, finds this one
CREATE UNIQUE INDEX substitutes_one_open ON substitutes (table_id, seat) WHERE state IN ('offered', 'taken');
