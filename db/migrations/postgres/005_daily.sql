-- PostgreSQL's form of db/migrations/005_daily.sql (64-bit integers, identity ids, double precision).
-- The daily challenge: one solo deal per server and UTC day, one attempt per player and day,
-- and the results of solo games (daily or not) for the solo board.
CREATE TABLE daily_deals (
    guild_id        BIGINT  NOT NULL,
    day             TEXT    NOT NULL,            -- the UTC date, YYYY-MM-DD
    game            TEXT    NOT NULL,
    seed            BIGINT  NOT NULL,
    difficulty      TEXT    NOT NULL,
    candidate       BIGINT  NOT NULL,            -- index of the derived seed that was proven winnable
    line            TEXT    NOT NULL,            -- JSON list of moves that win the deal ([] when none was kept)
    board_channel   BIGINT ,                     -- where /daily was first used that day; the boards go there
    final_posted_at TEXT,                        -- when the day's final board was posted (or found empty)
    final_failures  BIGINT  NOT NULL DEFAULT 0,  -- failed attempts to post the final board
    created_at      TEXT    NOT NULL,
    PRIMARY KEY (guild_id, day)
);
CREATE INDEX daily_deals_unposted ON daily_deals (day) WHERE final_posted_at IS NULL;

CREATE TABLE daily_attempts (
    guild_id    BIGINT  NOT NULL,
    day         TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    channel_id  BIGINT  NOT NULL,                -- the player's own thread (or channel)
    table_id    BIGINT  UNIQUE REFERENCES tables (id),  -- NULL while the table is being opened
    claimed_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, day, user_id),        -- one attempt per player and day, whatever the path
    FOREIGN KEY (guild_id, day) REFERENCES daily_deals (guild_id, day)
);

CREATE TABLE solo_results (
    table_id    BIGINT  PRIMARY KEY REFERENCES tables (id),
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    name        TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    difficulty  TEXT    NOT NULL DEFAULT '',
    day         TEXT,                            -- the daily challenge's date; NULL for a free game
    won         BIGINT  NOT NULL,
    score       DOUBLE PRECISION,                            -- NULL when the game did not reach its end
    ended       TEXT    NOT NULL CHECK (ended IN ('finished', 'resigned', 'cancelled')),
    hints       BIGINT  NOT NULL DEFAULT 0,
    moves       BIGINT  NOT NULL,
    finished_at TEXT    NOT NULL
);
CREATE INDEX solo_results_by_player ON solo_results (guild_id, user_id);
CREATE INDEX solo_results_by_day ON solo_results (guild_id, day) WHERE day IS NOT NULL;

CREATE TABLE solo_hints (
    table_id  BIGINT  PRIMARY KEY REFERENCES tables (id),
    hints     BIGINT  NOT NULL
);
