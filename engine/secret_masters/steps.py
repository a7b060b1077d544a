"""The decision points of Secret Masters, one `Step` each, and `step(state)`: which one is open."""
from __future__ import annotations

from engine.core.contract import Field, OrderForm
from engine.core.declare import DefaultOrder
from engine.core.forms import examples
from engine.core.kit import Step

from . import rules
from .orders import ORDERS, MoveOrder, PassOrder, PlaceOrder, RedeployOrder, VoteOrder
from .state import Phase, Side, State, name_of, value_of

DEADLINE_HOURS = 48


def _card_text(state: State, side: Side) -> str:
    """Return e.g. 'the red card (Europe, worth 3)'."""
    region = state.card(side)
    value = value_of(region) if region is not None else None
    worth = f"worth {value}" if value is not None else "no value"
    return f"the {side.value} card ({name_of(region)}, {worth})"


def _when(state: State) -> str:
    """Return e.g. ' (round 2, turn 1)'."""
    return f" (round {state.round}, turn {state.turn})"


def _first_summary(state: State, index: int) -> str:
    """Return what the active seat decides (it reads on after "you" in a refusal too)."""
    return (f"Place an agent from the pool on {_card_text(state, Side.RED)} or "
            f"{_card_text(state, Side.WHITE)}: you are the active seat{_when(state)}.")


def _second_summary(state: State, index: int) -> str:
    """Return what the second seat decides."""
    assert state.open_side is not None
    first = rules.first_agent(state)
    active = state.seats[state.active]
    if first is None:
        done = f"{active} could not place an agent, so the red card stays empty"
    else:
        done = f"{active} put a {first.value} agent on {_card_text(state, state.open_side.other)}"
    card = rules.open_card(state)
    value = value_of(card) if card is not None else None
    source = (f", or move one from another region worth {value} or less" if value is not None
              else " (nothing can be moved onto Antarctica)")
    return (f"Fill {_card_text(state, state.open_side)} with an agent of a different colour: "
            f"take it from the pool{source}. {done}{_when(state)}.")


def _vote_summary(state: State, index: int) -> str:
    """Return what every seat decides in the vote."""
    parts = []
    for side in (Side.RED, Side.WHITE):
        agent = state.agent(side)
        who = f"a {agent.value} agent" if agent is not None else "no agent"
        parts.append(f"{_card_text(state, side)} holds {who}")
    status = (" Your vote is in; you may change it until the last vote arrives."
              if state.votes[index] is not None else "")
    return ("Vote with exactly three of your markers: red backs the red card, white the white "
            "card, orange neither. Now " + "; ".join(parts) + _when(state) + "." + status)


def _redeploy_summary(state: State, index: int) -> str:
    """Return what the Grand Master decides at the Redeploy card."""
    return ("Redeploy one agent or pass: as Grand Master you may move one agent from a region "
            "to a region of lower value, never from or to Antarctica (round "
            f"{state.round}, Redeploy).")


def _move_label(state: State, index: int) -> str:
    """Return the label of the move form, naming the open card."""
    return f"Move an agent from the board onto the {name_of(rules.open_card(state))} card"


def _vote_forms(state: State, index: int) -> tuple[OrderForm, ...]:
    """Return the vote form: one choice among the seat's legal votes, written as markers."""
    legal = [order for order in rules.vote_candidates(state, index)
             if rules.holds(state, index, order)]
    spec = ORDERS.spec(VoteOrder)
    options = tuple(" ".join(order.markers.as_words()) for order in legal)
    field = Field("markers", spec.fields["markers"], options=options)
    return (OrderForm("vote", spec.label, (field,), examples(ORDERS, legal), spec.syntax),)


# The placements and the Redeploy depend only on the face-up cards, the board and the pool,
# all public: a single legal answer there is taken at once. The vote depends on the seat's
# hidden markers and is always asked.
PLACEMENT_DEFAULT = "a random legal placement is made for you"
LEAVE_EMPTY = "Leave the card empty (no agent can legally go there)"

PLACE_FIRST = Step(
    key="place", summary=_first_summary, deciders=lambda state: (state.active,),
    kinds=(PlaceOrder, PassOrder),
    check={PlaceOrder: rules.check_first_place, PassOrder: rules.check_placement_pass},
    handle={PlaceOrder: rules.place_first, PassOrder: rules.pass_first},
    candidates=rules.first_candidates, default=DefaultOrder(),
    default_summary=PLACEMENT_DEFAULT, labels={PassOrder: LEAVE_EMPTY}, hours=DEADLINE_HOURS,
    public=True)

PLACE_SECOND = Step(
    key="second", summary=_second_summary,
    deciders=lambda state: (state.next_seat(state.active),),
    kinds=(PlaceOrder, MoveOrder, PassOrder),
    check={PlaceOrder: rules.check_second_place, MoveOrder: rules.check_move,
           PassOrder: rules.check_placement_pass},
    handle=rules.fill_second, candidates=rules.second_candidates, default=DefaultOrder(),
    default_summary=PLACEMENT_DEFAULT, labels={MoveOrder: _move_label, PassOrder: LEAVE_EMPTY},
    hours=DEADLINE_HOURS, public=True)

VOTE = Step(
    key="vote", summary=_vote_summary, deciders=lambda state: range(len(state.seats)),
    kinds=(VoteOrder,), check=rules.check_vote, handle=rules.vote,
    candidates=rules.vote_candidates, default=DefaultOrder(), resolve_default=rules.default_vote,
    default_summary="three of your markers are put in the bag at random", sealed=True,
    submitted=lambda state, index: state.votes[index] is not None, forms=_vote_forms,
    hours=DEADLINE_HOURS)

REDEPLOY = Step(
    key="redeploy", summary=_redeploy_summary, deciders=lambda state: (state.grand_master,),
    kinds=(RedeployOrder, PassOrder),
    check={RedeployOrder: rules.check_redeploy, PassOrder: rules.check_nothing},
    handle=rules.redeploy, candidates=rules.redeploy_candidates, default=DefaultOrder(),
    resolve_default=lambda state, index, rng: PassOrder(),
    default_summary="no agent is redeployed", labels={PassOrder: "Do not redeploy"},
    hours=DEADLINE_HOURS, public=True)

STEPS = (PLACE_FIRST, PLACE_SECOND, VOTE, REDEPLOY)
_BY_PHASE = {Phase.PLACE_FIRST: PLACE_FIRST, Phase.PLACE_SECOND: PLACE_SECOND, Phase.VOTE: VOTE,
             Phase.REDEPLOY: REDEPLOY}


def step(state: State) -> Step | None:
    """Return the decision point open now (None between decisions and once the game is over)."""
    return _BY_PHASE.get(state.phase)
