-- One daily attempt per person and UTC day, in every server (bot/features/daily.py). The deal of
-- a day is the same everywhere, so an attempt in a second server was a practice run on it.
--
-- `first_of_day` is 1 on the one attempt of a person's day: every new attempt has it, and the
-- unique index refuses a second. Attempts kept from before (one a server) keep their rows and
-- results: the earliest of each person's day gets the 1, the others NULL, which the index lets be
-- (NULLs are distinct in a unique index), so no row has to go and no past board changes.
ALTER TABLE daily_attempts ADD COLUMN first_of_day INTEGER CHECK (first_of_day = 1);
UPDATE daily_attempts SET first_of_day = 1 WHERE NOT EXISTS (
    SELECT 1 FROM daily_attempts earlier
    WHERE earlier.day = daily_attempts.day AND earlier.user_id = daily_attempts.user_id
      AND (earlier.claimed_at < daily_attempts.claimed_at
           OR (earlier.claimed_at = daily_attempts.claimed_at AND earlier.guild_id < daily_attempts.guild_id)));
CREATE UNIQUE INDEX daily_attempts_one_a_person ON daily_attempts (day, user_id, first_of_day);
