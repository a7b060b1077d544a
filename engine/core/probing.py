"""The differential secrecy test: every answer a seat can get must be the same in two states
that differ only in what that seat may not know.

Canaries show what reaches a view, a prompt or the help; they cannot show an answer that merely
behaves differently (an object name narrowed against another seat's hand, "not taken now"
against "unreadable"). Here the game builds a variant of a state with the seat's hidden
information reshuffled (`Game.hidden_variant`), and the seat's view, prompt, help, legal orders
and the answer to many probe texts (every legal order of every seat in either state, the
prefixes of their words, the game's names, garbage) are compared between the two.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .codec import encode
from .contract import Game
from .errors import RuleViolation
from .rng import Rng

Answer = tuple[str, ...]
GARBAGE = ("", "help", "xyzzy", "pass", "yes", "no", "all", "1", "12 34", "done", "take",
           "give", "play", "the", "a b c", "I", "?", "default")


class SecrecyLeak(AssertionError):
    """An answer depends on information the asking seat may not see."""


def missing_secrecy(game: Game[Any]) -> list[str]:
    """Return what a game's declaration of hidden information lacks (empty when complete)."""
    cls = type(game)
    hidden = getattr(cls, "hidden_information", None)
    if not isinstance(hidden, bool):
        return [f"{cls.__name__} does not declare hidden_information"]
    if not hidden:
        return []
    problems = [f"{game.name} declares hidden information but does not implement {hook}"
                for hook in game.missing_secrecy_hooks()]
    if not game.probe_words():
        problems.append(f"{game.name} declares hidden information but gives no probe_words "
                        "(the names players write, for the secrecy probes)")
    return problems


def answer(game: Game[Any], state: Any, seat: str | None, text: str) -> Answer:
    """Return everything the service would tell `seat` about `text`: read, refused or taken."""
    if seat is None:
        return ("spectator",)
    try:
        order = game.parse(text, seat, state)
    except RuleViolation as exc:
        return ("unreadable", exc.code, exc.message, exc.legal)
    problem = game.is_legal(state, seat, order)
    if problem is not None:
        return ("refused", problem.code, problem.message, problem.legal)
    return ("accepted", game.format_order(order))


def readings(game: Game[Any], state: Any, seat: str | None) -> dict[str, Any]:
    """Return what `seat` reads without writing: its view, prompt, help and legal orders,
    which decisions are taken at once as forced (everyone's: that nobody waits for them is
    seen by all), and what each of its own standing answers would give now."""
    data: dict[str, Any] = {"view": json.dumps(game.view(state, seat), sort_keys=True,
                                               default=str)}
    data["forced"] = forced(game, state)
    if seat is not None:
        prompt = game.prompt_for(state, seat)
        if prompt is not None:
            data["prompt"] = repr(prompt)
            data["help"] = game.help(prompt)
            data["standing"] = standing_answers(game, state, seat)
        data["legal"] = [game.format_order(o) for o in game.legal_orders(state, seat)]
    return data


def forced(game: Game[Any], state: Any) -> list[tuple[str, str | None]]:
    """Return every prompted seat with the order taken for it at once, if any."""
    found = []
    for prompt in game.prompts(state):
        order = game.forced_order(state, prompt.seat)
        found.append((prompt.seat, None if order is None else game.format_order(order)))
    return found


def standing_answers(game: Game[Any], state: Any, seat: str) -> list[tuple[str, str, str]]:
    """Return what each standing answer of the game would give the seat now: the order's
    text, or why it is not legal, for every topic and answer."""
    from .standing import Standing

    found = []
    for topic in game.standing_topics():
        for answer in topic.answers:
            entry = Standing(topic.name, answer.name)
            applied = game.standing_order(state, seat, (entry,))
            if applied is None:
                found.append((entry.text(), "", ""))
            else:
                text = "" if applied.order is None else game.format_order(applied.order)
                found.append((entry.text(), text, applied.reason))
    return found


def order_texts(game: Game[Any], state: Any, rng: Rng) -> list[str]:
    """Return the canonical texts of the legal orders of every prompted seat."""
    texts: list[str] = []
    for prompt in game.prompts(state):
        if game.can_list(state, prompt.seat):
            texts += [game.format_order(o) for o in game.legal_orders(state, prompt.seat)]
        else:
            texts += [game.format_order(game.random_legal_order(state, prompt.seat, rng))
                      for _ in range(8)]
    return texts


def probes(game: Game[Any], texts: Iterable[str]) -> list[str]:
    """Return probe texts: the given orders, their words cut short, names and garbage."""
    found: dict[str, None] = dict.fromkeys(texts)
    verbs = {text.split()[0] for text in found if text.split()}
    for text in list(found):
        words = text.split()
        for position in range(1, len(words)):
            for length in (1, 2, 3):
                cut = words[position][:length]
                found[" ".join((*words[:position], cut))] = None
                found[" ".join((*words[:position], cut, *words[position + 1:]))] = None
    for word in game.probe_words():
        for verb in verbs:
            found[f"{verb} {word}"] = None
            found[f"{verb} {word[:1]}"] = None
    found.update(dict.fromkeys(GARBAGE))
    return list(found)


def compare(game: Game[Any], state: Any, variant: Any, seat: str | None,
            texts: list[str]) -> int:
    """Raise SecrecyLeak where `seat` can tell `state` from `variant`; return probes made."""
    mine, theirs = readings(game, state, seat), readings(game, variant, seat)
    if mine["view"] != theirs["view"]:
        raise SecrecyLeak(f"{game.name}: the hidden variant for {seat} changes its view: the "
                          "game's hidden_variant reshuffles something the seat can see")
    for key in mine:
        if mine[key] != theirs.get(key):
            raise SecrecyLeak(f"{game.name}: {seat}'s {key} depends on hidden information:\n"
                              f"  {mine[key]!r}\n  {theirs.get(key)!r}")
    for text in texts:
        first, second = answer(game, state, seat, text), answer(game, variant, seat, text)
        if first != second:
            raise SecrecyLeak(f"{game.name}: the answer to {text!r} by {seat} depends on "
                              f"hidden information:\n  {first!r}\n  {second!r}")
    return len(texts)


def decision_kind(key: str) -> str:
    """Return the kind of a decision point: its key without numbers."""
    return re.sub(r"\d+", "#", key)


def check_answers(game: Game[Any], seats: tuple[str, ...], states: Iterable[Any], seed: bytes,
                  per_kind: int = 2) -> int:
    """Compare every seat's answers in states and their hidden variants; return probes made.

    At most `per_kind` states are taken of each kind of decision point, so every kind is
    covered without comparing the thousands of states of a long game.
    """
    rng = Rng(b"variants:" + seed)
    covered: Counter[str] = Counter()
    made = 0
    for state in states:
        prompts = game.prompts(state)
        kind = decision_kind(prompts[0].key) if prompts else "over"
        if covered[kind] >= per_kind:
            continue
        covered[kind] += 1
        for seat in (*seats, None):
            variant = game.hidden_variant(state, seat, rng)
            if variant is None or encode(variant) == encode(state):
                continue
            texts = probes(game, order_texts(game, state, rng) + order_texts(game, variant, rng))
            made += compare(game, state, variant, seat, texts)
    return made
