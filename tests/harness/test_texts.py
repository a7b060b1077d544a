"""The words every game writes: labels (which stand in mail subjects, the page badge and the
lobby), event texts and decision summaries of seeded games, checked for empty parts, doubled
punctuation, names cut short and a count of one with a plural noun."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import all_games, get_game
from engine.core.contract import Game
from engine.core.harness import play_random_game, seat_names, seeds, states_of

EMPTY_PART = re.compile(r",\s*[:,;)]|[:(]\s*[,;)]|\(\s*\)|\[\s*\]|\s[,.;:](?!\.)|[,:;]\s*$")
DOUBLED = re.compile(r"::|,,|;;|(?<!\.)\.\.(?!\.)|[:;,]\.|(?<![A-Z])\.[,:;]")
ONE_PLURAL = re.compile(r"(?<![\d.,/-])\b1 ([A-Za-z]+s)\b")
NOT_PLURALS = {"is", "was", "has", "does", "plus"}
AGREEMENT = re.compile(r"\b(?:for|against) with\b|\b(?:a|the|one) (?:tower|house|wall|palace) "
                       r"go\b")
STATES = 120


def _played(game: Game[Any]) -> Any:
    """Return one seeded random game of `game` at its smallest table."""
    return play_random_game(game, seat_names(game.min_players), next(seeds(1, base=4242)))


def _prose(game: Game[Any], played: Any) -> Iterator[tuple[str, str]]:
    """Yield (where, text) for every event text, public summary and decision summary."""
    for step in played.steps:
        for event in step.events:
            yield "event", game.describe(event)
            summary = getattr(game.visibility(event), "summary", None)
            if summary:
                yield "public summary", summary
    for state in list(states_of(played))[:STATES]:
        for prompt in game.prompts(state):
            yield f"{prompt.seat}'s decision", prompt.summary


def _faults(text: str) -> list[str]:
    """Return what is wrong with a piece of prose."""
    found = [f"{name} {m.group(0)!r}" for name, pattern in
             (("empty part", EMPTY_PART), ("doubled punctuation", DOUBLED),
              ("agreement", AGREEMENT)) for m in [pattern.search(text)] if m]
    found += [f"'1 {m.group(1)}'" for m in ONE_PLURAL.finditer(text)
              if m.group(1).lower() not in NOT_PLURALS]
    return found


def _strings(value: Any) -> Iterator[str]:
    """Yield every text in a view."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def _cut_names(text: str, view: dict[str, Any]) -> list[str]:
    """Return the names in brackets that are the beginning of a longer name of the view."""
    names = {s.removeprefix("The ") for s in _strings(view)}
    return [shown for shown in re.findall(r"\[([^\]\[]+)\]", text)
            if shown not in names and any(n.startswith(shown) and n != shown for n in names)]


NAMES = [game.name for game in all_games()]


@pytest.mark.parametrize("name", NAMES)
def test_labels_have_no_empty_part_and_no_colon(name: str) -> None:
    game = get_game(name)
    played = _played(game)
    for state in list(states_of(played))[:STATES] + [played.state]:
        label = game.label(state)
        subject = f"[{game.title} id] {label}: your move"
        assert label.strip() and ":" not in label, (name, label)
        assert not _faults(subject), (name, subject, _faults(subject))


@pytest.mark.parametrize("name", NAMES)
def test_event_texts_and_summaries_read_cleanly(name: str) -> None:
    game = get_game(name)
    faults = {f"{where}: {text!r}: {', '.join(_faults(line))}"
              for where, text in _prose(game, _played(game))
              for line in text.splitlines() if _faults(line)}
    assert not faults, "\n".join(sorted(faults)[:20])


@pytest.mark.parametrize("name", NAMES)
def test_text_pictures_count_correctly_and_cut_no_name(name: str) -> None:
    game = get_game(name)
    played = _played(game)
    problems = set()
    for state in list(states_of(played))[:STATES:10] + [played.state]:
        for seat in (None, *played.seats):
            view = game.view(state, seat)
            text = game.render_text(view)
            problems.update(f"cut name [{cut}]" for cut in _cut_names(text, view))
            problems.update(f"{line.strip()!r}: '1 {m.group(1)}'" for line in text.splitlines()
                            for m in ONE_PLURAL.finditer(line)
                            if m.group(1).lower() not in NOT_PLURALS)
    assert not problems, "\n".join(sorted(problems)[:20])
