-- PostgreSQL's form of db/migrations/051_seasons.sql (64-bit integers, double precision).
-- Seasons of a server's league (bot/features/season.py, db/seasons.py): calendar months or
-- quarters in UTC whose standings count the placement points of the rated tables finished inside
-- them. The all-time ratings (migration 004) are left as they are.

-- A server's season setting, set with /season by a member who may manage the server. No row: the
-- server never used seasons and its /leaderboard is the all-time board alone.
-- Seasons of one length are numbered from `epoch_at`: the season underway there is number `base`,
-- and each calendar period after it one more. A change of length (or turning seasons off) ends
-- the season underway at that moment (a row of `seasons`) and counts afresh from there, so that
-- the numbers of past seasons never change.
CREATE TABLE season_settings (
    guild_id    BIGINT  PRIMARY KEY,
    length      TEXT    NOT NULL CHECK (length IN ('monthly', 'quarterly', 'off')),
    points      TEXT    NOT NULL CHECK (points IN ('win', 'place')),
    channel_id  BIGINT,                 -- where the results go; NULL: /settings' results channel
    epoch_at    TEXT    NOT NULL,       -- ISO time in UTC, as rated_tables.at
    base        INTEGER NOT NULL,
    changed_at  TEXT    NOT NULL
);

-- The season points of each person of each counted rated table, both kinds, so that a board is
-- one sum over an index: `win` the placement points (a win 1, last 0, ties split), `place` the
-- points by place (bot/core/placement.py); `first` 1 for a first place, shared or not (the
-- tie-break counts them). `at` is rated_tables.at, the moment the table was rated. Written once
-- per table after its rating, with the table's `scored` mark below; a board read before that adds
-- the table's points in memory.
CREATE TABLE season_points (
    table_id    BIGINT  NOT NULL REFERENCES tables (id),
    user_id     BIGINT  NOT NULL,
    guild_id    BIGINT  NOT NULL,
    at          TEXT    NOT NULL,
    win         DOUBLE PRECISION NOT NULL,
    place       DOUBLE PRECISION NOT NULL,
    first       INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
-- A season's board reads every row of a server between two moments: this index covers it.
CREATE INDEX season_points_by_time ON season_points (guild_id, at, user_id, win, place, first);
-- A counted rated table whose season points are written (1), in the transaction that writes them,
-- so that the tables still to score are found in a small index rather than by comparing tables.
ALTER TABLE rated_tables ADD COLUMN scored INTEGER NOT NULL DEFAULT 0;
CREATE INDEX rated_tables_unscored ON rated_tables (guild_id, at) WHERE counted = 1 AND scored = 0;

-- Every season that ended, with what it was (its dates and kind of points stay as they were).
-- `posted_at` is the mark that its results post was made: written in one transaction with the
-- outbox row of the post (`outbox_id`; NULL when there was nothing to post or nowhere to post it),
-- so that the processes reaching the boundary, and a restart across it, post it once.
CREATE TABLE seasons (
    guild_id    BIGINT  NOT NULL,
    number      INTEGER NOT NULL,
    length      TEXT    NOT NULL,
    points      TEXT    NOT NULL,
    starts_at   TEXT    NOT NULL,
    ends_at     TEXT    NOT NULL,
    closed_at   TEXT    NOT NULL,
    posted_at   TEXT,
    outbox_id   BIGINT,
    PRIMARY KEY (guild_id, number)
);

-- The division (tier 1 the highest) of each person in a season, where the server had divisions:
-- the tiers of the season that ended (assigned by its points when it had none) and, written in
-- the same transaction, those of the next season after the top fifth of each tier went up and the
-- bottom fifth down.
CREATE TABLE season_divisions (
    guild_id    BIGINT  NOT NULL,
    number      INTEGER NOT NULL,
    user_id     BIGINT  NOT NULL,
    tier        INTEGER NOT NULL,
    PRIMARY KEY (guild_id, number, user_id)
);
