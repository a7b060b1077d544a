"""Duels up to the count: the challenge, the Priest's window, sealed sides, the reveal, and the
rounds of playing objects, professions and tokens (the supplement's correspondence procedure)."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng

from . import events as ev
from .cards import ATTACKER, DEFENDER, OBJECTS, SIDES, is_once, object_name, profession_name
from .flow import Emitter, advance
from .orders import DuelOrder, PassOrder, PlayOrder, SupportOrder, TokenOrder, UseOrder
from .rules import can_use, face_up_anywhere, holds, played_by, refuse, role, side_prompted
from .rules_duel_end import resolve
from .state import Duel, State, distinct

DUEL_PROFESSIONS: dict[str, tuple[str, ...]] = {
    "thug": (ATTACKER,), "grand-master": (DEFENDER,), "swordsman": (ATTACKER, DEFENDER),
    "hypnotist": (ATTACKER,), "bodyguard": ("supports-attacker", "supports-defender"),
    "alchemist": ("supports-attacker", "supports-defender"),
}
"""Which part in a duel lets a player use each duel profession."""
OBJECT_ROLES: dict[str, tuple[str, ...]] = {
    ATTACKER: (ATTACKER,), DEFENDER: (DEFENDER,), "duelist": (ATTACKER, DEFENDER),
    "supports-attacker": ("supports-attacker",), "supports-defender": ("supports-defender",),
}
"""Which part in a duel lets a player play an object, by the object's duel entry."""


def _duel(state: State) -> Duel:
    """Return the duel in progress."""
    assert state.duel is not None
    return state.duel


# -- the challenge and the sides --------------------------------------------------------------

def duel_orders(state: State, seat: int) -> list[Any]:
    """Return the Duel actions: a challenge to each other player."""
    return [DuelOrder(state.seats[other]) for other in state.others(seat)]


def declare(em: Emitter, seat: int, order: DuelOrder, rng: Rng) -> None:
    """Challenge a player; the Priest's window is open unless the Priest lies face up."""
    window = not face_up_anywhere(em.state, "priest")
    em.emit(ev.DuelDeclared(em.state.seats[seat], order.target, window))


def sides_orders(state: State, seat: int) -> list[Any]:
    """Return a supporter's sides (or the defender's go-ahead), and the Priest if usable."""
    duel = _duel(state)
    priest: list[Any] = ([UseOrder("priest")] if duel.priest_window and
                         can_use(state, seat, "priest") else [])
    if seat == duel.defender:
        return [PassOrder(), *priest]
    return [SupportOrder(ATTACKER), SupportOrder(DEFENDER), *priest]


def default_side(state: State, seat: int) -> Any:
    """Return the deadline answer: support the defender (the defender lets the duel go on)."""
    return PassOrder() if seat == _duel(state).defender else SupportOrder(DEFENDER)


def answer_sides(em: Emitter, seat: int, order: Any, rng: Rng) -> None:
    """Seal a side (or the go-ahead), or stop the duel with the Priest; reveal when all are in."""
    state = em.state
    me, duel = state.seats[seat], _duel(state)
    if isinstance(order, UseOrder):
        em.emit(ev.ProfessionRevealed(me, "priest"), ev.DuelStopped(me))
        advance(em)
        return
    if isinstance(order, SupportOrder):
        em.emit(ev.SideChosen(me, order.side, duel.answered[seat]))
    else:
        em.emit(ev.PriestPassed(me, duel.answered[seat]))
    duel = _duel(em.state)
    if all(duel.answered[k] for k in range(em.state.players) if side_prompted(duel, k)):
        sides = {em.state.seats[k]: duel.sides[k] for k in range(em.state.players)
                 if k not in (duel.attacker, duel.defender)}
        em.emit(ev.SidesRevealed(sides))


def check_side(state: State, seat: int, order: SupportOrder | PassOrder | UseOrder) -> None:
    """Before the reveal: a supporter's side or the defender's go-ahead, or the Priest."""
    duel = _duel(state)
    if isinstance(order, UseOrder):
        if order.name != "priest" or order.target or order.item:
            refuse("Before the sides are shown only the Priest can be used.", "cd.not-now")
        if not duel.priest_window:
            refuse("The Priest lies face up; nobody can stop this duel.", "cd.no-priest")
        if not can_use(state, seat, "priest"):
            refuse("You cannot use the Priest: it is not your face-down profession.",
                   "cd.no-priest")
        return
    if seat == duel.defender:
        if not isinstance(order, PassOrder):
            refuse("As the defender you support yourself: write pass to let the duel go "
                   "ahead.", "cd.defender-side")
        return
    if not isinstance(order, SupportOrder) or order.side not in (ATTACKER, DEFENDER):
        side = order.side if isinstance(order, SupportOrder) else "pass"
        refuse(f'"{side}" is not a side: support attacker or support defender.', "cd.no-side")


# -- playing objects, professions and tokens --------------------------------------------------

def play_orders(state: State, seat: int) -> list[Any]:
    """Return what the seat may play on its go: pass, tokens, objects, its profession."""
    duel = _duel(state)
    part, used = role(duel, seat), played_by(duel, seat)
    orders: list[Any] = [PassOrder()]
    orders += [TokenOrder(count) for count in range(1, state.tokens[seat] + 1)]
    for obj in distinct(state.hands[seat]):
        card = OBJECTS.get(obj)
        if card is not None and card.duel and obj not in used \
                and part in OBJECT_ROLES[card.duel]:
            orders.append(PlayOrder(obj))
    prof = state.professions[seat]
    if prof not in used and part in DUEL_PROFESSIONS.get(prof, ()) and can_use(state, seat, prof):
        orders += _profession_plays(state, duel, prof)
    return orders


def _profession_plays(state: State, duel: Duel, prof: str) -> list[Any]:
    """Return the ways to use a duel profession the seat may use now."""
    if prof == "hypnotist":
        return [UseOrder(prof, state.seats[k]) for k in range(state.players)
                if role(duel, k).startswith("supports-") and not duel.excluded[k]]
    if prof == "alchemist":
        return [UseOrder(prof, side) for side in SIDES]
    return [UseOrder(prof)]


def play(em: Emitter, seat: int, order: Any, rng: Rng) -> None:
    """Record the play (or the pass); a full round of passes ends the playing."""
    state = em.state
    me, duel = state.seats[seat], _duel(state)
    side = _side_of(duel, seat)
    if isinstance(order, PassOrder):
        em.emit(ev.DuelPassed(me))
        duel = _duel(em.state)
        if duel.passes >= duel.excluded.count(False):
            resolve(em)
    elif isinstance(order, TokenOrder):
        em.emit(ev.DuelPlayed(me, "tokens", "tokens", order.count, side))
    elif isinstance(order, PlayOrder):
        em.emit(ev.DuelPlayed(me, order.obj, "object", 0, ""))
    else:
        em.emit(ev.DuelPlayed(me, order.name, "profession", 0, order.target))


def _side_of(duel: Duel, seat: int) -> str:
    """Return the side `seat` counts for."""
    part = role(duel, seat)
    return part.removeprefix("supports-")


def check_play(state: State, seat: int, order: Any) -> None:
    """A go in the duel: pass, tokens you hold, an object or your profession that works for
    your part."""
    duel = _duel(state)
    if isinstance(order, TokenOrder):
        if not 1 <= order.count <= state.tokens[seat]:
            refuse(f"You have {state.tokens[seat]} duel tokens; play from 1 to that many.",
                   "cd.tokens")
    elif isinstance(order, PlayOrder):
        _check_object(state, duel, seat, order.obj)
    elif isinstance(order, UseOrder):
        _check_profession(state, duel, seat, order)


def _check_object(state: State, duel: Duel, seat: int, obj: str) -> None:
    """Refuse an object that cannot be played now."""
    card = OBJECTS.get(obj)
    holds(state, seat, obj)
    if card is None or not card.duel:
        refuse(f"The {object_name(obj)} has no use in a duel.", "cd.no-duel-use")
    if obj in played_by(duel, seat):
        refuse(f"You have already played the {object_name(obj)} in this duel.", "cd.played")
    if role(duel, seat) not in OBJECT_ROLES[card.duel]:
        refuse(f"The {object_name(obj)} does not work for your part in this duel: {card.text}",
               "cd.wrong-part")


def _check_profession(state: State, duel: Duel, seat: int, order: UseOrder) -> None:
    """Refuse a profession that cannot be used now, or is aimed wrongly."""
    prof = order.name
    if state.professions[seat] != prof:
        refuse(f"You are not the {profession_name(prof)}.", "cd.not-your-profession")
    if is_once(prof) and state.face_up[seat]:
        refuse(f"The {profession_name(prof)} works once and lies face up already.",
               "cd.used-up")
    if prof in played_by(duel, seat):
        refuse(f"You have already used the {profession_name(prof)} in this duel.", "cd.played")
    if prof not in DUEL_PROFESSIONS or role(duel, seat) not in DUEL_PROFESSIONS[prof]:
        refuse(f"The {profession_name(prof)} cannot be used in your part of this duel.",
               "cd.wrong-part")
    if order not in _profession_plays(state, duel, prof):
        refuse("Name a supporter who still takes part (hypnotist) or a side (alchemist).",
               "cd.bad-target")
