"""Table features: timing, ratings, take-back, rematch, animation, preview, computer levels,
my games, the daily challenge and its solver. Each is an extension of the table service
(`bot.core.extension.Extension`).

A feature may import the core's public names, games/, db/, render/ and another feature; never
an adapter, the wiring or discord.
"""
