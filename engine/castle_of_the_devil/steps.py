"""Every decision point as data: who decides, what they may write, how it is decided, what a
missed deadline does and how long it waits."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.rng import Rng

from . import claims, duel_end, duels, professions, trades
from .orders import (
    AcceptOrder,
    ClaimOrder,
    DefaultOrder,
    DoneOrder,
    DuelOrder,
    GiveOrder,
    LookOrder,
    NameOrder,
    OfferOrder,
    PassOrder,
    PlayOrder,
    RefuseOrder,
    SpyOrder,
    SupportOrder,
    TakeOrder,
    TokenOrder,
    TopOrder,
    UseOrder,
)
from .state import Phase, State
from .turns import Emitter

Why = tuple[str, str]
TURN_HOURS = 48
ANSWER_HOURS = 24


@dataclass(frozen=True)
class Step:
    """One kind of decision: its legal orders, its handler and its deadline default."""

    doing: str
    kinds: tuple[type, ...]
    orders: Callable[[State, int], list[Any]]
    handle: Callable[[Emitter, int, Any, Rng], None]
    why_not: Callable[[State, int, Any], Why]
    default: Callable[[State, int], Any]
    resolve_default: Callable[[State, int, Rng], Any]
    default_summary: str
    hours: int = ANSWER_HOURS
    simultaneous: bool = False


# -- the turn ---------------------------------------------------------------------------------

def turn_orders(state: State, seat: int) -> list[Any]:
    """Return every order open at the start of a turn: claims, actions, turn professions."""
    return (claims.claim_orders(state, seat) + trades.spy_orders(state, seat)
            + trades.offer_orders(state, seat) + duels.duel_orders(state, seat)
            + professions.turn_uses(state, seat))


TURN_HANDLERS: dict[type, Callable[[Emitter, int, Any, Rng], None]] = {
    ClaimOrder: claims.proclaim, SpyOrder: trades.spy, OfferOrder: trades.offer,
    DuelOrder: duels.declare, UseOrder: professions.use_on_turn,
}


def take_turn(em: Emitter, seat: int, order: Any, rng: Rng) -> None:
    """Carry out the order given at the start of a turn."""
    TURN_HANDLERS[type(order)](em, seat, order, rng)


def why_not_turn(state: State, seat: int, order: Any) -> Why:
    """Explain why an order at the start of a turn is refused."""
    if isinstance(order, ClaimOrder):
        return claims.why_not_claim(state, seat, order)
    if isinstance(order, OfferOrder):
        return trades.why_not_offer(state, seat, order)
    if isinstance(order, UseOrder):
        return professions.why_not_use(state, seat, order)
    target = getattr(order, "target", "")
    if target == state.seats[seat]:
        return "Choose another player, not yourself.", "cd.self"
    return f"{target} is not a player of this game.", "cd.unknown-seat"


def _next_spy(state: State, seat: int) -> Any:
    """Return the turn's deadline default: spy on the next player clockwise."""
    return SpyOrder(state.seats[state.next_seat(seat)])


def _fixed(order: Any) -> Callable[[State, int], Any]:
    """Return a default that is always `order`."""
    return lambda state, seat: order


def _random(orders: Callable[[State, int], list[Any]]) -> Callable[[State, int, Rng], Any]:
    """Return a default resolver picking one of the legal orders at random."""
    return lambda state, seat, rng: rng.choice(orders(state, seat))


def _as_is(state: State, seat: int, rng: Rng) -> Any:
    """Default resolver for phases whose default is a plain order (never called)."""
    raise AssertionError("this step has a plain default order")


STEPS: dict[Phase, Step] = {
    Phase.TURN: Step(
        "choose your action (spy, offer, duel), or first proclaim victory",
        (ClaimOrder, SpyOrder, OfferOrder, DuelOrder, UseOrder), turn_orders, take_turn,
        why_not_turn, _next_spy, _as_is, "you spy on the next player clockwise", TURN_HOURS),
    Phase.CLAIRVOYANT: Step(
        "put objects from the pile on top", (TopOrder,), professions.top_orders,
        professions.arrange, professions.why_not_top, _fixed(DefaultOrder()),
        professions.default_top, "the objects on top of the pile stay there"),
    Phase.ANSWER: Step(
        "accept the offer (giving an object back) or refuse it", (AcceptOrder, RefuseOrder),
        trades.answer_orders, trades.answer, trades.why_not_answer, _fixed(DefaultOrder()),
        trades.default_answer, "the offer is refused (if it must be accepted, you give back "
        "an object chosen at random)"),
    Phase.DIPLOMAT: Step(
        "give an object for the one your Diplomat demanded", (GiveOrder,),
        trades.diplomat_return_orders, trades.diplomat_return, trades.why_not_give_back,
        _fixed(DefaultOrder()), _random(trades.diplomat_return_orders),
        "an object chosen at random is given"),
    Phase.ABILITY: Step(
        "use the trade ability of the object you traded away, or pass", (UseOrder, PassOrder),
        trades.ability_orders, trades.use_ability, trades.why_not_ability, _fixed(PassOrder()),
        _as_is, "the ability is not used"),
    Phase.SEXTANT: Step(
        "choose the object you pass on", (GiveOrder,), trades.passing_orders,
        trades.choose_passing, trades.why_not_pass_on, _fixed(DefaultOrder()),
        _random(trades.passing_orders), "an object chosen at random is passed on",
        simultaneous=True),
    Phase.GIFT: Step(
        "give one object to a player below the hand limit", (GiveOrder,), trades.gift_orders,
        trades.give_gift, trades.why_not_gift, _fixed(DefaultOrder()), trades.default_gift,
        "an object chosen at random goes to the next player clockwise below the limit"),
    Phase.SIDES: Step(
        "choose your side in the duel", (SupportOrder, PassOrder, UseOrder), duels.sides_orders,
        duels.answer_sides, duels.why_not_side, duels.default_side, _as_is,
        "you support the defender (the defender lets the duel go ahead)", simultaneous=True),
    Phase.PLAY: Step(
        "play an object, a profession or tokens in the duel, or pass",
        (PassOrder, TokenOrder, PlayOrder, UseOrder), duels.play_orders, duels.play,
        duels.why_not_play, _fixed(PassOrder()), _as_is, "you pass"),
    Phase.DOCTOR: Step(
        "let the result of the duel stand, or cancel it with the Doctor", (PassOrder, UseOrder),
        duel_end.doctor_orders, duel_end.answer_doctor, duel_end.why_not_doctor,
        _fixed(PassOrder()), _as_is, "you let the result stand", simultaneous=True),
    Phase.CHOICE: Step(
        "choose what you win: look at the loser's society card or at their objects",
        (LookOrder,), duel_end.choice_orders, duel_end.choose, duel_end.why_not_spoils,
        _fixed(LookOrder("society")), _as_is, "you look at the loser's society card"),
    Phase.TAKE: Step(
        "take one of the loser's objects", (TakeOrder,), duel_end.take_orders, duel_end.take,
        duel_end.why_not_spoils, _fixed(DefaultOrder()), _random(duel_end.take_orders),
        "you take an object chosen at random"),
    Phase.GIVE_BACK: Step(
        "give the loser an object in return", (GiveOrder,), duel_end.give_back_orders,
        duel_end.give_back, duel_end.why_not_spoils, _fixed(DefaultOrder()),
        _random(duel_end.give_back_orders), "an object chosen at random is given back"),
    Phase.CLAIM: Step(
        "name the players who hold the objects, or stop naming", (NameOrder, DoneOrder),
        claims.name_orders, claims.name, claims.why_not_claim, _fixed(DoneOrder()), _as_is,
        "you name nobody more and the claim is judged as it stands", TURN_HOURS),
}
