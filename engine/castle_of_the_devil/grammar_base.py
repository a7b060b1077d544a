"""The words of the order grammar: objects, professions, players, sides and numbers, read
forgivingly, and the messages that say what may be written instead."""
from __future__ import annotations

import re
from typing import Any

from engine.core.contract import Prompt
from engine.core.errors import UnreadableOrder

from . import orders as od
from .cards import ATTACKER, DEFENDER, OBJECTS, PROFESSIONS, SOCIETY
from .decide import legal_orders
from .prompts import prompts
from .state import State

_SEPARATORS = re.compile(r"[\s,;:.!?()\"'/]+")
FILLERS = frozenset({"a", "an", "the", "my", "on", "at", "with", "for", "from", "of", "and",
                     "please", "i", "to", "is", "as"})
SIDE_WORDS = {"attacker": ATTACKER, "attack": ATTACKER, "sword": ATTACKER,
              "defender": DEFENDER, "defend": DEFENDER, "shield": DEFENDER}
DIRECTION_WORDS = {"left": "left", "clockwise": "left", "right": "right",
                   "counterclockwise": "right", "anticlockwise": "right"}
NUMBER_WORDS = {word: number for number, word in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
     "eleven", "twelve"))}


def plain(text: str) -> str:
    """Return `text` lower-cased, with hyphens and punctuation read as single spaces."""
    return " ".join(_SEPARATORS.split(text.lower().replace("-", " "))).strip()


def words_of(text: str) -> list[str]:
    """Return the lower-case words of `text`; hyphens stay inside words."""
    return [word for word in _SEPARATORS.split(text.lower()) if word]


def content(words: list[str]) -> list[str]:
    """Return `words` without filler words."""
    return [word for word in words if word not in FILLERS]


def _phrases(ident: str, name: str, aliases: tuple[str, ...]) -> set[str]:
    """Return every plain phrase that names one card, with and without small words."""
    phrases = {plain(ident), plain(name), *(plain(alias) for alias in aliases)}
    return phrases | {" ".join(content(phrase.split())) for phrase in phrases}


OBJECT_PHRASES: dict[str, set[str]] = {
    card.id: _phrases(card.id, card.name, card.aliases) for card in OBJECTS.values()}
PROFESSION_PHRASES: dict[str, set[str]] = {
    card.id: _phrases(card.id, card.name, card.aliases) for card in PROFESSIONS.values()}
SOCIETY_WORDS: dict[str, str] = {
    phrase: key for key, card in SOCIETY.items()
    for phrase in _phrases(key, card.name, card.aliases + (card.short,))}
SOCIETY_WORDS.update({"seal": "seal", "seal of the lodge": "seal", "lodge": "seal"})


def _match(phrase: str, table: dict[str, set[str]]) -> list[str]:
    """Return the ids whose phrases equal `phrase`, else those one of them begins with it."""
    exact = [key for key, names in table.items() if phrase in names]
    if exact:
        return exact
    squashed = phrase.replace(" ", "")
    return [key for key, names in table.items()
            if any(name.startswith(phrase) or name.replace(" ", "").startswith(squashed)
                   for name in names)]


def find_object(words: list[str], among: tuple[str, ...]) -> tuple[str | None, str]:
    """Return (object id, "") for `words`, or (None, a message with {what})."""
    phrase = plain(" ".join(words))
    if not phrase:
        return None, "Name the {what}."
    found = _match(phrase, OBJECT_PHRASES)
    if len(found) > 1 and among:
        held = [obj for obj in found if obj in among]
        found = held or found
    if len(found) == 1:
        return found[0], ""
    if not found:
        return None, f'"{phrase}" is not an object of the game ({{what}}).'
    names = " or ".join(OBJECTS[obj].name for obj in found)
    return None, f'"{phrase}" could be {names}; write more of the name ({{what}}).'


def find_profession(words: list[str]) -> tuple[str | None, int]:
    """Return (profession id, words used) for the longest match at the start of `words`."""
    for length in range(min(3, len(words)), 0, -1):
        phrase = plain(" ".join(words[:length]))
        found = [key for key, names in PROFESSION_PHRASES.items() if phrase in names]
        if len(found) == 1:
            return found[0], length
    return None, 0


def find_seat(words: list[str], seats: tuple[str, ...]) -> tuple[str | None, str]:
    """Return (seat, "") for `words` (a name or its unique beginning), or (None, message).

    A word that is exactly a seat's name wins, even a small word such as "to"; otherwise small
    words are skipped and one word must begin exactly one seat's name.
    """
    exact = list(dict.fromkeys(word for word in words if word in seats))
    if len(exact) == 1:
        return exact[0], ""
    words = content(words)
    if len(words) != 1:
        return None, "Name one {what}: " + ", ".join(seats) + "."
    word = words[0]
    found = [seat for seat in seats if seat.lower().startswith(word)]
    if len(found) == 1:
        return found[0], ""
    return None, f'"{word}" is not one {{what}} (players: ' + ", ".join(seats) + ")."


def unreadable(state: State, index: int, message: str, full: bool = False) -> UnreadableOrder:
    """Return the error for unreadable text, saying what the seat may write now."""
    if full:
        seat = state.seats[index] if index >= 0 else None
        prompt = next((p for p in prompts(state) if p.seat == seat), None)
        return UnreadableOrder(message, legal=help_text(prompt) if prompt else
                               "You have nothing to decide now.")
    legal: list[Any] = legal_orders(state, index) if index >= 0 else []
    return UnreadableOrder(message, legal=od.legal_text(legal))


def help_text(prompt: Prompt) -> str:
    """Return the lines telling the prompted seat what it can write now."""
    lines = [prompt.summary, "", "You can write:"]
    for form in prompt.forms:
        lines.append(f"  {form.syntax}  - {form.label}")
        for field in form.fields:
            lines.append(f"      {field.label}: {', '.join(field.options)}")
        if form.examples:
            lines.append("      for example: " + " | ".join(form.examples))
    lines += ["", ("Case, commas and small words (the, on, with) do not matter; objects and "
              "players may be shortened to a unique beginning. Write help for this list.")]
    if prompt.simultaneous:
        lines.append("Several players answer at once; a sealed answer may be changed until the "
                     "last one is in.")
    lines.append(f"If the deadline passes ({prompt.deadline_hours} hours), "
                 f"{prompt.default_summary}.")
    return "\n".join(lines)
