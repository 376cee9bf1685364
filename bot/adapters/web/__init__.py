"""The table in a browser: a page per person and table, served by the bot (aiohttp), moves through
the service's `move`. It may import the core, the wiring's settings and aiohttp; never discord
(the Activity signs in through Discord's HTTP endpoints) nor another adapter."""
