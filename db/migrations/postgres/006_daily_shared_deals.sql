-- PostgreSQL's form of db/migrations/006_daily_shared_deals.sql (64-bit integers, identity ids, double precision).
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
    seed        BIGINT  NOT NULL,
    difficulty  TEXT    NOT NULL,
    candidate   BIGINT  NOT NULL,               -- index of the derived seed that was proven winnable
    line        TEXT    NOT NULL,               -- JSON list of moves that win it, as the solver found them
    created_at  TEXT    NOT NULL
);

-- 2. One attempt, one table. The attempt row is written first (its primary key is the guard);
--    `opener` names the call that wrote (or took over) the claim, and only that call may link a
--    table to it. A table opened by a call that lost its claim is cancelled before it starts.
ALTER TABLE daily_attempts ADD COLUMN opener TEXT;

-- 3. An attempt ends with its day: what is unfinished at 00:00 UTC is kept as 'expired' (a
--    loss). PostgreSQL widens the CHECK in place.
ALTER TABLE solo_results DROP CONSTRAINT solo_results_ended_check;
ALTER TABLE solo_results ADD CONSTRAINT solo_results_ended_check
    CHECK (ended IN ('finished', 'resigned', 'cancelled', 'expired'));
