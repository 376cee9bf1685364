-- PostgreSQL's form of db/migrations/040_auto_plans.sql (64-bit integers).
-- Moves a table makes for a person who is not there (bot/features/auto.py): the person's /auto
-- settings and their one planned move. Kept per table and person, private to that person: no
-- public answer reads them, and a person without a row has the defaults (forced moves on, no answers).
CREATE TABLE auto_settings (
    table_id  BIGINT  NOT NULL REFERENCES tables (id),
    user_id   BIGINT  NOT NULL,
    forced    INTEGER NOT NULL DEFAULT 1,   -- 1: a move that is the seat's only one (publicly) is played for it
    answers   TEXT    NOT NULL DEFAULT '{}', -- JSON object: the game's standing answers by name (games/auto.py)
    PRIMARY KEY (table_id, user_id)
);
-- One planned move a person and table. It is deleted before it is played (a crash in between loses
-- the plan and asks the person, never plays it twice); a plan dropped as illegal or stopped keeps
-- its row with `dropped` set until the person has been told why.
CREATE TABLE planned_moves (
    table_id  BIGINT  NOT NULL REFERENCES tables (id),
    user_id   BIGINT  NOT NULL,
    seat      BIGINT  NOT NULL,
    move      TEXT    NOT NULL,   -- canonical text, as the log would keep it
    version   BIGINT  NOT NULL,   -- the table's version when planned
    mark      TEXT    NOT NULL,   -- the public facts the move depends on (the game's plan_mark)
    dropped   TEXT    NOT NULL DEFAULT '',  -- why it was dropped, until told; '' while it stands
    PRIMARY KEY (table_id, user_id)
);
