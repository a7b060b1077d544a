"""The effects of the setup choice, of the actions other than Intrigue, and of their steps: the
orders are known to be legal here."""
from __future__ import annotations

from typing import Any

from engine.core.contract import replace
from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import events as ev
from .board import bank_money, initiators, masons, perfection_candidate
from .flow import draw_from_bag, finish_action, reveal_masters
from .orders import (
    BuildOrder,
    CharterOrder,
    DefectOrder,
    InitiateOrder,
    MembersOrder,
    MoveOrder,
    PlaceOrder,
)
from .rules import defectors, normalized, open_initiations, open_moves
from .state import Offer, Phase, Recruit, Size, State, other
from .tables import TABLES

Em = Emitter[State]


def outer(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Seal the SM's outer alignment; once both are in, the SMs are revealed."""
    seat = em.state.realms[index].seat
    revised = em.state.choices[index] is not None
    em.emit(ev.OuterAlignmentChosen(seat, order.alignment, revised))
    if all(choice is not None for choice in em.state.choices):
        reveal_masters(em, rng)


def dues(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Assess Dues: 1 T per Mason from the bank (never more than the bank holds)."""
    count = len(masons(em.state.realms[index]))
    amount = min(count * TABLES.dues_per_mason, bank_money(em.state))
    em.emit(ev.DuesAssessed(em.state.active_seat, count, amount))
    finish_action(em)


# -- Recruit Masons ------------------------------------------------------------------------

def roll_pyramid_die(rng: Rng) -> tuple[Size, ...]:
    """Return the sizes shown by a roll of the pyramid die."""
    return TABLES.pyramid_die[rng.randbelow(len(TABLES.pyramid_die))]


def choose_defectors(em: Em) -> bool:
    """Return whether the player chooses defectors (else the lowest-numbered one comes)."""
    return bool(getattr(em.game, "choose_defectors", True))


def recruit(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Recruit Masons: one roll per lodge into that lodge, then a final roll."""
    _roll_from(em, index, tuple(x.number for x in em.state.realms[index].lodges), rng)


def _roll_from(em: Em, index: int, lodges_left: tuple[int, ...], rng: Rng) -> None:
    """Roll for each lodge left, then the final roll, until a roll waits for the player."""
    while True:
        final = not lodges_left
        roll = Offer(roll_pyramid_die(rng), None if final else lodges_left[0], final, (), (), 0,
                     lodges_left[1:])
        if not _settle(em, index, roll) or final:
            return
        lodges_left = roll.lodges_left


def _settle(em: Em, index: int, roll: Offer) -> bool:
    """Settle the roll's sizes from `roll.at` on; return False when it waits for a choice.

    A size comes from the bank; when the bank has none, an unaffiliated unadvanced Mason of
    that size in the other principality may defect (the player's choice, or declined).
    """
    state, seat = em.state, em.state.active_seat
    recruits, failed = list(roll.recruits), list(roll.failed)
    number = max([state.next_mason] + [int(r.id[1:]) + 1 for r in recruits if not r.defector])
    for at in range(roll.at, len(roll.sizes)):
        size = roll.sizes[at]
        if state.bank.masons(size) > 0:
            recruits.append(Recruit(f"M{number}", size))
            number += 1
            continue
        found = defectors(state, other(index), size)
        if found and choose_defectors(em):
            em.emit(ev.DefectionOffered(seat, roll.sizes, roll.lodge, roll.final, tuple(recruits),
                                        tuple(failed), at, roll.lodges_left, tuple(found)))
            return False
        if found:
            recruits.append(Recruit(found[0], size, True))
        else:
            failed.append(size)
    _rolled(em, index, roll, tuple(recruits), tuple(failed))
    return True


def _rolled(em: Em, index: int, roll: Offer, recruits: tuple[Recruit, ...],
            failed: tuple[Size, ...]) -> None:
    """Emit the settled roll; the final roll's recruits wait to be placed, with lodges."""
    seat = em.state.active_seat
    if not roll.final:
        em.emit(ev.RecruitsRolled(seat, roll.sizes, recruits, failed, roll.lodge, False))
        return
    pending = bool(recruits) and bool(em.state.realms[index].lodges)
    em.emit(ev.RecruitsRolled(seat, roll.sizes, recruits, failed, None, True, pending))
    if not pending:
        finish_action(em)


def defect(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Bring the chosen Mason over (or nobody), then go on with the recruitment."""
    roll = em.state.pending.offer
    assert roll is not None
    if isinstance(order, DefectOrder):
        roll = replace(roll, recruits=roll.recruits + (Recruit(order.piece, roll.size, True),))
    else:
        roll = replace(roll, failed=roll.failed + (roll.size,))
    roll = replace(roll, at=roll.at + 1)
    if _settle(em, index, roll) and not roll.final:
        _roll_from(em, index, roll.lodges_left, rng)


def place_recruits(em: Em, index: int, order: PlaceOrder, rng: Rng) -> None:
    """Put the final roll's recruits where the seat chose."""
    em.emit(ev.RecruitsPlaced(em.state.active_seat, em.state.pending.recruits, order.lodge))
    finish_action(em)


# -- Build a Lodge, Charter a Rite ---------------------------------------------------------

def build(em: Em, index: int, order: BuildOrder, rng: Rng) -> None:
    """Build a Lodge: pay and turn up the top Lodge card; the members come next, unless they
    were named in the order, when the lodge is founded at once."""
    order = normalized(order)
    em.emit(ev.BuildStarted(em.state.active_seat, em.state.lodge_deck[0], TABLES.build_cost))
    if order.members and em.state.phase is Phase.BUILD_MEMBERS:
        found_lodge(em, index, MembersOrder(order.members), rng)


def found_lodge(em: Em, index: int, order: MembersOrder, rng: Rng) -> None:
    """Lay the lodge card down with its three charter members."""
    card = em.state.pending.card
    assert card is not None
    members = normalized(order).members
    em.emit(ev.LodgeFounded(em.state.active_seat, em.state.next_lodge, card, members))
    finish_action(em)


def charter(em: Em, index: int, order: CharterOrder, rng: Rng) -> None:
    """Charter a Rite: pay and put the rite's medium, or the purple, on the SM."""
    em.emit(ev.RiteChartered(em.state.active_seat, order.charter, TABLES.charter_cost))
    finish_action(em)


# -- Reorganize ----------------------------------------------------------------------------

def reorganize(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Begin a reorganization."""
    em.emit(ev.ReorganizeStarted(em.state.active_seat))


def move(em: Em, index: int, order: MoveOrder, rng: Rng) -> None:
    """Move one piece; the reorganization ends by itself when no piece is left to move."""
    em.emit(ev.PieceMoved(em.state.active_seat, order.piece, order.lodge))
    if not open_moves(em.state, index):
        end_reorganize(em, index, order, rng)


def end_reorganize(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Finish the reorganization: now lodges under the quorum dissolve."""
    em.emit(ev.ReorganizeFinished(em.state.active_seat))
    finish_action(em)


# -- Advance Initiates ---------------------------------------------------------------------

def advance(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Begin Advance Initiates; who may initiate is fixed now."""
    em.emit(ev.AdvanceStarted(em.state.active_seat, initiators(em.state.realms[index])))


def initiate(em: Em, index: int, order: InitiateOrder, rng: Rng) -> None:
    """One initiator advances its candidates; the action ends when nothing more is possible."""
    order = normalized(order)
    realm, seat = em.state.realms[index], em.state.active_seat
    first = realm.pieces[order.candidates[0]]
    if perfection_candidate(first):
        drawn = draw_from_bag(em.state, Size.MEDIUM, rng)
        em.emit(ev.Initiated(seat, order.initiator, order.candidates, None, drawn))
    else:
        rite = realm.pieces[order.initiator].rite
        em.emit(ev.Initiated(seat, order.initiator, order.candidates, rite))
    if not open_initiations(em.state, index):
        end_advance(em, index, order, rng)


def end_advance(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Finish Advance Initiates."""
    em.emit(ev.AdvanceFinished(em.state.active_seat))
    finish_action(em)
