"""Every decision point as data: who decides, which orders it takes, how each is checked and
carried out, the deadline default and how long it waits."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.rng import Rng

from . import rules_actions as act
from . import rules_specials as sp
from . import rules_window as win
from .flow import Emitter, refuse
from .orders import (
    AbolishOrder,
    AttackOrder,
    AutoPassOrder,
    DefaultOrder,
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

TURN_HOURS = 48
WINDOW_HOURS = 24
Check = Callable[[State, str, Any], None]
Handle = Callable[[Emitter, str, Any, Rng], None]


@dataclass(frozen=True)
class Step:
    """One kind of decision: what it is, the orders it takes and its deadline default."""

    doing: str
    rules: dict[type, tuple[Check, Handle]]
    default: Callable[[State, str], Any]
    default_summary: str
    hours: int = WINDOW_HOURS
    sealed: bool = False


def _always(state: State, seat: str, order: Any) -> None:
    """Accept the order as it is."""


def _turn_default(state: State, seat: str) -> Any:
    """Return the turn's deadline default: pass for 5MB if nothing was done, else end."""
    return EndOrder() if state.turn.acted else PassOrder()


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


def _reaction_play(em: Emitter, seat: str, order: PlayOrder, rng: Rng) -> None:
    """Play a free Special, or seal a Special played on the roll."""
    if order.card in sp.FREE_ANY_TIME:
        sp.play(em, seat, order, rng)
    else:
        win.answer(em, seat, order, rng)


def _end_check(state: State, seat: str, order: EndOrder) -> None:
    """Accept end at any time in the turn."""


COMMON: dict[type, tuple[Check, Handle]] = {
    AutoPassOrder: (sp.check_auto_pass, sp.auto_pass),
    ResignOrder: (_always, sp.resign),
}

TURN_RULES: dict[type, tuple[Check, Handle]] = {
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
}

END_RULES: dict[type, tuple[Check, Handle]] = {
    TransferOrder: (act.check_transfer, act.transfer),
    MoveOrder: (act.check_move, act.move),
    DropOrder: (act.check_drop, act.drop),
    GiveMoneyOrder: (act.check_gift, act.gift),
    GiveSpecialOrder: (act.check_gift, act.gift),
    PlayOrder: (_free_play, sp.play),
    EndOrder: (_end_check, act.end),
    **COMMON,
}

RESPONSE_RULES: dict[type, tuple[Check, Handle]] = {
    DefendOrder: (win.check_answer, win.answer),
    InterfereOrder: (win.check_answer, win.answer),
    AbolishOrder: (win.check_answer, win.answer),
    PassOrder: (_always, win.answer),
    PlayOrder: (_free_play, sp.play),
    **COMMON,
}

REACTION_RULES: dict[type, tuple[Check, Handle]] = {
    PlayOrder: (_reaction_or_free, _reaction_play),
    PassOrder: (_always, win.answer),
    **COMMON,
}

STEPS: dict[Phase, Step] = {
    Phase.GOAL: Step(
        "choose, in secret, the Illuminati whose special goal the UFOs pursue",
        {GoalOrder: (act.check_goal, act.choose_goal),
         DefaultOrder: (_always, act.choose_goal), **COMMON},
        lambda state, seat: DefaultOrder(), "a goal is chosen at random", TURN_HOURS, True),
    Phase.TURN: Step(
        "take your turn: two actions (attack, transfer, move, give a group away) and free "
        "actions, then end; or pass for 5MB", TURN_RULES, _turn_default,
        "you pass for 5MB if you did nothing yet, else your actions end", TURN_HOURS),
    Phase.END: Step(
        "make your end-of-turn transfers (and special-power moves), then end", END_RULES,
        lambda state, seat: EndOrder(), "your turn ends", TURN_HOURS),
    Phase.RESPONSE: Step(
        "answer the attack, sealed: defend, interfere for or against, abolish privilege, "
        "or pass", RESPONSE_RULES, lambda state, seat: PassOrder(), "you pass",
        WINDOW_HOURS, True),
    Phase.RAISE: Step(
        "add money to your attack, or roll",
        {RaiseOrder: (win.check_raise, win.raise_or_roll),
         RollOrder: (win.check_raise, win.raise_or_roll), **COMMON},
        lambda state, seat: RollOrder(), "the dice are rolled"),
    Phase.REACTION: Step(
        "play Assassination or Murphy's Law on the roll, sealed, or pass", REACTION_RULES,
        lambda state, seat: PassOrder(), "you pass", WINDOW_HOURS, True),
    Phase.SECRETS: Step(
        "play Secrets Man Was Not Meant To Know on a Special played on the roll, or pass",
        REACTION_RULES, lambda state, seat: PassOrder(), "you pass", WINDOW_HOURS, True),
}


def deciders(state: State) -> tuple[str, ...]:
    """Return the seats the open decision waits for."""
    if state.phase is Phase.GOAL:
        return tuple(p.seat for p in state.players if p.illuminati == "ufos")
    if state.phase in (Phase.TURN, Phase.END):
        return (state.turn.seat,)
    if state.attack is None:
        return ()
    if state.phase is Phase.RAISE:
        return (state.attack.attacker,)
    return state.attack.waiting
