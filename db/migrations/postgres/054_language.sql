-- The language of a server's public posts (lang/): what /settings language: chose ('en', 'de', 'es'),
-- NULL until chosen; and the server's own language as Discord last told it (its guild_locale, e.g.
-- 'de' or 'es-ES'), remembered from the latest command so that a post nobody asked for (a reminder,
-- a deadline, a board rebuilt after a restart) is written in the language the table's posts were.
-- The chosen language wins; with neither, the posts are in English as before.
ALTER TABLE guild_settings ADD COLUMN language TEXT;
ALTER TABLE guild_settings ADD COLUMN guild_locale TEXT;
