"""Trades: the offer, the answer, trade abilities in order, the Sextant's passing, the hand limit.

Every function here is given a state known to be in its phase; `*_orders` list what a seat may
write, handlers emit the events of an order already known to be legal, `why_not_*` explain a
refusal.
"""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng

from . import events as ev
from .cards import OBJECTS, must_accept, object_name, trade_ability
from .flow import Emitter, advance
from .orders import (
    AcceptOrder,
    DuelOrder,
    GiveOrder,
    OfferOrder,
    PassOrder,
    RefuseOrder,
    SpyOrder,
    UseOrder,
)
from .rules import bag_conflict, holds, no_receiver, other_seat, refuse
from .state import State, distinct

DIRECTIONS = ("left", "right")


# -- spying -----------------------------------------------------------------------------------

def spy_orders(state: State, seat: int) -> list[Any]:
    """Return the Spy actions: one per other player."""
    return [SpyOrder(state.seats[other]) for other in state.others(seat)]


def check_target(state: State, seat: int, order: SpyOrder | DuelOrder) -> None:
    """Spying and duels: another player."""
    other_seat(state, seat, order.target)


def spy(em: Emitter, seat: int, order: SpyOrder, rng: Rng) -> None:
    """Draw one of the target's objects at random, look at it, give it back; the turn ends."""
    target = em.state.index(order.target)
    obj = rng.choice(em.state.hands[target])
    em.emit(ev.Spied(em.state.seats[seat], order.target, obj))
    advance(em)


# -- the offer and the answer -----------------------------------------------------------------

def offer_orders(state: State, seat: int) -> list[Any]:
    """Return the Trade actions: each of the seat's objects to each other player."""
    return [OfferOrder(obj, state.seats[other]) for obj in distinct(state.hands[seat])
            for other in state.others(seat)]


def offer(em: Emitter, seat: int, order: OfferOrder, rng: Rng) -> None:
    """Offer an object face down; the partner answers next."""
    em.emit(ev.TradeOffered(em.state.seats[seat], order.target, order.obj))


def check_offer(state: State, seat: int, order: OfferOrder) -> None:
    """An offer: one of your objects, to another player."""
    holds(state, seat, order.obj, "You hold")
    other_seat(state, seat, order.target, "player to trade with")


def answer_orders(state: State, seat: int) -> list[Any]:
    """Return the answers to an offer: accept giving an object back, or refuse if allowed."""
    assert state.trade is not None
    offered = state.trade.offered
    accepts: list[Any] = [AcceptOrder(obj) for obj in distinct(state.hands[seat])
                          if not bag_conflict(offered, obj)]
    if must_accept(offered) and accepts:
        return accepts
    return accepts + [RefuseOrder()]


def answer(em: Emitter, seat: int, order: AcceptOrder | RefuseOrder, rng: Rng) -> None:
    """Accept (the trade completes and its abilities follow) or refuse (the offerer's token)."""
    trade = em.state.trade
    assert trade is not None
    if isinstance(order, RefuseOrder):
        offerer = em.state.seats[trade.offerer]
        em.emit(ev.TradeRefused(offerer, em.state.seats[seat], em.state.token_pile > 0))
    else:
        complete_trade(em, order.give)
    advance(em)


def check_answer(state: State, seat: int, order: AcceptOrder | RefuseOrder) -> None:
    """The answer to an offer: accept giving an object back, or refuse where allowed."""
    assert state.trade is not None
    offered = state.trade.offered
    if isinstance(order, RefuseOrder):
        if must_accept(offered) and any(not bag_conflict(offered, obj)
                                        for obj in state.hands[seat]):
            refuse(f"The {object_name(offered)} must be accepted when it is offered.",
                   "cd.must-accept")
        return
    holds(state, seat, order.give, "You hold")
    if bag_conflict(offered, order.give):
        refuse("One Bag of Secrets is never traded for the other; give something else or "
               "refuse.", "cd.bag-for-bag")


def default_answer(state: State, seat: int, rng: Rng) -> Any:
    """Return the deadline answer: refuse, or when refusing is not allowed a random accept."""
    orders = answer_orders(state, seat)
    return orders[-1] if isinstance(orders[-1], RefuseOrder) else rng.choice(orders)


def fires(state: State, obj: str, other: str) -> bool:
    """Return whether `obj`'s trade ability fires when traded for `other`."""
    kind = trade_ability(obj)
    card = OBJECTS.get(other)
    if kind is None or (card is not None and card.suppresses):
        return False
    return kind != "draw" or bool(state.pile)


def complete_trade(em: Emitter, returned: str) -> None:
    """Exchange the two objects and queue their trade abilities: the offered one's first."""
    state = em.state
    trade = state.trade
    assert trade is not None
    offered = trade.offered
    em.emit(ev.TradeAccepted(state.seats[trade.offerer], state.seats[trade.target], offered,
                             returned, fires(state, offered, returned),
                             fires(state, returned, offered)))


# -- the Diplomat's return ------------------------------------------------------------------

def diplomat_return_orders(state: State, seat: int) -> list[Any]:
    """Return the objects the Diplomat may give for the demanded one."""
    assert state.trade is not None
    offered = state.trade.offered
    return [GiveOrder(obj) for obj in distinct(state.hands[seat]) if not bag_conflict(offered,
                                                                                       obj)]


def diplomat_return(em: Emitter, seat: int, order: GiveOrder, rng: Rng) -> None:
    """The Diplomat gives an object for the demanded one; this is a trade."""
    complete_trade(em, order.obj)
    advance(em)


def check_diplomat_return(state: State, seat: int, order: GiveOrder) -> None:
    """The Diplomat's trade: any of your objects but a Bag for the other Bag."""
    assert state.trade is not None
    no_receiver(order.to, "This object goes to your trading partner; do not name a player.")
    holds(state, seat, order.obj)
    if bag_conflict(state.trade.offered, order.obj):
        refuse("One Bag of Secrets is never traded for the other.", "cd.bag-for-bag")


# -- trade abilities that ask the trader ------------------------------------------------------

def ability_orders(state: State, seat: int) -> list[Any]:
    """Return the choices of a trader whose Coat, Tome or Sextant was traded."""
    obj = state.pending[0].obj
    if trade_ability(obj) == "sextant":
        return [UseOrder(obj, side) for side in DIRECTIONS] + [PassOrder()]
    return [UseOrder(obj), PassOrder()]


def use_ability(em: Emitter, seat: int, order: UseOrder | PassOrder, rng: Rng) -> None:
    """Use or decline the waiting trade ability."""
    state = em.state
    ability = state.pending[0]
    me, partner = state.seats[seat], state.seats[ability.partner]
    if isinstance(order, PassOrder):
        em.emit(ev.AbilityDeclined(me, ability.obj))
        advance(em)
        return
    em.emit(ev.AbilityUsed(me, ability.obj, partner))
    kind = trade_ability(ability.obj)
    if kind == "coat":
        new = rng.choice(state.unused)
        em.emit(ev.ProfessionExchanged(me, state.professions[seat], new, state.face_up[seat]))
    elif kind == "tome":
        em.emit(ev.ProfessionsSwapped(me, partner, state.professions[ability.partner],
                                      state.professions[seat]))
    else:
        em.emit(ev.PassingStarted(me, order.target))
        return
    advance(em)


def check_ability(state: State, seat: int, order: UseOrder | PassOrder) -> None:
    """A traded ability: use the object traded away (the Sextant with a direction), or pass."""
    if isinstance(order, PassOrder):
        return
    obj = state.pending[0].obj
    if order.name != obj or order.item:
        refuse(f"You may use the {object_name(obj)} you traded away, or pass.",
               "cd.wrong-ability")
    if trade_ability(obj) == "sextant":
        if order.target not in DIRECTIONS:
            refuse("Choose a direction: use sextant left, or use sextant right.",
                   "cd.direction")
    elif order.target:
        refuse(f"The {object_name(obj)} takes nothing after it.", "cd.wrong-ability")


# -- the Sextant's passing --------------------------------------------------------------------

def passing_orders(state: State, seat: int) -> list[Any]:
    """Return the objects a player may pass on."""
    return [GiveOrder(obj) for obj in distinct(state.hands[seat])]


def choose_passing(em: Emitter, seat: int, order: GiveOrder, rng: Rng) -> None:
    """Seal the object to pass; when every player has chosen, all pass at once."""
    sextant = em.state.sextant
    assert sextant is not None
    revised = sextant.choices[seat] != ""
    em.emit(ev.PassingChosen(em.state.seats[seat], order.obj, revised))
    sextant = em.state.sextant
    assert sextant is not None
    if all(sextant.choices):
        _pass_all(em)


def _pass_all(em: Emitter) -> None:
    """Every player hands the chosen object to the neighbour on the Sextant's side."""
    state = em.state
    sextant = state.sextant
    assert sextant is not None
    step = 1 if sextant.direction == "left" else -1
    for seat, obj in enumerate(sextant.choices):
        receiver = state.next_seat(seat, step)
        em.emit(ev.ObjectPassed(state.seats[seat], state.seats[receiver], obj))
    em.emit(ev.PassingEnded(sextant.direction))
    advance(em)


def check_passing(state: State, seat: int, order: GiveOrder) -> None:
    """The Sextant's passing: any of your objects; the Sextant decides who receives it."""
    no_receiver(order.to, "The Sextant decides who receives it: write give <object> only.")
    holds(state, seat, order.obj)


# -- the hand limit ---------------------------------------------------------------------------

def gift_orders(state: State, seat: int) -> list[Any]:
    """Return the gifts of a player over the hand limit: any object to anyone below it."""
    below = [other for other in state.others(seat) if len(state.hands[other]) < state.limit]
    return [GiveOrder(obj, state.seats[other]) for obj in distinct(state.hands[seat])
            for other in below]


def give_gift(em: Emitter, seat: int, order: GiveOrder, rng: Rng) -> None:
    """Hand one object to a player below the limit."""
    em.emit(ev.ObjectGiven(em.state.seats[seat], order.to, order.obj))
    advance(em)


def default_gift(state: State, seat: int, rng: Rng) -> GiveOrder:
    """Return the deadline gift: a random object to the next player clockwise below the limit."""
    orders = gift_orders(state, seat)
    receiver = orders[0].to
    return GiveOrder(rng.choice(state.hands[seat]), receiver)


def check_gift(state: State, seat: int, order: GiveOrder) -> None:
    """A gift over the hand limit: any of your objects to a player below the limit."""
    holds(state, seat, order.obj)
    if not order.to:
        refuse("Name the player who receives it: give <object> to <player>.", "cd.no-receiver")
    target = other_seat(state, seat, order.to, "player to give to")
    if len(state.hands[target]) >= state.limit:
        refuse(f"{order.to} already holds {state.limit} objects; give it to a player below the "
               "limit.", "cd.receiver-full")

