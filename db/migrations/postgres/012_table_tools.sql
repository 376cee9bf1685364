-- PostgreSQL's form of db/migrations/012_table_tools.sql (64-bit integers, identity ids, double precision).
-- Table tools: a move taken back by consent stays in the log, marked, so the table's history
-- keeps what happened while the live game is rebuilt from the moves that stand; computer
-- seats keep the strength they were added with, so a rematch seats the same opponents.
ALTER TABLE moves ADD COLUMN taken_back BIGINT  NOT NULL DEFAULT 0;

CREATE TABLE ai_levels (
    table_id  BIGINT  NOT NULL REFERENCES tables (id),
    position  BIGINT  NOT NULL,              -- the computer seat's position of joining
    level     TEXT    NOT NULL,              -- easy, normal or hard
    PRIMARY KEY (table_id, position)
);

-- a solo result remembers the take-backs, as it remembers hints
ALTER TABLE solo_results ADD COLUMN takebacks BIGINT  NOT NULL DEFAULT 0;
