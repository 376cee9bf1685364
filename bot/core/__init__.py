"""The core: the table service (`service`, a facade on `hub`) and its collaborators, one concern
each (`lobby`, `moves`, `seats`, `composing`, `suggestions`, `logbook`, `pages`); the reply and
command shapes, the neutral marks of people, places and moments (`marks`), a place of a
caller's own (`places`), the table cache, the history, the one replay of a table from its seed
and log, the turn's recap, standings, the turn buttons and move lists.

No platform's limit or markup is here: the adapters cut, clip and write what the core gives.

It may import games/, db/, render/ and other core modules only: never a feature, an adapter
or the wiring. Features use its public names; nothing outside it reads its private ones.
"""
