"""Standing answers: what a seat answers ahead, before a decision of its opens.

A seat may answer ahead the decisions that follow in the same turn (`wall 19-22, then towers
nearest the shore, houses either`) and set standing answers for recurring ones (`swap: none`).
They are a seat's stored preference, kept by the service (`seat.standing`); the rules only
say, per game, which recurring decisions have standing answers (`Topic`), how an entry is
read and described, and which order an entry gives at an open decision. That order is then
checked like any other, so a standing answer never makes legal what the seat could not write.

A decision whose only legal answer everyone can tell from public information is taken at
once (`KitGame.forced_order`): nobody is asked and nobody waits for it.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import UnreadableOrder

Pick = Callable[[Any, Any, Sequence[Any]], Any]
"""(state, seat as the rules name it, the legal orders listed) -> the order chosen, or None."""

FILLERS = frozenset({"the", "a", "an", "to", "at", "on", "of", "with", "is", "be", "i",
                     "please", "always", "my"})
_ENTRY_SPLIT = re.compile(r"\s*(?:/|;|,|\n)\s*")
_THEN = re.compile(r"(?:^|[\s,;]+)then\s+|[,;]\s*(?=(?:if|at\s+the\s+roll)\s)",
                   re.IGNORECASE)
"""Where the answers ahead of an order line begin: at its first `then`, or at a branch (`, if
it fails then ...`, `, at the roll pass`) where the game has them."""
_LEAD_THEN = re.compile(r"^then\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Answer:
    """One standing answer of a topic: its name (`nearest-the-shore`), what it means, and
    either the fixed order it gives or how it picks one among the legal orders."""

    name: str
    meaning: str
    order: Any = None
    pick: Pick | None = None
    aliases: tuple[str, ...] = ()

    def choose(self, state: Any, ref: Any, legal: Sequence[Any]) -> Any:
        """Return the order this answer gives now (None: none of the legal orders fits)."""
        if self.pick is not None:
            return self.pick(state, ref, legal)
        return self.order


@dataclass(frozen=True)
class Topic:
    """A recurring decision a seat may answer in advance: its name, the steps (keys) it
    answers, the order kinds written ahead for it, and its answers.

    A `kept` topic is one the game keeps as its own, private state (`Game.kept_standing`,
    `Game.keep_standing`) and applies by its own rules: the service neither stores its entries
    nor answers a decision with them."""

    name: str
    steps: tuple[str, ...]
    answers: tuple[Answer, ...]
    kinds: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    kept: bool = False

    def answer(self, name: str) -> Answer | None:
        """Return the answer called `name`, if the topic has it."""
        return next((a for a in self.answers if a.name == name), None)


@dataclass(frozen=True)
class Standing:
    """One stored entry: a topic and a named answer, or an order `written` ahead (then
    `answer` is empty). `until` is empty for a standing answer that recurs, else the mark of
    the turn it was written for (`KitGame.standing_scope`): it lapses when that turn ends."""

    topic: str
    answer: str = ""
    written: str = ""
    until: str = ""

    def text(self) -> str:
        """Return the entry as it is written back: `towers: nearest the shore`."""
        said = self.written or self.answer.replace("-", " ")
        return f"{self.topic}: {said}"


@dataclass(frozen=True)
class Applied:
    """What a seat's standing entries give at an open decision: the order (None when the
    entry that applies is not legal there, then `reason` says why) and that entry (None when
    no entry applies but some are `skipped`)."""

    order: Any
    entry: Standing | None
    reason: str = ""
    skipped: tuple[Standing, ...] = ()
    """Answers ahead passed over for good (branches whose condition did not hold): the
    service removes them with the entry used. With no order and no entry, only they change."""


def words(text: str, *, small: bool = False) -> list[str]:
    """Return the lower-case words of `text`, small words left out (kept with `small`)."""
    return [w for w in re.split(r"[\s:=]+", text.lower().strip(" .!"))
            if w and (small or w not in FILLERS)]


def _name(found: list[str]) -> str:
    return "-".join(found)


def find_topic(topics: Sequence[Topic], word: str) -> Topic | None:
    """Return the topic named (or aliased) by `word`."""
    for topic in topics:
        if word == topic.name or word in topic.aliases:
            return topic
    return None


def find_answer(topic: Topic, said: list[str]) -> Answer | None:
    """Return the topic's answer that `said` names (whole, alias, or a unique beginning)."""
    name = _name(said)
    if not name:
        return None
    for answer in topic.answers:
        if name in (answer.name, _name(words(answer.name.replace("-", " ")))) or (
                name in answer.aliases):
            return answer
    starts = [a for a in topic.answers
              if _name(words(a.name.replace("-", " "))).startswith(name)]
    return starts[0] if len(starts) == 1 else None


def split_entries(text: str) -> list[str]:
    """Return the entries of a standing text, split at slashes, semicolons, commas, lines;
    a `then` an entry begins with is left out (`..., then tower 12, then end`)."""
    parts = (_LEAD_THEN.sub("", part.strip()) for part in _ENTRY_SPLIT.split(text.strip()))
    return [part for part in parts if part.strip()]


def split_then(text: str) -> tuple[str, str]:
    """Return (the order, what follows `then`) of an order line answering ahead."""
    parts = _THEN.split(text, maxsplit=1)
    if len(parts) == 1:
        return text, ""
    return parts[0].strip(" ,;"), parts[1].strip()


def topics_help(topics: Sequence[Topic]) -> list[str]:
    """Return one line per topic listing its answers, for help pages and errors."""
    return [f"{t.name}: " + (" | ".join(a.name.replace("-", " ") for a in t.answers)
                             or "its orders, written ahead after `then`")
            for t in topics]


def read_entries(topics: Sequence[Topic], text: str, *, order_words: dict[str, tuple[str, ...]],
                 until: str = "") -> tuple[Standing, ...]:
    """Return the entries written in `text` (`towers nearest the shore / swap none`).

    With `until` (answers ahead for this turn) an entry may also be an order written out
    (`tower 12 black`), read when its decision opens; `order_words` maps each order word of
    the game to the order kinds it writes. Raises UnreadableOrder saying what can be written.
    """
    found: list[Standing] = []
    for part in split_entries(text):
        said = words(part)
        if not said:
            continue
        topic = find_topic(topics, said[0])
        answer = find_answer(topic, said[1:]) if topic is not None else None
        if topic is not None and answer is None:  # an answer that is a small word: `on`
            every = words(part, small=True)
            answer = find_answer(topic, every[every.index(said[0]) + 1:])
        if topic is not None and answer is not None:
            found.append(Standing(topic.name, answer.name, until=until))
            continue
        kinds = order_words.get(said[0], ())
        written = next((t for t in topics if set(kinds) & set(t.kinds)), None)
        if until and written is not None:
            found.append(Standing(written.name, written=" ".join(part.split()), until=until))
            continue
        known = "; ".join(topics_help(topics)) or "none in this game"
        if topic is not None:
            raise UnreadableOrder(f'"{part}" is not a standing answer for {topic.name}.',
                                  legal=f"Standing answers: {known}.")
        raise UnreadableOrder(f'"{part}" names no decision that can be answered in advance.',
                              legal=f"Standing answers: {known}.")
    if not found:
        raise UnreadableOrder("No standing answer was given.",
                              legal="Standing answers: " + ("; ".join(topics_help(topics))
                                                            or "none in this game") + ".")
    return tuple(found)


def merged(old: Sequence[Standing], new: Sequence[Standing]) -> tuple[Standing, ...]:
    """Return `old` with `new` replacing the entries of the same topic and reach."""
    replaced = {(e.topic, bool(e.until)) for e in new}
    return (*[e for e in old if (e.topic, bool(e.until)) not in replaced], *new)


def live(entries: Sequence[Standing], scope: str) -> tuple[Standing, ...]:
    """Return the entries that hold now: ahead answers of this turn first, then standing."""
    ahead = [e for e in entries if e.until and e.until == scope]
    return (*ahead, *[e for e in entries if not e.until])


__all__ = ["Answer", "Applied", "Standing", "Topic", "find_answer", "find_topic", "live",
           "merged", "read_entries", "split_entries", "split_then", "topics_help", "words"]
