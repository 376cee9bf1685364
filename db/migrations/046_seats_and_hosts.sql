-- Seats that change hands, and host powers that end with the seat (bot/features/substitute.py,
-- bot/core/lobby.py).

-- The count of missed deadlines a seat had when its player last moved themselves (or kept the
-- seat when it was offered). A seat is offered to a substitute for its misses only while its
-- count is above this: a player who came back is not pushed out for a miss before. The forfeit
-- still counts every miss.
ALTER TABLE missed_deadlines ADD COLUMN answered INTEGER NOT NULL DEFAULT 0;

-- Who agreed to cancel a game under way: it is cancelled once every person still playing has.
CREATE TABLE cancel_consents (
    table_id  INTEGER NOT NULL REFERENCES tables (id),
    user_id   INTEGER NOT NULL,
    at        INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
