"""The shared `Rng` draws exactly what a fresh `random.Random("seed:counter")` draws.

Stored games of every kind are replayed from their seed, so the stream may never change; and
games are played on several threads at once, so one Rng's draws may not depend on another's.
"""

from __future__ import annotations

import random
import sys
import threading

from games.base import Rng


def fresh(seed: int, counter: int) -> random.Random:
    """The generator every draw was made from before draws reused one."""
    return random.Random(f"{seed}:{counter}")


def test_every_kind_of_draw_matches_a_fresh_generator_per_draw():
    picker = random.Random(5)
    for _ in range(300):
        seed = picker.choice([0, 1, 7, -3, -(2**40), 2**31, 2**53 - 1, picker.randrange(2**53)])
        counter = picker.randrange(1000)
        rng = Rng(seed, counter)
        items = list(range(picker.randrange(1, 120)))
        low = picker.randrange(-5, 5)
        high = low + picker.choice([0, 1, 5, 7, 31, 35, 63, 64, 2**32, 2**70, picker.randrange(200)])
        k = picker.randrange(0, len(items) + 1)

        assert rng.randint(low, high) == fresh(seed, counter).randint(low, high)
        assert rng.choice(items) == fresh(seed, counter + 1).choice(items)
        mine, theirs = list(items), list(items)
        rng.shuffle(mine)
        fresh(seed, counter + 2).shuffle(theirs)
        assert mine == theirs
        assert rng.sample(items, k) == fresh(seed, counter + 3).sample(items, k)
        assert rng.random() == fresh(seed, counter + 4).random()
        assert rng.to_list() == [seed, counter + 5]


def test_a_draw_after_many_draws_is_the_same_as_after_a_reload():
    rng = Rng(42)
    for _ in range(50):
        rng.randint(0, 35)
    reloaded = Rng.from_list(rng.to_list())
    assert [rng.randint(0, 35) for _ in range(20)] == [reloaded.randint(0, 35) for _ in range(20)]


def test_rngs_on_several_threads_draw_what_each_would_draw_alone():
    seeds = list(range(4))
    alone = {}
    for seed in seeds:
        rng = Rng(seed)
        alone[seed] = [rng.randint(0, 10**6) for _ in range(1000)]
    together: dict[int, list[int]] = {}
    start = threading.Barrier(len(seeds))

    def draw(seed: int) -> None:
        rng = Rng(seed)
        start.wait()
        together[seed] = [rng.randint(0, 10**6) for _ in range(1000)]

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns between almost every step
    try:
        threads = [threading.Thread(target=draw, args=(seed,)) for seed in seeds]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert together == alone
