"""The shared `Rng` draws exactly what a fresh `random.Random("seed:counter")` draws, and with
`hashed` its whole numbers are read from the SHA-512 digest of "seed:counter".

Stored games of every kind are replayed from their seed, so the stream may never change; and
games are played on several threads at once, so one Rng's draws may not depend on another's.
"""

from __future__ import annotations

import hashlib
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


def test_a_hashed_whole_number_is_the_digest_of_seed_and_counter_read_as_64_bits():
    picker = random.Random(6)
    for _ in range(500):
        seed, counter = picker.randrange(-(2**40), 2**53), picker.randrange(10**6)
        low = picker.randrange(-5, 5)
        width = picker.choice([1, 2, 6, 11, 36, 97, 2**32, picker.randrange(1, 10**4)])
        rng = Rng(seed, counter, hashed=True)
        first = int.from_bytes(hashlib.sha512(f"{seed}:{counter}".encode()).digest()[:8], "big")
        assert first < 2**64 - 2**64 % width  # a rejection is this rare: 1 in 2**32 at most
        assert rng.randint(low, low + width - 1) == low + first % width
        assert rng.to_list() == [seed, counter + 1, 1]


def test_hashed_dice_come_up_evenly():
    rng = Rng(3, hashed=True)
    counts = [0] * 36
    for _ in range(36 * 2000):
        counts[rng.randint(0, 35)] += 1
    chi_square = sum((count - 2000) ** 2 / 2000 for count in counts)
    assert chi_square < 70  # 35 degrees of freedom: a fair die goes above 70 well under once in 1000 runs


def test_hashed_draws_keep_their_kind_through_a_dump_and_old_dumps_keep_theirs():
    hashed = Rng(42, hashed=True)
    for _ in range(30):
        hashed.randint(0, 35)
    again = Rng.from_list(hashed.to_list())
    assert again.hashed and [hashed.randint(0, 35) for _ in range(20)] == [again.randint(0, 35) for _ in range(20)]
    old = Rng.from_list([42, 30])
    assert not old.hashed and old.randint(0, 35) == fresh(42, 30).randint(0, 35)


def test_a_hashed_rng_shuffles_and_chooses_as_before_and_draws_huge_numbers_as_before():
    rng = Rng(9, 4, hashed=True)
    items, theirs = list(range(25)), list(range(25))
    rng.shuffle(items)
    fresh(9, 4).shuffle(theirs)
    assert items == theirs
    assert rng.choice(items) == fresh(9, 5).choice(items)
    assert rng.randint(0, 2**70) == fresh(9, 6).randint(0, 2**70)
