"""Why an order is refused: the first rule it breaks, in words a player understands.

`check` runs before any event is made. Every order kind has an explanation function naming the
rule; a final comparison with the legal orders catches anything they do not name.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from enum import Enum
from typing import Any

from engine.core.errors import RuleViolation, UnreadableOrder, WrongOrderKind

from .legal import action_orders, advance_steps, can_build, charters, legal_orders, target_orders
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
    canonical_text,
    lodge_text,
)
from .rules import end_counts, is_initiator, perfection_candidate
from .state import REALMS, SM, Charter, Face, Phase, Size, State, other
from .tables import TABLES

Problem = tuple[str, str] | None
"""(message, code) of the rule an order breaks, or None."""



def fault(message: str, code: str) -> Problem:
    """Return the problem: a message for the player and a stable code."""
    return (message, code)


PHASE_KINDS: dict[Phase, tuple[type, ...]] = {
    Phase.SETUP: (OuterOrder,),
    Phase.ACTION: (DeclareEndOrder, RecruitOrder, DuesOrder, BuildOrder, ReorganizeOrder,
                   CharterOrder, AdvanceOrder, IntrigueOrder),
    Phase.PLACE_RECRUITS: (PlaceOrder,),
    Phase.BUILD_MEMBERS: (MembersOrder,),
    Phase.REORGANIZE: (MoveOrder, DoneOrder),
    Phase.ADVANCE: (InitiateOrder, DoneOrder),
    Phase.INTRIGUE_ROLL: (AcceptOrder, RerollOrder),
    Phase.INTRIGUE_TARGET: (SwapOrder, AimOrder, DigOrder, TipOrder, HopOrder, ForgoOrder),
    Phase.OVER: (),
}

DOING: dict[Phase, str] = {
    Phase.SETUP: "choose your Secret Master's outer alignment",
    Phase.ACTION: "choose an action",
    Phase.PLACE_RECRUITS: "place the recruits of the final roll",
    Phase.BUILD_MEMBERS: "name the three charter members of the new lodge",
    Phase.REORGANIZE: "move a piece or finish the reorganization",
    Phase.ADVANCE: "name an initiation or finish advancing",
    Phase.INTRIGUE_ROLL: "accept the Intrigue roll or pay to roll again",
    Phase.INTRIGUE_TARGET: "use the Intrigue result or let it drop",
    Phase.OVER: "nothing: the game is over",
}


def legal_text(state: State, index: int, limit: int = 12) -> str:
    """Return a short list of what the seat may write now."""
    orders = legal_orders(state, state.realms[index].seat) if index >= 0 else []
    if not orders:
        return "You have nothing to decide now."
    texts = [canonical_text(item) for item in orders[:limit]]
    more = f" (and {len(orders) - limit} more)" if len(orders) > limit else ""
    return "You can write: " + "; ".join(texts) + more + "."


def wrong_kind(state: State, index: int, order: Any) -> WrongOrderKind:
    """Return the violation for an order of the wrong kind at this point."""
    kind = getattr(type(order), "order_kind", type(order).__name__)
    return WrongOrderKind(f"A {kind} order is not taken now: {DOING[state.phase]}.",
                          legal=legal_text(state, index))


def well_formed(order: Any) -> bool:
    """Return whether every field of `order` has a plain value (orders may come as JSON)."""
    for item in fields(order):
        value = getattr(order, item.name)
        parts = value if isinstance(value, tuple) else (value,)
        if not all(part is None or isinstance(part, (str, int, Enum)) for part in parts):
            return False
    return True


def check(state: State, index: int, order: Any) -> None:
    """Raise the violation `order` commits, or return when it is legal."""
    if type(order) not in PHASE_KINDS[state.phase]:
        raise wrong_kind(state, index, order)
    if not well_formed(order):
        raise UnreadableOrder("The order's details are not names or numbers.",
                              legal=legal_text(state, index))
    explain = EXPLAIN.get(type(order))
    problem = explain(state, index, order) if explain is not None else None
    if problem is None and order not in legal_orders(state, state.realms[index].seat):
        problem = (f'"{canonical_text(order)}" is not possible now.', "fm.not-possible")
    if problem is not None:
        raise RuleViolation(problem[0], code=problem[1], legal=legal_text(state, index))


# -- the action ----------------------------------------------------------------------------

def _declare(state: State, index: int, order: Any) -> Problem:
    if state.action != 1:
        return fault("The end can only be declared at the start of your turn, before any action.",
                     "fm.end-not-at-start")
    lodges, initiates = end_counts(state.realms[index])
    if DeclareEndOrder() not in action_orders(state, index):
        return fault(f"{REALMS[index].label} has {lodges} lodges and {initiates} Perfect "
                     f"Initiates; the end needs at least {TABLES.end_lodges} lodges or "
                     f"{TABLES.end_perfect_initiates} Perfect Initiates (an SM with the purple "
                     "counts).", "fm.end-conditions")
    return None


def _build(state: State, index: int, order: Any) -> Problem:
    realm = state.realms[index]
    if can_build(state, realm):
        return None
    if realm.money < TABLES.build_cost:
        return fault(f"Building a lodge costs {TABLES.build_cost} T; you have {realm.money} T.",
                     "fm.money")
    if not state.lodge_deck:
        return "The Lodge deck is empty, so no lodge can be built.", "fm.lodge-deck-empty"
    return fault(f"A lodge needs {TABLES.quorum} charter members; you have only "
                 f"{len(realm.pieces)} pieces, the SM included.", "fm.too-few-masons")


def _reorganize(state: State, index: int, order: Any) -> Problem:
    if state.action != 1:
        return "Reorganize may only be the first action of a turn.", "fm.reorganize-first"
    if not state.realms[index].lodges:
        return "You have no lodge, so there is nowhere to move anyone.", "fm.no-lodges"
    return None


def _charter(state: State, index: int, order: CharterOrder) -> Problem:
    realm = state.realms[index]
    master = realm.pieces[SM]
    if order.charter is Charter.PERFECTION:
        if master.rite is None:
            return fault("Perfection goes on top of a French or St Andrew's charter; take one of "
                         "those first.", "fm.perfection-needs-rite")
        if master.perfect:
            return "Your SM already holds the Rite of Perfection.", "fm.already-chartered"
    elif master.rite is not None:
        if master.rite.value == order.charter.value:
            return f"Your SM already holds the {master.rite.label} charter.", \
                "fm.already-chartered"
        return fault(f"Your SM holds the {master.rite.label} charter and may never take the other "
                     "rite as well.", "fm.one-rite")
    if realm.money < TABLES.charter_cost:
        return fault(f"A charter costs {TABLES.charter_cost} T; you have {realm.money} T.",
                     "fm.money")
    if order.charter not in charters(state, realm):
        return "The bank has no marker left for that charter.", "fm.bank-empty"
    return None


def _advance(state: State, index: int, order: Any) -> Problem:
    if AdvanceOrder() in action_orders(state, index):
        return None
    return fault("Nobody can be advanced now: an initiator (the SM or a large Mason carrying a "
                 "rite's medium) needs an unadvanced medium or large Mason in its own lodge, "
                 "or, with the purple, a rite Mason to perfect, and the bank the markers.",
                 "fm.no-advance")


def _reroll(state: State, index: int, order: Any) -> Problem:
    money = state.realms[index].money
    if money < TABLES.reroll_cost:
        return fault(f"A re-roll costs {TABLES.reroll_cost} T; you have {money} T.", "fm.money")
    return None


# -- steps ---------------------------------------------------------------------------------

def _own_piece(state: State, index: int, piece_id: str) -> Problem:
    if piece_id not in state.realms[index].pieces:
        return fault(f"{piece_id} is not one of your pieces (yours: "
                     f"{', '.join(sorted(state.realms[index].pieces))}).", "fm.not-your-piece")
    return None


def _own_place(state: State, index: int, lodge: int | None) -> Problem:
    if lodge is not None and state.realms[index].lodge(lodge) is None:
        return f"Lodge {lodge} is not one of your lodges.", "fm.not-your-lodge"
    return None


def _place(state: State, index: int, order: PlaceOrder) -> Problem:
    return _own_place(state, index, order.lodge)


def _members(state: State, index: int, order: MembersOrder) -> Problem:
    if len(order.members) != TABLES.quorum:
        return fault(f"A new lodge gets exactly {TABLES.quorum} charter members, not "
                     f"{len(order.members)}.", "fm.three-members")
    if len(set(order.members)) != len(order.members):
        return "Each charter member can be named only once.", "fm.member-twice"
    for piece_id in order.members:
        problem = _own_piece(state, index, piece_id)
        if problem:
            return problem
    return None


def _move(state: State, index: int, order: MoveOrder) -> Problem:
    problem = _own_piece(state, index, order.piece) or _own_place(state, index, order.lodge)
    if problem:
        return problem
    if order.piece in state.pending.moved:
        return fault(f"{order.piece} has already moved in this reorganization; each piece moves "
                     "once.", "fm.moved-twice")
    if state.realms[index].pieces[order.piece].lodge == order.lodge:
        return f"{order.piece} is already {lodge_text(order.lodge)}.", "fm.already-there"
    return None


def _initiate(state: State, index: int, order: InitiateOrder) -> Problem:
    realm = state.realms[index]
    problem = _own_piece(state, index, order.initiator)
    if problem or order in advance_steps(state, index):
        return problem
    piece = realm.pieces[order.initiator]
    if not is_initiator(piece) or piece.lodge is None:
        return fault(f"{order.initiator} cannot initiate: that takes the SM or a large Mason "
                     "carrying a rite's medium, in a lodge.", "fm.not-an-initiator")
    if order.initiator not in state.pending.initiators:
        return fault(f"{order.initiator} has already initiated in this action, or could not when "
                     "it began.", "fm.initiator-used")
    return _candidates(state, index, order)


def _candidates(state: State, index: int, order: InitiateOrder) -> Problem:
    realm = state.realms[index]
    initiator = realm.pieces[order.initiator]
    if not order.candidates:
        return "Name whom to advance.", "fm.no-candidate"
    for candidate in order.candidates:
        problem = _own_piece(state, index, candidate)
        if problem:
            return problem
        piece = realm.pieces[candidate]
        if candidate == order.initiator or piece.is_master:
            return "Nobody advances themselves, and SMs advance only by charter.", \
                "fm.bad-candidate"
        if piece.lodge != initiator.lodge:
            return fault(f"{candidate} is not in {order.initiator}'s lodge; advancement happens "
                         "only within a lodge.", "fm.other-lodge")
        if piece.size is Size.SMALL:
            return "Small Masons cannot be advanced.", "fm.small-candidate"
        if perfection_candidate(piece) and not initiator.perfect:
            return fault(f"{candidate} already carries a rite; only an initiator with the purple "
                         "can raise it to Perfection.", "fm.needs-purple")
    return fault("An initiator advances one large Mason, one or two medium ones, or (with the "
                 "purple) one rite Mason to Perfection, with markers left in the bank.",
                 "fm.bad-initiation")


# -- intrigue ------------------------------------------------------------------------------

RESULT_OF: dict[type, Face] = {SwapOrder: Face.SWAP, AimOrder: Face.AIM, DigOrder: Face.DIG,
                               TipOrder: Face.TIP, HopOrder: Face.HOP}


def _target(state: State, index: int, order: Any) -> Problem:
    face = state.pending.face or Face.WILD
    wanted = RESULT_OF[type(order)]
    if face is not Face.WILD and face is not wanted:
        return fault(f"You kept {face.value.upper()}; a {wanted.value} order needs "
                     f"{wanted.value.upper()} (or WILD).", "fm.wrong-result")
    if order in target_orders(state, index, face):
        return None
    return _target_problem(state, index, order)


def _target_problem(state: State, index: int, order: Any) -> Problem:
    if isinstance(order, AimOrder) and not any(r.lodge(order.lodge) for r in state.realms):
        return f"There is no lodge {order.lodge} in play.", "fm.no-such-lodge"
    if isinstance(order, DigOrder):
        holder = state.holder(order.piece)
        piece = state.realms[holder].pieces.get(order.piece) if holder >= 0 else None
        if piece is None or piece.is_master or not piece.perfect:
            return fault(f"{order.piece} is not a Perfect Initiate; DIG works on Perfect Initiates "
                         "(not SMs).", "fm.not-an-initiate")
        return "The bag holds no pyramid of the size needed.", "fm.bag-empty"
    if isinstance(order, HopOrder):
        return _hop_problem(state, index, order)
    return "That deck is empty, so the attempt cannot be made.", "fm.deck-empty"


def _hop_problem(state: State, index: int, order: HopOrder) -> Problem:
    theirs = state.realms[other(index)].pieces.get(order.target)
    if theirs is None or theirs.is_master:
        return fault(f"{order.target} is not a Mason of the other principality.",
                     "fm.not-their-mason")
    problem = _own_piece(state, index, order.agent)
    if problem:
        return problem
    if theirs.perfect:
        return fault(f"{order.agent} cannot win over {order.target}: it takes your SM or a Perfect "
                     "Initiate with the same outer alignment.", "fm.no-match")
    return fault(f"{order.target} can only be tempted by one of your Mason Perfect Initiates, and "
                 "only if it is a high-degree Mason of a rite your principality lacks.",
                 "fm.cannot-tempt")


EXPLAIN: dict[type, Callable[[State, int, Any], Problem]] = {
    DeclareEndOrder: _declare, BuildOrder: _build, ReorganizeOrder: _reorganize,
    CharterOrder: _charter, AdvanceOrder: _advance, RerollOrder: _reroll, PlaceOrder: _place,
    MembersOrder: _members, MoveOrder: _move, InitiateOrder: _initiate, SwapOrder: _target,
    AimOrder: _target, DigOrder: _target, TipOrder: _target, HopOrder: _target,
}

__all__ = ["check", "legal_text", "wrong_kind"]
