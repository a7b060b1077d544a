"""evolve: the state after each event; total and deterministic, never a check or a draw."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.contract import replace

from . import events as ev
from .board import board
from .cards import full_deck
from .events import EVENTS
from .state import City, Phase, State, with_item, without


def initial_state(seats: tuple[str, ...], options: Mapping[str, Any],
                  rules: str = "1.1") -> State:
    """Return the state before setup: an empty board, the whole deck face down."""
    spaces = len(board().spaces)
    return State(seats=seats, sealed=options.get("scoring", "turns") == "sealed", rules=rules,
                 houses=((),) * spaces, palaces=((),) * spaces, supply=full_deck(),
                 hands=((),) * len(seats), scores=(0,) * len(seats),
                 choices=(None,) * len(seats))


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """Return `items` with position `index` replaced by `value`."""
    return items[:index] + (value,) + items[index + 1:]


@EVENTS.evolver(ev.GameSetUp)
def _set_up(state: State, event: ev.GameSetUp) -> State:
    """Seat the players; the first player is active."""
    return replace(state, seats=event.seats, active=state.index(event.first))


@EVENTS.evolver(ev.CardsDrawn)
def _drawn(state: State, event: ev.CardsDrawn) -> State:
    """Move drawn cards from the supply into the hand."""
    k = state.index(event.seat)
    hand = tuple(sorted(state.hands[k] + event.cards))
    return replace(state, hands=_set(state.hands, k, hand),
                   supply=without(state.supply, event.cards))


@EVENTS.evolver(ev.DiscardReshuffled)
def _reshuffled(state: State, event: ev.DiscardReshuffled) -> State:
    """Turn the discard pile into the new supply."""
    return replace(state, supply=tuple(sorted(state.supply + state.discard)), discard=())


@EVENTS.evolver(ev.TurnStarted)
def _turn(state: State, event: ev.TurnStarted) -> State:
    """Open a turn: the wall decision, this turn's record cleared."""
    return replace(state, phase=Phase.WALL, turn=event.turn, active=state.index(event.seat),
                   step=state.step + 1, wall=-1, tower_roll="", house_roll=(), closed=0,
                   city=0, queue=())


@EVENTS.evolver(ev.WallBuilt)
def _wall(state: State, event: ev.WallBuilt) -> State:
    """Stand the wall; the turn goes on automatically."""
    return replace(state, walls=state.walls | {event.line}, wall=event.line, phase=Phase.FLOW)


@EVENTS.evolver(ev.DiceRolled)
def _dice(state: State, event: ev.DiceRolled) -> State:
    """Record the roll."""
    return replace(state, tower_roll=event.tower, house_roll=event.houses)


@EVENTS.evolver(ev.ChoiceOpened)
def _choice(state: State, event: ev.ChoiceOpened) -> State:
    """Open a tower, house or merge decision."""
    return replace(state, phase=Phase(event.what), step=state.step + 1)


@EVENTS.evolver(ev.TowerPlaced)
def _tower(state: State, event: ev.TowerPlaced) -> State:
    """Place a tower."""
    return replace(state, towers={**state.towers, event.point: event.colour}, phase=Phase.FLOW)


@EVENTS.evolver(ev.HousePlaced)
def _house(state: State, event: ev.HousePlaced) -> State:
    """Place a house."""
    houses = _set(state.houses, event.space, with_item(state.houses[event.space], event.colour))
    return replace(state, houses=houses, phase=Phase.FLOW)


@EVENTS.evolver(ev.CityCompleted)
def _city(state: State, event: ev.CityCompleted) -> State:
    """Record the completed city as the one being handled."""
    return replace(state, cities=(*state.cities, City(event.number, event.spaces)),
                   city=event.number, closed=state.closed + 1, phase=Phase.FLOW)


@EVENTS.evolver(ev.WallRemoved)
def _wall_removed(state: State, event: ev.WallRemoved) -> State:
    """Return a wall to the supply."""
    return replace(state, walls=state.walls - {event.line})


@EVENTS.evolver(ev.TowerRemoved)
def _tower_removed(state: State, event: ev.TowerRemoved) -> State:
    """Return a tower to the supply."""
    return replace(state, towers={p: c for p, c in state.towers.items() if p != event.point})


@EVENTS.evolver(ev.PalaceBuilt)
def _palace(state: State, event: ev.PalaceBuilt) -> State:
    """Replace two houses by a palace."""
    houses = state.houses
    for space in event.taken:
        houses = _set(houses, space, without(houses[space], [event.colour]))
    palaces = _set(state.palaces, event.space, with_item(state.palaces[event.space],
                                                          event.colour))
    return replace(state, houses=houses, palaces=palaces)


@EVENTS.evolver(ev.CitiesMerged)
def _merged(state: State, event: ev.CitiesMerged) -> State:
    """Join the new city to its neighbour and return the shared walls."""
    new = state.city_numbered(event.number)
    spaces = new.spaces if new is not None else ()
    cities = tuple(City(c.number, tuple(sorted(c.spaces + spaces))) if c.number == event.into
                   else c for c in state.cities if c.number != event.number)
    return replace(state, cities=cities, walls=state.walls - set(event.lines), city=event.into,
                   phase=Phase.FLOW)


@EVENTS.evolver(ev.MergeDeclined)
def _declined(state: State, event: ev.MergeDeclined) -> State:
    """Keep the new city apart."""
    return replace(state, phase=Phase.FLOW)


@EVENTS.evolver(ev.ScoringStarted)
def _scoring(state: State, event: ev.ScoringStarted) -> State:
    """Open a scoring round with its order of players."""
    return replace(state, phase=Phase.FINAL if event.final else Phase.SCORE, city=event.city,
                   queue=tuple(state.index(s) for s in event.seats), step=state.step + 1,
                   choices=(None,) * state.players)


@EVENTS.evolver(ev.ChoiceSealed)
def _sealed(state: State, event: ev.ChoiceSealed) -> State:
    """Record a seat's sealed choice."""
    return replace(state, choices=_set(state.choices, state.index(event.seat), event.choice))


def _done(state: State, seat: int, cards: tuple[str, ...], points: int = 0) -> State:
    """Return `state` after `seat` has put `cards` on the discard pile and finished its go."""
    return replace(state, hands=_set(state.hands, seat, without(state.hands[seat], cards)),
                   discard=state.discard + cards, queue=tuple(k for k in state.queue if k != seat),
                   scores=_set(state.scores, seat, state.scores[seat] + points),
                   choices=_set(state.choices, seat, None), step=state.step + 1)


@EVENTS.evolver(ev.CardsPlayed)
def _played(state: State, event: ev.CardsPlayed) -> State:
    """Score the played cards and discard them."""
    return _done(state, state.index(event.seat), event.cards, sum(event.points))


@EVENTS.evolver(ev.CardDiscarded)
def _discarded(state: State, event: ev.CardDiscarded) -> State:
    """Discard the one card of a player who does not score."""
    return _done(state, state.index(event.seat), (event.card,))


@EVENTS.evolver(ev.ScoringPassed)
def _passed(state: State, event: ev.ScoringPassed) -> State:
    """Finish the go of a player who plays no card."""
    return _done(state, state.index(event.seat), ())


@EVENTS.evolver(ev.SwapsStarted)
def _swaps(state: State, event: ev.SwapsStarted) -> State:
    """Open the last-place swap with its order of players."""
    return replace(state, phase=Phase.SWAP, queue=tuple(state.index(s) for s in event.seats),
                   step=state.step + 1)


@EVENTS.evolver(ev.CardsSwapped)
def _swapped(state: State, event: ev.CardsSwapped) -> State:
    """Discard a last-place player's swapped cards."""
    return _done(state, state.index(event.seat), event.cards)


@EVENTS.evolver(ev.EndReached)
def _end_reached(state: State, event: ev.EndReached) -> State:
    """Note that the game ends with this turn, whatever goes back to the supply after."""
    return replace(state, ending=event.reason)


@EVENTS.evolver(ev.GameEnded)
def _ended(state: State, event: ev.GameEnded) -> State:
    """Close the game with its winners."""
    return replace(state, phase=Phase.OVER, winners=event.winners, reason=event.reason,
                   queue=(), step=state.step + 1)



def evolve(state: State, event: Any) -> State:
    """Return the state after `event`."""
    return EVENTS.evolve(state, event)
