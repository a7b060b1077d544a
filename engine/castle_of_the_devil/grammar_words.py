"""The names and words the order grammar reads (objects, professions, sides, directions) and
what it reads of the seat's own view, shared by `grammar.py` and `grammar_use.py`."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.ordertext import Names, Reader, content, plain, seat_among

from .cards import ATTACKER, DEFENDER, OBJECTS, PROFESSIONS, SOCIETY

OBJECT_NAMES = Names({card.id: (card.name, *card.aliases) for card in OBJECTS.values()},
                     "object")
PROFESSION_NAMES = Names({card.id: (card.name, *card.aliases)
                          for card in PROFESSIONS.values()}, "profession")
SOCIETY_WORDS: dict[str, str] = {
    words: key for key, card in SOCIETY.items()
    for phrase in (key, card.name, card.short, *card.aliases)
    for words in (plain(phrase), " ".join(content(plain(phrase).split())))}
SOCIETY_WORDS.update({"seal": "seal", "seal of the lodge": "seal", "lodge": "seal",
                      "seal lodge": "seal"})
SIDE_WORDS = {"attacker": ATTACKER, "attack": ATTACKER, "sword": ATTACKER,
              "defender": DEFENDER, "defend": DEFENDER, "shield": DEFENDER}
DIRECTION_WORDS = {"left": "left", "clockwise": "left", "right": "right",
                   "counterclockwise": "right", "anticlockwise": "right"}


# -- what the seat can see ----------------------------------------------------------------------

def seats_of(view: Mapping[str, Any]) -> tuple[str, ...]:
    """Return the seats of the game, clockwise."""
    return tuple(player["seat"] for player in view.get("players", ()))


def hand_of(view: Mapping[str, Any]) -> tuple[str, ...]:
    """Return the seat's own objects (empty for a spectator)."""
    return tuple((view.get("you") or {}).get("objects", ()))


def phase_of(view: Mapping[str, Any]) -> str:
    """Return the current phase's name."""
    return str(view.get("phase", ""))


def read_object(words: Sequence[str], reader: Reader, what: str,
            among: Sequence[str] = ()) -> str:
    """Return the object named by `words`, or raise saying why it cannot be read."""
    return OBJECT_NAMES.find(words, reader, what, among)


def read_seat(words: Sequence[str], reader: Reader, what: str = "player") -> str:
    """Return the seat named by `words`, or raise."""
    return seat_among(words, seats_of(reader.view), reader, what)


def is_seat(word: str, seats: Sequence[str]) -> bool:
    """Return whether `word` is a seat's name or the beginning of exactly one."""
    return word in seats or len([seat for seat in seats if seat.startswith(word)]) == 1
