"""Isles' bot: the table service and everything around it (map in bot/README.md).

- `bot.core`: the table service and its vocabulary (replies, commands, history, replay).
- `bot.features`: table features that plug into the service as extensions.
- `bot.adapters`: the ways in and out (Discord, the terminal console, the board pages).
- top level: the start-up wiring (`settings`, `extensions`, `lease`, `copy_store`) and `cli`,
  which may import anything below them; `cli` alone sets two adapters side by side (the board
  pages beside the console or the Discord bot).
"""
