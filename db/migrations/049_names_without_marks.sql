-- Names kept without the characters of the core's marks (bot/core/marks.py: U+E000 and U+E001).
-- A name now loses them where it enters the core; a name kept before still held them, and was
-- written as another member's mention or a channel wherever it was shown. Only such rows change.
UPDATE seats SET name = REPLACE(REPLACE(name, char(57344), ''), char(57345), '')
    WHERE instr(name, char(57344)) > 0 OR instr(name, char(57345)) > 0;
UPDATE ratings SET name = REPLACE(REPLACE(name, char(57344), ''), char(57345), '')
    WHERE instr(name, char(57344)) > 0 OR instr(name, char(57345)) > 0;
UPDATE daily_attempts SET name = REPLACE(REPLACE(name, char(57344), ''), char(57345), '')
    WHERE instr(name, char(57344)) > 0 OR instr(name, char(57345)) > 0;
UPDATE solo_results SET name = REPLACE(REPLACE(name, char(57344), ''), char(57345), '')
    WHERE instr(name, char(57344)) > 0 OR instr(name, char(57345)) > 0;
UPDATE takeback_requests SET name = REPLACE(REPLACE(name, char(57344), ''), char(57345), '')
    WHERE instr(name, char(57344)) > 0 OR instr(name, char(57345)) > 0;
UPDATE substitutes SET left_name = REPLACE(REPLACE(left_name, char(57344), ''), char(57345), '')
    WHERE instr(left_name, char(57344)) > 0 OR instr(left_name, char(57345)) > 0;
UPDATE substitutes SET taker_name = REPLACE(REPLACE(taker_name, char(57344), ''), char(57345), '')
    WHERE instr(taker_name, char(57344)) > 0 OR instr(taker_name, char(57345)) > 0;
