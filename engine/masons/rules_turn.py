"""A turn: the wall, the dice, towers and houses, then every city the wall completed.

Each function emits the events of the automatic steps and stops where a player must choose
(a `ChoiceOpened` or a scoring round); the handler of that choice carries on from there.
"""
from __future__ import annotations

from collections import Counter

from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import cities as ct
from . import events as ev
from .cards import HAND
from .placing import house_options, roll_dice, tower_options, tower_rolled
from .state import State


def set_up(em: Emitter[State], rng: Rng) -> None:
    """Seat the players, deal six guild cards each, and start the first turn."""
    seats = em.state.seats
    first = rng.choice(seats)
    em.emit(ev.GameSetUp(seats, first))
    for seat in seats:
        draw(em, seat, HAND, rng)
    em.emit(ev.TurnStarted(first, 1))


def draw(em: Emitter[State], seat: str, count: int, rng: Rng) -> None:
    """Draw `count` cards for `seat`, reshuffling the discard pile when the supply runs out."""
    drawn: list[str] = []
    for _ in range(count):
        supply = list(em.state.supply)
        for card in drawn:
            supply.remove(card)
        if not supply and em.state.discard:
            if drawn:
                em.emit(ev.CardsDrawn(seat, tuple(sorted(drawn))))
                drawn = []
            em.emit(ev.DiscardReshuffled(len(em.state.discard)))
            supply = list(em.state.supply)
        if not supply:
            break
        drawn.append(supply[rng.randbelow(len(supply))])
    if drawn:
        em.emit(ev.CardsDrawn(seat, tuple(sorted(drawn))))


def exhausted(state: State) -> str:
    """Return which supply of pieces is empty, as the reason the game ends, or ''."""
    supplies = (("the last wall", state.walls_left()),
                ("the last tower", sum(state.towers_left().values())),
                ("the last palace", sum(state.palaces_left().values())),
                ("the last house", sum(state.houses_left().values())))
    for name, left in supplies:
        if left <= 0:
            return f"{name} was placed"
    return ""


def mark_end(em: Emitter[State]) -> None:
    """Under the rules of 1.1, note the end as soon as a placement empties a supply ("Game
    end": as soon as the last wall, tower, palace or house is placed); pieces going back to
    the supply later in the turn do not undo it."""
    state = em.state
    if state.ends_at_placement and not state.ending:
        reason = exhausted(state)
        if reason:
            em.emit(ev.EndReached(reason))


def build_wall(em: Emitter[State], seat: str, line: int, rng: Rng) -> None:
    """Build the wall, roll the dice, and go on to the towers; after the last wall (rules
    1.1) no dice are rolled and only the cities it completed are handled."""
    em.emit(ev.WallBuilt(seat, line))
    mark_end(em)
    if em.state.ending:
        next_city(em, rng)
        return
    rolled = tower_rolled(em.state)
    tower, houses = roll_dice((rng.roll(6) if rolled else 1, rng.roll(6), rng.roll(6)), rolled)
    em.emit(ev.DiceRolled(tower, houses))
    place_towers(em, rng)


def place_towers(em: Emitter[State], rng: Rng) -> None:
    """Place the towers the die leaves no choice about, or ask the player; then the houses."""
    options = tower_options(em.state)
    if len(options) > 1:
        em.emit(ev.ChoiceOpened(em.state.seats[em.state.active], "tower"))
        return
    if options:
        em.emit(*[ev.TowerPlaced(p, c) for p, c in options[0]])
        mark_end(em)
    place_houses(em, rng)


def place_houses(em: Emitter[State], rng: Rng) -> None:
    """Place the houses the dice leave no choice about, or ask the player; then the cities.
    After the last tower (rules 1.1) no house is placed."""
    if em.state.ending:
        next_city(em, rng)
        return
    options = house_options(em.state)
    if len(options) > 1:
        em.emit(ev.ChoiceOpened(em.state.seats[em.state.active], "house"))
        return
    if options:
        em.emit(*[ev.HousePlaced(s, c) for s, c in options[0]])
        mark_end(em)
    next_city(em, rng)


def next_city(em: Emitter[State], rng: Rng) -> None:
    """Complete the next city the wall closed (smallest first), or end the turn."""
    from .rules_scoring import end_turn, start_scoring

    closures = ct.new_closures(em.state)
    if not closures:
        end_turn(em, rng)
        return
    complete_city(em, closures[0])
    state = em.state
    if ct.merge_options(state, state.city):
        em.emit(ev.ChoiceOpened(state.seats[state.active], "merge"))
        return
    start_scoring(em, rng)


def complete_city(em: Emitter[State], spaces: frozenset[int]) -> None:
    """Record the new city, clear what stands inside it, and build its palaces."""
    em.emit(ev.CityCompleted(ct.next_number(em.state), tuple(sorted(spaces))))
    walls, towers = ct.clean_up(em.state, spaces)
    em.emit(*[ev.WallRemoved(line) for line in walls], *[ev.TowerRemoved(p) for p in towers])
    build_palaces(em, spaces)


def build_palaces(em: Emitter[State], spaces: frozenset[int]) -> None:
    """Turn each pair of same-coloured houses in the new city into a palace, while palaces of
    that colour remain."""
    state = em.state
    homes: dict[str, list[int]] = {}
    for space in sorted(spaces):
        for colour in state.houses[space]:
            homes.setdefault(colour, []).append(space)
    left = Counter(state.palaces_left())
    for colour, where in homes.items():
        for k in range(min(len(where) // 2, left[colour])):
            first, second = where[2 * k], where[2 * k + 1]
            em.emit(ev.PalaceBuilt(first, colour, (first, second)))
    mark_end(em)


def merge(em: Emitter[State], number: int, into: int, rng: Rng) -> None:
    """Join the new city with a neighbour (or keep it apart), then score it."""
    from .rules_scoring import start_scoring

    if into:
        shared = ct.merge_options(em.state, number)[into]
        em.emit(ev.CitiesMerged(number, into, shared))
        joined = em.state.city_numbered(into)
        assert joined is not None
        _, towers = ct.clean_up(em.state, joined.spaces)
        em.emit(*[ev.TowerRemoved(p) for p in towers])
    else:
        em.emit(ev.MergeDeclined(number))
    start_scoring(em, rng)

