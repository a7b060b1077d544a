"""Helpers for rule tests that read like the rule: given these events, when this order, then
these events (or this refusal). Every game's rule tests use them.

    state = given(GAME, SEATS, *opening_events)
    events = when(GAME, state, "anna", SpyOrder("bruno"))
    then(events, LookedAt(...))
    assert refused(GAME, state, "bruno", PassOrder()).code == "not-your-turn"

`Scripted` stands in for the game's random stream where a rule depends on a die or a draw.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .contract import Game
from .errors import RuleViolation
from .rng import Rng


class Scripted(Rng):
    """A random stream that returns the given values, in order, for every draw below n."""

    def __init__(self, *values: int) -> None:
        super().__init__(b"scripted")
        self.values = list(values)

    def randbelow(self, n: int) -> int:
        """Return the next scripted value (it must be below `n`)."""
        assert self.values, f"no scripted value left for a draw below {n}"
        value = self.values.pop(0)
        assert 0 <= value < n, f"scripted {value} is not below {n}"
        return value

    def roll(self, sides: int) -> int:
        """Return the next scripted value as a die roll from 1 to `sides` (script 1..sides)."""
        assert self.values, f"no scripted value left for a d{sides}"
        value = self.values.pop(0)
        assert 1 <= value <= sides, f"scripted roll {value} is not on a d{sides}"
        return value


def rng(seed: bytes = b"test-key") -> Rng:
    """Return a fixed random stream for tests where the draws do not matter."""
    return Rng(seed)


def flatten(groups: Iterable[Any]) -> list[Any]:
    """Return events given singly or in lists, as one list."""
    events: list[Any] = []
    for group in groups:
        if isinstance(group, (list, tuple)):
            events.extend(group)
        else:
            events.append(group)
    return events


def given(game: Game[Any], seats: Sequence[str], *groups: Any,
          options: Mapping[str, Any] | None = None) -> Any:
    """Return the state after the given events (single events or lists of them)."""
    state = game.initial_state(tuple(seats), game.default_options() | dict(options or {}))
    return game.fold(state, flatten(groups))


def when(game: Game[Any], state: Any, seat: str, order: Any, random: Rng | None = None,
         ) -> list[Any]:
    """Return the events of `seat` giving `order` (an order, or its text) in `state`."""
    if isinstance(order, str):
        order = game.parse(order, seat, state)
    return game.decide(state, seat, order, random or rng())


def then(events: Sequence[Any], *expected: Any) -> None:
    """Assert that `events` are exactly `expected` (single events or lists of them)."""
    wanted = flatten(expected)
    assert list(events) == wanted, _difference(list(events), wanted)


def _difference(got: list[Any], wanted: list[Any]) -> str:
    """Return a readable account of where two event lists part."""
    for index, (left, right) in enumerate(zip(got, wanted)):
        if left != right:
            return f"event {index}: got {left!r}, expected {right!r}"
    return f"got {len(got)} events, expected {len(wanted)}: {got[len(wanted):] or wanted[len(got):]}"


def refused(game: Game[Any], state: Any, seat: str, order: Any,
            code: str | None = None) -> RuleViolation:
    """Return the violation refusing `order` (or its text) by `seat`; check its code if given."""
    try:
        when(game, state, seat, order)
    except RuleViolation as exc:
        assert exc.message, "a refusal must say why"
        if code is not None:
            assert exc.code == code, f"refused with {exc.code}, expected {code}: {exc}"
        return exc
    raise AssertionError(f"{seat}'s {order!r} was accepted")


def after(game: Game[Any], state: Any, events: Sequence[Any]) -> Any:
    """Return `state` after `events`."""
    return game.fold(state, events)


def play(game: Game[Any], state: Any, *moves: tuple[str, Any], random: Rng | None = None,
         ) -> Any:
    """Return the state after each (seat, order or text) in turn; `random`, when given, is the
    one stream every move draws from (else each move gets a fresh fixed stream)."""
    for seat, order in moves:
        state = after(game, state, when(game, state, seat, order, random))
    return state


def types_of(game: Game[Any], events: Sequence[Any]) -> list[str]:
    """Return the stored type names of `events`."""
    return [game.events.name_of(item) for item in events]


def of_type(events: Sequence[Any], kind: type) -> list[Any]:
    """Return the events of one class."""
    return [item for item in events if isinstance(item, kind)]


def prompted(game: Game[Any], state: Any) -> list[str]:
    """Return the seats with a decision open."""
    return [prompt.seat for prompt in game.prompts(state)]
