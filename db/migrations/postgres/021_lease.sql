-- PostgreSQL's form of db/migrations/021_lease.sql (64-bit integers, identity ids, double precision).
-- Leases: work that one process only may do at a time (bot/lease.py). Several bot processes
-- may share the database (shards split across processes), but the clocks (reminders,
-- deadlines, day-end boards, the daily preparation) and the outbox sweep must run once: the
-- process holding the 'clocks' lease runs them. A holder renews its lease well before it
-- expires; a lease not renewed (a process killed) is taken over once it has expired.
CREATE TABLE leases (
    name        TEXT PRIMARY KEY,
    holder      TEXT NOT NULL,     -- host:pid:random of the process holding it
    expires_at  DOUBLE PRECISION NOT NULL      -- Unix seconds
);
