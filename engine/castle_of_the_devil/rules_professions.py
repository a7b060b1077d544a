"""Professions used on your own turn: the Clairvoyant (before the action) and the Diplomat (as
the action). Duel professions live in `duels`, the Priest's and Doctor's windows there too."""
from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import Any

from engine.core.rng import Rng

from . import events as ev
from .cards import CLAIRVOYANT_PICKS, OBJECTS, object_name
from .flow import Emitter, advance
from .orders import TopOrder, UseOrder
from .rules import bag_conflict, can_use, other_seat, refuse
from .state import State

TURN_ONLY = ("On your turn only the Clairvoyant and the Diplomat can be used; the others work in "
             "duels.")


def turn_uses(state: State, seat: int) -> list[Any]:
    """Return the Clairvoyant's and the Diplomat's uses open to the seat on its turn."""
    orders: list[Any] = []
    if can_use(state, seat, "clairvoyant") and state.pile:
        orders.append(UseOrder("clairvoyant"))
    if can_use(state, seat, "diplomat"):
        orders += diplomat_orders(state, seat)
    return orders


def diplomat_orders(state: State, seat: int) -> list[Any]:
    """Return every demand: another player and any object the seat could trade for."""
    hand = state.hands[seat]
    wanted = [obj for obj in OBJECTS if any(not bag_conflict(obj, mine) for mine in hand)]
    return [UseOrder("diplomat", state.seats[other], obj) for other in state.others(seat)
            for obj in wanted]


def use_on_turn(em: Emitter, seat: int, order: UseOrder, rng: Rng) -> None:
    """Reveal the Clairvoyant or the Diplomat and use it."""
    me = em.state.seats[seat]
    em.emit(ev.ProfessionRevealed(me, order.name))
    if order.name == "clairvoyant":
        em.emit(ev.PileSearched(me))
        return
    target = em.state.index(order.target)
    hand = em.state.hands[target]
    held = order.item in hand
    em.emit(ev.DiplomatDemanded(me, order.target, order.item, held))
    if not held:
        em.emit(ev.HandShown(order.target, me, hand, "diplomat"))
        advance(em)


def check_use(state: State, seat: int, order: UseOrder) -> None:
    """On your turn: the Clairvoyant (pile not empty), or the Diplomat demanding an object of
    another player that you could trade for."""
    prof = order.name
    if prof not in ("clairvoyant", "diplomat"):
        refuse(TURN_ONLY, "cd.not-now")
    if not can_use(state, seat, prof):
        refuse(f"You cannot use the {prof.capitalize()}: it is not your face-down profession.",
               "cd.not-your-profession")
    if prof == "clairvoyant":
        if order.target or order.item:
            refuse('"use clairvoyant" takes nothing after it.', "cd.clairvoyant")
        if not state.pile:
            refuse("The pile is empty: there is nothing to look through.", "cd.empty-pile")
        return
    other_seat(state, seat, order.target, "player to make the demand of")
    if order.item not in OBJECTS:
        refuse(f'"{order.item}" is not an object of the game.', "cd.unknown-object")
    if all(bag_conflict(order.item, mine) for mine in state.hands[seat]):
        refuse(f"You could only give back the other Bag of Secrets for the "
               f"{object_name(order.item)}, and one Bag is never traded for the other.",
               "cd.bag-for-bag")


def picks(state: State) -> int:
    """Return how many objects the Clairvoyant puts on top: 2, or all that are left."""
    return min(CLAIRVOYANT_PICKS, len(state.pile))


def top_orders(state: State, seat: int) -> list[Any]:
    """Return every way to put the picked objects on top, the first topmost."""
    count = picks(state)
    return [TopOrder(combo) for combo in dict.fromkeys(permutations(sorted(state.pile), count))]

def arrange(em: Emitter, seat: int, order: TopOrder, rng: Rng) -> None:
    """Put the picked objects on top and shuffle the rest under them."""
    em.emit(ev.PileArranged(em.state.seats[seat], order.objects))
    pile = em.state.pile
    count = len(order.objects)
    em.emit(ev.PileShuffled(pile[:count] + tuple(rng.shuffled(pile[count:]))))


def default_top(state: State, seat: int, rng: Rng) -> TopOrder:
    """Return the deadline choice: the objects now on top stay there."""
    return TopOrder(state.pile[:picks(state)])


def check_top(state: State, seat: int, order: TopOrder) -> None:
    """The Clairvoyant's choice: exactly the picked number of objects from the pile."""
    count = picks(state)
    if len(order.objects) != count:
        refuse(f"Name exactly {count} objects from the pile, topmost first.", "cd.top-count")
    if Counter(order.objects) - Counter(state.pile):
        refuse("Those objects are not all in the pile: " + ", ".join(
            object_name(obj) for obj in order.objects) + ".", "cd.not-in-pile")
