"""The Ramparts picture: drawn from the view's public keys, every piece where it belongs, a
change of state seen where it happened, the base game's picture untouched, no progress card
told by the picture."""

from __future__ import annotations

import copy
import math

import pytest
from PIL import Image, ImageChops

from games.pioneers import board as B
from render import icons, pioneers, pioneers_island, pioneers_ramparts
from render.common import font, open_png
from render.pioneers_pieces import RADIUS
from tests.render import ramparts_views as V

NAMES = V.NAMES
FIXTURES = {"mid": V.mid_game, "end": V.end_game, "two": V.two_players, "extremes": V.extremes}


def _picture(view):
    return pioneers.render(view, NAMES[:len(view["players"])])


def _changed_box(a: Image.Image, b: Image.Image):
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()


def _inside(box, outer) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_each_view_draws_a_png_of_the_told_size(name):
    view = FIXTURES[name]()
    data = pioneers.draw(view, NAMES[:len(view["players"])])
    image = open_png(data)
    assert image.size == pioneers.size(view, NAMES) == (pioneers_island.WIDTH, pioneers_island.BOARD_H + pioneers_ramparts.STRIP_H)


def test_a_knight_turning_inactive_changes_its_corner_and_the_standings_only():
    view = V.mid_game()
    piece = view["ramparts"]["knights"][0]
    assert piece["active"]
    before = _picture(view)
    after_view = copy.deepcopy(view)
    after_view["ramparts"]["knights"][0]["active"] = False
    after = _picture(after_view)
    x, y = pioneers_island.node_xy(piece["node"] - 1)
    box = _changed_box(before, after)
    assert box is not None
    r = 30
    assert _inside(box, (x - r, y - r, x + r, y + r))  # the standings read active_strength, unchanged here


def test_a_knights_strength_and_state_read_without_colour():
    """In grey alone, the six knights of one seat (strength 1-3, active or not) all differ."""
    from PIL import ImageDraw

    from render.pioneers_pieces import knight

    seen = []
    for strength in (1, 2, 3):
        for active in (True, False):
            image = Image.new("RGB", (60, 60), (146, 196, 92))
            knight(ImageDraw.Draw(image), (30, 30), 23, 0, strength, active, False)
            seen.append(image.convert("L").tobytes())
    assert len(set(seen)) == 6
    # active and inactive differ in the disc's own lightness, not in its hue alone
    discs = []
    for active in (True, False):
        image = Image.new("RGB", (60, 60), (146, 196, 92))
        knight(ImageDraw.Draw(image), (30, 30), 23, 1, 1, active, False)
        grey = image.convert("L").crop((24, 24, 36, 36))
        discs.append(sum(grey.get_flattened_data()) / 144)
    assert abs(discs[0] - discs[1]) > 60


def test_a_level_changes_that_players_track_only():
    view = V.mid_game()
    before = _picture(view)
    after_view = copy.deepcopy(view)
    after_view["players"][2]["levels"][1] += 1
    box = _changed_box(before, _picture(after_view))
    assert box is not None
    top = 14 + 32 + 21 + 27 + 2 * pioneers_ramparts.PLAYER_H  # the third player's box
    assert box[0] >= pioneers_island.BOARD_W and top <= box[1] and box[3] <= top + pioneers_ramparts.PLAYER_H


def test_the_raiders_step_moves_the_fleet_under_the_island():
    view = V.mid_game()
    before = _picture(view)
    after_view = copy.deepcopy(view)
    after_view["ramparts"]["raiders"] += 1
    box = _changed_box(before, _picture(after_view))
    assert box is not None
    assert box[1] >= pioneers_island.BOARD_H and box[2] <= pioneers_island.BOARD_W
    # the fleet stands over its step: the ink of the ship moved right by one step
    x6, _ = pioneers_ramparts.step_xy(6, pioneers_island.BOARD_H)
    assert box[0] <= x6 <= box[2]


def test_the_robber_is_shown_locked_until_the_first_raid():
    view = V.two_players()
    assert not view["ramparts"]["raided"]
    locked = _picture(view)
    freed_view = copy.deepcopy(view)
    freed_view["ramparts"]["raided"] = True
    box = _changed_box(locked, _picture(freed_view))
    assert box is not None
    desert = B.HEX_INDEX[view["robber"].lower()]
    cx, cy = pioneers_island.hex_xy(desert)
    on_board = box[0] < pioneers_island.BOARD_W
    assert on_board
    # the padlock is by the robber, and the panel's sentence went
    _, boxes = pioneers_ramparts.render_with_boxes(view, NAMES[:2])
    lock = next(b for kind, b in boxes if kind == "padlock")
    assert math.hypot((lock[0] + lock[2]) / 2 - cx, (lock[1] + lock[3]) / 2 - cy) < RADIUS


def test_walls_ruins_metropolises_and_the_peddler_each_draw():
    view = V.mid_game()
    info = view["ramparts"]
    assert info["walls"] and info["ruins"] and info["peddler"]
    assert sum(1 for n in info["metropolises"].values() if n) == 2
    full = _picture(view)
    for change in ("walls", "ruins", "metropolises", "peddler"):
        other = copy.deepcopy(view)
        other["ramparts"][change] = {"walls": [], "ruins": [], "metropolises": dict.fromkeys(V.TRACKS),
                                     "peddler": None}[change]
        assert _changed_box(full, _picture(other)) is not None, change
    # a metropolis is not a city: its own shape, with its track's letter
    node = info["metropolises"]["lore"]
    x, y = pioneers_island.node_xy(node - 1)
    plain = copy.deepcopy(view)
    plain["ramparts"]["metropolises"]["lore"] = None
    board = (0, 0, pioneers_island.BOARD_W, pioneers_island.BOARD_H)
    box = _changed_box(full.crop(board), _picture(plain).crop(board))
    assert box is not None and _inside(box, (x - 30, y - 30, x + 30, y + 30))


def test_the_base_picture_is_unchanged():
    game = V._played(4, 7, 260)
    view = game.view(None)
    before = pioneers.draw(view, NAMES)
    pioneers.draw(V.mid_game(), NAMES)  # the same island, through the Ramparts picture
    assert pioneers.draw(view, NAMES) == before
    assert pioneers.size(view, NAMES) == (pioneers_island.WIDTH, pioneers_island.HEIGHT) == open_png(before).size
    assert pioneers.draw_hand(game.view(0), NAMES) is None  # the base game's /hand stays in words
    # with no Ramparts piece on it, the island is the base game's, pixel for pixel
    bare = V.add_ramparts(view, levels=[[0, 0, 0]] * 4, knights=[], raiders=0, raided=True, event=None,
                          red=None, shields=[0] * 4, progress=[0] * 4, walls=0)
    bare["robber"] = view["robber"]
    board = (0, 0, pioneers_island.BOARD_W, pioneers_island.BOARD_H)
    assert _picture(bare).crop(board).tobytes() == pioneers.render(view, NAMES).crop(board).tobytes()


def test_progress_hands_never_reach_the_picture():
    """Two seats' hands swapped (the counts kept): the same picture, from the public view and from
    a seat's own; only that seat's /hand picture tells its cards."""
    view = V.mid_game(seat=1)
    assert view["progress_hand"] == ["stargazer", "tax collector"]
    swapped = copy.deepcopy(view)
    swapped["progress_hand"] = ["mason", "informer"]
    assert pioneers.draw(view, NAMES) == pioneers.draw(swapped, NAMES)
    public = V.mid_game()
    assert "progress_hand" not in public and "hand" not in public
    assert pioneers.draw_hand(public, NAMES) is None
    assert pioneers.draw_hand(view, NAMES) != pioneers.draw_hand(swapped, NAMES)
    # a real game: two seats' progress hands swapped in the state, their counts kept
    game = V.played_ramparts(4, 21, 480)
    sizes = [len(hand) for hand in game.progress]
    a, b = next((a, b) for a in range(4) for b in range(a + 1, 4)
                if sizes[a] == sizes[b] and sorted(game.progress[a]) != sorted(game.progress[b]))
    before = {seat: pioneers.draw(game.view(seat), NAMES) for seat in (None, 0, 1, 2, 3)}
    game.progress[a], game.progress[b] = game.progress[b], game.progress[a]
    for seat in (None, 0, 1, 2, 3):
        assert pioneers.draw(game.view(seat), NAMES) == before[seat], seat
    assert pioneers.draw_hand(game.view(a), NAMES) != pioneers.draw_hand(V.played_ramparts(4, 21, 480).view(a), NAMES)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_nothing_drawn_leaves_the_canvas_or_covers_the_hex_labels(name):
    view = FIXTURES[name]()
    image, boxes = pioneers_ramparts.render_with_boxes(view, NAMES[:len(view["players"])])
    canvas = (0, 0, image.width, image.height)
    assert boxes
    for kind, box in boxes:
        assert _inside(box, canvas), (kind, box)
    labels = []
    for index, info in enumerate(view["board"]["hexes"]):
        cx, cy = pioneers_island.hex_xy(index)
        x0, y0, x1, y1 = font(22).getbbox(info["label"], anchor="mm", stroke_width=3)  # bold, on its halo
        labels.append((cx + x0, cy - RADIUS * 0.56 + y0, cx + x1, cy - RADIUS * 0.56 + y1))  # the hex's letter
        labels.append((cx - RADIUS * 0.3, cy - RADIUS * 0.3, cx + RADIUS * 0.3, cy + RADIUS * 0.3))  # its number
    for kind, box in boxes:
        if kind in ("knight", "building", "wall"):
            for label in labels:
                apart = box[2] <= label[0] or label[2] <= box[0] or box[3] <= label[1] or label[3] <= box[1]
                assert apart, (kind, box, label)
        if kind in ("track", "panel", "decks"):
            assert box[0] >= pioneers_island.BOARD_W, (kind, box)
        if kind in ("step", "fleet", "tower", "strengths", "verdict", "steps", "dice", "event"):
            assert box[1] >= pioneers_island.BOARD_H and box[2] <= pioneers_island.BOARD_W, (kind, box)


def test_the_words_beside_the_raiders_fit_before_the_dice():
    view = V.extremes()
    _, boxes = pioneers_ramparts.render_with_boxes(view, NAMES)
    found = dict(boxes)
    assert found["strengths"][2] < found["dice"][0]
    assert found["verdict"][2] < found["dice"][0]


def _apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize(("raiders", "knights"), [(3, 4), (11, 12), (16, 48), (9, 10)])
def test_two_digit_strengths_keep_the_words_off_the_dice_and_readable_at_550(raiders, knights):
    """The strip's words (steps, strengths, verdict, the roll, the event) and the dice never overlap,
    up to 16 cities against 48 knights' strength; the strengths stay at least 9 px high at 550."""
    for face in ("sail", "commerce", "council", "lore"):
        view = V.mid_game()
        view["ramparts"].update(raiders_strength=raiders, defence=knights, raiders=7, event=face)
        view["dice"] = [6, 6]
        image, boxes = pioneers_ramparts.render_with_boxes(view, NAMES)
        strip = [(kind, box) for kind, box in boxes
                 if kind in ("steps", "strengths", "verdict", "dice", "event", "rolled")]
        assert {kind for kind, _ in strip} == {"steps", "strengths", "verdict", "dice", "event", "rolled"}
        for index, (kind, box) in enumerate(strip):
            assert _inside(box, (0, pioneers_island.BOARD_H, pioneers_island.BOARD_W, image.height)), (kind, box)
            for other, other_box in strip[index + 1:]:
                assert _apart(box, other_box), (kind, box, other, other_box)
        strengths = dict(strip)["strengths"]
        assert (strengths[3] - strengths[1]) * 550 / image.width >= 9


def test_commodities_have_icons_of_their_own():
    unknown = icons.icon("no such thing", 40).tobytes()
    drawn = {name: icons.icon(name, 40).tobytes() for name in ("ink", "sailcloth", "silver")}
    assert unknown not in drawn.values() and len(set(drawn.values())) == 3


def test_a_seats_hand_shows_eight_kinds_and_its_progress_cards():
    view = V.mid_game(seat=2)
    assert len(view["hand"]) == 8
    image = open_png(pioneers.draw_hand(view, NAMES))
    fewer = copy.deepcopy(view)
    fewer["hand"][6] += 1  # one more sailcloth
    assert _changed_box(image, open_png(pioneers.draw_hand(fewer, NAMES))) is not None


def test_real_ramparts_views_draw():
    for players, seed in ((4, 1), (3, 2), (2, 3)):
        view = V.real_view(players, seed, 400)
        if view is None:
            pytest.skip("the Ramparts engine is not merged yet")
        image, boxes = pioneers_ramparts.render_with_boxes(view, NAMES[:players])
        assert all(_inside(box, (0, 0, image.width, image.height)) for _, box in boxes)
        assert open_png(pioneers.draw(view, NAMES[:players])).size == image.size


def test_the_board_page_tells_the_ramparts_pieces_in_its_tips():
    view = V.mid_game()
    found = {r["name"]: r for r in pioneers.regions(view, NAMES)}
    info = view["ramparts"]
    piece = info["knights"][1]
    assert found[str(piece["node"])]["tip"].startswith(f"knight of {NAMES[piece['seat']]}, strength 3, inactive")
    assert found[str(info["ruins"][0])]["tip"].startswith("ruin of")
    assert "Lighthouse (metropolis)" in found[str(info["metropolises"]["lore"])]["tip"]
    assert "walled" in found[str(info["walls"][0])]["tip"]
    assert "the peddler stands here, held by Bob" in found[info["peddler"]]["tip"]
    assert found["raiders"]["tip"] == "the raiders: 5 of 7 steps; raiders 10, knights 9"
    locked = V.two_players()
    tips = {r["name"]: r.get("tip", "") for r in pioneers.regions(locked, NAMES[:2])}
    assert tips[locked["robber"]].endswith("locked until the first raid")
    base = V._played(4, 7, 260).view(None)
    assert all("knight" not in r.get("tip", "") for r in pioneers.regions(base, NAMES))


def test_the_last_raid_is_told_in_the_standings():
    view = V.mid_game()
    quiet = _picture(view)
    for raid, words in (({"strength": 6, "defence": 1, "pillaged": [[0, 49, "settlement"]], "shield": -1,
                          "draws": []}, ["The raiders won, 6 against 1.", "Lost a city: Alice."]),
                        ({"strength": 2, "defence": 4, "pillaged": [], "shield": 2, "draws": []},
                         ["The knights held, 4 against 2.", "An Isle Shield for Carol."])):
        assert pioneers_ramparts._raid_lines(raid, NAMES) == words
        told = copy.deepcopy(view)
        told["last"]["raid"] = raid
        box = _changed_box(quiet, _picture(told))
        assert box is not None and box[0] >= pioneers_island.BOARD_W


def test_offers_name_the_commodities():
    from render import pioneers_pieces

    assert pioneers_pieces.amounts([0, 1, 0, 0, 0, 0, 0, 2]) == "1 brick 2 silver"
    # the words every Pioneer's Isle picture shares name all eight kinds, an answer's counter too
    assert pioneers_pieces.amounts([1, 0, 0, 0, 0, 1, 2, 3]) == "1 lumber 1 ink 2 sailcloth 3 silver"
    assert pioneers_pieces.answer("Bob", "Alice", ["counter", [0, 0, 0, 0, 0, 1, 0, 0], [0, 0, 1, 0, 0, 0, 0, 0]]) \
        == "Bob counters: Alice gives 1 wool, gets 1 ink"
    view = V.mid_game()
    plain = _picture(view)
    view["offers"] = [{"id": 3, "by": 0, "give": [0, 0, 1, 0, 0, 0, 0, 1], "get": [0, 0, 0, 0, 0, 2, 0, 0],
                       "answers": {"1": ["counter", [0, 0, 0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 0, 0, 0, 1]],
                                   "2": ["reject"]}}]
    image, boxes = pioneers_ramparts.render_with_boxes(view, NAMES)
    box = _changed_box(plain, image)
    assert box is not None and box[0] >= pioneers_island.BOARD_W and box[3] < image.height - 24  # above the decks' line
    # the most a panel holds: four players, a raid told, four offers with answers: it stays on the canvas
    view["offers"] = view["offers"] * 4
    view["last"]["raid"] = {"strength": 9, "defence": 1, "pillaged": [[0, 1, "ruin"], [1, 2, "settlement"]],
                            "shield": -1, "draws": []}
    image, boxes = pioneers_ramparts.render_with_boxes(view, NAMES)
    panel = dict(boxes)["panel"]
    assert panel[3] <= image.height - 24


def test_out_of_turn_answers_are_told_as_awaited():
    view = V.mid_game()
    plain = _picture(view)
    view["pending"] = [1, 3]
    box = _changed_box(plain, _picture(view))
    assert box is not None and box[0] >= pioneers_island.BOARD_W and box[3] < 100  # the status line under the title


def test_every_twentieth_view_of_random_ramparts_games_draws_on_its_canvas():
    import random

    from games.pioneers import GAME

    for players, seed in ((2, 4), (3, 6), (4, 8)):
        game = GAME.new(players, {"ramparts": True}, seed)
        rng = random.Random(seed)
        for step in range(400):
            if game.is_over():
                break
            seat = (game.awaited_answers() or game.to_act())[0]
            game.play(seat, rng.choice(game.legal_moves(seat)))
            if step % 20:
                continue
            for viewer in (None, seat):
                view = game.view(viewer)
                image, boxes = pioneers_ramparts.render_with_boxes(view, NAMES[:players])
                assert all(_inside(box, (0, 0, image.width, image.height)) for _, box in boxes), (step, boxes)
                assert dict(boxes)["panel"][3] <= image.height - 22
            assert pioneers.draw_hand(game.view(seat), NAMES[:players]) is not None
