"""The Intrigue action: the Treehouse roll, re-rolls, and the five results (WILD is any):
their checks, the targets worth trying, and their effects."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core.errors import RuleViolation
from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import events_intrigue as ei
from .board import lodge_alignment, rites_present, ruler_alignment
from .flow import draw_from_bag, finish_action, turn_up_ruler
from .orders import AimOrder, DigOrder, HopOrder, SwapOrder, TipOrder
from .rules import passes
from .state import REALMS, SM, Face, Piece, Principality, Size, State, id_order, other
from .tables import TABLES

Em = Emitter[State]
RESULT_OF: dict[type, Face] = {SwapOrder: Face.SWAP, AimOrder: Face.AIM, DigOrder: Face.DIG,
                               TipOrder: Face.TIP, HopOrder: Face.HOP}
FIZZLE_REASONS = {
    Face.SWAP: "the Ruler deck is empty",
    Face.AIM: "there is no lodge to aim at, or the Lodge deck is empty",
    Face.DIG: "there is no Perfect Initiate (other than an SM) to dig under, or the bag is empty",
    Face.HOP: "no Mason of the other principality can be tempted to defect",
}


# -- checks --------------------------------------------------------------------------------

def check_reroll(state: State, index: int, order: Any) -> None:
    """A re-roll costs money."""
    money = state.realms[index].money
    if money < TABLES.reroll_cost:
        raise RuleViolation(f"A re-roll costs {TABLES.reroll_cost} T; you have {money} T.",
                            code="fm.money")


def check_result(state: State, index: int, order: Any) -> None:
    """A result order matches the kept face (a WILD is any) and has a target."""
    face = state.pending.face or Face.WILD
    wanted = RESULT_OF[type(order)]
    if face is not Face.WILD and face is not wanted:
        raise RuleViolation(f"You kept {face.value.upper()}; {wanted.value} needs "
                            f"{wanted.value.upper()} (or WILD).", code="fm.wrong-result")
    check_target(state, index, order)


def check_target(state: State, index: int, order: Any) -> None:
    """Raise when a SWAP, AIM, DIG or HOP has no possible target (a TIP always has one)."""
    if isinstance(order, SwapOrder) and not state.ruler_deck:
        raise RuleViolation("That deck is empty, so the attempt cannot be made.",
                            code="fm.deck-empty")
    if isinstance(order, AimOrder):
        if not any(r.lodge(order.lodge) for r in state.realms):
            raise RuleViolation(f"There is no lodge {order.lodge} in play.",
                                code="fm.no-such-lodge")
        if not state.lodge_deck:
            raise RuleViolation("That deck is empty, so the attempt cannot be made.",
                                code="fm.deck-empty")
    if isinstance(order, DigOrder):
        _check_dig(state, order)
    if isinstance(order, HopOrder):
        _check_hop(state, index, order)


def _check_dig(state: State, order: DigOrder) -> None:
    """DIG works on a Mason Perfect Initiate, with a pyramid of the right size in the bag."""
    holder = state.holder(order.piece)
    piece = state.realms[holder].pieces.get(order.piece) if holder >= 0 else None
    if piece is None or piece.is_master or not piece.perfect:
        raise RuleViolation(f"{order.piece} is not a Perfect Initiate; DIG works on Perfect "
                            "Initiates (not SMs).", code="fm.not-an-initiate")
    if state.bag.total(Size.SMALL if order.inner else Size.MEDIUM) <= 0:
        raise RuleViolation("The bag holds no pyramid of the size needed.", code="fm.bag-empty")


def _check_hop(state: State, index: int, order: HopOrder) -> None:
    """A PI is won by a matching outer alignment; a high-degree Mason of a rite this side
    lacks is tempted by one of its Mason PIs."""
    theirs = state.realms[other(index)].pieces.get(order.target)
    if theirs is None or theirs.is_master:
        raise RuleViolation(f"{order.target} is not a Mason of the other principality.",
                            code="fm.not-their-mason")
    own = state.realms[index]
    agent = own.pieces.get(order.agent)
    if agent is None:
        raise RuleViolation(f"{order.agent} is not one of your pieces (yours: "
                            f"{', '.join(sorted(own.pieces))}).", code="fm.not-your-piece")
    if theirs.perfect:
        if theirs.outer is None or not (agent.perfect or agent.is_master) \
                or agent.outer is not theirs.outer:
            raise RuleViolation(f"{order.agent} cannot win over {order.target}: it takes your "
                                "SM or a Perfect Initiate with the same outer alignment.",
                                code="fm.no-match")
        return
    if theirs.rite is None or theirs.rite in rites_present(own) or not agent.perfect \
            or agent.is_master:
        raise RuleViolation(f"{order.target} can only be tempted by one of your Mason Perfect "
                            "Initiates, and only if it is a high-degree Mason of a rite your "
                            "principality lacks.", code="fm.cannot-tempt")


# -- targets worth trying ------------------------------------------------------------------

def target_candidates(state: State, index: int, face: Face) -> Iterator[Any]:
    """Yield every target worth trying for `face` (a WILD may be any of the five results)."""
    if face is Face.WILD:
        for result in (Face.SWAP, Face.AIM, Face.DIG, Face.TIP, Face.HOP):
            yield from target_candidates(state, index, result)
    elif face in (Face.SWAP, Face.TIP):
        yield from ((SwapOrder if face is Face.SWAP else TipOrder)(p) for p in REALMS)
    elif face is Face.AIM:
        yield from (AimOrder(n) for n in sorted(x.number for r in state.realms for x in r.lodges))
    elif face is Face.DIG:
        for piece_id in sorted((p.id for r in state.realms for p in r.pieces.values()
                                if p.id != SM), key=id_order):
            yield from (DigOrder(piece_id, False), DigOrder(piece_id, True))
    else:
        own, theirs = state.realms[index], state.realms[other(index)]
        for target in sorted(theirs.pieces, key=id_order):
            yield from (HopOrder(target, agent) for agent in sorted(own.pieces, key=id_order))


def possible_targets(state: State, index: int, face: Face) -> list[Any]:
    """Return every way to use `face` now."""
    return [o for o in target_candidates(state, index, face)
            if passes(check_target, state, index, o)]


# -- effects -------------------------------------------------------------------------------

def roll_treehouse(rng: Rng) -> Face:
    """Return the face of a Treehouse die roll."""
    return TABLES.treehouse_die[rng.randbelow(len(TABLES.treehouse_die))]


def intrigue(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Roll for Intrigue."""
    em.emit(ei.IntrigueRolled(em.state.active_seat, roll_treehouse(rng), 1, 0))


def reroll(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Pay 5 T and roll again."""
    rolls = em.state.pending.rolls + 1
    em.emit(ei.IntrigueRolled(em.state.active_seat, roll_treehouse(rng), rolls,
                              TABLES.reroll_cost))


def accept(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Keep the result; with no possible target it has no effect and the action ends."""
    face = em.state.pending.face or Face.WILD
    em.emit(ei.IntrigueAccepted(em.state.active_seat, face))
    if not possible_targets(em.state, index, face):
        em.emit(ei.IntrigueFizzled(em.state.active_seat, face,
                                   FIZZLE_REASONS.get(face, "nothing to do")))
        finish_action(em)


def forgo(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Let the kept result drop."""
    face = em.state.pending.face or Face.WILD
    em.emit(ei.IntrigueFizzled(em.state.active_seat, face, "the intriguer let it drop"))
    finish_action(em)


def use_result(em: Em, index: int, order: Any, rng: Rng) -> None:
    """Carry out a SWAP, AIM, DIG, TIP or HOP order, then end the action."""
    if isinstance(order, SwapOrder):
        turn_up_ruler(em, order.principality, em.state.active_seat)
    elif isinstance(order, AimOrder):
        _aim(em, order)
    elif isinstance(order, DigOrder):
        _dig(em, order, rng)
    elif isinstance(order, TipOrder):
        _tip(em, index, order.principality)
    elif isinstance(order, HopOrder):
        _hop(em, index, order, rng)
    finish_action(em)


def _aim(em: Em, order: AimOrder) -> None:
    """Lay the top Lodge card on the chosen lodge."""
    state = em.state
    owner = next(i for i, realm in enumerate(state.realms) if realm.lodge(order.lodge))
    em.emit(ei.LodgeRealigned(state.active_seat, REALMS[owner], order.lodge,
                              state.lodge_deck[0]))


def _dig(em: Em, order: DigOrder, rng: Rng) -> None:
    """Redraw the outer alignment, or plant a secret inner one."""
    drawn = draw_from_bag(em.state, Size.SMALL if order.inner else Size.MEDIUM, rng)
    assert drawn is not None
    seat = em.state.active_seat
    if order.inner:
        em.emit(ei.InnerAlignmentPlanted(seat, order.piece, drawn))
    else:
        em.emit(ei.OuterAlignmentRedrawn(seat, order.piece, drawn))


def _tip(em: Em, index: int, principality: Principality) -> None:
    """Incite a ruler to suppress the lodges opposed to it, if an outer alignment matches."""
    state, seat = em.state, em.state.active_seat
    target = REALMS.index(principality)
    ruling = ruler_alignment(state, target)
    if ruling is None:
        em.emit(ei.SuppressionFailed(seat, principality, "its ruler has no alignment in play"))
        return
    own = state.realms[index].pieces.values()
    if not any((p.is_master or p.perfect) and p.outer is ruling for p in own):
        em.emit(ei.SuppressionFailed(seat, principality, "neither the SM nor a Perfect "
                                     f"Initiate of {REALMS[index].label} shows the ruler's "
                                     f"alignment ({ruling.value})"))
        return
    _suppress(em, target, principality, ruling.opposite)


def _suppress(em: Em, target: int, principality: Principality, opposed: Any) -> None:
    """Dissolve the opposed lodges: plain Masons to the bank, the others unaffiliated."""
    realm, seat = em.state.realms[target], em.state.active_seat
    lodges = [x for x in realm.lodges if lodge_alignment(em.state, x) is opposed]
    if not lodges:
        em.emit(ei.SuppressionFailed(seat, principality, "no lodge there opposes its ruler"))
        return
    members = [p for x in lodges for p in realm.members(x.number)]
    em.emit(ei.LodgesSuppressed(
        seat, principality, tuple(x.number for x in lodges),
        tuple(c for x in lodges for c in x.cards),
        tuple(p.id for p in members if p.plain),
        tuple(p.id for p in members if not p.plain)))


def _hop(em: Em, index: int, order: HopOrder, rng: Rng) -> None:
    """Inspire a defection: a PI crosses at once; a high-degree Mason only on a roll."""
    state, seat = em.state, em.state.active_seat
    agent = state.realms[index].pieces[order.agent]
    target = state.realms[other(index)].pieces[order.target]
    if target.perfect:
        em.emit(ei.InitiateDefected(seat, order.target, order.agent, agent.lodge))
        return
    face = roll_treehouse(rng)
    success = face is not Face.WILD
    em.emit(ei.DefectionRolled(seat, order.target, order.agent, face, success))
    if success:
        _won_over(em, target, agent, rng)
    else:
        _turned(em, target, agent)


def _won_over(em: Em, target: Piece, agent: Piece, rng: Rng) -> None:
    """The defector joins the agent; a large one is made a Perfect Initiate."""
    perfect = target.size is Size.LARGE and em.state.bank.purple > 0
    drawn = draw_from_bag(em.state, Size.MEDIUM, rng) if perfect else None
    em.emit(ei.MasonWonOver(em.state.active_seat, target.id, agent.lodge, perfect, drawn))


def _turned(em: Em, target: Piece, agent: Piece) -> None:
    """The failed agent goes over to the target and takes the target's rite."""
    rite = target.rite
    assert rite is not None
    changed = agent.rite is not rite and em.state.bank.markers(rite, Size.MEDIUM) > 0
    em.emit(ei.AgentTurned(em.state.active_seat, agent.id, target.lodge, rite, changed))
