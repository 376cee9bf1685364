-- The outbox: every public message a saved change owes its channel (bot/adapters/discord/posting.py).
--
-- A write of a table (a move, a join, a start, ...) inserts or refreshes the table's one
-- 'draft' row in the same transaction as the change, so a change that is saved always owes
-- a post, even if the process dies before the message is composed. The service's reply then
-- seals the draft: its public part (text, mentions, buttons, menus; not the picture, which is
-- drawn again from the saved state when needed, since the state is stored already and a
-- picture would add ~100 KB a move) goes into `body` and the row becomes 'pending'. The
-- sender posts pending rows with the row id as Discord's message nonce (enforce_nonce), so a
-- post retried after a restart is not shown twice, and marks them 'sent'. A draft nobody
-- sealed (a crash between the save and the reply) is composed from the saved table later.
--
-- states: draft -> pending -> sent | refused (403: never retried) | dropped (place deleted,
-- nothing public to say) | failed (gave up after many server errors)
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER REFERENCES tables (id),  -- NULL for a post of no table (a daily board)
    channel_id  INTEGER NOT NULL,
    version     INTEGER,                         -- the table version the post shows
    first_move  INTEGER NOT NULL DEFAULT 0,      -- moves saved before the change (a draft's headline)
    state       TEXT    NOT NULL CHECK (state IN ('draft', 'pending', 'sent', 'refused', 'dropped', 'failed')),
    body        TEXT,                            -- JSON of the public part; NULL while a draft
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_at     INTEGER NOT NULL,                -- Unix seconds: not tried again before this
    message_id  INTEGER,                         -- Discord's message, once sent
    error       TEXT,                            -- the last refusal or failure
    created_at  INTEGER NOT NULL,
    sent_at     INTEGER
);
CREATE UNIQUE INDEX outbox_one_draft ON outbox (table_id) WHERE state = 'draft';
CREATE INDEX outbox_waiting ON outbox (state, next_at);
CREATE INDEX outbox_by_channel ON outbox (channel_id, state);

-- Why a table ended without a result: 'place deleted' (its thread, channel or server is gone,
-- or the bot was removed). Such a table is 'cancelled': no rating changes, no timers.
ALTER TABLE tables ADD COLUMN closed_reason TEXT;
