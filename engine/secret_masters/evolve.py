"""One evolver per event: how the state changes. Total, deterministic, no checks and no draws."""
from __future__ import annotations

from typing import Any

from engine.core.contract import replace

from . import events as ev
from .events import EVENTS
from .state import (
    ANTARCTICA,
    FULL_POOL,
    NO_AGENTS,
    STARTING_HAND,
    Agents,
    Colour,
    Phase,
    Side,
    State,
    add_agent,
    add_agents,
    empty_board,
)


def _set_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """Return `items` with position `index` replaced by `value`."""
    return items[:index] + (value,) + items[index + 1:]


def _moved(board: dict[str, Agents], colour: Colour, source: str | None,
           target: str | None) -> dict[str, Agents]:
    """Return a copy of `board` with an agent of `colour` taken from `source`, put on `target`."""
    board = dict(board)
    if source is not None:
        board[source] = add_agent(board[source], colour, -1)
    if target is not None:
        board[target] = add_agent(board[target], colour, 1)
    return board


@EVENTS.evolver(ev.GameSetUp)
def _game_set_up(state: State, event: ev.GameSetUp) -> State:
    """The starting agents leave the pool for their regions; the Grand Master leads."""
    board = empty_board()
    pool = FULL_POOL
    for region, colour in event.start.items():
        board[region] = add_agent(board[region], colour, 1)
        pool = add_agent(pool, colour, -1)
    gm = state.seats.index(event.grand_master)
    return replace(state, board=board, pool=pool, grand_master=gm, active=gm,
                   phase=Phase.TURN_START)


@EVENTS.evolver(ev.FactionDealt)
def _faction_dealt(state: State, event: ev.FactionDealt) -> State:
    """The seat holds its faction."""
    index = state.seats.index(event.seat)
    return replace(state, factions=_set_at(state.factions, index, event.faction))


@EVENTS.evolver(ev.FactionSetAside)
def _faction_set_aside(state: State, event: ev.FactionSetAside) -> State:
    """The fourth faction is out of the game."""
    return replace(state, set_aside=event.faction)


@EVENTS.evolver(ev.RoundStarted)
def _round_started(state: State, event: ev.RoundStarted) -> State:
    """A new round: its Grand Master is the active seat of turn 1."""
    gm = state.seats.index(event.grand_master)
    return replace(state, round=event.round, turn=1, grand_master=gm, active=gm,
                   phase=Phase.TURN_START, red_card=None, white_card=None)


@EVENTS.evolver(ev.RoundBegan)
def _round_began(state: State, event: ev.RoundBegan) -> State:
    """A new round under its Grand Master; the turn goes on to the active seat."""
    return replace(state, round=event.round, turn=1,
                   grand_master=state.seats.index(event.grand_master),
                   active=state.seats.index(event.active), phase=Phase.TURN_START,
                   red_card=None, white_card=None)


@EVENTS.evolver(ev.DeckShuffled)
def _deck_shuffled(state: State, event: ev.DeckShuffled) -> State:
    """The round's region deck, top card first."""
    return replace(state, deck=event.cards)


@EVENTS.evolver(ev.CardsRevealed)
def _cards_revealed(state: State, event: ev.CardsRevealed) -> State:
    """Two cards lie on the map; the active seat places first."""
    return replace(state, red_card=event.red, white_card=event.white, deck=state.deck[2:],
                   red_agent=None, white_agent=None, open_side=None, phase=Phase.PLACE_FIRST)


@EVENTS.evolver(ev.AntarcticaReturned)
def _antarctica_returned(state: State, event: ev.AntarcticaReturned) -> State:
    """Antarctica empties into the pool."""
    board = dict(state.board)
    board[ANTARCTICA] = NO_AGENTS
    return replace(state, board=board, pool=add_agents(state.pool, event.agents))


def _on_card(state: State, side: Side, colour: Colour | None, **changes: Any) -> State:
    """Return `state` with `colour` on the card on `side` and `changes` made, moving on to the
    next placement."""
    changes["red_agent" if side is Side.RED else "white_agent"] = colour
    if state.phase is Phase.PLACE_FIRST:
        return replace(state, phase=Phase.PLACE_SECOND, open_side=side.other, **changes)
    return replace(state, phase=Phase.VOTE, open_side=None, **changes)


@EVENTS.evolver(ev.AgentPlaced)
def _agent_placed(state: State, event: ev.AgentPlaced) -> State:
    """A pool agent stands on a card."""
    return _on_card(state, event.side, event.colour,
                    pool=add_agent(state.pool, event.colour, -1))


@EVENTS.evolver(ev.AgentMoved)
def _agent_moved(state: State, event: ev.AgentMoved) -> State:
    """An agent leaves its region for a card."""
    return _on_card(state, event.side, event.colour,
                    board=_moved(state.board, event.colour, event.from_region, None))


@EVENTS.evolver(ev.PlacementPassed)
def _placement_passed(state: State, event: ev.PlacementPassed) -> State:
    """A card stays empty."""
    return _on_card(state, event.side, None)


@EVENTS.evolver(ev.VoteCast)
def _vote_cast(state: State, event: ev.VoteCast) -> State:
    """The seat's sealed vote is (or replaces) its vote."""
    index = state.seats.index(event.seat)
    return replace(state, votes=_set_at(state.votes, index, event.markers))


@EVENTS.evolver(ev.VoteResolved)
def _vote_resolved(state: State, event: ev.VoteResolved) -> State:
    """Agents go where the vote sent them; the votes empty into the bag."""
    board = state.board
    if event.red_agent is not None:
        board = _moved(board, event.red_agent, None, event.red_to)
    if event.white_agent is not None:
        board = _moved(board, event.white_agent, None, event.white_to)
    hands = tuple(hand - vote if vote is not None else hand
                  for hand, vote in zip(state.hands, state.votes))
    return replace(state, board=board, hands=hands, votes=(None,) * len(state.seats),
                   bag=event.totals, last_vote=event.totals, red_agent=None, white_agent=None,
                   phase=Phase.REDRAW)


@EVENTS.evolver(ev.VoteSkipped)
def _vote_skipped(state: State, event: ev.VoteSkipped) -> State:
    """No vote this turn."""
    return replace(state, phase=Phase.REDRAW)


@EVENTS.evolver(ev.MarkersDrawn)
def _markers_drawn(state: State, event: ev.MarkersDrawn) -> State:
    """Markers move from the bag to the seat's hand."""
    index = state.seats.index(event.seat)
    hand = state.hands[index] + event.markers
    return replace(state, hands=_set_at(state.hands, index, hand), bag=state.bag - event.markers)


@EVENTS.evolver(ev.TurnPassed)
def _turn_passed(state: State, event: ev.TurnPassed) -> State:
    """The cards are discarded and the next seat is active."""
    return replace(state, active=state.seats.index(event.seat), round=event.round,
                   turn=event.turn, red_card=None, white_card=None, phase=Phase.TURN_START)


@EVENTS.evolver(ev.RedeployStarted)
def _redeploy_started(state: State, event: ev.RedeployStarted) -> State:
    """The cards are discarded and the Grand Master may redeploy."""
    return replace(state, red_card=None, white_card=None, phase=Phase.REDEPLOY)


@EVENTS.evolver(ev.Redeployed)
def _redeployed(state: State, event: ev.Redeployed) -> State:
    """One agent moves to a region of lower value."""
    board = _moved(state.board, event.colour, event.from_region, event.to_region)
    return replace(state, board=board, phase=Phase.ROUND_END)


@EVENTS.evolver(ev.RedeployPassed)
def _redeploy_passed(state: State, event: ev.RedeployPassed) -> State:
    """The Grand Master moved nothing."""
    return replace(state, phase=Phase.ROUND_END)


@EVENTS.evolver(ev.GameWon)
def _game_won(state: State, event: ev.GameWon) -> State:
    """The game is over, won by the active seat."""
    return replace(state, winner=state.seats.index(event.seat), win_points=event.points,
                   phase=Phase.OVER)


@EVENTS.evolver(ev.FactionsRevealed)
def _factions_revealed(state: State, event: ev.FactionsRevealed) -> State:
    """Every faction card is known."""
    factions = tuple(event.factions.get(seat) for seat in state.seats)
    return replace(state, factions=factions, set_aside=event.set_aside, phase=Phase.OVER)


def initial_state(seats: tuple[str, ...], long: bool) -> State:
    """Return the state before the opening events: every agent in the pool, starting hands."""
    count = len(seats)
    return State(seats=tuple(seats), long=long, board=empty_board(),
                 pool=FULL_POOL, hands=(STARTING_HAND,) * count,
                 votes=(None,) * count, factions=(None,) * count)
