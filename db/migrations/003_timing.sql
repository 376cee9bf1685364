-- Turn deadlines, reminders, notification settings and vacations (bot/features/timing.py).
-- Times are Unix seconds (UTC), so that due timers compare as numbers.

CREATE TABLE timing_settings (
    table_id       INTEGER PRIMARY KEY REFERENCES tables (id),
    deadline_s     INTEGER,                      -- length of a turn; NULL: no deadline
    reminder_s     INTEGER NOT NULL DEFAULT -1,  -- reminder this long before the deadline; -1: at half; 0: none
    policy         TEXT    NOT NULL DEFAULT 'ai' CHECK (policy IN ('ai', 'forfeit')),
    forfeit_after  INTEGER NOT NULL DEFAULT 3    -- missed deadlines before a forfeit (policy 'forfeit')
);

-- The last version of each table whose turns were worked out, and its last move number.
CREATE TABLE turn_watch (
    table_id   INTEGER PRIMARY KEY REFERENCES tables (id),
    version    INTEGER NOT NULL,
    last_move  INTEGER NOT NULL
);

-- A seat whose turn runs now: it entered the seats to act at `version` and is still there.
CREATE TABLE turns (
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    version     INTEGER NOT NULL,               -- the turn's identity, together with the seat
    started_at  INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX turns_by_guild ON turns (guild_id, user_id);

-- One reminder and one deadline per turn. pending -> done, or pending -> claimed -> done for a
-- deadline (claimed: the missed deadline is counted and its action chosen, the move may not be
-- played yet), or dropped when it lost its meaning.
CREATE TABLE timers (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    seat        INTEGER NOT NULL,
    version     INTEGER NOT NULL,               -- the turn it belongs to
    kind        TEXT    NOT NULL CHECK (kind IN ('remind', 'deadline')),
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    started_at  INTEGER NOT NULL,               -- when the turn started
    offset_s    INTEGER NOT NULL,               -- turn time (vacations excluded) until it is due
    due_at      INTEGER NOT NULL,               -- earliest moment it may be due; recomputed with vacations
    state       TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'claimed', 'done', 'dropped')),
    action      TEXT,                           -- a claimed deadline: 'play' or 'forfeit'
    fired_at    INTEGER,
    UNIQUE (table_id, seat, version, kind)
);
CREATE INDEX timers_due ON timers (state, due_at);
CREATE INDEX timers_by_user ON timers (guild_id, user_id, state);

CREATE TABLE missed_deadlines (
    table_id  INTEGER NOT NULL REFERENCES tables (id),
    seat      INTEGER NOT NULL,
    count     INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);

-- Per player and server: how a player hears that it is their turn.
CREATE TABLE notify_settings (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    mode         TEXT    NOT NULL DEFAULT 'mention' CHECK (mode IN ('mention', 'dm', 'quiet')),
    dm_refused   INTEGER,                       -- when Discord last refused a direct message
    told         INTEGER NOT NULL DEFAULT 0,    -- the player was told that their direct messages are closed
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE vacations (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    starts_at  INTEGER NOT NULL,
    ends_at    INTEGER NOT NULL
);
CREATE INDEX vacations_by_user ON vacations (guild_id, user_id, ends_at);
