"""prompts: who must decide what now, with the legal choices as data for forms and help."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.core.contract import Field, OrderForm, Prompt

from .cards import card
from .legal import deciding_seats, legal_orders
from .memo import per_state
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
    canonical_text,
    lodge_text,
)
from .rules import below_quorum, end_counts, may_declare_end
from .state import REALMS, Phase, Piece, Realm, State, id_order
from .tables import TABLES

ACTION_HOURS = 48
STEP_HOURS = 24
DEFAULT_SUMMARIES = {
    Phase.SETUP: "a colour is chosen for your Secret Master at random",
    Phase.ACTION: "you Assess Dues (and the end is not declared)",
    Phase.PLACE_RECRUITS: "the recruits stay unaffiliated",
    Phase.BUILD_MEMBERS: "the charter members are chosen for you, breaking up as few lodges as "
                         "possible",
    Phase.REORGANIZE: "the reorganization ends with the moves made so far",
    Phase.ADVANCE: "the advancement ends with the initiations made so far",
    Phase.INTRIGUE_ROLL: "the roll is accepted as it stands",
    Phase.INTRIGUE_TARGET: "the result is let drop without effect",
}


@per_state
def prompts(state: State) -> tuple[Prompt, ...]:
    """Return the open decisions, one per deciding seat."""
    return tuple(_prompt(state, seat) for seat in deciding_seats(state))


def prompt_key(state: State) -> str:
    """Return the id of the current decision point, e.g. t7.a2.intrigue-roll.3."""
    if state.phase is Phase.SETUP:
        return "setup.outer"
    key = f"t{state.turn}.a{state.action}.{state.phase.value}"
    if state.phase is Phase.INTRIGUE_ROLL:
        return f"{key}.{state.pending.rolls}"
    if state.phase in (Phase.REORGANIZE, Phase.ADVANCE):
        return f"{key}.{state.pending.steps}"
    return key


def _prompt(state: State, seat: str) -> Prompt:
    """Return the prompt of `seat`."""
    index = state.realm_of(seat)
    orders = legal_orders(state, seat)
    phase = state.phase
    return Prompt(seat=seat, key=prompt_key(state), summary=summary(state, index),
                  forms=forms(orders), default=default_order(state, index),
                  default_summary=DEFAULT_SUMMARIES[phase],
                  simultaneous=phase is Phase.SETUP,
                  submitted=phase is Phase.SETUP and state.choices[index] is not None,
                  deadline_hours=ACTION_HOURS if phase in (Phase.SETUP, Phase.ACTION)
                  else STEP_HOURS)


# -- defaults ------------------------------------------------------------------------------

def default_order(state: State, index: int) -> Any:
    """Return the order submitted when the deadline passes."""
    phase = state.phase
    if phase is Phase.SETUP:
        return DefaultOrder()
    if phase is Phase.ACTION:
        return DuesOrder()
    if phase is Phase.PLACE_RECRUITS:
        return PlaceOrder(None)
    if phase is Phase.BUILD_MEMBERS:
        return MembersOrder(default_members(state.realms[index]))
    if phase is Phase.INTRIGUE_ROLL:
        return AcceptOrder()
    if phase is Phase.INTRIGUE_TARGET:
        return ForgoOrder()
    return DoneOrder()


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


# -- summaries -----------------------------------------------------------------------------

def summary(state: State, index: int) -> str:
    """Return a one-paragraph account of the decision (no secret of another seat)."""
    if state.phase is Phase.SETUP:
        return ("Setup: you rule " + REALMS[index].label + ". Choose the large pyramid of your "
                "Secret Master, white (Rosicrucian) or black (Illuminati); it is its outer "
                "alignment, shown to both once both have chosen. Its inner alignment is drawn "
                "from the bag afterwards.")
    realm = state.realms[index]
    head = (f"Turn {state.turn}, action {state.action} of {state.actions} for "
            f"{REALMS[index].label} ({realm.money} T). ")
    return head + _STEP_SUMMARY[state.phase](state, index)


def _action_summary(state: State, index: int) -> str:
    lodges, initiates = end_counts(state.realms[index])
    text = "Choose an action."
    if state.action == 1 and may_declare_end(state, index):
        text = (f"You may declare the game over now ({lodges} lodges, {initiates} Perfect "
                "Initiates) or choose an action.")
    if state.action != 1:
        text += " Reorganize is only open as the first action."
    return text


def _place_summary(state: State, index: int) -> str:
    sizes = ", ".join(r.size.value + (" (defecting)" if r.defector else "")
                      for r in state.pending.recruits)
    return (f"Your final recruitment roll brought {sizes}. Put them in one of your lodges or "
            "leave them unaffiliated.")


def _members_summary(state: State, index: int) -> str:
    shown = card(state.options, state.pending.card or "")
    society = shown.alignment.value.capitalize() if shown.alignment else "no society in play"
    return (f"You turned up {shown.id} ({shown.name}, {society}) for the new lodge. Name its "
            "three charter members from your lodges or unaffiliated pieces (the SM counts); a "
            "lodge left with fewer than three dissolves.")


def _reorganize_summary(state: State, index: int) -> str:
    realm = state.realms[index]
    short = ", ".join(f"lodge {x.number}" for x in below_quorum(realm))
    warning = f" Below the quorum now: {short}." if short else ""
    moved = ", ".join(sorted(state.pending.moved, key=id_order)) or "nothing yet"
    return (f"Reorganizing: move pieces one at a time (moved: {moved}); each piece moves once. "
            "Write done to finish; then every lodge with fewer than three members dissolves."
            + warning)


def _advance_summary(state: State, index: int) -> str:
    left = ", ".join(state.pending.initiators) or "none"
    return (f"Advancing initiates: initiators yet to act: {left}. Each advances one large "
            "Mason, one or two medium ones, or (with the purple) one rite Mason to Perfection, "
            "in its own lodge. Write done to finish.")


def _roll_summary(state: State, index: int) -> str:
    face = state.pending.face
    name = face.value.upper() if face else "?"
    return (f"Intrigue roll {state.pending.rolls}: {name}. Accept it, or pay "
            f"{TABLES.reroll_cost} T to roll again.")


def _target_summary(state: State, index: int) -> str:
    face = state.pending.face
    name = face.value.upper() if face else "?"
    extra = " A WILD stands for any of the five results." if name == "WILD" else ""
    return f"You kept {name}: choose its target, or let it drop.{extra}"


_STEP_SUMMARY: dict[Phase, Callable[[State, int], str]] = {
    Phase.ACTION: _action_summary, Phase.PLACE_RECRUITS: _place_summary,
    Phase.BUILD_MEMBERS: _members_summary, Phase.REORGANIZE: _reorganize_summary,
    Phase.ADVANCE: _advance_summary, Phase.INTRIGUE_ROLL: _roll_summary,
    Phase.INTRIGUE_TARGET: _target_summary,
}


# -- forms ---------------------------------------------------------------------------------

def examples(orders: Sequence[Any], count: int = 3) -> tuple[str, ...]:
    """Return up to `count` canonical texts spread over `orders`."""
    if len(orders) <= count:
        picked = list(orders)
    else:
        step = (len(orders) - 1) / (count - 1)
        picked = [orders[round(i * step)] for i in range(count)]
    return tuple(canonical_text(item) for item in picked)


def _unique(values: Iterable[Any]) -> tuple[str, ...]:
    """Return the texts of `values` without repeats, in first-seen order."""
    return tuple(dict.fromkeys(str(v) for v in values))


def _fields(kind: type, orders: Sequence[Any]) -> tuple[Field, ...]:
    """Return the inputs of a form for orders of `kind`."""
    if kind is CharterOrder:
        return (Field("charter", "Charter", options=_unique(o.charter.value for o in orders)),)
    if kind is PlaceOrder:
        return (Field("lodge", "Where", options=_unique(lodge_text(o.lodge) for o in orders)),)
    if kind is MembersOrder:
        ids = sorted({m for o in orders for m in o.members}, key=id_order)
        return (Field("members", "Three charter members", "multi", tuple(ids), 3, 3),)
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
    if kind is OuterOrder:
        return (Field("alignment", "Colour", options=_unique(
            o.alignment.colour for o in orders)),)
    return ()


FORMS: tuple[tuple[type, str, str], ...] = (
    (OuterOrder, "Choose your SM's outer alignment", "outer white|black"),
    (DeclareEndOrder, "Declare the game over and score", "declare end"),
    (RecruitOrder, "Recruit Masons (pyramid die: one roll per lodge, then a final roll)",
     "recruit"),
    (DuesOrder, "Assess Dues: 1 T per Mason", "dues"),
    (BuildOrder, f"Build a Lodge ({TABLES.build_cost} T; members chosen after the card)",
     "build lodge"),
    (ReorganizeOrder, "Reorganize (first action only; moves follow)", "reorganize"),
    (CharterOrder, f"Charter a Rite ({TABLES.charter_cost} T)",
     "charter french|st andrews|perfection"),
    (AdvanceOrder, "Advance Initiates (initiations follow)", "advance"),
    (IntrigueOrder, "Intrigue (roll the Treehouse die)", "intrigue"),
    (PlaceOrder, "Place the final roll's recruits", "place in lodge <n> | place unaffiliated"),
    (MembersOrder, "Name the three charter members", "members <piece> <piece> <piece>"),
    (MoveOrder, "Move one piece", "move <piece> to lodge <n> | move <piece> to unaffiliated"),
    (InitiateOrder, "An initiator advances candidates in its lodge",
     "advance <candidate> [<candidate>] by <initiator>"),
    (DoneOrder, "Finish this action", "done"),
    (AcceptOrder, "Keep the rolled result", "accept"),
    (RerollOrder, f"Pay {TABLES.reroll_cost} T and roll again", "reroll"),
    (SwapOrder, "SWAP: turn up a new ruler for a principality", "swap leichtberg|schwerheim"),
    (AimOrder, "AIM: turn up a new card for a lodge", "aim lodge <n>"),
    (DigOrder, "DIG: redraw a Perfect Initiate's outer alignment or plant a secret inner one",
     "dig <piece> outer|inner"),
    (TipOrder, "TIP: a ruler suppresses the lodges opposed to it", "tip leichtberg|schwerheim"),
    (HopOrder, "HOP: inspire a Mason of the other principality to defect",
     "hop <target> with <agent>"),
    (ForgoOrder, "Let the result drop without effect", "forgo"),
)


def forms(orders: Sequence[Any]) -> tuple[OrderForm, ...]:
    """Return one form per kind of legal order."""
    groups: dict[type, list[Any]] = {}
    for item in orders:
        groups.setdefault(type(item), []).append(item)
    result = []
    for kind, label, syntax in FORMS:
        chosen = groups.get(kind)
        if chosen:
            name = str(vars(kind)["order_kind"])
            result.append(OrderForm(name, label, _fields(kind, chosen), examples(chosen), syntax))
    return tuple(result)
