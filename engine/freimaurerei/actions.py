"""The actions other than Intrigue, and their steps: the orders are known to be legal here."""
from __future__ import annotations

from engine.core.rng import Rng

from . import events as ev
from .legal import advance_steps, reorganize_moves
from .orders import CharterOrder, InitiateOrder, MembersOrder, MoveOrder, PlaceOrder
from .rules import bank_money, initiators, masons, perfection_candidate
from .state import Recruit, Size, State, other
from .tables import TABLES
from .turns import Emitter, draw_from_bag, finish_action


def dues(em: Emitter, index: int) -> None:
    """Assess Dues: 1 T per Mason from the bank (never more than the bank holds)."""
    count = len(masons(em.state.realms[index]))
    amount = min(count * TABLES.dues_per_mason, bank_money(em.state))
    em.emit(ev.DuesAssessed(em.seat, count, amount))
    finish_action(em)


# -- Recruit Masons ------------------------------------------------------------------------

def roll_pyramid_die(rng: Rng) -> tuple[Size, ...]:
    """Return the sizes shown by a roll of the pyramid die."""
    return TABLES.pyramid_die[rng.randbelow(len(TABLES.pyramid_die))]


def recruits_for(state: State, index: int, sizes: tuple[Size, ...]
                 ) -> tuple[tuple[Recruit, ...], tuple[Size, ...]]:
    """Return (recruits, failed sizes): from the bank, else a defector from the other side."""
    recruits: list[Recruit] = []
    failed: list[Size] = []
    number = state.next_mason
    for size in sizes:
        if state.bank.masons(size) > 0:
            recruits.append(Recruit(f"M{number}", size))
            number += 1
            continue
        defector = _defector(state, other(index), size)
        if defector is None:
            failed.append(size)
        else:
            recruits.append(Recruit(defector, size, True))
    return tuple(recruits), tuple(failed)


def _defector(state: State, index: int, size: Size) -> str | None:
    """Return the unaffiliated, unadvanced Mason of `size` that defects (lowest number)."""
    found = [p for p in state.realms[index].members(None) if p.plain and p.size is size]
    return found[0].id if found else None


def recruit(em: Emitter, index: int, rng: Rng) -> None:
    """Recruit Masons: one roll per lodge into that lodge, then a final roll."""
    for lodge in [x.number for x in em.state.realms[index].lodges]:
        sizes = roll_pyramid_die(rng)
        joined, failed = recruits_for(em.state, index, sizes)
        em.emit(ev.RecruitsRolled(em.seat, sizes, joined, failed, lodge, False))
    sizes = roll_pyramid_die(rng)
    joined, failed = recruits_for(em.state, index, sizes)
    pending = bool(joined) and bool(em.state.realms[index].lodges)
    em.emit(ev.RecruitsRolled(em.seat, sizes, joined, failed, None, True, pending))
    if not pending:
        finish_action(em)


def place_recruits(em: Emitter, index: int, order: PlaceOrder) -> None:
    """Put the final roll's recruits where the seat chose."""
    em.emit(ev.RecruitsPlaced(em.seat, em.state.pending.recruits, order.lodge))
    finish_action(em)


# -- Build a Lodge, Charter a Rite ---------------------------------------------------------

def build(em: Emitter, index: int) -> None:
    """Build a Lodge: pay and turn up the top Lodge card; the members come next."""
    em.emit(ev.BuildStarted(em.seat, em.state.lodge_deck[0], TABLES.build_cost))


def found_lodge(em: Emitter, index: int, order: MembersOrder) -> None:
    """Lay the lodge card down with its three charter members."""
    card = em.state.pending.card
    assert card is not None
    em.emit(ev.LodgeFounded(em.seat, em.state.next_lodge, card, order.members))
    finish_action(em)


def charter(em: Emitter, index: int, order: CharterOrder) -> None:
    """Charter a Rite: pay and put the rite's medium, or the purple, on the SM."""
    em.emit(ev.RiteChartered(em.seat, order.charter, TABLES.charter_cost))
    finish_action(em)


# -- Reorganize ----------------------------------------------------------------------------

def reorganize(em: Emitter, index: int) -> None:
    """Begin a reorganization."""
    em.emit(ev.ReorganizeStarted(em.seat))


def move(em: Emitter, index: int, order: MoveOrder) -> None:
    """Move one piece; the reorganization ends by itself when no piece is left to move."""
    em.emit(ev.PieceMoved(em.seat, order.piece, order.lodge))
    if not reorganize_moves(em.state, index):
        end_reorganize(em, index)


def end_reorganize(em: Emitter, index: int) -> None:
    """Finish the reorganization: now lodges under the quorum dissolve."""
    em.emit(ev.ReorganizeFinished(em.seat))
    finish_action(em)


# -- Advance Initiates ---------------------------------------------------------------------

def advance(em: Emitter, index: int) -> None:
    """Begin Advance Initiates; who may initiate is fixed now."""
    em.emit(ev.AdvanceStarted(em.seat, initiators(em.state.realms[index])))


def initiate(em: Emitter, index: int, order: InitiateOrder, rng: Rng) -> None:
    """One initiator advances its candidates; the action ends when nothing more is possible."""
    realm = em.state.realms[index]
    first = realm.pieces[order.candidates[0]]
    if perfection_candidate(first):
        drawn = draw_from_bag(em.state, Size.MEDIUM, rng)
        em.emit(ev.Initiated(em.seat, order.initiator, order.candidates, None, drawn))
    else:
        rite = realm.pieces[order.initiator].rite
        em.emit(ev.Initiated(em.seat, order.initiator, order.candidates, rite))
    if not advance_steps(em.state, index):
        end_advance(em, index)


def end_advance(em: Emitter, index: int) -> None:
    """Finish Advance Initiates."""
    em.emit(ev.AdvanceFinished(em.seat))
    finish_action(em)
