"""The table in a browser: a page per person and table, served by the bot (aiohttp), moves through the service."""
