"""The order-text toolkit every grammar is written with.

A grammar reads a player's line forgivingly: case, punctuation and small words do not matter,
names may be shortened to a unique beginning or written by an alias, numbers may be digits or
words, and a polite lead ("I", "please", "I'd like to") is skipped. It reads against what the
seat may see (its view and its own prompt), never the full state, so no answer to any text can
depend on hidden information. Text it cannot read is answered with what the seat can write.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .contract import Prompt
from .errors import UnreadableOrder

_V = TypeVar("_V")

SEPARATORS = re.compile(r"[\s,;:.!?()\"'/]+")
FILLERS = frozenset({"a", "an", "the", "my", "on", "at", "with", "for", "from", "of", "and",
                     "please", "to", "is", "as"})
"""Small words that never carry meaning in an order."""
LEAD_WORDS = frozenset({"i", "we", "please", "ll", "d", "will", "would", "shall", "like", "want",
                        "wish", "to", "let", "me", "us", "lets", "now", "then", "ok", "okay"})
"""Words a player may write before the order itself ("I challenge bruno", "please pass")."""
NUMBER_WORDS: dict[str, int] = {word: number for number, word in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
     "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
     "nineteen", "twenty"))}
NUMBER_WORDS.update({"no": 0, "none": 0, "a": 1, "an": 1, "single": 1, "both": 2, "pair": 2})


def words_of(text: str, separators: re.Pattern[str] = SEPARATORS) -> list[str]:
    """Return the lower-case words of `text` (hyphens stay inside words)."""
    return [word for word in separators.split(text.lower()) if word]


def plain(text: str) -> str:
    """Return `text` lower-cased, with hyphens and punctuation read as single spaces."""
    return " ".join(SEPARATORS.split(text.lower().replace("-", " ").replace("_", " "))).strip()


def content(words: Iterable[str], fillers: frozenset[str] = FILLERS) -> list[str]:
    """Return `words` without filler words."""
    return [word for word in words if word not in fillers]


def split_at(words: Sequence[str], *markers: str) -> tuple[list[str], list[str] | None]:
    """Return the words before and after the first marker (None when there is none)."""
    for position, word in enumerate(words):
        if word in markers and position > 0:
            return list(words[:position]), list(words[position + 1:])
    return list(words), None


def number(word: str) -> int | None:
    """Return the number written as digits or a word ("3", "three"), else None."""
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


class Names:
    """The names a player may write for a set of things: ids, printed names and aliases.

    A phrase names a thing when it equals one of its names, with or without small words, or
    when it begins exactly one of them; with `by_words`, also when each of its words begins the
    matching word of a name ("n am" for North America). Ambiguity is told from the full list of
    names (public knowledge), narrowed only by what the caller knows the seat may see.
    """

    def __init__(self, entries: Mapping[str, Iterable[str]], what: str, *,
                 by_words: bool = False) -> None:
        self.what = what
        self.by_words = by_words
        self.display: dict[str, str] = {}
        self.phrases: dict[str, set[str]] = {}
        for key, names in entries.items():
            names = list(names)
            self.display[key] = names[0] if names else key
            phrases = {plain(key), *(plain(name) for name in names)}
            self.phrases[key] = phrases | {" ".join(content(p.split())) for p in phrases}

    def matches(self, phrase: str) -> list[str]:
        """Return the keys `phrase` names exactly, else those one of whose names it begins."""
        phrase = plain(phrase)
        if not phrase:
            return []
        exact = [key for key, names in self.phrases.items() if phrase in names]
        if exact:
            return exact
        squashed = phrase.replace(" ", "")
        parts = phrase.split() if self.by_words else []
        return [key for key, names in self.phrases.items()
                if any(name.startswith(phrase) or name.replace(" ", "").startswith(squashed)
                       or _begins_each(parts, name.split()) for name in names)]

    def one(self, words: Sequence[str]) -> str | None:
        """Return the key `words` name when they name exactly one thing, else None."""
        found = self.matches(" ".join(content(words)))
        return found[0] if len(found) == 1 else None

    def find(self, words: Sequence[str], reader: Reader, what: str = "",
             among: Iterable[str] = ()) -> str:
        """Return the key `words` name, or raise saying why they name none or several.

        `among` (keys the seat can see, e.g. its own hand) breaks a tie between several names.
        """
        what = what or self.what
        phrase = plain(" ".join(content(words)))
        if not phrase:
            raise reader.fail(f"Name the {what}.")
        found = self.matches(phrase)
        if len(found) > 1:
            seen = set(among)
            found = [key for key in found if key in seen] or found
        if len(found) == 1:
            return found[0]
        if not found:
            raise reader.fail(f'"{phrase}" is not {_article(self.what)} {self.what} of the game '
                              f"({what}).")
        names = " or ".join(self.display[key] for key in found)
        raise reader.fail(f'"{phrase}" could be {names}; write more of the name ({what}).')

    def longest(self, words: Sequence[str], most: int = 4) -> tuple[str | None, int]:
        """Return (key, words used) for the longest exact name at the start of `words`."""
        for length in range(min(most, len(words)), 0, -1):
            found = [key for key, names in self.phrases.items()
                     if plain(" ".join(words[:length])) in names]
            if len(found) == 1:
                return found[0], length
        return None, 0


def _begins_each(parts: Sequence[str], words: Sequence[str]) -> bool:
    """Return whether each of `parts` begins the word of `words` at the same place."""
    return 0 < len(parts) <= len(words) and all(
        word.startswith(part) for part, word in zip(parts, words))


def _article(noun: str) -> str:
    """Return 'an' before a vowel, else 'a'."""
    return "an" if noun[:1] in "aeiou" else "a"


def seat_among(words: Sequence[str], seats: Sequence[str], reader: Reader,
               what: str = "player") -> str:
    """Return the seat named by `words` (its name, or a unique beginning), or raise."""
    exact = list(dict.fromkeys(word for word in words if word in seats))
    if len(exact) == 1:
        return exact[0]
    kept = content(words)
    if len(kept) == 1:
        found = [seat for seat in seats if seat.lower().startswith(kept[0])]
        if len(found) == 1:
            return found[0]
        raise reader.fail(f'"{kept[0]}" is not one {what} (players: {", ".join(seats)}).')
    raise reader.fail(f"Name one {what}: {', '.join(seats)}.")


@dataclass
class Reader:
    """What a grammar reads against: the seat's view, its own prompt, and the help."""

    view: Mapping[str, Any]
    prompt: Prompt | None
    help: Callable[[Prompt], str]

    def fail(self, message: str) -> UnreadableOrder:
        """Return the error for text that cannot be read, saying what may be written."""
        if self.prompt is None:
            return UnreadableOrder(message, legal="You have nothing to decide now.")
        parts = [form.syntax + (f" (for example {form.examples[0]})" if form.examples else "")
                 for form in self.prompt.forms if form.syntax]
        hint = (f"You can write: {'; '.join(parts)}." if parts
                else "Write help for what you can write.")
        return UnreadableOrder(message, legal=hint)

    def help_error(self, message: str) -> UnreadableOrder:
        """Return the answer carrying the full help of the seat's prompt."""
        if self.prompt is None:
            return UnreadableOrder(message, legal="You have nothing to decide now.")
        return UnreadableOrder(message, legal=self.help(self.prompt))

    def nothing_after(self, words: Sequence[str], value: _V, text: str,
                      allowed: Iterable[str] = ()) -> _V:
        """Return `value` when nothing meaningful follows its words, else raise."""
        extra = [word for word in content(words) if word not in set(allowed)]
        if extra:
            raise self.fail(f'"{text}" takes nothing after it, not "{" ".join(extra)}".')
        return value


Rule = Callable[[list[str], Reader], Any]


class Grammar:
    """A game's order grammar: one rule per order word, plus an optional fallback."""

    def __init__(self, title: str, *, separators: re.Pattern[str] = SEPARATORS,
                 notes: Sequence[str] = ()) -> None:
        self.title = title
        self.separators = separators
        self.notes = tuple(notes)
        self.rules: dict[str, Rule] = {}
        self.covered: set[str] = set()
        self.word_kinds: dict[str, tuple[str, ...]] = {}
        """The order kinds each order word writes (answers written ahead are filed by them)."""
        self.fallback: Rule | None = None
        self.examples: dict[str, tuple[str, ...]] = {}
        """By order kind, example lines a player may write (`help ORDER` shows them)."""

    def rule(self, *heads: str, kinds: Iterable[str] = ()) -> Callable[[Rule], Rule]:
        """Return a decorator reading lines that begin with one of `heads`.

        `kinds` names the order kinds the rule produces (the completeness check reads it).
        """

        def mark(function: Rule) -> Rule:
            for head in heads:
                if head in self.rules:
                    raise ValueError(f"{self.title}: two rules for {head!r}")
                self.rules[head] = function
                self.word_kinds[head] = tuple(kinds)
            self.covered.update(kinds)
            return function

        return mark

    def otherwise(self, function: Rule) -> Rule:
        """Register the rule for lines that begin with no order word."""
        self.fallback = function
        return function

    def example(self, kind: str, *lines: str) -> None:
        """Declare example lines of the order `kind`, as a player would write them."""
        self.examples[kind] = self.examples.get(kind, ()) + lines

    def kinds_of_word(self, word: str) -> tuple[str, ...]:
        """Return the order kinds a help topic names: an order word of the grammar, or a
        kind's own name (`call-off`, `call off`)."""
        word = word.strip().lower().replace(" ", "-")
        found = self.word_kinds.get(word, ())
        if not found and word in self.covered:
            found = (word,)
        return tuple(kind for kind in found if kind in self.covered)

    def order_help(self, kinds: Sequence[tuple[str, str, str]], prompt: Prompt | None) -> str:
        """Return the help of order kinds, each given as (kind, syntax, label): how it is
        written, examples, and whether the seat can write it now (`prompt`: its open
        decision). It reads nothing but the grammar and the seat's own prompt."""
        open_forms = {form.kind: form for form in prompt.forms} if prompt else {}
        lines: list[str] = []
        for kind, syntax, label in kinds:
            lines.append(f"{syntax}  - {label}")
            examples = self.examples.get(kind, ())
            if examples:
                lines.append("  for example: " + " | ".join(examples))
            form = open_forms.get(kind)
            if form is not None:
                now = " | ".join(form.examples)
                lines.append("  You can write it now" + (f", for example: {now}" if now
                                                           else "") + ".")
            else:
                lines.append("  You cannot write it now; `help` says what you can.")
        return "\n".join([*lines, *self.notes])

    def kinds(self) -> set[str]:
        """Return the order kinds the rules produce."""
        return set(self.covered)

    def parse(self, text: str, reader: Reader) -> Any:
        """Return the order written in `text`, or raise UnreadableOrder saying what is legal."""
        words = words_of(text, self.separators)
        while len(words) > 1 and words[0] in LEAD_WORDS and words[0] not in self.rules:
            words = words[1:]
        if not words:
            raise reader.fail("The order is empty.")
        head, rest = words[0], words[1:]
        if head == "help":
            raise reader.help_error("Here is what you can write now.")
        if head == "default":
            raise reader.fail("The deadline default is applied when a deadline passes; it "
                              "cannot be written as an order.")
        rule = self.rules.get(head)
        if rule is not None:
            return rule(rest, reader)
        if self.fallback is not None:
            return self.fallback(words, reader)
        raise reader.fail(f'"{head}" is not an order of {self.title}.')

    def help_text(self, prompt: Prompt) -> str:
        """Return the lines telling the prompted seat what it can write now."""
        lines = [prompt.summary, "", "You can write:"]
        for form in prompt.forms:
            lines.append(f"  {form.syntax}  - {form.label}")
            for field in form.fields:
                if field.kind == "number":
                    lines.append(f"      {field.label}: a number from {field.min} to {field.max}")
                elif field.options:
                    lines.append(f"      {field.label}: {', '.join(field.options)}")
            if form.examples:
                lines.append("      for example: " + " | ".join(form.examples))
        lines += ["", ("Case, commas and small words (the, on, with) do not matter; names may "
                       "be shortened to a unique beginning. Write help for this list.")]
        lines += list(self.notes)
        if prompt.simultaneous and prompt.revisable:
            lines.append("Several players answer at once, hidden from each other until all "
                         "are in; you may change your answer until the last one is in.")
        elif prompt.simultaneous:
            lines.append("Several players answer at once; an answer counts as soon as it is "
                         "sent and cannot be changed.")
        lines.append(f"If the deadline passes ({prompt.deadline_hours} hours), "
                     f"{prompt.default_summary}.")
        return "\n".join(lines)
