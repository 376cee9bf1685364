-- PostgreSQL's form of db/migrations/004_ratings.sql (64-bit integers, identity ids, double precision).
-- Ratings per server and game (openskill, Plackett-Luce) from finished tables (bot/features/ratings.py).
-- The game '*' is the overall rating across every game.

CREATE TABLE ratings (
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    name        TEXT    NOT NULL,               -- the seat name of the player's latest rated game
    mu          DOUBLE PRECISION    NOT NULL,
    sigma       DOUBLE PRECISION    NOT NULL,
    games       BIGINT  NOT NULL,
    wins        BIGINT  NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);

-- The rating of each player after each rated table.
CREATE TABLE rating_history (
    guild_id  BIGINT  NOT NULL,
    game      TEXT    NOT NULL,
    user_id   BIGINT  NOT NULL,
    table_id  BIGINT  NOT NULL REFERENCES tables (id),
    at        TEXT    NOT NULL,
    rank      BIGINT  NOT NULL,
    humans    BIGINT  NOT NULL,
    mu        DOUBLE PRECISION    NOT NULL,
    sigma     DOUBLE PRECISION    NOT NULL,
    PRIMARY KEY (table_id, game, user_id)
);
CREATE INDEX rating_history_by_user ON rating_history (guild_id, user_id, game, at);

-- Every finished table the ratings have looked at, rated or not (counted = 0: skipped).
CREATE TABLE rated_tables (
    table_id  BIGINT  PRIMARY KEY REFERENCES tables (id),
    guild_id  BIGINT  NOT NULL,
    counted   BIGINT  NOT NULL,
    at        TEXT    NOT NULL
);
