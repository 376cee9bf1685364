-- What each post tells, so that every saved move reaches its channel (bot/adapters/discord/posting.py).
--
-- A move remembers the table version its write made. An outbox row remembers `since`: the
-- version before the first change its post tells, so a row tells the changes after `since` up
-- to its `version`. A draft keeps the `since` of the first change it covers while later writes
-- move its version on; a reply that seals a draft holding changes from before its own writes
-- (their answer was never posted: a crash, a failed store call) tells those moves first, read
-- from the log. NULL where unknown: rows and moves written before this migration, and a reply
-- whose writes were not one unbroken run (another process wrote the table in between).
ALTER TABLE moves ADD COLUMN version INTEGER;
ALTER TABLE outbox ADD COLUMN since INTEGER;
-- the posts of one table, for the moves they already tell
CREATE INDEX outbox_by_table ON outbox (table_id, state);
