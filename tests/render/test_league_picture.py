"""The league's pictures: a season's or an event's results (podium, top ten, most games, biggest
climber) and a season's board, with provisional players apart and divisions headed."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from bot.core import alt_text
from render.common import PAPER, open_png
from render.leaderboard import (
    COL_RATING,
    MEDALS,
    NAME_X,
    PAD,
    ROW,
    SECTION,
    BoardLine,
    draw_leaderboard,
    points_text,
)
from render.league import (
    COL_GAMES,
    COL_POINTS,
    NAME_WIDTH,
    PANEL_HEIGHT,
    PODIUM_HEIGHT,
    STEP_HEIGHTS,
    WIDTH,
    ResultLine,
    draw_results,
    layout,
    podium,
    size,
    step_spans,
)

NAMES = ["Ann", "Ben", "Zoë", "李小龙", "Дмитрий", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kai", "Lea"]
LONG = "Marguerite-Éléonore de la Tour d'Auvergne et des Îles du Vent"


def standings(count: int = 12, **changed: ResultLine) -> list[ResultLine]:
    lines = [ResultLine(i + 1, NAMES[i], 12.0 - i, 20 - i) for i in range(count)]
    for index, line in changed.items():
        lines[int(index.lstrip("_"))] = line
    return lines


def picture(data: bytes):
    return open_png(data).convert("RGB")


def visible(difference):
    """Where two pictures differ to the eye: a change anywhere may move the palette a shade
    (render.common.to_png chooses it per picture), which no reader sees."""
    return difference.convert("L").point(lambda v: 255 if v > 32 else 0).getbbox()


def differing_box(a: bytes, b: bytes, top: int = 0, bottom: int | None = None) -> tuple[int, int, int, int] | None:
    """Where two pictures of one size differ to the eye, looking between rows `top` and `bottom`
    only (the box is in the whole picture's rows)."""
    first, second = picture(a), picture(b)
    assert first.size == second.size
    area = (0, top, first.width, bottom or first.height)
    box = visible(ImageChops.difference(first.crop(area), second.crop(area)))
    return None if box is None else (box[0], box[1] + top, box[2], box[3] + top)


def colours(part) -> int:
    return len(part.getcolors(maxcolors=1 << 16))


def results(lines, most=("Ann", 20), climb=("Fay", 9, 6)) -> bytes:
    return draw_results("Season 3 · Archipels", "October to December", lines, most, climb)


def row_box(lines, index: int, most=("Ann", 20), climb=("Fay", 9, 6)) -> tuple[int, int]:
    top = layout(lines, most, climb).rows + index * ROW
    return top, top + ROW


def test_the_picture_decodes_at_the_size_told_and_stays_small():
    lines = standings()
    data = results(lines)
    drawn = picture(data)
    assert drawn.size == size(lines, ("Ann", 20), ("Fay", 9, 6))
    assert drawn.width == WIDTH
    assert len(data) < 1 << 20
    # the widest fill: long names in every script on every row and panel
    heavy = [ResultLine(i + 1, f"{LONG} {NAMES[i]} 李小龙", 10.33 - i, 99) for i in range(12)]
    assert len(draw_results(LONG, LONG, heavy, (LONG, 99), (LONG, 99, 1))) < 1 << 20


@pytest.mark.parametrize("count", range(1, 13))
def test_one_to_twelve_lines_show_at_most_ten_rows(count):
    lines = standings(count)
    data = results(lines)
    drawn = picture(data)
    assert drawn.size == size(lines, ("Ann", 20), ("Fay", 9, 6))
    at = layout(lines, ("Ann", 20), ("Fay", 9, 6))
    assert at.panels == at.rows + min(count, 10) * ROW + 18
    assert len(podium(lines)) == min(count, 3)
    if count > 10:  # the eleventh player is not drawn: changing their points changes nothing
        changed = standings(count, _10=ResultLine(11, "Kai", 0.5, 1))
        assert differing_box(data, results(changed)) is None


def test_the_panels_and_podium_are_left_out_when_there_is_nothing_to_show():
    lines = standings(5)
    bare = layout(lines, None, None)
    assert bare.panels is None
    assert layout(lines, ("Ann", 20), None).height == bare.height + PANEL_HEIGHT + 18
    nobody = [ResultLine(1, "Ann", 2, 3, provisional=True)]
    assert layout(nobody).podium is None
    assert picture(draw_results("t", "s", nobody)).size == size(nobody)


def step_top(drawn, x: int, below: int, colour) -> int | None:
    """The first row, going down from `below`, where column x takes a colour near `colour`."""
    for y in range(below, drawn.height):
        pixel = drawn.getpixel((x, y))
        if all(abs(a - b) <= 6 for a, b in zip(pixel, colour, strict=True)):
            return y
    return None


def step_columns(count: int) -> list[int]:
    """An x inside each podium step, left to right, away from its number."""
    return [left + 12 for left, _ in step_spans(count)]


def test_the_podium_tells_the_places_by_height():
    lines = standings()
    drawn = picture(results(lines))
    top = layout(lines, ("Ann", 20), ("Fay", 9, 6)).podium
    left, middle, right = step_columns(3)
    tops = {place: step_top(drawn, x, top, MEDALS[place - 1]) for place, x in ((2, left), (1, middle), (3, right))}
    floor = tops[1] + STEP_HEIGHTS[1]
    assert floor == top + PODIUM_HEIGHT - 12
    assert tops == {place: floor - STEP_HEIGHTS[place] for place in (1, 2, 3)}


def test_players_tied_share_a_place_and_a_step_height():
    lines = standings(6, _1=ResultLine(1, "Ben", 11, 19), _2=ResultLine(3, "Zoë", 10, 18))
    assert [line.place for line in podium(lines)] == [1, 1, 3]
    drawn = picture(results(lines))
    top = layout(lines, ("Ann", 20), ("Fay", 9, 6)).podium
    left, middle, right = step_columns(3)
    assert step_top(drawn, left, top, MEDALS[0]) == step_top(drawn, middle, top, MEDALS[0])
    assert step_top(drawn, right, top, MEDALS[2]) > step_top(drawn, middle, top, MEDALS[0])
    # a tie for third puts a fourth player on the podium, on a step as low as the other third
    four = standings(6, _3=ResultLine(3, "李小龙", 10, 17))
    assert [line.place for line in podium(four)] == [1, 2, 3, 3]
    drawn = picture(results(four))
    top = layout(four, ("Ann", 20), ("Fay", 9, 6)).podium
    xs = step_columns(4)
    assert step_top(drawn, xs[2], top, MEDALS[2]) == step_top(drawn, xs[3], top, MEDALS[2])


def test_a_change_of_points_shows_in_that_row_only():
    lines = standings()
    before = results(lines)
    after = results(standings(_5=ResultLine(6, "Fay", 7.5, 15)))
    box = differing_box(before, after)
    top, bottom = row_box(lines, 5)
    assert box is not None
    assert top <= box[1] and box[3] <= bottom
    assert NAME_WIDTH + NAME_X < box[0] and box[2] <= COL_POINTS + 2
    # on the podium, the points line under the name changes
    box = differing_box(before, results(standings(_0=ResultLine(1, "Ann", 12.5, 20))))
    assert box is not None and box[1] < layout(lines, ("Ann", 20), ("Fay", 9, 6)).rows


def test_games_show_in_their_column():
    lines = standings()
    box = differing_box(results(lines), results(standings(_7=ResultLine(8, "Hal", 5, 44))))
    top, bottom = row_box(lines, 7)
    assert box is not None and top <= box[1] and box[3] <= bottom and COL_POINTS < box[0] and box[2] <= COL_GAMES + 2


def test_long_names_are_cut_and_never_run_over():
    lines = standings()
    longer = LONG + " the Second of that Name"
    # in a row: two long names alike in their start draw the same, within the name's room
    one = results(standings(_6=ResultLine(7, LONG, 6, 14)))
    two = results(standings(_6=ResultLine(7, longer, 6, 14)))
    assert differing_box(one, two) is None
    box = differing_box(results(lines), one)
    top, bottom = row_box(lines, 6)
    assert box is not None and top <= box[1] and box[3] <= bottom and box[2] <= NAME_X + NAME_WIDTH
    # on the podium: the winner's name stays over the middle step
    box = differing_box(results(lines), results(standings(_0=ResultLine(1, LONG, 12, 20))), 0,
                        layout(lines).rows - 30)
    left, right = step_spans(3)[1]
    assert box is not None and left <= box[0] and box[2] <= right
    assert differing_box(results(standings(_0=ResultLine(1, LONG, 12, 20))),
                         results(standings(_0=ResultLine(1, longer, 12, 20)))) is None
    # in a panel: the name stays in its card
    box = differing_box(results(lines), results(lines, most=(LONG, 20)))
    panel_top = layout(lines, ("Ann", 20), ("Fay", 9, 6)).panels
    assert box is not None and panel_top <= box[1] and box[2] <= WIDTH // 2
    assert differing_box(results(lines, most=(LONG, 20)), results(lines, most=(longer, 20))) is None


@pytest.mark.parametrize(("name", "variant"), [("李小龙", "李小虎"), ("Zoë", "Zoe"), ("Дмитрий", "Дмитрии")])
def test_names_in_any_script_are_drawn_letter_by_letter(name, variant):
    on_podium = standings(_1=ResultLine(2, name, 11, 19))
    assert differing_box(results(on_podium), results(standings(_1=ResultLine(2, variant, 11, 19)))) is not None
    climbing = ("Fay", 9, 6)
    assert differing_box(results(standings(), climb=(name, 9, 6)), results(standings(), climb=(variant, 9, 6))) \
        is not None, climbing


def test_a_provisional_player_is_marked_by_a_word_and_never_on_the_podium():
    plain = standings(5)
    marked = standings(5, _2=ResultLine(3, "Zoë", 10, 3, provisional=True))
    assert [line.name for line in podium(marked)] == ["Ann", "Ben"]
    assert size(marked) == size(plain)
    # ranked first, then the provisional: Zoë's row moves to the end, without a place
    drawn = picture(draw_results("t", "s", marked))
    top, bottom = row_box(marked, 4, None, None)
    place_column = drawn.crop((PAD, top + 4, NAME_X - 6, bottom - 6))
    assert colours(place_column) == 1  # the row's ground alone: no number
    last = [plain[0], plain[1], plain[3], plain[4], ResultLine(3, "Zoë", 10, 3)]
    box = differing_box(draw_results("t", "s", last), draw_results("t", "s", marked), layout(marked).rows)
    assert box is not None and top <= box[1] and box[3] <= bottom
    assert box[0] < NAME_X and box[2] > NAME_X + 80  # the place taken away, the word after the name


def test_a_division_is_written_beside_the_name():
    lines = standings(4)
    tiered = [ResultLine(line.place, line.name, line.points, line.games, division="Division 1") for line in lines]
    box = differing_box(draw_results("t", "s", lines), draw_results("t", "s", tiered))
    assert box is not None and box[0] > NAME_X and box[2] <= NAME_X + NAME_WIDTH


def test_alt_text_names_the_podium_and_the_panels():
    lines = standings(6, _2=ResultLine(3, "Zoë", 10, 3, provisional=True))
    words = alt_text.results("Season 3", lines, ("Ann", 20), ("Fay", 9, 6))
    assert words.startswith("The results of Season 3 as a picture")
    assert "Place 1: Ann, 12.0 points." in words and "Place 2: Ben, 11.0 points." in words
    assert "Zoë" not in words  # provisional: not on the podium
    assert "Most games: Ann, 20 games." in words
    assert "Biggest climber: Fay, from place 9 to place 6." in words
    assert "Place 1: Ann, 1.0 points." in alt_text.results("t", [ResultLine(1, "Ann", 1, 1)], ("Ann", 1))
    assert "Ann, 1 game." in alt_text.results("t", [ResultLine(1, "Ann", 1, 1)], ("Ann", 1))
    assert alt_text.season_board("Archipels", "season 3") == \
        "The standings of season 3 in this server for Archipels as a picture; the message lists the same players."
    assert "fewer than 5 games" in alt_text.season_board("Archipels", "season 3", provisional=2)


# -- a season's board -------------------------------------------------------------------------
def board(lines, **options) -> bytes:
    return draw_leaderboard("Season 3 · Archipels", "October to December", lines, **options)


def season_lines() -> list[BoardLine]:
    return [BoardLine(i + 1, name, 9.5 - i, 12 - i, 5 - i // 2) for i, name in enumerate(NAMES[:6])]


def test_a_season_board_heads_its_numbers_points_and_writes_them_as_points():
    lines = season_lines()
    ratings, points = picture(board(lines)), picture(board(lines, points=True))
    assert ratings.size == points.size
    heads = visible(ImageChops.difference(ratings, points).crop((0, 0, WIDTH, 78 + 44)))
    assert heads is not None and heads[2] <= COL_RATING + 2  # "Points" for "Rating"
    thirds = [BoardLine(1, "Ann", 2 + 1 / 3, 5, 1)]
    assert differing_box(board(thirds), board(thirds, points=True)) is not None  # 2.3 and 2.33


def test_provisional_players_are_drawn_apart_without_a_place():
    lines = season_lines()
    apart = [*lines[:4], BoardLine(0, "Gus", 3, 2, 1, provisional=True), *lines[4:]]
    plain, marked = picture(board(lines, points=True)), picture(board(apart, points=True))
    assert marked.height == plain.height + ROW + SECTION  # one row more, under its own heading
    # the ranked rows are drawn where they were, the provisional player last
    assert visible(ImageChops.difference(plain.crop((0, 0, WIDTH, 78 + 44 + 6 * ROW)),
                                         marked.crop((0, 0, WIDTH, 78 + 44 + 6 * ROW)))) is None
    top = 78 + 44 + 6 * ROW + SECTION
    place_column = marked.crop((PAD, top + 4, NAME_X - 6, top + ROW - 6))
    assert colours(place_column) == 1
    heading = marked.crop((PAD, top - SECTION, WIDTH - PAD, top))
    assert colours(heading) > 2
    assert differing_box(board(apart, points=True),
                         board(apart, points=True, ranked_from=10)) is not None  # the heading says the count


def test_divisions_are_headed_where_each_begins():
    lines = season_lines()
    tiered = [BoardLine(line.place, line.name, line.rating, line.games, line.wins,
                        division="Division 1" if line.place <= 3 else "Division 2") for line in lines]
    plain, split = picture(board(lines, points=True)), picture(board(tiered, points=True))
    assert split.height == plain.height + 2 * SECTION
    first_row = 78 + 44
    ground = split.crop((PAD, first_row + 2, WIDTH - PAD, first_row + SECTION - 2))
    assert colours(ground) > 2  # the heading's words
    ground = split.getpixel((WIDTH - PAD - 2, first_row + 4))  # on the paper, not on a row
    assert all(abs(a - b) <= 2 for a, b in zip(ground, PAPER, strict=True))


def test_points_keep_a_third_and_otherwise_one_decimal():
    assert [points_text(v) for v in (8, 2.5, 7 + 1 / 3, 2 / 3, 0)] == ["8.0", "2.5", "7.33", "0.67", "0.0"]
    lines = standings(5)
    thirds = standings(5, _3=ResultLine(4, lines[3].name, 9 + 1 / 3, lines[3].games))
    rounded = standings(5, _3=ResultLine(4, lines[3].name, 9.3, lines[3].games))
    assert differing_box(draw_results("t", "s", thirds), draw_results("t", "s", rounded)) is not None
