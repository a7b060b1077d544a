"""The decision points of Freimaurerei, one `Step` each: who decides, what they may write, how
it is checked and handled, the deadline default and the summary line."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.core.contract import Field, replace
from engine.core.declare import DefaultOrder
from engine.core.kit import Step
from engine.core.rng import Rng

from . import rules_actions as act
from . import rules_intrigue as intr
from .board import below_quorum, end_counts, may_declare_end
from .cards import card
from .orders import (
    AcceptOrder,
    AdvanceOrder,
    AimOrder,
    BuildOrder,
    CharterOrder,
    DeclareEndOrder,
    DeclineOrder,
    DefectOrder,
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
    lodge_text,
)
from .rules import (
    allowed,
    check_advance,
    check_build,
    check_charter,
    check_declare,
    check_defect,
    check_initiate,
    check_members,
    check_move,
    check_place,
    check_reorganize,
    checked,
    defectors,
    initiation_candidates,
    member_candidates,
    move_candidates,
)
from .scoring import declare_end
from .state import REALMS, Alignment, Charter, Face, Phase, Piece, Realm, Size, State, id_order
from .tables import TABLES

ACTION_HOURS = 48
STEP_HOURS = 24


def _head(state: State, index: int) -> str:
    """Return where the turn stands, e.g. '(Turn 3, action 1 of 2 for Leichtberg: 12 T.)'."""
    return (f"(Turn {state.turn}, action {state.action} of {state.actions} for "
            f"{REALMS[index].label}: {state.realms[index].money} T.)")


def _summary(text: Callable[[State, int], str]) -> Callable[[State, int], str]:
    """Return the summary `text` followed by where the turn stands."""
    return lambda state, index: f"{text(state, index)} {_head(state, index)}"


# -- setup ---------------------------------------------------------------------------------

def _random_outer(state: State, index: int, rng: Rng) -> OuterOrder:
    """Return a random outer alignment (the setup deadline default)."""
    return OuterOrder(Alignment.ROSICRUCIAN if rng.randbelow(2) == 0 else Alignment.ILLUMINATI)


SETUP = Step(
    key="setup.outer",
    summary=lambda state, index: (
        "Choose the large pyramid of your Secret Master, white (Rosicrucian) or black "
        f"(Illuminati): you rule {REALMS[index].label}. It is its outer alignment, shown to "
        "both once both have chosen. Its inner alignment is drawn from the bag afterwards."),
    deciders=lambda state: tuple(i for i, realm in enumerate(state.realms) if realm.seat),
    kinds=(OuterOrder,), check=checked(allowed), handle=act.outer,
    candidates=lambda state, index: [OuterOrder(Alignment.ROSICRUCIAN),
                                     OuterOrder(Alignment.ILLUMINATI)],
    default=DefaultOrder(), resolve_default=_random_outer,
    default_summary="a colour is chosen for your Secret Master at random",
    sealed=True, submitted=lambda state, index: state.choices[index] is not None,
    hours=ACTION_HOURS)


# -- the action ----------------------------------------------------------------------------

def _action_summary(state: State, index: int) -> str:
    lodges, initiates = end_counts(state.realms[index])
    text = "Choose an action."
    if state.action == 1 and may_declare_end(state, index):
        text = (f"Declare the game over now ({lodges} lodges, {initiates} Perfect Initiates) "
                "or choose an action.")
    if state.action != 1:
        text += " Reorganize is only open as the first action."
    return text


def _active(state: State) -> tuple[int, ...]:
    return (state.active,)


ACTION = Step(
    key="action", summary=_summary(_action_summary), deciders=_active,
    kinds=(DeclareEndOrder, RecruitOrder, DuesOrder, BuildOrder, ReorganizeOrder, CharterOrder,
           AdvanceOrder, IntrigueOrder),
    check={DeclareEndOrder: checked(check_declare), RecruitOrder: checked(allowed),
           DuesOrder: checked(allowed), BuildOrder: checked(check_build),
           ReorganizeOrder: checked(check_reorganize), CharterOrder: checked(check_charter),
           AdvanceOrder: checked(check_advance), IntrigueOrder: checked(allowed)},
    handle={DeclareEndOrder: declare_end, RecruitOrder: act.recruit, DuesOrder: act.dues,
            BuildOrder: act.build, ReorganizeOrder: act.reorganize, CharterOrder: act.charter,
            AdvanceOrder: act.advance, IntrigueOrder: intr.intrigue},
    candidates=lambda state, index: [
        DeclareEndOrder(), RecruitOrder(), DuesOrder(), BuildOrder(), ReorganizeOrder(),
        *[CharterOrder(c) for c in Charter], AdvanceOrder(), IntrigueOrder()],
    default=DuesOrder(), default_summary="you Assess Dues (and the end is not declared)",
    hours=ACTION_HOURS, default_as_order=False)


# -- steps inside an action ----------------------------------------------------------------

def _place_summary(state: State, index: int) -> str:
    sizes = ", ".join(r.size.value + (" (defecting)" if r.defector else "")
                      for r in state.pending.recruits)
    return (f"Place the recruits of your final recruitment roll ({sizes}) in one of your "
            "lodges, or leave them unaffiliated.")


PLACE = Step(
    key="place-recruits", summary=_summary(_place_summary), deciders=_active,
    kinds=(PlaceOrder,), check=checked(check_place), handle=act.place_recruits,
    candidates=lambda state, index: [PlaceOrder(None), *[
        PlaceOrder(x.number) for x in state.realms[index].lodges]],
    default=PlaceOrder(None), default_summary="the recruits stay unaffiliated", hours=STEP_HOURS,
    default_as_order=False, public=True)


def _defection_summary(state: State, index: int) -> str:
    offer = state.pending.offer
    assert offer is not None
    found = " or ".join(defectors(state, 1 - index, offer.size))
    where = "the final roll" if offer.final else f"the roll for lodge {offer.lodge}"
    return (f"Bring a {offer.size.value} Mason over for {where}, or decline: the bank has none "
            f"left, and {found} of the other principality may defect.")


DEFECTION = Step(
    key="defection", summary=_summary(_defection_summary), deciders=_active,
    kinds=(DefectOrder, DeclineOrder),
    check={DefectOrder: checked(check_defect), DeclineOrder: allowed},
    handle={DefectOrder: act.defect, DeclineOrder: act.defect},
    candidates=lambda state, index: [*[DefectOrder(p) for p in defectors(
        state, 1 - index, state.pending.offer.size if state.pending.offer else Size.SMALL)],
        DeclineOrder()],
    default=DeclineOrder(), default_summary="nobody comes over and that part of the roll fails",
    hours=STEP_HOURS, default_as_order=False)


def _members_summary(state: State, index: int) -> str:
    shown = card(state.options, state.pending.card or "")
    society = shown.alignment.value.capitalize() if shown.alignment else "no society in play"
    return (f"Name the three charter members of the new lodge on {shown.id} ({shown.name}, "
            f"{society}) from your lodges or unaffiliated pieces (the SM counts); a lodge left "
            "with fewer than three dissolves.")


def default_members(realm: Realm) -> tuple[str, ...]:
    """Return charter members that break up as few lodges as possible.

    Unaffiliated Masons come first, then the SM if unaffiliated, then members lodges can spare
    above the quorum; if more are needed, they all come from one lodge (which dissolves).
    """
    loose = realm.members(None)
    chosen = [p for p in loose if not p.is_master] + [p for p in loose if p.is_master]
    groups = sorted((realm.members(x.number) for x in realm.lodges), key=len, reverse=True)
    for members in groups:
        spare = sorted(members, key=_plainness)[:max(0, len(members) - TABLES.quorum)]
        chosen += spare
    if len(chosen) < TABLES.quorum and groups:
        rest = [p for p in groups[-1] if p not in chosen]
        chosen += sorted(rest, key=_plainness)
    trio = sorted((p.id for p in chosen[:TABLES.quorum]), key=id_order)
    return tuple(trio)


def _plainness(piece: Piece) -> tuple[bool, bool, bool, tuple[int, int]]:
    """Return a sort key putting unadvanced Masons first and the SM last."""
    return (piece.is_master, piece.perfect, piece.rite is not None, id_order(piece.id))


MEMBERS = Step(
    key="build-members", summary=_summary(_members_summary), deciders=_active,
    kinds=(MembersOrder,), check=checked(check_members), handle=act.found_lodge,
    candidates=member_candidates,
    default=lambda state, index: MembersOrder(default_members(state.realms[index])),
    default_summary="the charter members are chosen for you, breaking up as few lodges as "
                    "possible", hours=STEP_HOURS, default_as_order=False, public=True)


def _reorganize_summary(state: State, index: int) -> str:
    short = ", ".join(f"lodge {x.number}" for x in below_quorum(state.realms[index]))
    warning = f" Below the quorum now: {short}." if short else ""
    moved = ", ".join(sorted(state.pending.moved, key=id_order)) or "nothing yet"
    return (f"Move your pieces one at a time to reorganize (moved: {moved}); each piece moves "
            "once. Write done to finish; then every lodge with fewer than three members "
            "dissolves." + warning)


REORGANIZE = Step(
    key="reorganize", summary=_summary(_reorganize_summary), deciders=_active,
    kinds=(MoveOrder, DoneOrder), check={MoveOrder: checked(check_move), DoneOrder: allowed},
    handle={MoveOrder: act.move, DoneOrder: act.end_reorganize},
    candidates=lambda state, index: [*move_candidates(state, index), DoneOrder()],
    default=DoneOrder(), default_summary="the reorganization ends with the moves made so far",
    hours=STEP_HOURS, default_as_order=False)


def _advance_summary(state: State, index: int) -> str:
    left = ", ".join(state.pending.initiators) or "none"
    return (f"Name the initiations of this advancement (initiators yet to act: {left}). Each "
            "advances one large Mason, one or two medium ones, or (with the purple) one rite "
            "Mason to Perfection, in its own lodge. Write done to finish.")


ADVANCE = Step(
    key="advance", summary=_summary(_advance_summary), deciders=_active,
    kinds=(InitiateOrder, DoneOrder),
    check={InitiateOrder: checked(check_initiate), DoneOrder: allowed},
    handle={InitiateOrder: act.initiate, DoneOrder: act.end_advance},
    candidates=lambda state, index: [*initiation_candidates(
        state.realms[index], state.pending.initiators), DoneOrder()],
    default=DoneOrder(), default_summary="the advancement ends with the initiations made so far",
    hours=STEP_HOURS, default_as_order=False)


# -- intrigue ------------------------------------------------------------------------------

def _face(state: State) -> str:
    face = state.pending.face
    return face.value.upper() if face else "?"


ROLL = Step(
    key="intrigue-roll",
    summary=_summary(lambda state, index: (
        f"Accept the Intrigue roll {state.pending.rolls} ({_face(state)}), or pay "
        f"{TABLES.reroll_cost} T to roll again.")),
    deciders=_active, kinds=(AcceptOrder, RerollOrder),
    check={AcceptOrder: allowed, RerollOrder: intr.check_reroll},
    handle={AcceptOrder: intr.accept, RerollOrder: intr.reroll},
    candidates=lambda state, index: [AcceptOrder(), RerollOrder()],
    default=AcceptOrder(), default_summary="the roll is accepted as it stands", hours=STEP_HOURS,
    default_as_order=False, public=True)

RESULTS = (SwapOrder, AimOrder, DigOrder, TipOrder, HopOrder)
TARGET = Step(
    key="intrigue-target",
    summary=_summary(lambda state, index: (
        f"Choose the target of the {_face(state)} you kept, or let it drop."
        + (" A WILD stands for any of the five results." if _face(state) == "WILD" else ""))),
    deciders=_active, kinds=(*RESULTS, ForgoOrder),
    check={**{kind: checked(intr.check_result) for kind in RESULTS}, ForgoOrder: allowed},
    handle={**{kind: intr.use_result for kind in RESULTS}, ForgoOrder: intr.forgo},
    candidates=lambda state, index: [*intr.target_candidates(
        state, index, state.pending.face or Face.WILD), ForgoOrder()],
    default=ForgoOrder(), default_summary="the result is let drop without effect",
    hours=STEP_HOURS, default_as_order=False)


# -- web forms -----------------------------------------------------------------------------

def _unique(values: Iterable[Any]) -> tuple[str, ...]:
    """Return the texts of `values` without repeats, in first-seen order."""
    return tuple(dict.fromkeys(str(v) for v in values))


def _fields(kind: type, orders: Sequence[Any]) -> tuple[Field, ...]:
    """Return the inputs of a form for orders of `kind`, in the words of their texts."""
    if kind is OuterOrder:
        return (Field("alignment", "Colour", options=_unique(o.alignment.colour for o in orders)),)
    if kind is CharterOrder:
        return (Field("charter", "Charter", options=_unique(o.charter.value for o in orders)),)
    if kind is PlaceOrder:
        return (Field("lodge", "Where", options=_unique(lodge_text(o.lodge) for o in orders)),)
    if kind is MembersOrder:
        ids = sorted({m for o in orders for m in o.members}, key=id_order)
        return (Field("members", "Three charter members", "multi", tuple(ids), 3, 3),)
    if kind is DefectOrder:
        return (Field("piece", "Mason", options=_unique(o.piece for o in orders)),)
    if kind is MoveOrder:
        return (Field("piece", "Piece", options=_unique(o.piece for o in orders)),
                Field("lodge", "To", options=_unique(lodge_text(o.lodge) for o in orders)))
    if kind is InitiateOrder:
        return (Field("initiator", "Initiator", options=_unique(o.initiator for o in orders)),
                Field("candidates", "Candidates", "multi",
                      _unique(c for o in orders for c in o.candidates), 1, 2))
    return _intrigue_fields(kind, orders)


def _intrigue_fields(kind: type, orders: Sequence[Any]) -> tuple[Field, ...]:
    """Return the inputs of an Intrigue result form."""
    if kind in (SwapOrder, TipOrder):
        return (Field("principality", "Principality",
                      options=_unique(o.principality.value for o in orders)),)
    if kind is AimOrder:
        return (Field("lodge", "Lodge", options=_unique(o.lodge for o in orders)),)
    if kind is DigOrder:
        return (Field("piece", "Perfect Initiate", options=_unique(o.piece for o in orders)),
                Field("inner", "Alignment", options=_unique(
                    "inner" if o.inner else "outer" for o in orders)))
    if kind is HopOrder:
        return (Field("target", "Target", options=_unique(o.target for o in orders)),
                Field("agent", "Agent", options=_unique(o.agent for o in orders)))
    return ()


def _with_fields(step: Step) -> Step:
    """Return `step` with form fields worded like the order texts."""
    return replace(step, fields=_fields)

STEPS: dict[Phase, Step] = {phase: _with_fields(item) for phase, item in {
    Phase.SETUP: SETUP, Phase.ACTION: ACTION, Phase.PLACE_RECRUITS: PLACE,
    Phase.DEFECTION: DEFECTION, Phase.BUILD_MEMBERS: MEMBERS, Phase.REORGANIZE: REORGANIZE, Phase.ADVANCE: ADVANCE,
    Phase.INTRIGUE_ROLL: ROLL, Phase.INTRIGUE_TARGET: TARGET,
}.items()}


def step(state: State) -> Step | None:
    """Return the open decision point (None once the game is over)."""
    return STEPS.get(state.phase)


def prompt_key(state: State) -> str:
    """Return the id of the current decision point, e.g. t7.a2.intrigue-roll.3."""
    if state.phase is Phase.SETUP:
        return "setup.outer"
    key = f"t{state.turn}.a{state.action}.{state.phase.value}"
    if state.phase is Phase.INTRIGUE_ROLL:
        return f"{key}.{state.pending.rolls}"
    if state.phase in (Phase.REORGANIZE, Phase.ADVANCE, Phase.DEFECTION):
        return f"{key}.{state.pending.steps}"
    return key
