-- PostgreSQL's form of db/migrations/031_told_moves.sql (64-bit integers).
ALTER TABLE moves ADD COLUMN version BIGINT;
ALTER TABLE outbox ADD COLUMN since BIGINT;
CREATE INDEX outbox_by_table ON outbox (table_id, state);
