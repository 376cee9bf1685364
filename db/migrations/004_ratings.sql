-- Ratings per server and game (openskill, Plackett-Luce) from finished tables (bot/features/ratings.py).
-- The game '*' is the overall rating across every game.

CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,               -- the seat name of the player's latest rated game
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);

-- The rating of each player after each rated table.
CREATE TABLE rating_history (
    guild_id  INTEGER NOT NULL,
    game      TEXT    NOT NULL,
    user_id   INTEGER NOT NULL,
    table_id  INTEGER NOT NULL REFERENCES tables (id),
    at        TEXT    NOT NULL,
    rank      INTEGER NOT NULL,
    humans    INTEGER NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    PRIMARY KEY (table_id, game, user_id)
);
CREATE INDEX rating_history_by_user ON rating_history (guild_id, user_id, game, at);

-- Every finished table the ratings have looked at, rated or not (counted = 0: skipped).
CREATE TABLE rated_tables (
    table_id  INTEGER PRIMARY KEY REFERENCES tables (id),
    guild_id  INTEGER NOT NULL,
    counted   INTEGER NOT NULL,
    at        TEXT    NOT NULL
);
