"""Duels from the count on: totals, the result, the Doctor's window, the winner's choice, the
tie draw, and the end of the duel."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng

from . import events as ev
from .cards import ATTACKER, DEFENDER
from .flow import Emitter, advance
from .orders import GiveOrder, LookOrder, PassOrder, TakeOrder, UseOrder
from .rules import can_use, face_up_anywhere, holds, no_receiver, refuse, role
from .state import Duel, Play, State, distinct, without_object

BONUS: dict[str, str] = {
    "dagger": ATTACKER, "gloves": DEFENDER, "knives": ATTACKER, "whip": DEFENDER,
    "thug": ATTACKER, "grand-master": DEFENDER,
}
"""Plays worth +1 to a fixed side."""
OWN_SIDE_BONUS = frozenset({"bodyguard", "swordsman"})
"""Plays worth +1 to the side their player counts for."""


def _duel(state: State) -> Duel:
    """Return the duel in progress."""
    assert state.duel is not None
    return state.duel


def side_of(duel: Duel, seat: int) -> str:
    """Return the side `seat` counts for in the duel."""
    return role(duel, seat).removeprefix("supports-")


def _counted(duel: Duel, play: Play) -> tuple[str, int]:
    """Return the side a play counts for and how much."""
    if play.kind == "tokens":
        return side_of(duel, play.seat), play.amount
    if play.what in BONUS:
        return BONUS[play.what], 1
    if play.what in OWN_SIDE_BONUS:
        return side_of(duel, play.seat), 1
    return ATTACKER, 0


def totals(duel: Duel) -> tuple[int, int]:
    """Return the attacker's and the defender's totals from the public plays and sides."""
    score = {ATTACKER: 1, DEFENDER: 1}
    for seat, side in enumerate(duel.sides):
        if seat not in (duel.attacker, duel.defender) and not duel.excluded[seat] and side:
            score[side] += 1
    for play in duel.plays:
        if not duel.excluded[play.seat]:
            side, points = _counted(duel, play)
            score[side] += points
    return score[ATTACKER], score[DEFENDER]


def winning_side(duel: Duel) -> tuple[str | None, str]:
    """Return the winning side (None: a tie) and why."""
    attack, defence = totals(duel)
    for play in reversed(duel.plays):
        if play.what == "alchemist" and not duel.excluded[play.seat]:
            return play.target, f"the Alchemist decided it for the {play.target}"
    if attack != defence:
        side = ATTACKER if attack > defence else DEFENDER
        return side, f"{max(attack, defence)} against {min(attack, defence)}"
    for play in duel.plays:
        if play.what == "ring":
            return side_of(duel, play.seat), f"a tie at {attack}, decided by the Poison Ring"
    return None, f"a tie at {attack}"


def resolve(em: Emitter) -> None:
    """Count the duel; open the Doctor's window when the result would change anything."""
    state = em.state
    duel = _duel(state)
    side, why = winning_side(duel)
    winner = None if side is None else (duel.attacker if side == ATTACKER else duel.defender)
    attack, defence = totals(duel)
    effect = winner is not None or bool(state.pile)
    window = effect and not face_up_anywhere(state, "doctor")
    em.emit(ev.DuelResolved(attack, defence, None if winner is None else state.seats[winner],
                            why, window))
    if not window:
        after_result(em)


def after_result(em: Emitter) -> None:
    """The result stands: the winner chooses, or on a tie the attacker draws an object."""
    state = em.state
    duel = _duel(state)
    if duel.winner is not None and duel.loser is not None:
        em.emit(ev.SpoilsOffered(state.seats[duel.winner], state.seats[duel.loser]))
        return
    if duel.tie and state.pile:
        em.emit(ev.ObjectDrawn(state.seats[duel.attacker], state.pile[0], "tie"))
    end_duel(em)


def end_duel(em: Emitter) -> None:
    """Return the played tokens to the pile, end the duel and carry on with the turn."""
    duel = _duel(em.state)
    tokens = sum(play.amount for play in duel.plays if play.kind == "tokens")
    seats = em.state.seats
    em.emit(ev.DuelEnded(seats[duel.attacker], seats[duel.defender], tokens))
    advance(em)


# -- the Doctor's window ----------------------------------------------------------------------

def doctor_orders(state: State, seat: int) -> list[Any]:
    """Return pass, and the Doctor if the seat may use it."""
    return [PassOrder(), UseOrder("doctor")] if can_use(state, seat, "doctor") else [PassOrder()]


def answer_doctor(em: Emitter, seat: int, order: Any, rng: Rng) -> None:
    """Let the result stand, or cancel everything it would bring with the Doctor."""
    me = em.state.seats[seat]
    if isinstance(order, UseOrder):
        em.emit(ev.ProfessionRevealed(me, "doctor"), ev.DuelCancelled(me))
        end_duel(em)
        return
    em.emit(ev.DoctorPassed(me))
    if all(_duel(em.state).doctor_passed):
        after_result(em)


def check_doctor(state: State, seat: int, order: PassOrder | UseOrder) -> None:
    """The Doctor's window: pass, or use the Doctor if it is your face-down profession."""
    if isinstance(order, PassOrder):
        return
    if order.name != "doctor" or order.target or order.item:
        refuse("Now only the Doctor can be used; write pass to let the result stand.",
               "cd.not-now")
    if not can_use(state, seat, "doctor"):
        refuse("You cannot use the Doctor: it is not your face-down profession.", "cd.no-doctor")


# -- the winner's choice ----------------------------------------------------------------------

def choice_orders(state: State, seat: int) -> list[Any]:
    """Return the winner's two choices."""
    return [LookOrder("society"), LookOrder("objects")]


def choose(em: Emitter, seat: int, order: LookOrder, rng: Rng) -> None:
    """Look at the loser's society card (the duel ends), or at their objects to take one."""
    state = em.state
    duel = _duel(state)
    assert duel.loser is not None
    loser, me = state.seats[duel.loser], state.seats[seat]
    if order.what == "society":
        em.emit(ev.SocietyShown(loser, me, state.societies[duel.loser], "duel"))
        end_duel(em)
    else:
        em.emit(ev.HandShown(loser, me, state.hands[duel.loser], "duel"))


def take_orders(state: State, seat: int) -> list[Any]:
    """Return the loser's objects the winner may take."""
    duel = _duel(state)
    assert duel.loser is not None
    return [TakeOrder(obj) for obj in distinct(state.hands[duel.loser])]


def take(em: Emitter, seat: int, order: TakeOrder, rng: Rng) -> None:
    """Take the object; if it was the loser's only one, one must be given back."""
    state = em.state
    duel = _duel(state)
    assert duel.loser is not None
    loser = duel.loser
    em.emit(ev.ObjectTaken(state.seats[seat], state.seats[loser], order.obj))
    if em.state.hands[loser]:
        end_duel(em)
    else:
        em.emit(ev.GiveBackOwed(state.seats[seat], state.seats[loser]))


def give_back_orders(state: State, seat: int) -> list[Any]:
    """Return what the winner may give back: any object but the one just taken."""
    hand = without_object(state.hands[seat], _duel(state).taken)
    return [GiveOrder(obj) for obj in distinct(hand)]


def give_back(em: Emitter, seat: int, order: GiveOrder, rng: Rng) -> None:
    """Give the loser an object in return; the duel ends."""
    duel = _duel(em.state)
    assert duel.loser is not None
    em.emit(ev.ObjectReturned(em.state.seats[seat], em.state.seats[duel.loser], order.obj))
    end_duel(em)


def check_look(state: State, seat: int, order: LookOrder) -> None:
    """The winner's choice: the loser's society card, or their objects."""
    if order.what not in ("society", "objects"):
        refuse("Write look society or look objects.", "cd.look")


def check_take(state: State, seat: int, order: TakeOrder) -> None:
    """Taking one of the loser's objects (now shown to the winner)."""
    duel = _duel(state)
    assert duel.loser is not None
    holds(state, duel.loser, order.obj, "The loser holds")


def check_give_back(state: State, seat: int, order: GiveOrder) -> None:
    """Giving back: any of your objects but the one just taken."""
    no_receiver(order.to, "The object goes back to the loser; do not name a player.")
    holds(state, seat, order.obj)
    if order.obj not in without_object(state.hands[seat], _duel(state).taken):
        refuse("Give back another object than the one you have just taken.", "cd.same-object")
