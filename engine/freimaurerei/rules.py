"""Legality: one check per order kind, saying which rule an order breaks, and the orders worth
trying at each decision point (the steps list those that pass their check).

Intrigue results are checked in `rules_intrigue.py`; the effects of the actions are in
`rules_actions.py`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from enum import Enum
from itertools import combinations
from typing import Any

from engine.core.errors import RuleViolation, UnreadableOrder

from .board import (
    end_counts,
    initiators,
    is_initiator,
    may_declare_end,
    perfection_candidate,
    rite_candidate,
)
from .orders import (
    BuildOrder,
    CharterOrder,
    DefectOrder,
    InitiateOrder,
    MembersOrder,
    MoveOrder,
    PlaceOrder,
    lodge_text,
)
from .state import REALMS, SM, Charter, Piece, Realm, Size, State, id_order, other
from .tables import TABLES

Check = Callable[[State, int, Any], None]


def id_key(piece_id: Any) -> tuple[int, int, str]:
    """Return a sort key for any piece id (SM first, Masons by number, anything else last)."""
    text = str(piece_id)
    if text == SM:
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


PLAIN = (str, int, Enum, type(None))


def _well_formed(order: Any) -> None:
    """Raise when a field of `order` is not a plain value (orders may come as JSON)."""
    for value in vars(order).values():
        parts = value if isinstance(value, tuple) else (value,)
        if not all(isinstance(part, PLAIN) for part in parts):
            raise UnreadableOrder("The order's details are not names or numbers.")


def checked(check: Check) -> Check:
    """Return `check` run after the order's fields are found plain (the checks read piece
    lists as sets, so their order does not matter)."""

    def run(state: State, index: int, order: Any) -> None:
        _well_formed(order)
        check(state, index, order)

    return run


def passes(check: Check, state: State, index: int, order: Any) -> bool:
    """Return whether `order` passes `check`."""
    try:
        check(state, index, order)
    except RuleViolation:
        return False
    return True


def allowed(_state: State, _index: int, _order: Any) -> None:
    """The check of an order that is always legal where it is taken."""


# -- the action ----------------------------------------------------------------------------

def check_declare(state: State, index: int, order: Any) -> None:
    """The end is declared at the start of a turn, when a condition is met."""
    if state.action != 1:
        raise RuleViolation("The end can only be declared at the start of your turn, before any "
                            "action.", code="fm.end-not-at-start")
    if not may_declare_end(state, index):
        lodges, initiates = end_counts(state.realms[index])
        raise RuleViolation(
            f"{REALMS[index].label} has {lodges} lodges and {initiates} Perfect Initiates; the "
            f"end needs at least {TABLES.end_lodges} lodges or {TABLES.end_perfect_initiates} "
            "Perfect Initiates (an SM with the purple counts).", code="fm.end-conditions")


def check_build(state: State, index: int, order: BuildOrder) -> None:
    """Build a Lodge needs the money, a Lodge card and three pieces (and named members fit)."""
    realm = state.realms[index]
    if realm.money < TABLES.build_cost:
        raise RuleViolation(f"Building a lodge costs {TABLES.build_cost} T; you have "
                            f"{realm.money} T.", code="fm.money")
    if not state.lodge_deck:
        raise RuleViolation("The Lodge deck is empty, so no lodge can be built.",
                            code="fm.lodge-deck-empty")
    if len(realm.pieces) < TABLES.quorum:
        raise RuleViolation(f"A lodge needs {TABLES.quorum} charter members; you have only "
                            f"{len(realm.pieces)} pieces, the SM included.",
                            code="fm.too-few-masons")
    if order.members:
        check_members(state, index, MembersOrder(order.members))


def check_reorganize(state: State, index: int, order: Any) -> None:
    """Reorganize is the first action of a turn, and needs a lodge."""
    if state.action != 1:
        raise RuleViolation("Reorganize may only be the first action of a turn.",
                            code="fm.reorganize-first")
    if not state.realms[index].lodges:
        raise RuleViolation("You have no lodge, so there is nowhere to move anyone.",
                            code="fm.no-lodges")


def check_charter(state: State, index: int, order: CharterOrder) -> None:
    """A charter: one rite per SM, Perfection on top of it, money and a bank marker."""
    realm = state.realms[index]
    master = realm.pieces[SM]
    if order.charter is Charter.PERFECTION:
        if master.rite is None:
            raise RuleViolation("Perfection goes on top of a French or St Andrew's charter; take "
                                "one of those first.", code="fm.perfection-needs-rite")
        if master.perfect:
            raise RuleViolation("Your SM already holds the Rite of Perfection.",
                                code="fm.already-chartered")
    elif master.rite is not None:
        if master.rite.value == order.charter.value:
            raise RuleViolation(f"Your SM already holds the {master.rite.label} charter.",
                                code="fm.already-chartered")
        raise RuleViolation(f"Your SM holds the {master.rite.label} charter and may never take "
                            "the other rite as well.", code="fm.one-rite")
    if realm.money < TABLES.charter_cost:
        raise RuleViolation(f"A charter costs {TABLES.charter_cost} T; you have {realm.money} "
                            "T.", code="fm.money")
    rite = order.charter.rite
    left = state.bank.purple if rite is None else state.bank.markers(rite, Size.MEDIUM)
    if left <= 0:
        raise RuleViolation("The bank has no marker left for that charter.", code="fm.bank-empty")


def check_advance(state: State, index: int, order: Any) -> None:
    """Advance Initiates needs at least one initiation that can be made now."""
    realm = state.realms[index]
    if not any(passes(check_initiation, state, index, item)
               for item in initiation_candidates(realm, initiators(realm))):
        raise RuleViolation(
            "Nobody can be advanced now: an initiator (the SM or a large Mason carrying a rite's "
            "medium) needs an unadvanced medium or large Mason in its own lodge, or, with the "
            "purple, a rite Mason to perfect, and the bank the markers.", code="fm.no-advance")


# -- steps inside an action ----------------------------------------------------------------

def defectors(state: State, index: int, size: Size) -> list[str]:
    """Return the Masons of `size` that may defect from principality `index`: unaffiliated
    and unadvanced, lowest number first."""
    return [p.id for p in state.realms[index].members(None) if p.plain and p.size is size]


def check_defect(state: State, index: int, order: DefectOrder) -> None:
    """The defector is an unaffiliated, unadvanced Mason of the size the bank lacks, from the
    other principality."""
    offer = state.pending.offer
    assert offer is not None
    found = defectors(state, other(index), offer.size)
    if order.piece not in found:
        raise RuleViolation(f"{order.piece} cannot come over: the bank lacks a {offer.size.value} "
                            f"Mason, and only {' or '.join(found)} (unaffiliated, unadvanced, of "
                            "that size, in the other principality) may defect.",
                            code="fm.not-a-defector")


def _own_piece(state: State, index: int, piece_id: str) -> Piece:
    """Return the seat's piece `piece_id`, or raise saying it is not one of theirs."""
    piece = state.realms[index].pieces.get(piece_id)
    if piece is None:
        yours = ", ".join(sorted(state.realms[index].pieces))
        raise RuleViolation(f"{piece_id} is not one of your pieces (yours: {yours}).",
                            code="fm.not-your-piece")
    return piece


def _own_place(state: State, index: int, lodge: int | None) -> None:
    """Raise unless `lodge` is one of the seat's lodges or the unaffiliated zone (None)."""
    if lodge is not None and state.realms[index].lodge(lodge) is None:
        raise RuleViolation(f"Lodge {lodge} is not one of your lodges.", code="fm.not-your-lodge")


def check_place(state: State, index: int, order: PlaceOrder) -> None:
    """The final roll's recruits go into one of the seat's lodges, or stay unaffiliated."""
    _own_place(state, index, order.lodge)


def check_members(state: State, index: int, order: MembersOrder) -> None:
    """A new lodge has exactly three distinct charter members of the seat's own pieces."""
    if len(order.members) != TABLES.quorum:
        raise RuleViolation(f"A new lodge gets exactly {TABLES.quorum} charter members, not "
                            f"{len(order.members)}.", code="fm.three-members")
    if len(set(order.members)) != len(order.members):
        raise RuleViolation("Each charter member can be named only once.",
                            code="fm.member-twice")
    for piece_id in order.members:
        _own_piece(state, index, piece_id)


def check_move(state: State, index: int, order: MoveOrder) -> None:
    """During a reorganization each piece moves once, to somewhere else in its principality."""
    piece = _own_piece(state, index, order.piece)
    _own_place(state, index, order.lodge)
    if order.piece in state.pending.moved:
        raise RuleViolation(f"{order.piece} has already moved in this reorganization; each piece "
                            "moves once.", code="fm.moved-twice")
    if piece.lodge == order.lodge:
        raise RuleViolation(f"{order.piece} is already {lodge_text(order.lodge)}.",
                            code="fm.already-there")


def check_initiate(state: State, index: int, order: InitiateOrder) -> None:
    """An initiator named when the advancement began advances candidates once."""
    piece = _own_piece(state, index, order.initiator)
    if not is_initiator(piece) or piece.lodge is None:
        raise RuleViolation(f"{order.initiator} cannot initiate: that takes the SM or a large "
                            "Mason carrying a rite's medium, in a lodge.",
                            code="fm.not-an-initiator")
    if order.initiator not in state.pending.initiators:
        raise RuleViolation(f"{order.initiator} has already initiated in this action, or could "
                            "not when it began.", code="fm.initiator-used")
    check_initiation(state, index, order)


def check_initiation(state: State, index: int, order: InitiateOrder) -> None:
    """One large Mason, one or two medium ones, or (with the purple) one rite Mason to
    Perfection, in the initiator's own lodge, with markers left in the bank."""
    initiator = _own_piece(state, index, order.initiator)
    if not is_initiator(initiator) or initiator.lodge is None:
        raise RuleViolation(f"{order.initiator} cannot initiate.", code="fm.not-an-initiator")
    if not order.candidates:
        raise RuleViolation("Name whom to advance.", code="fm.no-candidate")
    pieces = [_candidate(state, index, order, initiator, c) for c in order.candidates]
    if not _initiation_fits(state, initiator, pieces):
        raise RuleViolation(
            "An initiator advances one large Mason, one or two medium ones, or (with the "
            "purple) one rite Mason to Perfection, with markers left in the bank.",
            code="fm.bad-initiation")


def _candidate(state: State, index: int, order: InitiateOrder, initiator: Piece,
               candidate: str) -> Piece:
    """Return the candidate piece, or raise saying why it cannot be advanced by `initiator`."""
    piece = _own_piece(state, index, candidate)
    if candidate == order.initiator or piece.is_master:
        raise RuleViolation("Nobody advances themselves, and SMs advance only by charter.",
                            code="fm.bad-candidate")
    if piece.lodge != initiator.lodge:
        raise RuleViolation(f"{candidate} is not in {order.initiator}'s lodge; advancement "
                            "happens only within a lodge.", code="fm.other-lodge")
    if piece.size is Size.SMALL:
        raise RuleViolation("Small Masons cannot be advanced.", code="fm.small-candidate")
    if perfection_candidate(piece) and not initiator.perfect:
        raise RuleViolation(f"{candidate} already carries a rite; only an initiator with the "
                            "purple can raise it to Perfection.", code="fm.needs-purple")
    return piece


def _initiation_fits(state: State, initiator: Piece, pieces: list[Piece]) -> bool:
    """Return whether the candidates make one initiation the bank can supply."""
    bank, rite = state.bank, initiator.rite
    assert rite is not None
    if len({p.id for p in pieces}) != len(pieces):
        return False
    if len(pieces) == 1 and perfection_candidate(pieces[0]):
        return initiator.perfect and bank.purple > 0
    if len(pieces) == 1 and pieces[0].size is Size.LARGE:
        return rite_candidate(pieces[0]) and bank.markers(rite, Size.MEDIUM) > 0
    return (len(pieces) <= 2 and all(rite_candidate(p) and p.size is Size.MEDIUM for p in pieces)
            and bank.markers(rite, Size.SMALL) >= len(pieces))


# -- orders worth trying -------------------------------------------------------------------

def initiation_candidates(realm: Realm, ids: Iterable[str]) -> Iterator[InitiateOrder]:
    """Yield every initiation worth trying by the initiators `ids`: large Masons, one or two
    medium ones, then rite Masons for Perfection, in the initiator's lodge."""
    for piece_id in ids:
        piece = realm.pieces.get(piece_id)
        if piece is None or piece.lodge is None:
            continue
        mates = [p for p in realm.members(piece.lodge) if p.id != piece_id]
        mediums = [p.id for p in mates if p.size is Size.MEDIUM]
        yield from (InitiateOrder(piece_id, (p.id,)) for p in mates
                    if p.size is Size.LARGE and p.plain)
        yield from (InitiateOrder(piece_id, (m,)) for m in mediums)
        yield from (InitiateOrder(piece_id, pair) for pair in combinations(mediums, 2))
        yield from (InitiateOrder(piece_id, (p.id,)) for p in mates
                    if p.size is Size.LARGE and not p.plain)


def open_initiations(state: State, index: int) -> list[InitiateOrder]:
    """Return the initiations still open in this Advance Initiates action."""
    candidates = initiation_candidates(state.realms[index], state.pending.initiators)
    return [o for o in candidates if passes(check_initiate, state, index, o)]


def move_candidates(state: State, index: int) -> Iterator[MoveOrder]:
    """Yield every move of a piece to another place in its principality."""
    realm = state.realms[index]
    places: list[int | None] = [None, *[x.number for x in realm.lodges]]
    for piece_id in sorted(realm.pieces, key=id_order):
        yield from (MoveOrder(piece_id, place) for place in places)


def open_moves(state: State, index: int) -> list[MoveOrder]:
    """Return every move still open: each piece moves at most once per reorganization."""
    return [o for o in move_candidates(state, index) if passes(check_move, state, index, o)]


def member_candidates(state: State, index: int) -> list[MembersOrder]:
    """Return every trio of the seat's pieces as charter members."""
    ids = sorted(state.realms[index].pieces, key=id_order)
    return [MembersOrder(trio) for trio in combinations(ids, TABLES.quorum)]
