"""Which orders each decision point takes, and the rule that checks and carries out each: the
table the steps, the listing of legal orders and the forms read."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleViolation
from engine.core.rng import Rng

from . import rules_actions as act
from . import rules_counter as ctr
from . import rules_specials as sp
from . import rules_window as win
from .dispatch import Handler, carried_on
from .handling import Emitter, Next, refuse
from .orders import (
    AbolishOrder,
    AttackOrder,
    AutoPassOrder,
    CallOffOrder,
    DefendOrder,
    DropOrder,
    EndOrder,
    GiveGroupOrder,
    GiveMoneyOrder,
    GiveSpecialOrder,
    GoalOrder,
    InterfereOrder,
    LaserOrder,
    MoveOrder,
    PassOrder,
    PlayOrder,
    RaiseOrder,
    RecycleOrder,
    ResignOrder,
    RollOrder,
    TransferOrder,
)
from .rules_attack import announce, check_attack
from .state import Phase, State

Check = Callable[[State, str, Any], None]
Handle = Callable[[Emitter, str, Any, Rng], None]
Rules = dict[type, tuple[Check, Handle]]


def _rules(rules: dict[type, tuple[Check, Handler]]) -> Rules:
    """Return `rules` with each handler followed by all that follows it (`dispatch.py`)."""
    return {kind: (check, carried_on(handle)) for kind, (check, handle) in rules.items()}


def _always(state: State, seat: str, order: Any) -> None:
    """Accept the order as it is."""


def _free_play(state: State, seat: str, order: PlayOrder) -> None:
    """Check a Special played as a free action inside a window."""
    if order.card not in sp.FREE_ANY_TIME:
        raise refuse("Now you may play Slush Fund, Swiss Bank Account, White Collar Crime, "
                     "Media Campaign, Computer Espionage or Senate Investigating Committee; "
                     "the others have their own moment.", "timing")
    sp.check_play(state, seat, order)


def _reaction_or_free(state: State, seat: str, order: PlayOrder) -> None:
    """Check a Special played in a reaction or Secrets window."""
    if order.card in sp.FREE_ANY_TIME:
        sp.check_play(state, seat, order)
    else:
        win.check_reaction(state, seat, order)


def _reaction_play(em: Emitter, seat: str, order: PlayOrder, rng: Rng) -> Next | None:
    """Play a free Special, or seal a Special played on the roll."""
    if order.card in sp.FREE_ANY_TIME:
        return sp.play(em, seat, order, rng)
    return win.answer(em, seat, order, rng)


def _end_check(state: State, seat: str, order: EndOrder) -> None:
    """Accept end at any time in the turn."""


def _not_attacker(check: Check) -> Check:
    """Return `check`, refusing first the attacker, who does not answer its own attack."""

    def checked(state: State, seat: str, order: Any) -> None:
        if state.attack is not None and seat == state.attack.attacker:
            raise refuse("You do not answer your own attack; while nothing is committed you "
                         "may call it off: call off.", "attacker")
        check(state, seat, order)

    return checked


COMMON: dict[type, tuple[Check, Handler]] = {
    AutoPassOrder: (sp.check_auto_pass, sp.auto_pass),
    ResignOrder: (_always, sp.resign),
}

GOAL_RULES = _rules({GoalOrder: (act.check_goal, act.choose_goal), **COMMON})

TURN_RULES = _rules({
    AttackOrder: (check_attack, announce),
    TransferOrder: (act.check_transfer, act.transfer),
    MoveOrder: (act.check_move, act.move),
    GiveGroupOrder: (act.check_give_group, act.give_group),
    GiveMoneyOrder: (act.check_gift, act.gift),
    GiveSpecialOrder: (act.check_gift, act.gift),
    DropOrder: (act.check_drop, act.drop),
    PlayOrder: (sp.check_play, sp.play),
    RecycleOrder: (sp.check_recycle, sp.recycle),
    LaserOrder: (sp.check_laser, sp.laser),
    PassOrder: (act.check_pass, act.pass_turn),
    EndOrder: (_end_check, act.end),
    **COMMON,
})

END_RULES = _rules({
    TransferOrder: (act.check_transfer, act.transfer),
    MoveOrder: (act.check_move, act.move),
    DropOrder: (act.check_drop, act.drop),
    GiveMoneyOrder: (act.check_gift, act.gift),
    GiveSpecialOrder: (act.check_gift, act.gift),
    PlayOrder: (_free_play, sp.play),
    EndOrder: (_end_check, act.end),
    **COMMON,
})

RESPONSE_RULES = _rules({
    DefendOrder: (_not_attacker(win.check_answer), win.answer),
    InterfereOrder: (_not_attacker(win.check_answer), win.answer),
    AbolishOrder: (_not_attacker(win.check_answer), win.answer),
    PassOrder: (_not_attacker(_always), win.answer),
    PlayOrder: (_not_attacker(_free_play), sp.play),
    CallOffOrder: (ctr.check_call_off, ctr.call_off),
    **COMMON,
})

RAISE_RULES = _rules({
    RaiseOrder: (win.check_raise, win.raise_or_roll),
    RollOrder: (win.check_raise, win.raise_or_roll),
    CallOffOrder: (ctr.check_call_off, ctr.call_off),
    **COMMON,
})

REACTION_RULES = _rules({
    PlayOrder: (_reaction_or_free, _reaction_play),
    PassOrder: (_always, win.answer),
    CallOffOrder: (ctr.check_call_off, ctr.call_off),
    **COMMON,
})

COUNTER_RULES = _rules({
    PlayOrder: (ctr.check_counter, ctr.answer_counter),
    PassOrder: (ctr.check_counter, ctr.answer_counter),
    **COMMON,
})

RULES: dict[Phase, Rules] = {Phase.GOAL: GOAL_RULES, Phase.TURN: TURN_RULES,
                             Phase.END: END_RULES, Phase.RESPONSE: RESPONSE_RULES,
                             Phase.RAISE: RAISE_RULES, Phase.REACTION: REACTION_RULES,
                             Phase.SECRETS: REACTION_RULES, Phase.COUNTER: COUNTER_RULES}
"""The orders each decision point takes, with their checks and handlers."""


def accepts(state: State, seat: str, order: Any) -> bool:
    """Return whether the open decision point takes `order` from `seat`."""
    rules = RULES.get(state.phase)
    if rules is None or type(order) not in rules:
        return False
    try:
        rules[type(order)][0](state, seat, order)
    except RuleViolation:
        return False
    return True
