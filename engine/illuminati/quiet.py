"""Windows nobody could answer but by passing (rules 1.2), and a raise nobody could make, told
from public information only.

A window is sent to several seats at once and answered sealed; when every seat it would ask
can only pass, opening it would only make the table wait. Whether a seat could do more is
decided from what everyone sees: the money on its cards and how many Specials it holds, never
which Specials, so that a window not opened tells nobody anything about a hand.
"""
from __future__ import annotations

from .orders import RollOrder
from .state import Phase, State


def could_answer(state: State, seat: str, phase: str) -> bool:
    """Return whether, as far as everyone can tell, `seat` might answer a window of `phase`
    with more than a pass: it holds a Special, or in a response window it has money it may
    spend (the defender from the target or its Illuminati, another seat its Illuminati's money
    against an attack that is not privileged)."""
    player = state.player(seat)
    if player.hand:
        return True
    attack = state.attack
    if phase != "response" or attack is None:
        return False
    own = player.cards[0].money if player.cards else 0
    if seat == attack.defender:
        target = player.placed(attack.target)
        return own + (target.money if target is not None else 0) > 0
    privileged = bool(attack.privilege) and not attack.abolished
    return own > 0 and not privileged


def nobody_could_answer(state: State, seats: tuple[str, ...], phase: str) -> bool:
    """Return whether a window of `phase` asking `seats` need not open (rules 1.2)."""
    return state.at_least("1.2") and not any(could_answer(state, seat, phase)
                                             for seat in seats)


def forced_roll(state: State, seat: str) -> RollOrder | None:
    """Return `roll` when `seat` is the attacker asked to raise and neither the attacking group
    nor its Illuminati holds money to raise by (money on the cards is public, and a raise is
    paid from nothing else): its only answer, which everyone can tell (supplement, "An
    attack by correspondence" 3)."""
    attack = state.attack
    if state.phase is not Phase.RAISE or attack is None or seat != attack.attacker:
        return None
    player = state.player(seat)
    group = player.placed(attack.group)
    own = player.cards[0].money if player.cards else 0
    return RollOrder() if own + (group.money if group is not None else 0) == 0 else None
