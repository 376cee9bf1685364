-- PostgreSQL's form of db/migrations/049_names_without_marks.sql (chr and strpos for char and instr).
-- Names kept without the characters of the core's marks (bot/core/marks.py: U+E000 and U+E001).
-- A name now loses them where it enters the core; a name kept before still held them, and was
-- written as another member's mention or a channel wherever it was shown. Only such rows change.
UPDATE seats SET name = REPLACE(REPLACE(name, chr(57344), ''), chr(57345), '')
    WHERE strpos(name, chr(57344)) > 0 OR strpos(name, chr(57345)) > 0;
UPDATE ratings SET name = REPLACE(REPLACE(name, chr(57344), ''), chr(57345), '')
    WHERE strpos(name, chr(57344)) > 0 OR strpos(name, chr(57345)) > 0;
UPDATE daily_attempts SET name = REPLACE(REPLACE(name, chr(57344), ''), chr(57345), '')
    WHERE strpos(name, chr(57344)) > 0 OR strpos(name, chr(57345)) > 0;
UPDATE solo_results SET name = REPLACE(REPLACE(name, chr(57344), ''), chr(57345), '')
    WHERE strpos(name, chr(57344)) > 0 OR strpos(name, chr(57345)) > 0;
UPDATE takeback_requests SET name = REPLACE(REPLACE(name, chr(57344), ''), chr(57345), '')
    WHERE strpos(name, chr(57344)) > 0 OR strpos(name, chr(57345)) > 0;
UPDATE substitutes SET left_name = REPLACE(REPLACE(left_name, chr(57344), ''), chr(57345), '')
    WHERE strpos(left_name, chr(57344)) > 0 OR strpos(left_name, chr(57345)) > 0;
UPDATE substitutes SET taker_name = REPLACE(REPLACE(taker_name, chr(57344), ''), chr(57345), '')
    WHERE strpos(taker_name, chr(57344)) > 0 OR strpos(taker_name, chr(57345)) > 0;
