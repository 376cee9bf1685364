-- IDENTIFY across processes (bot/lease.py): Discord lets a bot start one gateway session per
-- 5 seconds in each bucket (shard id modulo max_concurrency), whichever process starts it. A
-- process about to IDENTIFY reserves the next free moment of its shard's bucket in one statement
-- (the row is locked while it is written), then waits for that moment.
CREATE TABLE identify_slots (
    bucket  INTEGER PRIMARY KEY,
    at      REAL    NOT NULL    -- Unix seconds: the last moment reserved for an IDENTIFY in the bucket
);
