"""The shared game harness: invariants every registered game must keep.

It plays seeded random games in memory, choosing among the open prompts and their legal orders
(now and then the deadline default), and checks after each step that the game can go on, and at
the end that replay, audit, secrecy and the text grammar hold. `tests/harness` runs it on every
game in the registry; `pbem selfplay` plays the same way through the real store.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .codec import encode
from .contract import Canaries, Event, Game, Order, Prompt
from .errors import RuleViolation, UnreadableOrder
from .probing import missing_secrecy
from .rng import Rng

HARNESS_GAME_ID = "harness"
DEFAULT_ORDER_ODDS = 10
"""One order in this many is the prompt's deadline default, so defaults are played too."""


class HarnessFailure(AssertionError):
    """A game broke one of the shared invariants."""


@dataclass
class Step:
    """One decision of a played game: who, what, at which position, and what it caused."""

    seat: str | None
    order: Order | None
    position: int
    events: list[Event]


@dataclass
class PlayedGame:
    """A complete random game: the steps in order and the states they passed through."""

    game: Game[Any]
    seats: tuple[str, ...]
    options: dict[str, Any]
    seed: bytes
    steps: list[Step] = field(default_factory=list)
    state: Any = None
    sampled_states: list[Any] = field(default_factory=list)

    @property
    def events(self) -> list[Event]:
        """Return every event of the game in order."""
        return [item for step in self.steps for item in step.events]


def seat_names(count: int) -> tuple[str, ...]:
    """Return `count` distinct seat names for test games."""
    names = ("anna", "bruno", "carla", "dieter", "emma", "felix", "greta", "hugo")
    return names[:count]


def chooser_for(seed: bytes) -> Rng:
    """Return the random stream that stands in for the players' choices (not the game's rng)."""
    return Rng(hashlib.sha256(b"players:" + seed).digest())


def choose_step(game: Game[Any], state: Any, chooser: Rng) -> tuple[Prompt, Order]:
    """Return a random open prompt and an order for it, checking every prompt has one."""
    prompts = game.prompts(state)
    for prompt in prompts:
        if game.can_list(state, prompt.seat) and not game.legal_orders(state, prompt.seat):
            raise HarnessFailure(f"{game.name}: {prompt.seat} is prompted ({prompt.key}) "
                                 "but has no legal order")
    prompt = chooser.choice(prompts)
    if not prompt.submitted and chooser.randbelow(DEFAULT_ORDER_ODDS) == 0:
        return prompt, prompt.default
    if game.can_list(state, prompt.seat):
        return prompt, chooser.choice(list(game.legal_orders(state, prompt.seat)))
    sampled = game.random_legal_order(state, prompt.seat, chooser)
    problem = game.is_legal(state, prompt.seat, sampled)
    if problem is not None:
        raise HarnessFailure(f"{game.name}: the sampler gave {prompt.seat} an illegal order "
                             f"{sampled!r}: {problem}")
    return prompt, sampled


class PromptKeys:
    """Each seat's open prompt key through a game: a key that closed must never open again.

    The service refuses an answer as stale only when the key it names differs from the open
    one, so a key that comes back (`bid` in every round) would let a late reply to an earlier
    decision be taken by a later one. A seat's decision closes when its key changes or its
    prompt goes, and a sealed one also when the seat's answer was in and is no longer (the
    window closed and the next one opened under the same key).
    """

    def __init__(self, game: Game[Any], seats: Sequence[str]) -> None:
        self.game = game
        self.open: dict[str, Prompt] = {}
        self.closed: dict[str, set[str]] = {seat: set() for seat in seats}

    def see(self, state: Any) -> None:
        """Note the prompts open in `state`; fail when a seat's closed key is open again."""
        now = {prompt.seat: prompt for prompt in self.game.prompts(state)}
        for seat, closed in self.closed.items():
            before, after = self.open.get(seat), now.get(seat)
            if before is not None and not _still_open(before, after):
                closed.add(before.key)
            if after is not None and after.key in closed:
                raise HarnessFailure(
                    f"{self.game.name}: the prompt key {after.key!r} opened again for {seat} "
                    "after it closed, so a late answer to the earlier decision would be taken "
                    "by this one; number the keys in prompt_key (by round, turn or step)")
        self.open = now


def _still_open(before: Prompt, after: Prompt | None) -> bool:
    """Return whether `after` is the decision `before` still open, not a new one."""
    if after is None or after.key != before.key:
        return False
    return not (before.simultaneous and before.submitted and not after.submitted)


def play_random_game(game: Game[Any], seats: Sequence[str], seed: bytes,
                     options: dict[str, Any] | None = None, *, max_orders: int = 20_000,
                     sample_every: int = 7) -> PlayedGame:
    """Play one seeded random game to its end, checking the step invariants on the way
    (every prompt has a legal order, orders read back from their text, keys never reopen)."""
    opts = game.default_options() | dict(options or {})
    played = PlayedGame(game, tuple(seats), opts, seed)
    state = game.initial_state(played.seats, opts)
    opening = game.start(state, Rng.for_position(seed, HARNESS_GAME_ID, 0))
    played.steps.append(Step(None, None, 0, opening))
    state = game.fold(state, opening)
    chooser = chooser_for(seed)
    keys = PromptKeys(game, played.seats)
    for position in range(1, max_orders + 1):
        keys.see(state)
        if not game.prompts(state):
            break
        check_deciding(game, state, played.seats)
        prompt, chosen = choose_step(game, state, chooser)
        if chosen is not prompt.default:
            check_round_trip(game, state, prompt.seat, chosen)
        events = game.decide(state, prompt.seat, chosen,
                             Rng.for_position(seed, HARNESS_GAME_ID, position))
        if not events:
            raise HarnessFailure(f"{game.name}: an accepted order by {prompt.seat} caused "
                                 "no event")
        played.steps.append(Step(prompt.seat, chosen, position, events))
        state = game.fold(state, events)
        if position % sample_every == 0:
            played.sampled_states.append(state)
    else:
        raise HarnessFailure(f"{game.name}: no end after {max_orders} orders (seed "
                             f"{seed.hex()})")
    if game.outcome(state) is None:
        raise HarnessFailure(f"{game.name}: no prompts are open but there is no outcome")
    played.state = state
    played.sampled_states.append(state)
    return played


def check_deciding(game: Game[Any], state: Any, seats: Sequence[str]) -> None:
    """Fail unless `is_deciding` names exactly the seats that have a prompt."""
    prompted = {prompt.seat for prompt in game.prompts(state)}
    for seat in seats:
        if game.is_deciding(state, seat) != (seat in prompted):
            raise HarnessFailure(f"{game.name}: is_deciding({seat}) disagrees with the "
                                 "prompts")


def check_round_trip(game: Game[Any], state: Any, seat: str, chosen: Order) -> None:
    """Check that the canonical text of `chosen` parses back to the same order."""
    text = game.format_order(chosen)
    try:
        parsed = game.parse(text, seat, state)
    except RuleViolation as exc:
        raise HarnessFailure(f"{game.name}: {text!r} by {seat} does not parse back: "
                             f"{exc}") from exc
    if parsed != chosen:
        raise HarnessFailure(f"{game.name}: {text!r} parses to {parsed!r}, not {chosen!r}")


def dump_events(game: Game[Any], events: Sequence[Event]) -> list[tuple[str, str]]:
    """Return events as (type, canonical JSON payload) pairs: the form the store keeps."""
    result = []
    for item in events:
        name, payload = game.events.dump(item)
        result.append((name, json.dumps(payload, sort_keys=True)))
    return result


def check_replay(played: PlayedGame) -> None:
    """Check that folding the stored form of the log rebuilds the live final state."""
    game = played.game
    state = game.initial_state(played.seats, played.options)
    for name, payload in dump_events(game, played.events):
        state = game.evolve(state, game.events.load(name, json.loads(payload)))
    if encode(state) != encode(played.state):
        raise HarnessFailure(f"{game.name}: replaying the log does not rebuild the state")


def check_audit(played: PlayedGame) -> None:
    """Check that re-running every order against the seed reproduces the log exactly."""
    game = played.game
    state = game.initial_state(played.seats, played.options)
    for step in played.steps:
        rng = Rng.for_position(played.seed, HARNESS_GAME_ID, step.position)
        if step.seat is None:
            again = game.start(state, rng)
        else:
            again = game.decide(state, step.seat, step.order, rng)
        if dump_events(game, again) != dump_events(game, step.events):
            raise HarnessFailure(f"{game.name}: re-running step {step.position} "
                                 f"({step.seat}: {step.order!r}) gives other events")
        state = game.fold(state, step.events)


def readable_texts(game: Game[Any], state: Any, seat: str | None) -> str:
    """Return everything `seat` reads of `state`: its view, its prompts and their help."""
    parts = [json.dumps(game.view(state, seat), sort_keys=True, default=str)]
    for prompt in game.prompts(state):
        if prompt.seat == seat:
            parts.append(prompt.summary)
            parts.append(game.help(prompt))
            parts.append(prompt.default_summary)
    return "\n".join(parts)


def check_secrecy(played: PlayedGame) -> int:
    """Check planted canaries reach only their owners; return how many canaries were seen."""
    game = played.game
    seen = 0
    for state in played.sampled_states:
        canaries = Canaries()
        planted = game.plant_canaries(state, canaries)
        if not canaries.owners:
            continue
        readers: list[str | None] = [None, *played.seats]
        texts = {reader: readable_texts(game, planted, reader) for reader in readers}
        for marker, owners in canaries.owners.items():
            for reader, text in texts.items():
                if marker in text and reader not in owners:
                    raise HarnessFailure(f"{game.name}: a secret of {sorted(owners)} reaches "
                                         f"{reader or 'a spectator'}")
            if owners and not any(marker in texts[owner] for owner in owners):
                raise HarnessFailure(f"{game.name}: a planted secret is shown to none of its "
                                     f"owners {sorted(owners)}: the canary test proves nothing")
            seen += 1
    return seen


def check_declared(game: Game[Any]) -> None:
    """Check a game declares whether it hides information, and if so gives its secrecy hooks."""
    problems = missing_secrecy(game)
    if problems:
        raise HarnessFailure(f"{game.name}: " + "; ".join(problems))


def check_history(played: PlayedGame) -> None:
    """Check every event has an audience, and hidden events a public summary without payload
    (and only in a game that declares hidden information)."""
    game = played.game
    for item in played.events:
        audience = game.visibility(item)
        if audience.seats is None:
            continue
        if not game.hidden_information:
            raise HarnessFailure(f"{game.name} declares no hidden information, but its event "
                                 f"{game.events.name_of(item)} is hidden")
        if audience.summary is None:
            raise HarnessFailure(f"{game.name}: hidden event {game.events.name_of(item)} has "
                                 "no public summary (UNSEEN when the others see nothing)")
        text = game.describe(item)
        if text and text != audience.summary and text in audience.summary:
            raise HarnessFailure(f"{game.name}: the public summary of "
                                 f"{game.events.name_of(item)} repeats its hidden account")


def check_rejections(played: PlayedGame, samples: int = 40) -> None:
    """Check that wrong seats and garbage text are refused with a RuleViolation, nothing else."""
    game = played.game
    chooser = chooser_for(played.seed + b"rejections")
    for state in played.sampled_states[:samples]:
        prompted = {prompt.seat for prompt in game.prompts(state)}
        for seat in played.seats:
            if seat not in prompted:
                _expect_violation(game, state, seat, _any_order(game, played, chooser))
        for prompt in game.prompts(state):
            if not game.help(prompt).strip():
                raise HarnessFailure(f"{game.name}: empty help for {prompt.seat}")
            try:
                game.parse("xyzzy plugh 42", prompt.seat, state)
            except UnreadableOrder:
                pass
            else:
                raise HarnessFailure(f"{game.name}: garbage text was read as an order")


def _any_order(game: Game[Any], played: PlayedGame, chooser: Rng) -> Order:
    orders = [step.order for step in played.steps if step.order is not None]
    return chooser.choice(orders)


def _expect_violation(game: Game[Any], state: Any, seat: str, chosen: Order) -> None:
    try:
        game.decide(state, seat, chosen, Rng(b"rejection"))
    except RuleViolation as exc:
        if not exc.code or not exc.message:
            raise HarnessFailure(f"{game.name}: a violation without code or message") from exc
        return
    raise HarnessFailure(f"{game.name}: {seat} acted without being prompted")


def states_of(played: PlayedGame) -> Iterator[Any]:
    """Yield the state after each step of a played game, from the opening on."""
    game = played.game
    state = game.initial_state(played.seats, played.options)
    for step in played.steps:
        state = game.fold(state, step.events)
        yield state


def check_secret_answers(played: PlayedGame, per_kind: int = 2) -> int:
    """Check no seat's answers depend on what it may not see; return the probes made."""
    from .probing import SecrecyLeak, check_answers

    try:
        made = check_answers(played.game, played.seats, states_of(played), played.seed,
                             per_kind)
    except SecrecyLeak as exc:
        raise HarnessFailure(str(exc)) from exc
    if not made:
        raise HarnessFailure(f"{played.game.name}: no hidden variant was ever made, so the "
                             "differential secrecy test proves nothing")
    return made


def check_listing_agrees(played: PlayedGame, states: int = 20, probes: int = 150) -> None:
    """Check that where a seat's legal orders are listed, exactly those orders are accepted:
    the list and the legality check never disagree."""
    game = played.game
    chooser = chooser_for(played.seed + b"listing")
    sample = played.sampled_states[:states]
    pool: dict[Any, None] = {}
    for state in sample:
        for prompt in game.prompts(state):
            if game.can_list(state, prompt.seat):
                pool.update(dict.fromkeys(game.legal_orders(state, prompt.seat)))
    candidates = list(pool)
    for state in sample:
        for prompt in game.prompts(state):
            if not game.can_list(state, prompt.seat):
                continue
            legal = set(game.legal_orders(state, prompt.seat))
            tried = chooser.sample(candidates, min(probes, len(candidates))) + list(legal)
            for order in tried:
                accepted = game.is_legal(state, prompt.seat, order) is None
                if accepted != (order in legal):
                    raise HarnessFailure(f"{game.name}: {prompt.seat}'s {order!r} is "
                                         f"{'accepted' if accepted else 'refused'} but "
                                         f"{'not ' if accepted else ''}listed as legal")


def check_forms(played: PlayedGame, states: int = 20) -> None:
    """Check that every example and every choice a form offers a seat is accepted by the order
    check, in a sample of the game's states: the help never offers what the check refuses."""
    from .formcheck import FormRefused, check_prompt_forms

    for state in played.sampled_states[:states]:
        for prompt in played.game.prompts(state):
            try:
                check_prompt_forms(played.game, state, prompt)
            except FormRefused as exc:
                raise HarnessFailure(str(exc)) from exc


def check_teams(played: PlayedGame) -> None:
    """Check the teams the game's end reveals (`Game.revealed_teams`): none before the end;
    at the end, every seat in one team, the winners' team first, and the same in any state a
    spectator cannot tell from the final one (they come from what everyone may see)."""
    game, state = played.game, played.state
    if any(game.revealed_teams(s) is not None for s in played.sampled_states
           if game.outcome(s) is None):
        raise HarnessFailure(f"{game.name}: teams are revealed before the end")
    teams = game.revealed_teams(state)
    if teams is None:
        return
    seats = sorted(seat for team in teams for seat in team)
    outcome = game.outcome(state)
    if len(teams) < 2 or seats != sorted(played.seats) or outcome is None or \
            set(teams[0]) != set(outcome.winners):
        raise HarnessFailure(f"{game.name}: the teams revealed {teams} are not every seat in "
                             "one team, the winners' first")
    variant = game.hidden_variant(state, None, Rng(b"teams")) if game.hidden_information \
        else None
    if variant is not None and game.revealed_teams(variant) != teams:
        raise HarnessFailure(f"{game.name}: the teams revealed depend on what a spectator "
                             "cannot see at the end")


def check_all(played: PlayedGame) -> None:
    """Run every end-of-game check on `played`."""
    check_declared(played.game)
    check_forms(played)
    check_replay(played)
    check_audit(played)
    check_history(played)
    check_teams(played)
    check_rejections(played)
    check_listing_agrees(played)
    check_secrecy(played)


def player_counts(game: Game[Any]) -> range:
    """Return every allowed number of players."""
    return range(game.min_players, game.max_players + 1)


def table_size(game: Game[Any], most: int) -> int:
    """Return the largest table of `game` up to `most` seats (where more seats draw more, the
    harder layout), or its smallest when it needs more."""
    return max(game.min_players, min(game.max_players, most))


def seeds(count: int, base: int = 0) -> Iterator[bytes]:
    """Return `count` reproducible seeds."""
    for index in range(base, base + count):
        yield hashlib.sha256(f"harness-seed-{index}".encode()).digest()
