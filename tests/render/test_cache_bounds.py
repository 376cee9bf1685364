"""The picture caches are bounded by bytes as well as by count: a bot drawing for many tables
keeps a fixed amount of memory for them, whatever the pictures weigh."""

from __future__ import annotations

import random

from PIL import Image

import render
from games import registry
from render.common import Cache, cached_bytes, size_of


def test_a_cache_of_images_drops_the_least_recent_once_over_its_bytes():
    cache = Cache(size=100, max_bytes=3 * size_of(Image.new("RGB", (100, 100))))
    for k in range(5):
        cache.get(k, lambda: Image.new("RGB", (100, 100)))
    cache.get(2, lambda: Image.new("RGB", (1, 1)))  # a hit: 2 is now the most recent
    cache.get(5, lambda: Image.new("RGB", (100, 100)))
    assert len(cache) == 3 and cache.bytes <= cache.max_bytes
    built = []
    cache.get(2, lambda: built.append(2))
    cache.get(3, lambda: built.append(3))
    assert built == [3]  # 2 was kept for being used, 3 was dropped for being oldest


def test_one_value_larger_than_the_bound_is_kept_until_the_next():
    cache = Cache(size=10, max_bytes=100)
    big = cache.get("big", lambda: b"x" * 1000)
    assert cache.get("big", lambda: b"") is big
    cache.get("small", lambda: b"y")
    assert len(cache) == 1 and cache.bytes < 100


def test_pictures_of_many_tables_stay_within_the_caches_bounds():
    names = ["ann", "ben", "cleo", "dee"]
    for key, cls in registry.available().items():
        for seed in range(3):
            game = cls.new(cls.max_players, {}, seed)
            rng = random.Random(seed)
            for step in range(120):
                if game.is_over():
                    break
                seat = game.to_act()[0]
                game.play(seat, rng.choice(game.legal_moves(seat)))
                if step % 20 == 0:
                    render.draw(key, game.view(None), names[:game.players])
    held, allowed = cached_bytes()
    # the boards of 200 tables of every game (Pioneer's Isle's counted at a sea layout's size),
    # kept deflated, within a fixed allowance
    assert 0 < held <= allowed <= 216 << 20
