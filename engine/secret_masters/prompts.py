"""prompts: who must decide what now, with the legal choices as data for forms and help."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.contract import Field, OrderForm, Prompt

from .board import name_of, value_of
from .orders import (
    DefaultOrder,
    MoveOrder,
    PassOrder,
    PlaceOrder,
    RedeployOrder,
    VoteOrder,
    canonical_text,
)
from .rules import deciding_seats, first_agent, legal_orders, open_card
from .state import Colour, Phase, Side, State

DEADLINE_HOURS = 48
DEFAULT_SUMMARIES = {
    Phase.PLACE_FIRST: "a random legal placement is made for you",
    Phase.PLACE_SECOND: "a random legal placement is made for you",
    Phase.VOTE: "three of your markers are put in the bag at random",
    Phase.REDEPLOY: "no agent is redeployed",
}


def prompts(state: State) -> tuple[Prompt, ...]:
    """Return the open decisions, one per deciding seat."""
    return tuple(_prompt(state, index) for index in deciding_seats(state))


def prompt_key(state: State) -> str:
    """Return the id of the current decision point, e.g. r2.t1.vote."""
    if state.phase is Phase.REDEPLOY:
        return f"r{state.round}.redeploy"
    step = {Phase.PLACE_FIRST: "place", Phase.PLACE_SECOND: "second"}.get(state.phase, "vote")
    return f"r{state.round}.t{state.turn}.{step}"


def _prompt(state: State, index: int) -> Prompt:
    """Return the prompt of seat `index`."""
    orders = legal_orders(state, index)
    return Prompt(seat=state.seats[index], key=prompt_key(state),
                  summary=_summary(state, index), forms=_forms(state, orders),
                  default=DefaultOrder(), default_summary=DEFAULT_SUMMARIES[state.phase],
                  simultaneous=state.phase is Phase.VOTE,
                  submitted=state.phase is Phase.VOTE and state.votes[index] is not None,
                  deadline_hours=DEADLINE_HOURS)


def _card_text(state: State, side: Side) -> str:
    """Return e.g. 'the red card (Europe, worth 3)'."""
    region = state.card(side)
    value = value_of(region) if region is not None else None
    worth = f"worth {value}" if value is not None else "no value"
    return f"the {side.value} card ({name_of(region)}, {worth})"


def _summary(state: State, index: int) -> str:
    """Return a one-paragraph account of the decision (no secret of another seat)."""
    where = f"Round {state.round}, turn {state.turn}: "
    if state.phase is Phase.PLACE_FIRST:
        return (where + f"you are the active seat. Up are {_card_text(state, Side.RED)} and "
                f"{_card_text(state, Side.WHITE)}; place an agent from the pool on one of them.")
    if state.phase is Phase.PLACE_SECOND:
        return where + _second_summary(state)
    if state.phase is Phase.VOTE:
        return where + _vote_summary(state, index)
    return (f"Round {state.round}, Redeploy: as Grand Master you may move one agent from a "
            "region to a region of lower value (never from or to Antarctica), or pass.")


def _second_summary(state: State) -> str:
    """Return the summary of the second placement."""
    assert state.open_side is not None
    first = first_agent(state)
    active = state.seats[state.active]
    if first is None:
        done = f"{active} could not place an agent, so the red card stays empty. "
    else:
        done = f"{active} put a {first.value} agent on {_card_text(state, state.open_side.other)}. "
    card = open_card(state)
    value = value_of(card) if card is not None else None
    source = (f", or move one from another region worth {value} or less" if value is not None
              else " (nothing can be moved onto Antarctica)")
    return (done + f"Fill {_card_text(state, state.open_side)} with an agent of a different "
            f"colour: take it from the pool{source}.")


def _vote_summary(state: State, index: int) -> str:
    """Return the summary of the vote."""
    parts = []
    for side in (Side.RED, Side.WHITE):
        agent = state.agent(side)
        who = f"a {agent.value} agent" if agent is not None else "no agent"
        parts.append(f"{_card_text(state, side)} holds {who}")
    status = (" Your vote is in; you may change it until the last vote arrives."
              if state.votes[index] is not None else "")
    return ("Vote: " + "; ".join(parts) + ". Put exactly three of your markers in the bag: red "
            "backs the red card, white the white card, orange neither." + status)


def _forms(state: State, orders: Sequence[Any]) -> tuple[OrderForm, ...]:
    """Return one form per kind of legal order."""
    builders: tuple[tuple[type, Callable[[State, Sequence[Any]], OrderForm]], ...] = (
        (PlaceOrder, _place_form), (MoveOrder, _move_form), (VoteOrder, _vote_form),
        (RedeployOrder, _redeploy_form), (PassOrder, _pass_form))
    forms = []
    for kind, build in builders:
        chosen: list[Any] = [item for item in orders if isinstance(item, kind)]
        if chosen:
            forms.append(build(state, chosen))
    return tuple(forms)


def examples(orders: Sequence[Any], count: int = 3) -> tuple[str, ...]:
    """Return up to `count` canonical texts spread over `orders`."""
    if len(orders) <= count:
        picked = list(orders)
    else:
        step = (len(orders) - 1) / (count - 1)
        picked = [orders[round(i * step)] for i in range(count)]
    return tuple(canonical_text(item) for item in picked)


def _unique(values: Sequence[str]) -> tuple[str, ...]:
    """Return `values` without repeats, in first-seen order."""
    return tuple(dict.fromkeys(values))


def _colours(orders: Sequence[Any]) -> tuple[str, ...]:
    """Return the agent colours used by `orders`, in colour order."""
    used = {item.colour for item in orders}
    return tuple(colour.value for colour in Colour if colour in used)


def _place_form(state: State, orders: Sequence[PlaceOrder]) -> OrderForm:
    """Return the form for placing a pool agent."""
    fields = (Field("colour", "Agent from the pool", options=_colours(orders)),
              Field("region", "Card (named by its region)",
                    options=_unique([item.region for item in orders])))
    return OrderForm("place", "Place an agent from the pool on a card", fields,
                     examples(orders), "place <colour> <card region>")


def _move_form(state: State, orders: Sequence[MoveOrder]) -> OrderForm:
    """Return the form for moving an agent onto the open card."""
    fields = (Field("colour", "Agent to move", options=_colours(orders)),
              Field("from_region", "Region it leaves",
                    options=_unique([item.from_region for item in orders])))
    return OrderForm("move", f"Move an agent from the board onto the {name_of(open_card(state))} "
                     "card", fields, examples(orders), "move <colour> <from region>")


def _vote_form(state: State, orders: Sequence[VoteOrder]) -> OrderForm:
    """Return the form listing the seat's legal votes."""
    options = tuple(canonical_text(item)[len("vote "):] for item in orders)
    fields = (Field("markers", "Three of your markers", options=options),)
    return OrderForm("vote", "Seal your vote", fields, examples(orders),
                     "vote <marker> <marker> <marker>  (markers: red, white, orange)")


def _redeploy_form(state: State, orders: Sequence[RedeployOrder]) -> OrderForm:
    """Return the form for the Redeploy move."""
    fields = (Field("colour", "Agent to redeploy", options=_colours(orders)),
              Field("from_region", "Region it leaves",
                    options=_unique([item.from_region for item in orders])),
              Field("to_region", "Region of lower value it goes to",
                    options=_unique([item.to_region for item in orders])))
    return OrderForm("redeploy", "Move one agent to a region of lower value", fields,
                     examples(orders), "redeploy <colour> <from region> <to region>")


def _pass_form(state: State, orders: Sequence[PassOrder]) -> OrderForm:
    """Return the form for passing."""
    label = ("Do not redeploy" if state.phase is Phase.REDEPLOY
             else "Leave the card empty (no agent can legally go there)")
    return OrderForm("pass", label, (), ("pass",), "pass")
