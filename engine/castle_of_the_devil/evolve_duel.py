"""evolve for duels: apply one duel event to the state. No checks and no draws."""
from __future__ import annotations

from collections.abc import Callable

from engine.core.contract import replace

from . import events as ev
from .cards import ATTACKER, DEFENDER, object_name
from .events import evolves
from .state import Duel, Phase, Play, State, move_object, note, set_at


def _duel(state: State) -> Duel:
    """Return the duel in progress (evolve is only asked for duel events during a duel)."""
    assert state.duel is not None
    return state.duel


def next_participant(duel: Duel, seat: int) -> int:
    """Return the next seat clockwise after `seat` that still takes part in the duel."""
    count = len(duel.sides)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if not duel.excluded[candidate]:
            return candidate
    return seat


@evolves(ev.DuelDeclared)
def _duel_declared(state: State, event: ev.DuelDeclared) -> State:
    attacker, defender = state.index(event.attacker), state.index(event.defender)
    count = state.players
    sides = set_at(set_at(("",) * count, attacker, ATTACKER), defender, DEFENDER)
    answered = set_at(set_at((False,) * count, attacker, True), defender,
                      not event.priest_window)
    duel = Duel(attacker, defender, sides, answered, event.priest_window,
                excluded=(False,) * count, cursor=attacker, doctor_passed=(False,) * count)
    return replace(state, duel=duel, phase=Phase.SIDES)


@evolves(ev.SideChosen)
def _side_chosen(state: State, event: ev.SideChosen) -> State:
    duel, index = _duel(state), state.index(event.seat)
    duel = replace(duel, sides=set_at(duel.sides, index, event.side),
                   answered=set_at(duel.answered, index, True))
    return replace(state, duel=duel)


@evolves(ev.PriestPassed)
def _priest_passed(state: State, event: ev.PriestPassed) -> State:
    duel = _duel(state)
    return replace(state, duel=replace(duel, answered=set_at(duel.answered,
                                                             state.index(event.seat), True)))


@evolves(ev.DuelStopped)
def _duel_stopped(state: State, event: ev.DuelStopped) -> State:
    return replace(state, duel=None, phase=Phase.FLOW)


@evolves(ev.SidesRevealed)
def _sides_revealed(state: State, event: ev.SidesRevealed) -> State:
    duel = _duel(state)
    sides = tuple(event.sides.get(seat, side) for seat, side in zip(state.seats, duel.sides))
    duel = replace(duel, sides=sides, revealed=True, cursor=duel.attacker, passes=0)
    return replace(state, duel=duel, phase=Phase.PLAY)


def _excluded_after(duel: Duel, event: ev.DuelPlayed, index_of: Callable[[str], int]) -> tuple[
        bool, ...]:
    """Return who takes no part in the duel once `event` is played."""
    if event.what == "hypnotist":
        return set_at(duel.excluded, index_of(event.target), True)
    if event.what == "swordsman":
        return tuple(seat not in (duel.attacker, duel.defender) for seat in range(len(duel.sides)))
    return duel.excluded


@evolves(ev.DuelPlayed)
def _duel_played(state: State, event: ev.DuelPlayed) -> State:
    duel, index = _duel(state), state.index(event.seat)
    if event.kind == "tokens":
        state = replace(state, tokens=set_at(state.tokens, index,
                                             state.tokens[index] - event.amount))
    elif event.kind == "profession":
        state = replace(state, face_up=set_at(state.face_up, index, True))
    play = Play(index, event.what, event.kind, event.amount, event.target)
    duel = replace(duel, plays=duel.plays + (play,), passes=0,
                   excluded=_excluded_after(duel, event, state.index))
    return replace(state, duel=replace(duel, cursor=next_participant(duel, index)))


@evolves(ev.DuelPassed)
def _duel_passed(state: State, event: ev.DuelPassed) -> State:
    duel = _duel(state)
    duel = replace(duel, passes=duel.passes + 1,
                   cursor=next_participant(duel, state.index(event.seat)))
    return replace(state, duel=duel)


@evolves(ev.DuelResolved)
def _duel_resolved(state: State, event: ev.DuelResolved) -> State:
    duel = _duel(state)
    winner = state.index(event.winner) if event.winner is not None else None
    loser = None
    if winner is not None:
        loser = duel.defender if winner == duel.attacker else duel.attacker
    duel = replace(duel, resolved=True, winner=winner, loser=loser, tie=winner is None,
                   totals=(event.attacker_total, event.defender_total))
    return replace(state, duel=duel,
                   phase=Phase.DOCTOR if event.doctor_window else Phase.FLOW)


@evolves(ev.DoctorPassed)
def _doctor_passed(state: State, event: ev.DoctorPassed) -> State:
    duel = _duel(state)
    passed = set_at(duel.doctor_passed, state.index(event.seat), True)
    return replace(state, duel=replace(duel, doctor_passed=passed))


@evolves(ev.DuelCancelled)
def _duel_cancelled(state: State, event: ev.DuelCancelled) -> State:
    duel = replace(_duel(state), winner=None, loser=None, tie=False)
    return replace(state, duel=duel, phase=Phase.FLOW)


@evolves(ev.SpoilsOffered)
def _spoils_offered(state: State, event: ev.SpoilsOffered) -> State:
    return replace(state, phase=Phase.CHOICE)


@evolves(ev.ObjectTaken)
def _object_taken(state: State, event: ev.ObjectTaken) -> State:
    winner, loser = state.index(event.winner), state.index(event.loser)
    state = move_object(state, loser, winner, event.obj)
    name = object_name(event.obj)
    state = note(state, winner, f"you won the duel and took the {name} from {event.loser}.")
    state = note(state, loser, f"{event.winner} won the duel and took your {name}.")
    return replace(state, duel=replace(_duel(state), taken=event.obj), phase=Phase.FLOW)


@evolves(ev.GiveBackOwed)
def _give_back_owed(state: State, event: ev.GiveBackOwed) -> State:
    return replace(state, phase=Phase.GIVE_BACK)


@evolves(ev.ObjectReturned)
def _object_returned(state: State, event: ev.ObjectReturned) -> State:
    winner, loser = state.index(event.winner), state.index(event.loser)
    state = move_object(state, winner, loser, event.obj)
    name = object_name(event.obj)
    state = note(state, winner, f"you gave {event.loser} the {name} in return.")
    state = note(state, loser, f"{event.winner} gave you the {name} in return.")
    return replace(state, phase=Phase.FLOW)


@evolves(ev.DuelEnded)
def _duel_ended(state: State, event: ev.DuelEnded) -> State:
    return replace(state, duel=None, token_pile=state.token_pile + event.tokens,
                   phase=Phase.FLOW)
