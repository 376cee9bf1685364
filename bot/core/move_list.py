"""A seat's legal moves as private pages: whole moves only, and always how many are left."""

from __future__ import annotations

from collections.abc import Sequence

from lang import tr

PAGE_CHARS = 1500  # a page and its notes fit one private Discord message


def moves_page(moves: Sequence[str], page: int, typed: str = "") -> tuple[str, int, int]:
    """(text, page shown, page count): the page's moves, never one cut in the middle."""
    book: list[list[str]] = [[]]
    size = 0
    for move in moves:
        item = f"`{move}`"
        if book[-1] and size + len(item) + 1 > PAGE_CHARS:
            book.append([])
            size = 0
        book[-1].append(item)
        size += len(item) + 1
    count = len(book)
    shown = min(max(page, 1), count)
    if typed:
        head = tr("Your legal moves matching `{typed}` ({count})").format(typed=typed, count=len(moves))
    else:
        head = tr("Your legal moves ({count})").format(count=len(moves))
    if count > 1:
        head = tr("{head}, page {page} of {pages}").format(head=head, page=shown, pages=count)
    lines = [head + ":", *book[shown - 1]]
    after = sum(len(chunk) for chunk in book[shown:])
    if after:
        example = moves[-1].split()[0]
        lines.append(tr("… {count} more: the More moves button, `/moves page:{page}`, or narrow the list "
                        "with a filter, e.g. `/moves filter:{example}`.").format(count=after, page=shown + 1,
                                                                                 example=example))
    return "\n".join(lines), shown, count
