-- The daily challenge, second form (bot/features/daily.py).
--
-- 1. One deal per UTC day for every server. Until now each server had a deal of its own,
--    solved the first time somebody there typed /daily; 10,000 servers meant 10,000 solves at
--    midnight. `daily_days` holds the one deal of a day, prepared (solved) the day before by a
--    single job. `daily_deals` stays: it is now a server's day (its board channel, its final
--    board), and copies the day's deal when the server first plays it. A server that already has
--    a row for a day keeps it, so nobody's deal changes under them while this migration runs.
CREATE TABLE daily_days (
    day         TEXT    PRIMARY KEY,            -- the UTC date, YYYY-MM-DD
    game        TEXT    NOT NULL,
    seed        INTEGER NOT NULL,
    difficulty  TEXT    NOT NULL,
    candidate   INTEGER NOT NULL,               -- index of the derived seed that was proven winnable
    line        TEXT    NOT NULL,               -- JSON list of moves that win it, as the solver found them
    created_at  TEXT    NOT NULL
);

-- 2. One attempt, one table. The attempt row is written first (its primary key is the guard);
--    `opener` names the call that wrote (or took over) the claim, and only that call may link a
--    table to it. A table opened by a call that lost its claim is cancelled before it starts.
ALTER TABLE daily_attempts ADD COLUMN opener TEXT;

-- 3. An attempt ends with its day: what is unfinished at 00:00 UTC is kept as 'expired' (a
--    loss). SQLite cannot widen a CHECK in place, so solo_results is copied into a new table
--    with the wider CHECK; nothing references solo_results, and every row and index is kept.
CREATE TABLE solo_results_new (
    table_id    INTEGER PRIMARY KEY REFERENCES tables (id),
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    difficulty  TEXT    NOT NULL DEFAULT '',
    day         TEXT,                            -- the daily challenge's date; NULL for a free game
    won         INTEGER NOT NULL,
    score       REAL,                            -- NULL when the game did not reach its end
    ended       TEXT    NOT NULL CHECK (ended IN ('finished', 'resigned', 'cancelled', 'expired')),
    hints       INTEGER NOT NULL DEFAULT 0,
    moves       INTEGER NOT NULL,
    finished_at TEXT    NOT NULL
);
INSERT INTO solo_results_new SELECT table_id, guild_id, user_id, name, game, difficulty, day, won, score, ended,
    hints, moves, finished_at FROM solo_results;
DROP TABLE solo_results;
ALTER TABLE solo_results_new RENAME TO solo_results;
CREATE INDEX solo_results_by_player ON solo_results (guild_id, user_id);
CREATE INDEX solo_results_by_day ON solo_results (guild_id, day) WHERE day IS NOT NULL;
