"""The core: the table service, the reply and command shapes, the table cache, the history,
the one replay of a table from its seed and log, standings, the turn buttons and move lists.

It may import games/, db/, render/ and other core modules only: never a feature, an adapter
or the wiring. Features use its public names; nothing outside it reads its private ones.
"""
