"""decide: check an order against the rules and return the events it causes."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import WrongOrderKind
from engine.core.rng import Rng

from . import actions, intrigue
from . import events as ev
from .checks import check, wrong_kind
from .orders import (
    AcceptOrder,
    AdvanceOrder,
    AimOrder,
    BuildOrder,
    CharterOrder,
    DeclareEndOrder,
    DefaultOrder,
    DigOrder,
    DoneOrder,
    DuesOrder,
    ForgoOrder,
    HopOrder,
    InitiateOrder,
    IntrigueOrder,
    MembersOrder,
    MoveOrder,
    OuterOrder,
    PlaceOrder,
    RecruitOrder,
    ReorganizeOrder,
    RerollOrder,
    SwapOrder,
    TipOrder,
)
from .scoring import declare_end
from .state import Alignment, Phase, State
from .turns import Emitter, reveal_masters

Handler = Callable[[Emitter, int, Any, Rng], None]


def decide(state: State, seat: str, order: Any, rng: Rng) -> list[Any]:
    """Return the events of `seat` giving `order`; the seat is known to be prompted."""
    index = state.realm_of(seat)
    if isinstance(order, DefaultOrder):
        order = default_order(state, index, order, rng)
    order = normalized(order)
    if isinstance(order, BuildOrder) and order.members:
        return build_with_members(state, index, order, rng)
    check(state, index, order)
    em = Emitter(state)
    HANDLERS[type(order)](em, index, order, rng)
    return em.events


def build_with_members(state: State, index: int, order: BuildOrder, rng: Rng) -> list[Any]:
    """Build a Lodge and found it with the members named in advance, as one decision."""
    check(state, index, BuildOrder())
    em = Emitter(state)
    actions.build(em, index)
    members = normalized(MembersOrder(order.members))
    if em.state.phase is Phase.BUILD_MEMBERS:
        check(em.state, index, members)
        actions.found_lodge(em, index, members)
    return em.events


def default_order(state: State, index: int, order: Any, rng: Rng) -> Any:
    """Return the order a missed setup deadline gives: a random outer alignment."""
    if state.phase is not Phase.SETUP:
        raise wrong_kind(state, index, order)
    return OuterOrder(Alignment.ROSICRUCIAN if rng.randbelow(2) == 0 else Alignment.ILLUMINATI)


def id_key(piece_id: Any) -> tuple[int, int, str]:
    """Return a sort key for any piece id (SM first, Masons by number, anything else last)."""
    text = str(piece_id)
    if text == "SM":
        return (0, 0, "")
    if text[:1] == "M" and text[1:].isdigit():
        return (1, int(text[1:]), "")
    return (2, 0, text)


def normalized(order: Any) -> Any:
    """Return `order` with its piece lists in canonical order."""
    if isinstance(order, MembersOrder):
        return MembersOrder(tuple(sorted(order.members, key=id_key)))
    if isinstance(order, BuildOrder) and order.members:
        return BuildOrder(tuple(sorted(order.members, key=id_key)))
    if isinstance(order, InitiateOrder):
        return InitiateOrder(order.initiator, tuple(sorted(order.candidates, key=id_key)))
    return order


def _outer(em: Emitter, index: int, order: OuterOrder, rng: Rng) -> None:
    """Seal the SM's outer alignment; once both are in, the SMs are revealed."""
    seat = em.state.realms[index].seat
    revised = em.state.choices[index] is not None
    em.emit(ev.OuterAlignmentChosen(seat, order.alignment, revised))
    if all(choice is not None for choice in em.state.choices):
        reveal_masters(em, rng)


def _done(em: Emitter, index: int, order: DoneOrder, rng: Rng) -> None:
    """Finish the reorganization or the advancement under way."""
    if em.state.phase is Phase.REORGANIZE:
        actions.end_reorganize(em, index)
    else:
        actions.end_advance(em, index)


def _plain(run: Callable[[Emitter, int], None]) -> Handler:
    """Return a handler for an order that carries no data."""
    return lambda em, index, order, rng: run(em, index)


def _seeded(run: Callable[[Emitter, int, Rng], None]) -> Handler:
    """Return a handler for an order without data that draws randomness."""
    return lambda em, index, order, rng: run(em, index, rng)


def _with(run: Callable[[Emitter, int, Any], None]) -> Handler:
    """Return a handler for an order whose data the action reads."""
    return lambda em, index, order, rng: run(em, index, order)


HANDLERS: dict[type, Handler] = {
    OuterOrder: _outer,
    DeclareEndOrder: _plain(declare_end),
    RecruitOrder: _seeded(actions.recruit),
    DuesOrder: _plain(actions.dues),
    BuildOrder: _plain(actions.build),
    ReorganizeOrder: _plain(actions.reorganize),
    CharterOrder: _with(actions.charter),
    AdvanceOrder: _plain(actions.advance),
    IntrigueOrder: _seeded(intrigue.intrigue),
    PlaceOrder: _with(actions.place_recruits),
    MembersOrder: _with(actions.found_lodge),
    MoveOrder: _with(actions.move),
    InitiateOrder: actions.initiate,
    DoneOrder: _done,
    AcceptOrder: _plain(intrigue.accept),
    RerollOrder: _seeded(intrigue.reroll),
    ForgoOrder: _plain(intrigue.forgo),
    SwapOrder: intrigue.use_result,
    AimOrder: intrigue.use_result,
    DigOrder: intrigue.use_result,
    TipOrder: intrigue.use_result,
    HopOrder: intrigue.use_result,
}

__all__ = ["WrongOrderKind", "decide"]
