"""The differential secrecy test of decisions answered at once: standing answers, answers
ahead and forced (skipped) decisions must change nothing that another seat sees.

(a) Wherever a seat's decision opens in a played game, the seat answers it at once, by each
standing answer of the game and each order written ahead for it, and in a twin game by hand,
with the same order written out, the moment it is asked. Every other seat and a spectator
must read the same events in the same order and words, and have the same view and prompt
after. A standing answer the game keeps as its own state (`Topic.kept`) is set just before
the order that opens the decision, so the game's own logic answers; the same seat answering
by hand gives the decision's deadline default (a kept answer stands in for the seat's
silence: Illuminati's passes). Setting it must show nobody else anything.
(b) Whether a decision is skipped, taken at once as forced, must follow from public
information: in the states of a played game, each prompted seat's forced order is the same
in the hidden variant of the state for every reader (a spectator's reshuffles all that is
hidden), so a decision skipped or asked tells nobody anything.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .contract import Game, Prompt
from .errors import RuleViolation
from .harness import HARNESS_GAME_ID, HarnessFailure, PlayedGame, states_of
from .probing import decision_kind
from .probing import forced as forced_taken
from .rng import Rng
from .standing import Standing

PER_KIND = 4
"""Openings compared per kind of decision and seat (every kind is covered, not every turn)."""
MOST_FOLLOWING = 8
"""Decisions in a row a kept standing answer may answer at once (windows of one attack)."""
MOST_STATES = 400
"""States compared for forced decisions per game, those with a forced decision first."""


@dataclass(frozen=True)
class Opening:
    """A decision of `seat` opened by step `index` of a played game: the state before that
    step, the step's seat, order and events, and the state after, where `prompt` is open."""

    index: int
    before: Any
    mover: str
    order: Any
    events: list[Any]
    after: Any
    seat: str
    prompt: Prompt


def read_by(game: Game[Any], events: Sequence[Any], reader: str | None) -> list[str]:
    """Return what `reader` reads of `events`, in order: each event, its summary, or nothing."""
    lines = []
    for item in events:
        audience = game.visibility(item)
        if audience.allows(reader):
            lines.append(game.describe(item))
        elif audience.summary:
            lines.append(audience.summary)
    return lines


def shown(game: Game[Any], state: Any, reader: str | None) -> tuple[str, str]:
    """Return `reader`'s view and prompt in `state`, as text."""
    prompt = game.prompt_for(state, reader) if reader is not None else None
    return json.dumps(game.view(state, reader), sort_keys=True, default=str), repr(prompt)


def openings(played: PlayedGame) -> Iterator[Opening]:
    """Yield the decisions opened by the orders of a played game, `PER_KIND` a kind and seat."""
    game = played.game
    covered: Counter[tuple[str, str]] = Counter()
    before = None
    for index, state in enumerate(states_of(played)):
        step = played.steps[index]
        if before is not None and step.seat is not None:
            was = {p.seat: p.key for p in game.prompts(before) if not p.submitted}
            for prompt in game.prompts(state):
                kind = (prompt.seat, decision_kind(prompt.key))
                if prompt.submitted or was.get(prompt.seat) == prompt.key or (
                        covered[kind] >= PER_KIND):
                    continue
                covered[kind] += 1
                yield Opening(index, before, step.seat, step.order, step.events, state,
                              prompt.seat, prompt)
        before = state


def others(played: PlayedGame, seat: str) -> list[str | None]:
    """Return every reader but `seat`: the other seats and a spectator."""
    return [*[s for s in played.seats if s != seat], None]


def _rng(played: PlayedGame, opening: Opening) -> Rng:
    return Rng.for_position(played.seed, HARNESS_GAME_ID, played.steps[opening.index].position)


def _by_hand(played: PlayedGame, opening: Opening, order: Any) -> tuple[list[Any], Any]:
    """Return the events and state of the seat giving `order`, written out, when asked."""
    game = played.game
    written = game.parse(game.format_order(order), opening.seat, opening.after)
    events = game.decide(opening.after, opening.seat, written, _rng(played, opening))
    return [*opening.events, *events], game.fold(opening.after, events)


def _owes(game: Game[Any], state: Any, seat: str) -> Prompt | None:
    """Return the seat's open decision still unanswered in `state`, if any."""
    prompt = game.prompt_for(state, seat)
    return prompt if prompt is not None and not prompt.submitted else None


def _defaults_by_hand(played: PlayedGame, opening: Opening,
                      answered: Any) -> tuple[list[Any], Any]:
    """Return the events and state of the seat giving, by hand, the deadline default of each
    decision it is asked in turn, as long as the game answered that one for it at once (in
    `answered`, a kept standing answer answers every window it covers)."""
    game = played.game
    events, state = _by_hand(played, opening, opening.prompt.default)
    for _ in range(MOST_FOLLOWING):
        prompt, there = _owes(game, state, opening.seat), _owes(game, answered, opening.seat)
        if prompt is None or (there is not None and there.key == prompt.key):
            break
        more = game.decide(state, opening.seat, prompt.default, _rng(played, opening))
        events, state = [*events, *more], game.fold(state, more)
    return events, state


def compare(played: PlayedGame, opening: Opening, how: str, at_once: tuple[list[Any], Any],
            by_hand: tuple[list[Any], Any]) -> None:
    """Fail where a reader other than the seat tells the answer `how` from one by hand."""
    game = played.game
    for reader in others(played, opening.seat):
        mine, theirs = read_by(game, at_once[0], reader), read_by(game, by_hand[0], reader)
        if mine != theirs:
            raise HarnessFailure(
                f"{game.name}: {reader or 'a spectator'} reads the log differently when "
                f"{opening.seat} answers {opening.prompt.key} by {how} than by hand:\n"
                f"  {mine}\n  {theirs}")
        if shown(game, at_once[1], reader) != shown(game, by_hand[1], reader):
            raise HarnessFailure(
                f"{game.name}: {reader or 'a spectator'}'s view or prompt differs when "
                f"{opening.seat} answers {opening.prompt.key} by {how} than by hand")


def check_service_kept(played: PlayedGame, opening: Opening) -> int:
    """Compare standing answers, answers ahead and forced orders the service gives at the
    opening with the same orders by hand; return the comparisons made."""
    game = played.game
    state, seat = opening.after, opening.seat
    entries: list[Standing] = []
    scope = game.standing_scope(state)
    for topic in game.standing_topics():
        if topic.kept:
            continue
        entries += [Standing(topic.name, answer.name) for answer in topic.answers]
        if scope and topic.kinds and game.can_list(state, seat):
            entries += [Standing(topic.name, written=game.format_order(order), until=scope)
                        for order in list(game.legal_orders(state, seat))[:3]]
    made = 0
    for entry in entries:
        applied = game.standing_order(state, seat, (entry,))
        if applied is None or applied.order is None:
            continue
        events = game.decide(state, seat, applied.order, _rng(played, opening))
        how = f"the standing answer {entry.text()!r}"
        compare(played, opening, how, ([*opening.events, *events], game.fold(state, events)),
                _by_hand(played, opening, applied.order))
        made += 1
    forced = game.forced_order(state, seat)
    if forced is not None:
        events = game.decide(state, seat, forced, _rng(played, opening))
        compare(played, opening, "a forced decision",
                ([*opening.events, *events], game.fold(state, events)),
                _by_hand(played, opening, forced))
        made += 1
    return made


def check_game_kept(played: PlayedGame, opening: Opening) -> int:
    """Set each standing answer the game keeps just before the opening's order, check nobody
    else sees it set, and compare the decision answered by it with the deadline default
    given by hand; return the comparisons made."""
    game = played.game
    made = 0
    for topic in game.standing_topics():
        if not topic.kept:
            continue
        for answer in topic.answers:
            entry = Standing(topic.name, answer.name)
            setting = game.keep_standing(opening.before, opening.seat, (entry,))
            if not setting:
                continue
            before = game.fold(opening.before, setting)
            for reader in others(played, opening.seat):
                if read_by(game, setting, reader) or (
                        shown(game, before, reader) != shown(game, opening.before, reader)):
                    raise HarnessFailure(f"{game.name}: {reader or 'a spectator'} sees "
                                         f"{opening.seat} set {entry.text()!r}")
            try:
                events = game.decide(before, opening.mover, opening.order,
                                     _rng(played, opening))
            except RuleViolation as exc:
                raise HarnessFailure(f"{game.name}: {opening.seat}'s {entry.text()!r} makes "
                                     f"{opening.mover}'s order illegal: {exc}") from exc
            state = game.fold(before, events)
            still = game.prompt_for(state, opening.seat)
            if still is not None and still.key == opening.prompt.key and not still.submitted:
                compare(played, opening, f"the standing answer {entry.text()!r} (not used)",
                        (events, state), (opening.events, opening.after))
                continue
            compare(played, opening, f"the standing answer {entry.text()!r}", (events, state),
                    _defaults_by_hand(played, opening, state))
            made += 1
    return made


def check_answered_at_once(played: PlayedGame) -> int:
    """Check (a) over the decisions opened in a played game; return the comparisons made."""
    made = 0
    for opening in openings(played):
        made += check_service_kept(played, opening)
        made += check_game_kept(played, opening)
    return made


def check_forced_public(played: PlayedGame) -> int:
    """Check (b): forced orders are the same in every reader's hidden variant of the states
    of a played game; return the states in which some decision was forced."""
    game = played.game
    rng = Rng(b"forced:" + played.seed)
    states = list(states_of(played))
    forced = [i for i, s in enumerate(states) if any(o for _, o in forced_taken(game, s))]
    rest = [i for i in range(len(states)) if i not in set(forced)]
    for state in [states[i] for i in (forced + rest)[:MOST_STATES]]:
        mine = forced_taken(game, state)
        for reader in (None, *played.seats):
            variant = game.hidden_variant(state, reader, rng)
            if variant is None:
                continue
            theirs = forced_taken(game, variant)
            if mine != theirs:
                raise HarnessFailure(f"{game.name}: whether a decision is taken at once as "
                                     f"forced depends on what {reader or 'a spectator'} may "
                                     f"not see:\n  {mine}\n  {theirs}")
    return len(forced)
