"""Every decision point as data: who decides, what they may write, how it is decided, what a
missed deadline does and how long it waits."""
from __future__ import annotations

from typing import Any

from engine.core.declare import DefaultOrder
from engine.core.kit import Step

from . import rules_claims as claims
from . import rules_duel_end as duel_end
from . import rules_duels as duels
from . import rules_professions as professions
from . import rules_trades as trades
from .orders import (
    AcceptOrder,
    ClaimOrder,
    DoneOrder,
    DuelOrder,
    GiveOrder,
    LookOrder,
    NameOrder,
    OfferOrder,
    PassOrder,
    PlayOrder,
    RefuseOrder,
    SpyOrder,
    SupportOrder,
    TakeOrder,
    TokenOrder,
    TopOrder,
    UseOrder,
)
from .prompts import SUMMARIES, submitted
from .rules import deciding_seats
from .state import Phase, State

TURN_HOURS = 48
ANSWER_HOURS = 24


def turn_orders(state: State, seat: int) -> list[Any]:
    """Return every order open at the start of a turn: claims, actions, turn professions."""
    return (claims.claim_orders(state, seat) + trades.spy_orders(state, seat)
            + trades.offer_orders(state, seat) + duels.duel_orders(state, seat)
            + professions.turn_uses(state, seat))


def _next_spy(state: State, seat: int) -> Any:
    """Return the turn's deadline default: spy on the next player clockwise."""
    return SpyOrder(state.seats[state.next_seat(seat)])


# Only the winner's choice and the naming of holders hang on public facts alone (the two
# looks; the players not yet named), and neither ever comes down to one answer. Every other
# decision depends on hidden objects or professions (the Priest's and the Doctor's windows
# open only while those cards lie face down), so a seat with one answer there is still asked.
STEPS: dict[Phase, Step] = {
    Phase.TURN: Step(
        key="turn", summary=SUMMARIES[Phase.TURN], deciders=deciding_seats,
        kinds=(ClaimOrder, SpyOrder, OfferOrder, DuelOrder, UseOrder),
        check={ClaimOrder: claims.check_claim, SpyOrder: trades.check_target,
               OfferOrder: trades.check_offer, DuelOrder: trades.check_target,
               UseOrder: professions.check_use},
        handle={ClaimOrder: claims.proclaim, SpyOrder: trades.spy, OfferOrder: trades.offer,
                DuelOrder: duels.declare, UseOrder: professions.use_on_turn},
        candidates=turn_orders, default=_next_spy,
        default_summary="you spy on the next player clockwise", hours=TURN_HOURS),
    Phase.CLAIRVOYANT: Step(
        key="clairvoyant", summary=SUMMARIES[Phase.CLAIRVOYANT], deciders=deciding_seats,
        kinds=(TopOrder,), check=professions.check_top, handle=professions.arrange,
        candidates=professions.top_orders, default=DefaultOrder(),
        resolve_default=professions.default_top,
        default_summary="the objects on top of the pile stay there", hours=ANSWER_HOURS),
    Phase.ANSWER: Step(
        key="answer", summary=SUMMARIES[Phase.ANSWER], deciders=deciding_seats,
        kinds=(AcceptOrder, RefuseOrder), check=trades.check_answer, handle=trades.answer,
        candidates=trades.answer_orders, default=DefaultOrder(),
        resolve_default=trades.default_answer,
        default_summary="the offer is refused (if it must be accepted, you give back an "
        "object chosen at random)", hours=ANSWER_HOURS),
    Phase.DIPLOMAT: Step(
        key="diplomat", summary=SUMMARIES[Phase.DIPLOMAT], deciders=deciding_seats,
        kinds=(GiveOrder,), check=trades.check_diplomat_return, handle=trades.diplomat_return,
        candidates=trades.diplomat_return_orders, default=DefaultOrder(),
        default_summary="an object chosen at random is given", hours=ANSWER_HOURS),
    Phase.ABILITY: Step(
        key="ability", summary=SUMMARIES[Phase.ABILITY], deciders=deciding_seats,
        kinds=(UseOrder, PassOrder), check=trades.check_ability, handle=trades.use_ability,
        candidates=trades.ability_orders, default=PassOrder(),
        default_summary="the ability is not used", hours=ANSWER_HOURS),
    Phase.SEXTANT: Step(
        key="sextant", summary=SUMMARIES[Phase.SEXTANT], deciders=deciding_seats,
        kinds=(GiveOrder,), check=trades.check_passing, handle=trades.choose_passing,
        candidates=trades.passing_orders, default=DefaultOrder(),
        default_summary="an object chosen at random is passed on", sealed=True,
        submitted=submitted, hours=ANSWER_HOURS),
    Phase.GIFT: Step(
        key="gift", summary=SUMMARIES[Phase.GIFT], deciders=deciding_seats,
        kinds=(GiveOrder,), check=trades.check_gift, handle=trades.give_gift,
        candidates=trades.gift_orders, default=DefaultOrder(),
        resolve_default=trades.default_gift,
        default_summary="an object chosen at random goes to the next player clockwise below "
        "the limit", hours=ANSWER_HOURS),
    Phase.SIDES: Step(
        key="sides", summary=SUMMARIES[Phase.SIDES], deciders=deciding_seats,
        kinds=(SupportOrder, PassOrder, UseOrder), check=duels.check_side,
        handle=duels.answer_sides, candidates=duels.sides_orders, default=duels.default_side,
        default_summary="you support the defender (the defender lets the duel go ahead)",
        sealed=True, submitted=submitted, hours=ANSWER_HOURS),
    Phase.PLAY: Step(
        key="play", summary=SUMMARIES[Phase.PLAY], deciders=deciding_seats,
        kinds=(PassOrder, TokenOrder, PlayOrder, UseOrder), check=duels.check_play,
        handle=duels.play, candidates=duels.play_orders, default=PassOrder(),
        default_summary="you pass", hours=ANSWER_HOURS),
    Phase.DOCTOR: Step(
        key="doctor", summary=SUMMARIES[Phase.DOCTOR], deciders=deciding_seats,
        kinds=(PassOrder, UseOrder), check=duel_end.check_doctor, handle=duel_end.answer_doctor,
        candidates=duel_end.doctor_orders, default=PassOrder(),
        default_summary="you let the result stand", sealed=True, revisable=False,
        hours=ANSWER_HOURS),
    Phase.CHOICE: Step(
        key="choice", summary=SUMMARIES[Phase.CHOICE], deciders=deciding_seats,
        kinds=(LookOrder,), check=duel_end.check_look, handle=duel_end.choose,
        candidates=duel_end.choice_orders, default=LookOrder("society"),
        default_summary="you look at the loser's society card", hours=ANSWER_HOURS,
        public=True),
    Phase.TAKE: Step(
        key="take", summary=SUMMARIES[Phase.TAKE], deciders=deciding_seats,
        kinds=(TakeOrder,), check=duel_end.check_take, handle=duel_end.take,
        candidates=duel_end.take_orders, default=DefaultOrder(),
        default_summary="you take an object chosen at random", hours=ANSWER_HOURS),
    Phase.GIVE_BACK: Step(
        key="give-back", summary=SUMMARIES[Phase.GIVE_BACK], deciders=deciding_seats,
        kinds=(GiveOrder,), check=duel_end.check_give_back, handle=duel_end.give_back,
        candidates=duel_end.give_back_orders, default=DefaultOrder(),
        default_summary="an object chosen at random is given back", hours=ANSWER_HOURS),
    Phase.CLAIM: Step(
        key="claim", summary=SUMMARIES[Phase.CLAIM], deciders=deciding_seats,
        kinds=(NameOrder, DoneOrder), check=claims.check_name, handle=claims.name,
        candidates=claims.name_orders, default=DoneOrder(),
        default_summary="you name nobody more and the claim is judged as it stands",
        hours=TURN_HOURS, public=True),
}


def step(state: State) -> Step | None:
    """Return the open decision point, or None between steps and once the game is over."""
    return STEPS.get(state.phase)


def prompt_key(state: State) -> str:
    """Return the id of the current decision point, e.g. t4.57.answer."""
    return f"t{state.turn}.{state.step}.{state.phase.value}"
