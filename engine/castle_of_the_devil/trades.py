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
from .orders import AcceptOrder, GiveOrder, OfferOrder, PassOrder, RefuseOrder, SpyOrder, UseOrder
from .rules import bag_conflict
from .state import State, distinct
from .turns import Emitter, advance

DIRECTIONS = ("left", "right")
Why = tuple[str, str]


# -- spying -----------------------------------------------------------------------------------

def spy_orders(state: State, seat: int) -> list[Any]:
    """Return the Spy actions: one per other player."""
    return [SpyOrder(state.seats[other]) for other in state.others(seat)]


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


def why_not_offer(state: State, seat: int, order: OfferOrder) -> Why:
    """Explain why an offer is refused."""
    if order.obj not in state.hands[seat]:
        return f"You hold no {object_name(order.obj)} to offer.", "cd.not-held"
    if order.target == state.seats[seat]:
        return "You cannot trade with yourself.", "cd.self"
    return f"{order.target} is not a player of this game.", "cd.unknown-seat"


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


def why_not_answer(state: State, seat: int, order: Any) -> Why:
    """Explain why an answer to an offer is refused."""
    assert state.trade is not None
    offered = state.trade.offered
    if isinstance(order, RefuseOrder):
        return (f"The {object_name(offered)} must be accepted when it is offered.",
                "cd.must-accept")
    give = order.give if isinstance(order, AcceptOrder) else ""
    if give not in state.hands[seat]:
        return f"You hold no {object_name(give)} to give back.", "cd.not-held"
    return ("One Bag of Secrets is never traded for the other; give something else or refuse.",
            "cd.bag-for-bag")


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


def why_not_give_back(state: State, seat: int, order: GiveOrder) -> Why:
    """Explain why an object cannot be given back in a trade."""
    if order.to:
        return "This object goes to your trading partner; do not name a player.", "cd.no-target"
    if order.obj not in state.hands[seat]:
        return f"You hold no {object_name(order.obj)}.", "cd.not-held"
    return "One Bag of Secrets is never traded for the other.", "cd.bag-for-bag"


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


def why_not_ability(state: State, seat: int, order: Any) -> Why:
    """Explain why a trade-ability answer is refused."""
    obj = state.pending[0].obj
    if isinstance(order, UseOrder) and trade_ability(obj) == "sextant":
        return "Choose a direction: use sextant left, or use sextant right.", "cd.direction"
    return (f"You may use the {object_name(obj)} you traded away, or pass.", "cd.wrong-ability")


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


def why_not_pass_on(state: State, seat: int, order: GiveOrder) -> Why:
    """Explain why an object cannot be passed on."""
    if order.to:
        return ("The Sextant decides who receives it: write give <object> only.",
                "cd.no-target")
    return f"You hold no {object_name(order.obj)}.", "cd.not-held"


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


def why_not_gift(state: State, seat: int, order: GiveOrder) -> Why:
    """Explain why a gift is refused."""
    if order.obj not in state.hands[seat]:
        return f"You hold no {object_name(order.obj)}.", "cd.not-held"
    if not order.to:
        return "Name the player who receives it: give <object> to <player>.", "cd.no-receiver"
    target = state.index(order.to)
    if target < 0 or target == seat:
        return f"{order.to} is not another player of this game.", "cd.unknown-seat"
    message = (f"{order.to} already holds {state.limit} objects; give it to a player below the "
               "limit.")
    return message, "cd.receiver-full"

