"""The Intrigue action: the Treehouse roll, re-rolls, and the five results (WILD is any)."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng

from . import events as ev
from .legal import target_orders
from .orders import AimOrder, DigOrder, HopOrder, SwapOrder, TipOrder
from .rules import lodge_alignment, ruler_alignment
from .state import REALMS, Face, Piece, Principality, Size, other
from .tables import TABLES
from .turns import Emitter, draw_from_bag, finish_action, turn_up_ruler

FIZZLE_REASONS = {
    Face.SWAP: "the Ruler deck is empty",
    Face.AIM: "there is no lodge to aim at, or the Lodge deck is empty",
    Face.DIG: "there is no Perfect Initiate (other than an SM) to dig under, or the bag is empty",
    Face.HOP: "no Mason of the other principality can be tempted to defect",
}


def roll_treehouse(rng: Rng) -> Face:
    """Return the face of a Treehouse die roll."""
    return TABLES.treehouse_die[rng.randbelow(len(TABLES.treehouse_die))]


def intrigue(em: Emitter, index: int, rng: Rng) -> None:
    """Roll for Intrigue."""
    em.emit(ev.IntrigueRolled(em.seat, roll_treehouse(rng), 1, 0))


def reroll(em: Emitter, index: int, rng: Rng) -> None:
    """Pay 5 T and roll again."""
    rolls = em.state.pending.rolls + 1
    em.emit(ev.IntrigueRolled(em.seat, roll_treehouse(rng), rolls, TABLES.reroll_cost))


def accept(em: Emitter, index: int) -> None:
    """Keep the result; with no possible target it has no effect and the action ends."""
    face = em.state.pending.face or Face.WILD
    em.emit(ev.IntrigueAccepted(em.seat, face))
    if not target_orders(em.state, index, face):
        em.emit(ev.IntrigueFizzled(em.seat, face, FIZZLE_REASONS.get(face, "nothing to do")))
        finish_action(em)


def forgo(em: Emitter, index: int) -> None:
    """Let the kept result drop."""
    face = em.state.pending.face or Face.WILD
    em.emit(ev.IntrigueFizzled(em.seat, face, "the intriguer let it drop"))
    finish_action(em)


def use_result(em: Emitter, index: int, order: Any, rng: Rng) -> None:
    """Carry out a SWAP, AIM, DIG, TIP or HOP order, then end the action."""
    if isinstance(order, SwapOrder):
        turn_up_ruler(em, order.principality, em.seat)
    elif isinstance(order, AimOrder):
        _aim(em, order)
    elif isinstance(order, DigOrder):
        _dig(em, order, rng)
    elif isinstance(order, TipOrder):
        _tip(em, index, order.principality)
    elif isinstance(order, HopOrder):
        _hop(em, index, order, rng)
    finish_action(em)


def _aim(em: Emitter, order: AimOrder) -> None:
    """Lay the top Lodge card on the chosen lodge."""
    state = em.state
    owner = next(i for i, realm in enumerate(state.realms) if realm.lodge(order.lodge))
    em.emit(ev.LodgeRealigned(em.seat, REALMS[owner], order.lodge, state.lodge_deck[0]))


def _dig(em: Emitter, order: DigOrder, rng: Rng) -> None:
    """Redraw the outer alignment, or plant a secret inner one."""
    drawn = draw_from_bag(em.state, Size.SMALL if order.inner else Size.MEDIUM, rng)
    assert drawn is not None
    if order.inner:
        em.emit(ev.InnerAlignmentPlanted(em.seat, order.piece, drawn))
    else:
        em.emit(ev.OuterAlignmentRedrawn(em.seat, order.piece, drawn))


def _tip(em: Emitter, index: int, principality: Principality) -> None:
    """Incite a ruler to suppress the lodges opposed to it, if an outer alignment matches."""
    state = em.state
    target = REALMS.index(principality)
    ruling = ruler_alignment(state, target)
    if ruling is None:
        em.emit(ev.SuppressionFailed(em.seat, principality, "its ruler has no alignment in play"))
        return
    own = state.realms[index].pieces.values()
    if not any((p.is_master or p.perfect) and p.outer is ruling for p in own):
        em.emit(ev.SuppressionFailed(em.seat, principality, "neither the SM nor a Perfect "
                                     f"Initiate of {REALMS[index].label} shows the ruler's "
                                     f"alignment ({ruling.value})"))
        return
    _suppress(em, target, principality, ruling.opposite)


def _suppress(em: Emitter, target: int, principality: Principality, opposed: Any) -> None:
    """Dissolve the opposed lodges: plain Masons to the bank, the others unaffiliated."""
    realm = em.state.realms[target]
    lodges = [x for x in realm.lodges if lodge_alignment(em.state, x) is opposed]
    if not lodges:
        em.emit(ev.SuppressionFailed(em.seat, principality, "no lodge there opposes its ruler"))
        return
    members = [p for x in lodges for p in realm.members(x.number)]
    em.emit(ev.LodgesSuppressed(
        em.seat, principality, tuple(x.number for x in lodges),
        tuple(c for x in lodges for c in x.cards),
        tuple(p.id for p in members if p.plain),
        tuple(p.id for p in members if not p.plain)))


def _hop(em: Emitter, index: int, order: HopOrder, rng: Rng) -> None:
    """Inspire a defection: a PI crosses at once; a high-degree Mason only on a roll."""
    state = em.state
    agent = state.realms[index].pieces[order.agent]
    target = state.realms[other(index)].pieces[order.target]
    if target.perfect:
        em.emit(ev.InitiateDefected(em.seat, order.target, order.agent, agent.lodge))
        return
    face = roll_treehouse(rng)
    success = face is not Face.WILD
    em.emit(ev.DefectionRolled(em.seat, order.target, order.agent, face, success))
    if success:
        _won_over(em, target, agent, rng)
    else:
        _turned(em, target, agent)


def _won_over(em: Emitter, target: Piece, agent: Piece, rng: Rng) -> None:
    """The defector joins the agent; a large one is made a Perfect Initiate."""
    perfect = target.size is Size.LARGE and em.state.bank.purple > 0
    drawn = draw_from_bag(em.state, Size.MEDIUM, rng) if perfect else None
    em.emit(ev.MasonWonOver(em.seat, target.id, agent.lodge, perfect, drawn))


def _turned(em: Emitter, target: Piece, agent: Piece) -> None:
    """The failed agent goes over to the target and takes the target's rite."""
    rite = target.rite
    assert rite is not None
    changed = agent.rite is not rite and em.state.bank.markers(rite, Size.MEDIUM) > 0
    em.emit(ev.AgentTurned(em.seat, agent.id, target.lodge, rite, changed))

