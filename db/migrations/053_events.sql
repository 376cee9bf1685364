-- Swiss events of a server (bot/features/event.py): people sign up, then each round pairs them by
-- event points into tables of the event's game, opened through the normal /open path in threads.

-- One event. `round` is the round opened last (0 while people sign up): the process holding the
-- clocks' lease opens the next round by advancing it from the number it read, in the same
-- transaction that writes the round's pairings, so two processes (or a restart) open a round once.
-- `status`: signup, running, finished. `results_at`: when the final standings were claimed for
-- their one post (NULL until then), claimed before the post so that it is made once.
CREATE TABLE events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,  -- where the sign-up card was posted: the event's channel
    game          TEXT NOT NULL,
    seats         INTEGER NOT NULL,  -- seats a table (2-4); k-1 where the count needs it
    rounds        INTEGER NOT NULL,
    round_days    INTEGER NOT NULL,
    seed          INTEGER NOT NULL,  -- the pairing's seed: each round's is derived from it
    status        TEXT NOT NULL DEFAULT 'signup',
    round         INTEGER NOT NULL DEFAULT 0,
    round_ends_at INTEGER,           -- the moment the round running now ends (epoch seconds)
    created_by    INTEGER NOT NULL,
    created_at    INTEGER NOT NULL,
    results_at    INTEGER
);
-- one event still signing up or running per channel: /event there names it
CREATE UNIQUE INDEX events_one_open_per_channel ON events (channel_id) WHERE status <> 'finished';

-- Who signed up, in the order they did (the Join button or /event join). Leaving before the start
-- deletes the row; leaving later keeps it with `left_at`: the person is paired no more, and their
-- results stay in the standings.
CREATE TABLE event_entrants (
    event_id   INTEGER NOT NULL REFERENCES events (id),
    user_id    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    joined_at  INTEGER NOT NULL,
    left_at    INTEGER,
    PRIMARY KEY (event_id, user_id)
);

-- A round's pairing: one row per table (`number` from 1), its players in seat order as a JSON list
-- of user ids (the first sits first), the thread made for it and the table opened there once they
-- are (NULL until then: a restart between the pairing and the opening opens the rest). A process
-- claims a row's opening before it makes the thread, so that two never open one table twice. A
-- bye is a row of one player with `bye` 1, numbered after the tables and never opened. `points` is filled when the table ends (a
-- bye's at once): a JSON object user id -> event points, so standings are read without the tables.
CREATE TABLE event_tables (
    event_id    INTEGER NOT NULL REFERENCES events (id),
    round       INTEGER NOT NULL,
    number      INTEGER NOT NULL,
    players     TEXT NOT NULL,
    table_id    INTEGER REFERENCES tables (id),
    channel_id  INTEGER,
    opening_at  INTEGER,  -- when a process claimed the opening of this table (a claim left by a crash goes stale)
    bye         INTEGER NOT NULL DEFAULT 0,
    points      TEXT,
    PRIMARY KEY (event_id, round, number)
);
CREATE INDEX event_tables_by_table ON event_tables (table_id);
