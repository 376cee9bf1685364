"""The audit of bench/trust.py: every saved move against the posts of its channel, and every answer
to a move against the log.

Moves of the game Tally have a text of their own at their table (`mark 812`, `auto 37`), and a
move's line in a post quotes it in backticks, so a move is posted when one post of its channel
holds it in backticks. An answer is read by its first message that says something about the move:

- counted: "Done: <link>", "That counted ...", the board shown, or the private notice of the turns
  played since the move ("Since your last turn: ..."); true when the move is in the log;
- nothing saved: "... nothing of that was saved", and "the board could not be posted. Try again"
  (a person told to try again takes it that nothing counted); true when the move is not in the log;
- refused: a reason the move was not played (not your turn, the table moved on, a fault before
  the move); true when the move is not in the log;
- may have counted: "If it counted, its post will follow"; true either way;
- went wrong: "Something went wrong on the bot's side" says nothing of the move: neither true nor
  false, its saved moves are counted apart;
- other: a text this audit does not know (printed, to be read);
- no answer: nothing but "thinking..." (a process killed with the interaction under way).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from bench.trust_discord import Said

COUNTED, NOTHING, REFUSED, MAYBE, WRONG, OTHER, NONE = (
    "counted", "nothing saved", "refused", "may have counted", "went wrong", "other", "no answer")
CLASSES = (COUNTED, NOTHING, REFUSED, MAYBE, WRONG, OTHER, NONE)
SAYS_SAVED = {COUNTED: True, NOTHING: False, REFUSED: False}  # what an answer of the class claims

# the first match wins: "Something went wrong on our side with `x`, so nothing was played" is a refusal
PHRASES = (
    ("nothing of that was saved", NOTHING),
    ("the board could not be posted", NOTHING),
    ("If it counted", MAYBE),
    ("nothing was played", REFUSED),
    ("It is not your turn", REFUSED),
    ("is not a move here", REFUSED),
    ("There is no game in this channel", REFUSED),
    ("The game at this table has not started", REFUSED),
    ("Something went wrong", WRONG),
    ("That counted", COUNTED),
    ("The board is posted", COUNTED),
)
QUOTED = re.compile(r"`([^`\n]+)`")
ELIDED = re.compile(r"more computer moves|earlier moves \(see /history\)")


def classify(text: str) -> str:
    for phrase, kind in PHRASES:
        if phrase in text:
            return kind
    if text.startswith(("Done", "Since your last turn:")):  # the notice answers a move that was played
        return COUNTED
    return OTHER


def answer_of(said: Iterable[Said]) -> tuple[str, str]:
    """(class, text) of an interaction's answer: its first message; a public one shows the board."""
    for message in said:
        if message.public:
            return COUNTED, message.text
        return classify(message.text), message.text
    return NONE, ""


@dataclass(frozen=True)
class Move:
    """A move in the log."""

    channel: int
    n: int
    text: str
    by_person: bool


@dataclass(frozen=True)
class Sent:
    """A move sent as an interaction."""

    channel: int
    text: str
    token: str  # "" when it never reached a bot process


@dataclass
class Audit:
    saved: int = 0  # moves in the log
    posted: int = 0  # ... told by a post of their channel
    told_twice: int = 0  # ... by two posts or more
    elided_posts: int = 0  # posts that tell some moves by their count only
    sent: int = 0  # interactions with a move
    undelivered: int = 0  # ... sent to a socket already closing
    answers: Counter = field(default_factory=Counter)  # class -> count
    answers_saved: Counter = field(default_factory=Counter)  # class -> of those, moves in the log
    false: int = 0
    not_posted: list[Move] = field(default_factory=list)
    untrue: list[tuple[str, str, str]] = field(default_factory=list)  # (move, class, text)
    others: list[str] = field(default_factory=list)

    @property
    def not_posted_count(self) -> int:
        return self.saved - self.posted

    def figures(self) -> dict[str, int]:
        """The counts of the printed table, by row name."""
        rows = {"saved moves": self.saved, "posted": self.posted, "not posted": self.not_posted_count,
                "told twice": self.told_twice, "posts eliding moves": self.elided_posts,
                "moves sent": self.sent, "not delivered": self.undelivered}
        for kind in CLASSES:
            rows[f"answer: {kind}"] = self.answers[kind]
            if kind not in SAYS_SAVED:
                rows[f"  of which saved: {kind}"] = self.answers_saved[kind]
        rows["false answers"] = self.false
        return rows


def audit(moves: Iterable[Move], posts: dict[int, list[str]], sent: Iterable[Sent],
          answers: dict[str, list[Said]]) -> Audit:
    result = Audit()
    told: dict[int, Counter] = {}  # channel -> quoted text -> how many posts quote it
    for channel, texts in posts.items():
        told[channel] = Counter(quote for text in texts for quote in set(QUOTED.findall(text)))
        result.elided_posts += sum(1 for text in texts if ELIDED.search(text))
    logged: set[tuple[int, str]] = set()
    for move in moves:
        logged.add((move.channel, move.text))
        result.saved += 1
        times = told.get(move.channel, Counter())[move.text]
        if times:
            result.posted += 1
            result.told_twice += times > 1
        else:
            result.not_posted.append(move)
    for one in sent:
        result.sent += 1
        if not one.token:
            result.undelivered += 1
            continue
        kind, text = answer_of(answers.get(one.token, ()))
        saved = (one.channel, one.text) in logged
        result.answers[kind] += 1
        result.answers_saved[kind] += saved
        if kind in SAYS_SAVED and SAYS_SAVED[kind] != saved:
            result.false += 1
            result.untrue.append((one.text, kind, text))
        if kind == OTHER:
            result.others.append(text)
    return result
