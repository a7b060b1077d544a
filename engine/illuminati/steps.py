"""Every decision point as data: who decides, which orders it takes (with their checks and
handlers, from rules.py), the deadline default and how long it waits."""
from __future__ import annotations

from typing import Any

from engine.core.kit import Step
from engine.core.rng import Rng

from . import rules_counter as ctr
from .candidates import listed
from .orders import (
    AttackOrder,
    AutoPassOrder,
    CallOffOrder,
    DefaultOrder,
    EndOrder,
    PassOrder,
    RollOrder,
)
from .prompts import listed_fields, money_forms, summary
from .rules import RULES, Rules
from .state import Phase, State

TURN_HOURS = 48
WINDOW_HOURS = 24


def _turn_default(state: State, seat: str) -> Any:
    """Return the turn's deadline default: pass for 5MB if nothing was done, else end."""
    return EndOrder() if state.turn.acted else PassOrder()


def deciders(state: State) -> tuple[str, ...]:
    """Return the seats the open decision waits for."""
    if state.phase is Phase.GOAL:
        return tuple(p.seat for p in state.players if p.illuminati == "ufos")
    if state.phase in (Phase.TURN, Phase.END):
        return (state.turn.seat,)
    if state.phase is Phase.COUNTER:
        return state.counter.asked if state.counter is not None else ()
    if state.attack is None:
        return ()
    if state.phase is Phase.RAISE:
        return (state.attack.attacker,)
    if ctr.uncommitted(state):
        return (state.attack.attacker, *state.attack.asked)
    return state.attack.asked


def answered(state: State, seat: str) -> bool:
    """Return whether the seat has sealed an answer to the open window (it may change it);
    an attacker who may call off its attack owes nothing meanwhile."""
    if state.phase is Phase.COUNTER:
        counter = state.counter
        return counter is not None and seat in counter.asked and seat not in counter.waiting
    if state.attack is not None and seat == state.attack.attacker and (
            state.phase is Phase.RESPONSE):
        return True
    return state.attack is not None and seat in state.attack.asked and (
        seat not in state.attack.waiting)


def _step(key: str, doing: str, rules: Rules, default: Any, default_summary: str,
          hours: int = WINDOW_HOURS, sealed: bool = False, listing: bool = False,
          window: bool = False) -> Step:
    """Return the kit's Step for one decision point of the game; in a `window` who has
    answered so far is private (standing orders answer at once, and they are private)."""
    return Step(key=key, summary=lambda state, seat: summary(state, seat, doing),
                deciders=deciders, kinds=tuple(rules),
                check={kind: rule[0] for kind, rule in rules.items()},
                handle={kind: rule[1] for kind, rule in rules.items()},
                default=default, default_summary=default_summary,
                candidates=listed if listing else None,
                sample=None if listing else sample, forms=None if listing else money_forms,
                sealed=sealed, revisable=True, hours=hours, submitted=answered,
                fields=listed_fields if listing else None, answering_public=not window)


SAMPLE_WEIGHTS = {AttackOrder: 12, AutoPassOrder: 2, EndOrder: 3, PassOrder: 2,
                  CallOffOrder: 1}
"""How often random players choose each kind of order (others: 1): they mostly attack."""


def sample(state: State, seat: str, rng: Rng) -> Any:
    """Return a random legal order, a kind first (attacks most often), then one of that kind."""
    orders = listed(state, seat)
    kinds = list(dict.fromkeys(type(item) for item in orders))
    weighted = [kind for kind in kinds for _ in range(SAMPLE_WEIGHTS.get(kind, 1))]
    kind = rng.choice(weighted)
    return rng.choice([item for item in orders if type(item) is kind])


GOAL = _step("goal", "choose, in secret, the Illuminati whose special goal the UFOs pursue",
             RULES[Phase.GOAL], DefaultOrder(), "a goal is chosen at random", TURN_HOURS,
             sealed=True, listing=True)
TURN = _step("turn", "take your turn: two actions (attack, transfer, move, give a group away) "
             "and free actions, then end; or pass for 5MB", RULES[Phase.TURN], _turn_default,
             "you pass for 5MB if you did nothing yet, else your actions end", TURN_HOURS)
END = _step("end", "make your end-of-turn transfers (and special-power moves), then end",
            RULES[Phase.END], EndOrder(), "your turn ends", TURN_HOURS)
RESPONSE = _step("response", "answer the attack, sealed: defend, interfere for or against, "
                 "abolish privilege, or pass", RULES[Phase.RESPONSE], PassOrder(),
                 "you pass (an attacker who may call off owes no answer)", sealed=True,
                 window=True)
RAISE = _step("raise", "add money to your attack, or roll", RULES[Phase.RAISE], RollOrder(),
              "the dice are rolled")
REACTION = _step("reaction", "play Assassination or Murphy's Law on the roll, sealed, or pass",
                 RULES[Phase.REACTION], PassOrder(), "you pass", sealed=True, listing=True,
                 window=True)
SECRETS = _step("secrets", "play Secrets Man Was Not Meant To Know on a Special played on "
                "the roll, or pass", RULES[Phase.SECRETS], PassOrder(), "you pass",
                sealed=True, listing=True, window=True)
COUNTER = _step("counter", "play Secrets Man Was Not Meant To Know on the Special just played, "
                "sealed, or pass", RULES[Phase.COUNTER], PassOrder(), "you pass", sealed=True,
                listing=True, window=True)
STEPS: dict[Phase, Step] = {Phase.GOAL: GOAL, Phase.TURN: TURN, Phase.END: END,
                            Phase.RESPONSE: RESPONSE, Phase.RAISE: RAISE,
                            Phase.REACTION: REACTION, Phase.SECRETS: SECRETS,
                            Phase.COUNTER: COUNTER}


def step(state: State) -> Step | None:
    """Return the decision point open now (None between turns and once the game is over)."""
    return STEPS.get(state.phase)
