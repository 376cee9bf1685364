-- PostgreSQL's form of db/migrations/042_played_for.sql.
-- Which moves of the log the table played for a person (bot/features/auto.py: a forced move, a
-- standing answer; bot/features/plans.py: a planned move) rather than the person choosing it then.
-- A take-back by consent aims at a person's own move and takes the moves played after it with it:
-- one of these alone is never what a person asks to take back. 0 for every move saved before.
ALTER TABLE moves ADD COLUMN played_for INTEGER NOT NULL DEFAULT 0;
