-- Tables, their seats, the move log and the results of finished games.
CREATE TABLE guild_settings (
    guild_id   INTEGER PRIMARY KEY,
    threads    INTEGER NOT NULL DEFAULT 1   -- open a thread for each new table
);

CREATE TABLE tables (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL,            -- JSON of the parsed lobby options
    seed        INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    host_id     INTEGER NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,  -- bumped by every write; guards concurrent moves
    state       TEXT,                        -- JSON dump of the game, NULL in the lobby
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE UNIQUE INDEX tables_one_open_per_channel ON tables (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX tables_by_guild ON tables (guild_id, status);

CREATE TABLE seats (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    position   INTEGER NOT NULL,             -- order of joining
    seat       INTEGER,                      -- game seat, drawn at start
    user_id    INTEGER,                      -- NULL for an AI seat
    name       TEXT    NOT NULL,
    is_ai      INTEGER NOT NULL DEFAULT 0,
    resigned   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, position)
);
CREATE UNIQUE INDEX seats_one_user_per_table ON seats (table_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE moves (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    n          INTEGER NOT NULL,             -- 1, 2, 3, ... per table
    seat       INTEGER NOT NULL,
    user_id    INTEGER,                      -- who sent it; NULL when the AI played
    move       TEXT    NOT NULL,
    at         TEXT    NOT NULL,
    PRIMARY KEY (table_id, n)
);

CREATE TABLE results (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    seat       INTEGER NOT NULL,
    user_id    INTEGER,
    is_ai      INTEGER NOT NULL,
    rank       INTEGER NOT NULL,
    score      REAL    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
