"""What each seat may do now: the legal orders of every decision point."""
from __future__ import annotations

from itertools import combinations
from typing import Any

from .memo import per_state
from .orders import (
    AcceptOrder,
    AdvanceOrder,
    AimOrder,
    BuildOrder,
    CharterOrder,
    DeclareEndOrder,
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
from .rules import (
    initiators,
    is_initiator,
    may_declare_end,
    perfection_candidate,
    rite_candidate,
    rites_present,
)
from .state import (
    REALMS,
    SM,
    Alignment,
    Charter,
    Face,
    Phase,
    Piece,
    Realm,
    Rite,
    Size,
    State,
    id_order,
    other,
)
from .tables import TABLES


def deciding_seats(state: State) -> tuple[str, ...]:
    """Return the seats that have a decision open now."""
    if state.phase is Phase.SETUP:
        return tuple(realm.seat for realm in state.realms if realm.seat)
    if state.phase is Phase.OVER:
        return ()
    return (state.active_seat,)


def legal_orders(state: State, seat: str) -> list[Any]:
    """Return every order `seat` may give now (a fresh list)."""
    return list(_legal(state, seat))


@per_state
def _legal(state: State, seat: str) -> tuple[Any, ...]:
    """Return every order `seat` may give now."""
    if seat not in deciding_seats(state):
        return ()
    return tuple(_BUILDERS[state.phase](state, state.realm_of(seat)))


def _setup(state: State, index: int) -> list[Any]:
    return [OuterOrder(Alignment.ROSICRUCIAN), OuterOrder(Alignment.ILLUMINATI)]


# -- the action ----------------------------------------------------------------------------

def action_orders(state: State, index: int) -> list[Any]:
    """Return the actions open now (and the end declaration at the start of a turn)."""
    realm = state.realms[index]
    first = state.action == 1
    orders: list[Any] = []
    if first and may_declare_end(state, index):
        orders.append(DeclareEndOrder())
    orders += [RecruitOrder(), DuesOrder()]
    if can_build(state, realm):
        orders.append(BuildOrder())
    if first and realm.lodges:
        orders.append(ReorganizeOrder())
    orders += [CharterOrder(charter) for charter in charters(state, realm)]
    if any(initiations(state, realm, piece_id) for piece_id in initiators(realm)):
        orders.append(AdvanceOrder())
    orders.append(IntrigueOrder())
    return orders


def can_build(state: State, realm: Realm) -> bool:
    """Return whether Build a Lodge is possible: money, a Lodge card and three pieces."""
    return (realm.money >= TABLES.build_cost and bool(state.lodge_deck)
            and len(realm.pieces) >= TABLES.quorum)


def charters(state: State, realm: Realm) -> list[Charter]:
    """Return the charters the SM can take now (money and bank markers allowing)."""
    if realm.money < TABLES.charter_cost:
        return []
    master = realm.pieces[SM]
    if master.rite is None:
        return [Charter(rite.value) for rite in Rite
                if state.bank.markers(rite, Size.MEDIUM) > 0]
    if not master.perfect and state.bank.purple > 0:
        return [Charter.PERFECTION]
    return []


# -- steps inside an action ----------------------------------------------------------------

def _place(state: State, index: int) -> list[Any]:
    lodges = [x.number for x in state.realms[index].lodges]
    return [PlaceOrder(None), *[PlaceOrder(number) for number in lodges]]


def _members(state: State, index: int) -> list[Any]:
    ids = sorted(state.realms[index].pieces, key=id_order)
    return [MembersOrder(trio) for trio in combinations(ids, TABLES.quorum)]


def reorganize_moves(state: State, index: int) -> list[MoveOrder]:
    """Return every move still open: each piece moves at most once per reorganization."""
    realm = state.realms[index]
    places: list[int | None] = [None, *[x.number for x in realm.lodges]]
    moved = state.pending.moved
    return [MoveOrder(piece.id, place) for piece in sorted(realm.pieces.values(), key=_key)
            if piece.id not in moved for place in places if place != piece.lodge]


def _key(piece: Piece) -> tuple[int, int]:
    return id_order(piece.id)


def _reorganize(state: State, index: int) -> list[Any]:
    return [*reorganize_moves(state, index), DoneOrder()]


def initiations(state: State, realm: Realm, piece_id: str) -> list[InitiateOrder]:
    """Return what initiator `piece_id` may do: one large, one or two mediums, or Perfection."""
    piece = realm.pieces.get(piece_id)
    if piece is None or piece.lodge is None or not is_initiator(piece) or piece.rite is None:
        return []
    mates = [p for p in realm.members(piece.lodge) if p.id != piece_id]
    bank = state.bank
    orders = []
    if bank.markers(piece.rite, Size.MEDIUM) > 0:
        orders += [InitiateOrder(piece_id, (p.id,)) for p in mates
                   if rite_candidate(p) and p.size is Size.LARGE]
    mediums = [p.id for p in mates if rite_candidate(p) and p.size is Size.MEDIUM]
    smalls = bank.markers(piece.rite, Size.SMALL)
    if smalls >= 1:
        orders += [InitiateOrder(piece_id, (m,)) for m in mediums]
    if smalls >= 2:
        orders += [InitiateOrder(piece_id, pair) for pair in combinations(mediums, 2)]
    if piece.perfect and bank.purple > 0:
        orders += [InitiateOrder(piece_id, (p.id,)) for p in mates if perfection_candidate(p)]
    return orders


def advance_steps(state: State, index: int) -> list[InitiateOrder]:
    """Return the initiations still open in this Advance Initiates action."""
    realm = state.realms[index]
    return [item for piece_id in state.pending.initiators
            for item in initiations(state, realm, piece_id)]


def _advance(state: State, index: int) -> list[Any]:
    return [*advance_steps(state, index), DoneOrder()]


def _roll(state: State, index: int) -> list[Any]:
    if state.realms[index].money >= TABLES.reroll_cost:
        return [AcceptOrder(), RerollOrder()]
    return [AcceptOrder()]


def _target(state: State, index: int) -> list[Any]:
    face = state.pending.face or Face.WILD
    return [*target_orders(state, index, face), ForgoOrder()]


# -- intrigue targets ----------------------------------------------------------------------

def target_orders(state: State, index: int, face: Face) -> list[Any]:
    """Return every way to use an Intrigue result (a WILD may be any of the five)."""
    if face is Face.WILD:
        return [item for result in (Face.SWAP, Face.AIM, Face.DIG, Face.TIP, Face.HOP)
                for item in target_orders(state, index, result)]
    if face is Face.SWAP:
        return [SwapOrder(p) for p in REALMS] if state.ruler_deck else []
    if face is Face.AIM:
        return [AimOrder(n) for n in all_lodges(state)] if state.lodge_deck else []
    if face is Face.DIG:
        return dig_orders(state)
    if face is Face.TIP:
        return [TipOrder(p) for p in REALMS]
    return hop_orders(state, index)


def all_lodges(state: State) -> list[int]:
    """Return the numbers of every lodge in play, in order."""
    return sorted(x.number for realm in state.realms for x in realm.lodges)


def dig_orders(state: State) -> list[DigOrder]:
    """Return the DIG choices: each Mason PI's outer (a medium in the bag) or inner (a small)."""
    outer = state.bag.total(Size.MEDIUM) > 0
    inner = state.bag.total(Size.SMALL) > 0
    orders = []
    for piece_id in sorted(_mason_initiate_ids(state), key=id_order):
        if outer:
            orders.append(DigOrder(piece_id, False))
        if inner:
            orders.append(DigOrder(piece_id, True))
    return orders


def _mason_initiate_ids(state: State) -> list[str]:
    return [p.id for realm in state.realms for p in realm.pieces.values()
            if p.perfect and not p.is_master]


def hop_orders(state: State, index: int) -> list[HopOrder]:
    """Return every HOP (target, agent) pair: a PI won by a matching outer alignment, or a
    high-degree Mason of a rite this side lacks, tempted by one of its Mason PIs."""
    own, theirs = state.realms[index], state.realms[other(index)]
    agents = [p for p in sorted(own.pieces.values(), key=_key) if p.perfect or p.is_master]
    orders = []
    for target in sorted(theirs.pieces.values(), key=_key):
        if target.is_master:
            continue
        if target.perfect and target.outer is not None:
            orders += [HopOrder(target.id, a.id) for a in agents if a.outer is target.outer]
        elif target.rite is not None and not target.perfect and \
                target.rite not in rites_present(own):
            orders += [HopOrder(target.id, a.id) for a in agents
                       if a.perfect and not a.is_master]
    return orders


_BUILDERS = {
    Phase.SETUP: _setup, Phase.ACTION: action_orders, Phase.PLACE_RECRUITS: _place,
    Phase.BUILD_MEMBERS: _members, Phase.REORGANIZE: _reorganize, Phase.ADVANCE: _advance,
    Phase.INTRIGUE_ROLL: _roll, Phase.INTRIGUE_TARGET: _target,
}
