-- Small named values the bot keeps between runs (e.g. the hash of the last synced command set).
CREATE TABLE meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
