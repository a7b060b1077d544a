"""Sorting what a player wrote into press, mail commands, orders and chat.

Press is a block that starts `press to bruno, carla:` (or `press to all:`, or
`anonymous press to all:`) and runs to the next blank line or a line `end`. Mail commands are
lines that start with a command word (`status`, `history`, `notify`...). Greetings are
dropped; closings and plain prose are set aside and listed. After the orders, the lines that
end a letter with a closing ("Cheers", "Thanks, Bruno") or a name ("bruno") are set aside
too (`is_signoff`), and so are they in a letter of chat alone when they follow a closing or
talk ("Thanks!" then "Anna"). Every other line is an order, so a mistyped order is still
refused with its reason rather than ignored.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.ordertext import LEAD_WORDS, SEPARATORS, words_of
from service.mail.chat import is_closing, is_greeting, is_prose, is_signoff_name, strip_bullet
from service.seats.press import PressRequest, read_header

COMMAND_WORDS = frozenset({"status", "history", "absent", "away", "back", "notify",
                           "timezone", "tz", "resign", "standing", "vacation", "holiday"})
"""The words that open a mail command (with `help` and `?`); each has its page in `help`."""
HELP_WORDS = frozenset({"help", "?"})
END_WORDS = frozenset({"end", "end press", "endpress", "end of press"})
SLIP_LETTERS = 4
"""Words at least this long are known again with one slip of the keys ("pas" for "pass")."""
_SPEAKING_TO = re.compile(r"\b(?:you|you're|youre|you'll|you've|you'd|your|yours|ya)\b",
                          re.IGNORECASE)
"""Words that speak to someone: no order of any game has them, talk often does."""


@dataclass(frozen=True)
class ReadLetter:
    """A reply sorted: press to send, commands to answer, orders to decide, lines set aside."""

    press: tuple[PressRequest, ...] = ()
    commands: tuple[str, ...] = ()
    orders: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        """Return whether nothing in the letter asks for anything."""
        return not (self.press or self.commands or self.orders)


@dataclass
class _Sorter:
    press: list[PressRequest] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    plain: list[tuple[str, str, str]] = field(default_factory=list)
    """The other lines in the order written: (kind, text without bullet, line as written)."""
    open_press: tuple[PressRequest, list[str]] | None = None

    def close_press(self) -> None:
        if self.open_press is not None:
            request, lines = self.open_press
            self.press.append(PressRequest(request.to, "\n".join(lines).strip(),
                                           request.anonymous))
            self.open_press = None

    def take(self, line: str) -> None:
        """Sort one line (blank lines are '')."""
        if self.open_press is not None:
            if not line or line.lower().strip(" .") in END_WORDS:
                self.close_press()
            else:
                self.open_press[1].append(line)
            return
        if not line:
            return
        header = read_header(strip_bullet(line))
        if header is not None:
            self.open_press = (header[0], [header[1]] if header[1] else [])
            return
        self._take_plain(line)

    def _take_plain(self, line: str) -> None:
        text = strip_bullet(line)
        if is_greeting(text):
            return
        if command_word(text):
            self.commands.append(text)
            self.plain.append(("command", text, line))
        elif is_closing(text):
            self.plain.append(("closing", text, line))
        elif is_prose(text):
            self.plain.append(("talk", text, line))
        else:
            self.plain.append(("order", text, line))

    def sign_off(self, order_words: OrderWords) -> None:
        """Mark the name lines of a closing at the end of the letter, after its orders."""
        tail = len(self.plain)
        while tail > 0 and (self.plain[tail - 1][0] in ("closing", "talk") or (
                self.plain[tail - 1][0] == "order"
                and is_signoff(self.plain[tail - 1][1], order_words))):
            tail -= 1
        if not any(kind == "order" for kind, _, _ in self.plain[:tail]):
            # no order was read before: a name is set aside only after a closing or talk
            # ("Thanks!" then "Anna": a letter of chat alone); a lone line is read as an order
            chat = next((index for index in range(tail, len(self.plain))
                         if self.plain[index][0] in ("closing", "talk")), None)
            if chat is None:
                return
            tail = chat
        self.plain[tail:] = [("closing" if kind == "order" else kind, text, line)
                             for kind, text, line in self.plain[tail:]]

    def orders(self) -> tuple[str, ...]:
        return tuple(text for kind, text, _ in self.plain if kind == "order")

    def ignored(self) -> tuple[str, ...]:
        return tuple(line for kind, _, line in self.plain if kind in ("closing", "talk"))


@dataclass(frozen=True)
class OrderWords:
    """The words that open an order of one game, and how its grammar splits a line."""

    words: frozenset[str]
    separators: re.Pattern[str] = SEPARATORS

    @classmethod
    def of(cls, game: Any) -> OrderWords:
        """Return the order words of a game's grammar (none for a game without one)."""
        grammar = getattr(game, "GRAMMAR", None)
        if grammar is None:
            return cls(frozenset())
        return cls(frozenset(grammar.rules), grammar.separators)

    def opens(self, line: str) -> bool:
        """Return whether the line's first word, after polite leads ("I", "please"), is one."""
        found = words_of(line, self.separators)
        while len(found) > 1 and found[0] in LEAD_WORDS and found[0] not in self.words:
            found = found[1:]
        return bool(found) and found[0] in self.words


def command_word(line: str) -> str:
    """Return the mail command word a line opens with ('' when it opens with none)."""
    found = strip_bullet(line).split()
    first = found[0].lower().rstrip(":") if found else ""
    return first if first in COMMAND_WORDS or first in HELP_WORDS else ""


def reads_as_order(line: str, order_words: OrderWords) -> bool:
    """Return whether a line reads as an order or a mail command by its shape alone.

    It does when it opens a press paragraph, or opens with a mail command word or (after
    polite leads) an order word of the game, and is not talk: not a greeting or closing,
    not prose (a question, a feeling, a long sentence) and not speaking to someone ("you").
    Only the words count, never the game's state, so the answer is the same whatever the
    hidden cards are.
    """
    text = strip_bullet(line)
    if not text or is_greeting(text) or is_closing(text):
        return False
    if read_header(text) is not None:
        return True
    if not (command_word(text) or order_words.opens(text)):
        return False
    return not (is_prose(text) or _SPEAKING_TO.search(text))


def order_lines(lines: Sequence[str], order_words: OrderWords) -> tuple[str, ...]:
    """Return the lines that read as orders or mail commands, in the order written."""
    return tuple(line.strip() for line in lines if reads_as_order(line, order_words))


def is_signoff(text: str, order_words: OrderWords) -> bool:
    """Return whether a line after the orders can be a name signing off ("Bruno", "- B.").

    It can when it has at most MAX_SIGNOFF_NAME_WORDS words, no digit, and no word that is
    an order or mail command word of the game or one slip of the keys away from one (so
    "pas" or "stauts" stays an order, refused with its reason).
    """
    if not is_signoff_name(text):
        return False
    known = order_words.words | COMMAND_WORDS
    return not any(word in known or any(_one_slip(word, other) for other in known)
                   for word in words_of(text, order_words.separators))


def _one_slip(word: str, other: str) -> bool:
    """Return whether `word` is `other` (of SLIP_LETTERS letters or more) with one letter
    added, dropped or changed, or two neighbours swapped."""
    if len(other) < SLIP_LETTERS or abs(len(word) - len(other)) > 1 or word == other:
        return False
    if len(word) == len(other):
        diffs = [i for i, (a, b) in enumerate(zip(word, other)) if a != b]
        return len(diffs) == 1 or (len(diffs) == 2 and diffs[1] == diffs[0] + 1
                                   and word[diffs[0]] == other[diffs[1]]
                                   and word[diffs[1]] == other[diffs[0]])
    short, long = sorted((word, other), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def read_letter(blocks: Sequence[str], order_words: OrderWords | None = None) -> ReadLetter:
    """Return the letter's press, commands, orders and set-aside lines, in the order written.

    Closings and the name lines of a closing at the end (`is_signoff`, with the game's
    `order_words`) are set aside with the talk, so they are listed, never refused.
    """
    sorter = _Sorter()
    for line in blocks:
        sorter.take(line.strip())
    sorter.close_press()
    sorter.sign_off(order_words or OrderWords(frozenset()))
    return ReadLetter(tuple(sorter.press), tuple(sorter.commands), sorter.orders(),
                      sorter.ignored())
