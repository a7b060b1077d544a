"""The automatic steps of the game, the things no seat decides: setup, the dice after a wall,
the towers and houses the dice leave no choice about, completing cities, opening their scoring
and swap rounds, drawing, the next turn, the final scoring and the end.

Each function emits the events of the automatic steps and stops where a player must choose
(a `ChoiceOpened`, a scoring or a swap round); the handler of that choice (`steps.py`,
`rules_scoring.py`) carries on from here. Nothing here calls a handler back.
"""
from __future__ import annotations

from collections import Counter

from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import cities as ct
from . import events as ev
from .cards import HAND
from .placing import house_options, roll_dice, tower_options, tower_rolled
from .state import Phase, State


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


def after_wall(em: Emitter[State], rng: Rng) -> None:
    """After the wall is built, roll the dice and go on to the towers; after the last wall
    (rules 1.1) no dice are rolled and only the cities it completed are handled."""
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


def start_scoring(em: Emitter[State], rng: Rng) -> None:
    """Open the scoring of the city just completed, the builder first, then clockwise."""
    state = em.state
    seats = tuple(state.seats[k] for k in state.clockwise_from(state.active))
    em.emit(ev.ScoringStarted(state.city, seats))
    next_scorer(em, rng)


def next_scorer(em: Emitter[State], rng: Rng) -> None:
    """Let players with an empty hand pass; when every player has scored, go on."""
    while True:
        state = em.state
        empty = [k for k in state.queue if not state.hands[k]]
        if state.queue and empty and (state.sealed or empty[0] == state.queue[0]):
            pass_empty(em, state.seats[empty[0]], rng)
            continue
        break
    if not em.state.queue:
        after_scoring(em, rng)


def pass_empty(em: Emitter[State], seat: str, rng: Rng) -> None:
    """A player without cards scores nothing and draws the one card everybody draws."""
    final = em.state.phase is Phase.FINAL
    em.emit(ev.ScoringPassed(seat))
    if not final:
        draw(em, seat, 1, rng)


def after_scoring(em: Emitter[State], rng: Rng) -> None:
    """After a city's scoring the last players may swap cards; after the final one, the end."""
    state = em.state
    if state.phase is Phase.FINAL:
        end_game(em, game_over_reason(state))
        return
    lowest = min(state.scores)
    tied = tuple(state.seats[k] for k in state.clockwise_from(state.active)
                 if state.scores[k] == lowest)
    em.emit(ev.SwapsStarted(tied))
    next_swapper(em, rng)


def next_swapper(em: Emitter[State], rng: Rng) -> None:
    """Skip last-place players with no card to swap; when all are done, go on with the turn."""
    while em.state.queue and not em.state.hands[em.state.queue[0]]:
        em.emit(ev.CardsSwapped(em.state.seats[em.state.queue[0]], ()))
    if not em.state.queue:
        next_city(em, rng)


def game_over_reason(state: State) -> str:
    """Return why the game ends after this turn, or an empty text while it goes on: the end
    reached by a placement this turn (rules 1.1), else a supply empty now, else no free line."""
    reason = state.ending or exhausted(state)
    if reason:
        return reason
    if not ct.free_lines(state):
        return "no free wall line is left"
    return ""


def end_turn(em: Emitter[State], rng: Rng) -> None:
    """Pass the turn on, or end the game (with a final scoring if no city was completed)."""
    state = em.state
    reason = game_over_reason(state)
    if not reason:
        em.emit(ev.TurnStarted(state.seats[state.next_seat(state.active)], state.turn + 1))
        return
    if state.closed:
        end_game(em, reason)
        return
    seats = tuple(state.seats[k] for k in state.clockwise_from(state.active))
    em.emit(ev.ScoringStarted(0, seats, final=True))
    next_scorer(em, rng)


def end_game(em: Emitter[State], reason: str) -> None:
    """Name the winners: most points, then most cards left in hand; ties share the victory."""
    state = em.state
    best = max(zip(state.scores, (len(h) for h in state.hands), strict=True))
    winners = tuple(seat for k, seat in enumerate(state.seats)
                    if (state.scores[k], len(state.hands[k])) == best)
    em.emit(ev.GameEnded(winners, f"The game ended: {reason}. " + _result(state, winners)))


def _result(state: State, winners: tuple[str, ...]) -> str:
    """Return the sentence naming the winners and their score."""
    top = max(state.scores)
    if len(winners) > 1:
        return f"{' and '.join(winners)} share the victory with {top} points."
    tied = sum(1 for s in state.scores if s == top) > 1
    more = " and the most cards left in hand" if tied else ""
    return f"{winners[0]} wins with {top} points{more}."
