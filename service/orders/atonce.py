"""Decisions answered at once, in the append that opens them: a seat's standing answers, and
forced decisions (the only legal answer is public, so nobody is asked and nobody waits).

Each is an order like any other: decided by the rules with the random stream of its own
position in the log (so an audit decides it again the same way), recorded as `order.accepted`
by the actor `standing` or `forced`. A standing answer that is not legal where it would apply
is not applied: the log records why (`standing.dropped`, private to the seat, so its next
email says so) and the seat is asked as usual; an answer ahead is used up either way. The
rules may also use up answers ahead without applying them (`Applied.skipped`: the branches
of an Illuminati turn script that were not taken), in the same private standing event.

A resigned seat plays its deadline defaults: its standing answers are ignored (they were its
player's choices while playing), while a forced decision is still taken at once, since its one
legal answer is the default too.
"""
from __future__ import annotations

from typing import Any

from engine.core import Game, Rng
from engine.core.standing import Standing
from service.game.events import (
    FORCED_ACTOR,
    STANDING_ACTOR,
    OrderAccepted,
    SeatStanding,
    StandingDropped,
)
from service.game.meta import GameMeta

MAX_AT_ONCE = 64
"""The most decisions answered at once after one order (a bound, never reached in play)."""


def answer_at_once(game: Game[Any], state: Any, meta: GameMeta, seed: bytes,
                   seq: int) -> tuple[list[tuple[Any, str]], Any]:
    """Return the events (each with its actor) of the decisions answered at once after the
    log's event `seq`, and the state they lead to."""
    found: list[tuple[Any, str]] = []
    if not meta.started or meta.paused or meta.finished:
        return found, state
    standing = dict(meta.standing)
    dropped: set[tuple[str, str]] = set()
    for _ in range(MAX_AT_ONCE):
        if game.outcome(state) is not None:
            break
        chosen = _next(game, state, meta, standing, dropped, found)
        if chosen is None:
            break
        seat, key, order, actor, entry = chosen
        position = seq + len(found) + 1
        events, state = game.decide_and_fold(state, seat, order,
                                             Rng.for_position(seed, meta.id, position))
        found.append((OrderAccepted(seat, game.order_to_json(order), game.format_order(order),
                                    key), actor))
        found += [(item, actor) for item in events]
        if entry is not None and entry.until:  # an answer ahead is used up (that one only:
            # `then end, end` writes the same order for two decisions of the turn)
            entries = list(standing.get(seat, ()))
            entries.remove(entry)
            standing[seat] = tuple(entries)
            found.append((SeatStanding(seat, standing[seat]), STANDING_ACTOR))
    return found, state


def _next(game: Game[Any], state: Any, meta: GameMeta, standing: dict[str, tuple[Standing, ...]],
          dropped: set[tuple[str, str]],
          found: list[tuple[Any, str]]) -> tuple[str, str, Any, str, Standing | None] | None:
    """Return (seat, prompt key, order, actor, the entry used) of the next decision answered
    at once; a standing answer that is not legal is recorded in `found` as dropped."""
    for prompt in game.prompts(state):
        if prompt.submitted:
            continue
        if meta.forced:
            order = game.forced_order(state, prompt.seat)
            if order is not None:
                return prompt.seat, prompt.key, order, FORCED_ACTOR, None
        entries = () if prompt.seat in meta.resigned else standing.get(prompt.seat, ())
        if not entries or (prompt.seat, prompt.key) in dropped:
            continue
        applied = game.standing_order(state, prompt.seat, entries)
        if applied is None:
            continue
        if applied.skipped:  # branches not taken are used up (that one each)
            left = list(entries)
            for entry in applied.skipped:
                left.remove(entry)
            entries = standing[prompt.seat] = tuple(left)
            found.append((SeatStanding(prompt.seat, entries), STANDING_ACTOR))
        if applied.entry is None:
            continue
        if applied.order is not None:
            return prompt.seat, prompt.key, applied.order, STANDING_ACTOR, applied.entry
        dropped.add((prompt.seat, prompt.key))
        found.append((StandingDropped(prompt.seat, prompt.key, applied.entry.text(),
                                      applied.reason), STANDING_ACTOR))
        if applied.entry.until:
            standing[prompt.seat] = tuple(e for e in entries if e != applied.entry)
            found.append((SeatStanding(prompt.seat, standing[prompt.seat]), STANDING_ACTOR))
    return None

