"""Island building rules: every legal and illegal placement the rulebook shows."""

from __future__ import annotations

import pytest

from games.archipels import GAME
from games.archipels.island import Island
from games.base import IllegalMove
from tests.games.test_archipels_helpers import build, random_playout, rig_place, tiles_of

SEA = tiles_of(1)
SAND = tiles_of(2)
BUILDING = tiles_of(3)


def sea_square() -> Island:
    """Four sea tiles in a 4x4 block: A(0,0) B(2,0) C(0,2) D(2,2)."""
    island = Island()
    for tid, (x, y) in zip(SEA, [(0, 0), (2, 0), (0, 2), (2, 2)], strict=False):
        assert island.placement_error(1, x, y) is None
        island.place(tid, x, y)
    return island


def with_two_sands() -> Island:
    """The sea block with sand S1 at (1,0) over A+B and S2 at (1,2) over C+D."""
    island = sea_square()
    for tid, (x, y) in zip(SAND, [(1, 0), (1, 2)], strict=False):
        assert island.placement_error(2, x, y) is None
        island.place(tid, x, y)
    return island


def legal_positions(island: Island, level: int) -> set[tuple[int, int]]:
    """Brute force over the area around the island, from the rules alone."""
    xs = [x for x, _ in island.height] or [0]
    ys = [y for _, y in island.height] or [0]
    return {
        (x, y)
        for x in range(min(xs) - 4, max(xs) + 4)
        for y in range(min(ys) - 4, max(ys) + 4)
        if island.placement_error(level, x, y) is None
    }


# -- first tile -----------------------------------------------------------------------
def test_island_starts_with_a_sea_tile_at_origin():
    island = Island()
    assert island.placement_error(1, 0, 0) is None
    assert island.placement_error(1, 3, 1) is not None
    assert "sea" in island.placement_error(2, 0, 0)
    assert island.placement_error(3, 0, 0) is not None
    assert island.cands == {1: {(0, 0)}, 2: set(), 3: set()}


# -- sea ------------------------------------------------------------------------------
def test_sea_must_share_a_full_edge_not_a_corner():
    island = Island()
    island.place(SEA[0], 0, 0)
    assert "corner" in island.placement_error(1, 2, 2)
    assert "corner" in island.placement_error(1, -2, -2)
    assert island.placement_error(1, 2, 1) is None  # one square of edge is enough
    assert island.placement_error(1, 2, -1) is None
    assert island.placement_error(1, 0, 2) is None
    assert island.placement_error(1, 5, 0) is not None  # detached
    assert (2, 2) not in island.cands[1] and (2, 1) in island.cands[1]


def test_sea_may_not_overlap():
    island = Island()
    island.place(SEA[0], 0, 0)
    for pos in [(0, 0), (1, 0), (1, 1), (-1, -1), (0, 1)]:
        assert "overlap" in island.placement_error(1, *pos)
        assert pos not in island.cands[1]


def test_sea_next_to_a_covered_sea_tile_is_fine():
    island = sea_square()
    island.place(SAND[0], 1, 0)  # covers parts of A and B
    assert island.placement_error(1, 1, -2) is None  # touches the covered squares' sea below


# -- sand -----------------------------------------------------------------------------
def test_sand_over_two_sea_tiles_is_legal():
    island = sea_square()
    assert island.placement_error(2, 1, 0) is None  # A + B
    assert island.placement_error(2, 1, 1) is None  # A B C D
    assert island.placement_error(2, 0, 1) is None  # A + C
    assert {(1, 0), (1, 1), (0, 1)} <= island.cands[2]


def test_sand_over_only_one_sea_tile_is_illegal():
    island = sea_square()
    assert "two sea" in island.placement_error(2, 0, 0)
    assert "two sea" in island.placement_error(2, 2, 2)
    assert (0, 0) not in island.cands[2]


def test_sand_partly_over_empty_space_is_illegal():
    island = sea_square()
    assert "empty" in island.placement_error(2, -1, 0)
    assert "empty" in island.placement_error(2, 3, 3)
    assert (-1, 0) not in island.cands[2] and (3, 3) not in island.cands[2]


def test_sand_not_covering_anything_is_illegal():
    island = sea_square()
    assert "empty" in island.placement_error(2, 9, 9)


def test_sand_may_not_rest_on_sand():
    island = with_two_sands()
    assert island.placement_error(2, 1, 1) is not None  # all four squares are sand
    assert island.placement_error(2, 0, 0) is not None  # half sand, half sea
    assert (1, 1) not in island.cands[2]


# -- constructions --------------------------------------------------------------------
def test_construction_over_two_sand_tiles_is_legal():
    island = with_two_sands()
    assert island.placement_error(3, 1, 1) is None
    assert island.cands[3] == {(1, 1)}


def test_construction_over_one_sand_tile_is_illegal():
    island = with_two_sands()
    assert "two sand" in island.placement_error(3, 1, 0)
    assert "two sand" in island.placement_error(3, 1, 2)


def test_construction_partly_over_sea_is_illegal():
    island = with_two_sands()
    assert "sea" in island.placement_error(3, 0, 1)
    assert "sea" in island.placement_error(3, 2, 1)


def test_construction_directly_on_sea_is_illegal():
    island = sea_square()
    assert "sea" in island.placement_error(3, 1, 1)
    assert not island.cands[3]


def test_construction_over_empty_space_is_illegal():
    island = with_two_sands()
    assert "empty" in island.placement_error(3, 1, -1)
    assert "empty" in island.placement_error(3, 8, 8)


def test_nothing_goes_on_a_construction():
    island = with_two_sands()
    island.place(BUILDING[0], 1, 1)
    for level in (1, 2, 3):
        assert island.placement_error(level, 1, 1) is not None
    assert not island.cands[3]


# -- visibility -----------------------------------------------------------------------
def test_covered_elements_stop_counting_and_constructions_always_count():
    island = sea_square()
    before = dict(island.visible)
    sand = SAND[0]
    island.place(sand, 1, 1)  # covers (1,1) of A, (2,1) of B, (1,2) of C, (2,2) of D
    from games.archipels.data import TILE_BY_ID

    lost = {}
    for tid, (x, y) in zip(SEA, [(0, 0), (2, 0), (0, 2), (2, 2)], strict=False):
        for e in TILE_BY_ID[tid]["elements"]:
            square = (x + e["sq"] % 2, y + e["sq"] // 2)
            if square in {(1, 1), (2, 1), (1, 2), (2, 2)}:
                lost[e["el"]] = lost.get(e["el"], 0) + 1
    gained = {}
    for e in TILE_BY_ID[sand]["elements"]:
        gained[e["el"]] = gained.get(e["el"], 0) + 1
    for el in before:
        assert island.visible[el] == before[el] - lost.get(el, 0) + gained.get(el, 0), el
    hut = tiles_of(3, with_el="hut")[0]
    island2 = with_two_sands()
    n = island2.visible["hut"]
    island2.place(hut, 1, 1)
    assert island2.visible["hut"] == n + 1


# -- the incremental candidate sets agree with the rules --------------------------------
@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 5)])
def test_candidate_positions_match_a_brute_force_search(players, seed):
    game, _ = random_playout(players, seed)
    for island in game.islands:
        rebuilt = Island()
        for tid, x, y in island.placements:
            for level in (1, 2, 3):
                assert rebuilt.cands[level] == legal_positions(rebuilt, level), level
            from games.archipels.data import LEVEL

            assert rebuilt.placement_error(LEVEL[tid], x, y) is None
            rebuilt.place(tid, x, y)


# -- through the game -----------------------------------------------------------------
def test_illegal_placements_are_refused_by_play_and_change_nothing():
    game = GAME.new(2, seed=7)
    seat = game.to_act()[0]
    build(game, seat, [(SEA[0], 0, 0), (SEA[1], 2, 0), (SEA[2], 0, 2), (SEA[3], 2, 2)])
    cases = [
        (SEA[4], "4,4", "corner"),  # corner-only sea
        (SEA[4], "1,1", "overlap"),
        (SAND[0], "-1,0", "empty"),  # sand partly over empty space
        (SAND[0], "0,0", "two sea"),  # sand over one sea tile
        (BUILDING[0], "1,1", "sea"),  # construction on the sea
    ]
    for tid, pos, why in cases:
        rig_place(game, seat, [tid])
        before = game.dump()
        with pytest.raises(IllegalMove, match=why):
            game.play(seat, f"place t{tid} {pos}")
        assert game.dump() == before
        game.hands[seat] = []
        game.stack.append(tid)
    build(game, seat, [(SAND[0], 1, 0), (SAND[1], 1, 2)])
    for pos, why in [("0,1", "sea"), ("1,0", "two sand"), ("1,-1", "empty")]:
        rig_place(game, seat, [BUILDING[0]])
        with pytest.raises(IllegalMove, match=why):
            game.play(seat, f"place t{BUILDING[0]} {pos}")
        game.hands[seat] = []
        game.stack.append(BUILDING[0])
    rig_place(game, seat, [BUILDING[0]])
    game.play(seat, f"place t{BUILDING[0]} 1,1")
    assert game.islands[seat].placements[-1] == (BUILDING[0], 1, 1)


def test_first_tile_through_play_must_be_sea_at_origin():
    game = GAME.new(3, seed=2)
    seat = game.to_act()[0]
    rig_place(game, seat, [SAND[0], SEA[0]])
    assert f"place t{SAND[0]} 0,0" not in game.legal_moves(seat)
    assert [m for m in game.legal_moves(seat) if m.startswith("place")] == [f"place t{SEA[0]} 0,0"]
    with pytest.raises(IllegalMove, match="sea"):
        game.play(seat, f"place t{SAND[0]} 0,0")
    with pytest.raises(IllegalMove, match="0,0"):
        game.play(seat, f"place t{SEA[0]} 1,0")
    game.play(seat, f"place t{SEA[0]} 0,0")
    assert game.islands[seat].placements == [(SEA[0], 0, 0)]
