"""Sorting what a player wrote into press, mail commands, orders and chat.

Press is a block that starts `press to bruno, carla:` (or `press to all:`, or
`anonymous press to all:`) and runs to the next blank line or a line `end`. Mail commands are
lines that start with a command word (`status`, `history`, `notify`...). Greetings, closings
and plain prose are set aside; every other line is an order, so a mistyped order is still
refused with its reason rather than ignored.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from service.mail.chat import is_closing, is_greeting, is_prose, is_signoff_name, strip_bullet
from service.table.press import PressRequest, read_header

COMMAND_WORDS = frozenset({"status", "history", "absent", "away", "back", "notify",
                           "timezone", "tz", "resign"})
END_WORDS = frozenset({"end", "end press", "endpress", "end of press"})


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
    orders: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    open_press: tuple[PressRequest, list[str]] | None = None
    closed: bool = False

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
        if is_greeting(text) or is_closing(text):
            self.closed = self.closed or is_closing(text)
            return
        if self.closed and is_signoff_name(text):
            return
        first = text.split()[0].lower().rstrip(":") if text.split() else ""
        if first in COMMAND_WORDS or first in {"help", "?"}:
            self.commands.append(text)
        elif is_prose(text):
            self.ignored.append(line)
        else:
            self.orders.append(text)


def read_letter(blocks: Sequence[str]) -> ReadLetter:
    """Return the letter's press, commands, orders and set-aside lines, in the order written."""
    sorter = _Sorter()
    for line in blocks:
        sorter.take(line.strip())
    sorter.close_press()
    return ReadLetter(tuple(sorter.press), tuple(sorter.commands), tuple(sorter.orders),
                      tuple(sorter.ignored))
