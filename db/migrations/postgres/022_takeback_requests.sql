-- PostgreSQL's form of db/migrations/022_takeback_requests.sql (64-bit integers, identity ids, double precision).
-- Take-back requests (bot/features/takeback.py). A request waits for every other person at the table to
-- agree, which can take hours in daily-move play, so it is kept here rather than in a process's
-- memory: a restarted bot, or another process answering the button, still knows who has agreed.
-- A request is bound to the table's version when it was asked: any later write to the table (a
-- move, a deadline's move, the end) ends it, so a row whose version is behind the table's is
-- dead and is deleted when next seen.
CREATE TABLE takeback_requests (
    table_id  BIGINT  PRIMARY KEY REFERENCES tables (id),  -- one open request a table
    version   BIGINT  NOT NULL,   -- the table's version when asked
    seat      BIGINT  NOT NULL,   -- the asker's seat
    name      TEXT    NOT NULL,   -- the asker's name as shown then
    numbers   TEXT    NOT NULL,   -- JSON list: log numbers of the moves that go back
    move      TEXT    NOT NULL,   -- the asker's move, as the log keeps it
    waiting   TEXT    NOT NULL    -- JSON list: user ids of the people who have not agreed yet
);
