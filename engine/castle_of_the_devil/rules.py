"""Shared rule questions: who decides now, what a player holds, which professions work."""
from __future__ import annotations

from typing import NoReturn

from engine.core.errors import RuleViolation

from .cards import ATTACKER, DEFENDER, OBJECTS, SOCIETY, TO_WIN, TO_WIN_SMALLER, is_bag, is_once
from .state import Duel, Phase, State

SINGLE_SEAT_PHASES = (Phase.TURN, Phase.CLAIRVOYANT, Phase.CLAIM)


def deciding_seats(state: State) -> tuple[int, ...]:
    """Return the seats with a decision open now, clockwise from the active seat."""
    phase = state.phase
    if phase in SINGLE_SEAT_PHASES:
        return (state.active,)
    if phase in (Phase.ANSWER, Phase.DIPLOMAT) and state.trade is not None:
        return (state.trade.target,)
    if phase is Phase.ABILITY and state.pending:
        return (state.pending[0].giver,)
    if phase is Phase.GIFT:
        return (state.giver,)
    if phase is Phase.SEXTANT:
        return tuple(range(state.players))
    if state.duel is not None:
        return duel_deciders(state, state.duel)
    return ()


def duel_deciders(state: State, duel: Duel) -> tuple[int, ...]:
    """Return who decides in the current step of a duel."""
    phase = state.phase
    if phase is Phase.SIDES:
        return tuple(seat for seat in range(state.players) if side_prompted(duel, seat))
    if phase is Phase.PLAY:
        return (duel.cursor,)
    if phase is Phase.DOCTOR:
        return tuple(seat for seat in range(state.players) if not duel.doctor_passed[seat])
    if phase in (Phase.CHOICE, Phase.TAKE, Phase.GIVE_BACK) and duel.winner is not None:
        return (duel.winner,)
    return ()


def side_prompted(duel: Duel, seat: int) -> bool:
    """Return whether `seat` answers before the reveal: supporters, and the defender while a
    Priest may still stop the duel."""
    if seat == duel.attacker:
        return False
    return seat != duel.defender or duel.priest_window


def can_use(state: State, seat: int, profession: str) -> bool:
    """Return whether `seat` holds `profession` and may use it (once-only ones face down)."""
    if state.professions[seat] != profession:
        return False
    return not (is_once(profession) and state.face_up[seat])


def face_up_anywhere(state: State, profession: str) -> bool:
    """Return whether `profession` lies face up in front of some player (public knowledge)."""
    return any(prof == profession and up for prof, up in zip(state.professions, state.face_up))


def counts_as(state: State, obj: str) -> str:
    """Return what `obj` counts as for victory: a Bag is a Key or Goblet once the pile is empty."""
    card = OBJECTS.get(obj)
    if card is None:
        return obj
    if card.bag and not state.pile and card.becomes is not None:
        return card.becomes
    return obj


def victory_objects(state: State, seats: tuple[int, ...] | list[int], society: str) -> int:
    """Return how many objects `society` needs that `seats` hold together."""
    wanted = SOCIETY[society].victory
    return sum(1 for seat in seats for obj in state.hands[seat] if counts_as(state, obj) == wanted)


def needed(state: State, society: str) -> int:
    """Return how many objects `society` needs: 3, or 2 for the smaller society."""
    members = state.societies.count(society)
    rivals = sum(1 for soc in state.societies if soc and soc != society)
    return TO_WIN_SMALLER if members < rivals else TO_WIN


def role(duel: Duel, seat: int) -> str:
    """Return the seat's part in a duel: attacker, defender, or the side it supports."""
    if seat == duel.attacker:
        return ATTACKER
    if seat == duel.defender:
        return DEFENDER
    return "supports-" + duel.sides[seat]


def played_by(duel: Duel, seat: int) -> set[str]:
    """Return the objects and professions `seat` has already played in this duel."""
    return {play.what for play in duel.plays if play.seat == seat and play.kind != "tokens"}


def bag_conflict(offered: str, returned: str) -> bool:
    """Return whether trading `offered` for `returned` would trade a Bag for the other Bag."""
    return is_bag(offered) and is_bag(returned)


def refuse(message: str, code: str) -> NoReturn:
    """Refuse an order with a reason in the players' words and a stable code."""
    raise RuleViolation(message, code=code)


def other_seat(state: State, seat: int, name: str, what: str = "player") -> int:
    """Return the index of another seat called `name`, or refuse."""
    target = state.index(name)
    if target == seat:
        refuse(f"Choose another {what}, not yourself.", "cd.self")
    if target < 0:
        refuse(f"{name or 'Nobody'} is not a player of this game.", "cd.unknown-seat")
    return target


def holds(state: State, seat: int, obj: str, what: str = "You hold") -> None:
    """Refuse unless seat `seat` holds `obj`."""
    if obj not in state.hands[seat]:
        from .cards import object_name

        refuse(f"{what} no {object_name(obj)}.", "cd.not-held")


def no_receiver(to: str, message: str) -> None:
    """Refuse a give naming a player where the rules decide who receives it."""
    if to:
        refuse(message, "cd.no-target")
