"""Scoring rounds, the last-place card swap, the end of a turn and the end of the game."""
from __future__ import annotations

from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import cities as ct
from . import events as ev
from .rules_turn import draw, exhausted, next_city
from .scoring import score_cards
from .state import Choice, Phase, State


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


def score(em: Emitter[State], seat: str, choice: Choice, rng: Rng) -> None:
    """Carry out one player's scoring choice: play cards, discard one, or pass."""
    state = em.state
    final = state.phase is Phase.FINAL
    if choice.play:
        number = choice.city if final else state.city
        city = state.city_numbered(number)
        points = score_cards(state, choice.play, city)
        em.emit(ev.CardsPlayed(seat, choice.play, points, number if city else 0))
        if not final:
            draw(em, seat, 1, rng)
    elif choice.discard:
        em.emit(ev.CardDiscarded(seat, choice.discard))
        draw(em, seat, 2, rng)
    else:
        em.emit(ev.ScoringPassed(seat))


def decide_scoring(em: Emitter[State], seat: str, choice: Choice, rng: Rng) -> None:
    """Take a scoring choice: at once in turn order, or sealed until every choice is in."""
    if not em.state.sealed:
        score(em, seat, choice, rng)
        next_scorer(em, rng)
        return
    em.emit(ev.ChoiceSealed(seat, choice))
    state = em.state
    if all(state.choices[k] is not None for k in state.queue):
        for k in state.queue:
            chosen = em.state.choices[k]
            assert chosen is not None
            score(em, state.seats[k], chosen, rng)
        next_scorer(em, rng)


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


def swap(em: Emitter[State], seat: str, cards: tuple[str, ...], rng: Rng) -> None:
    """Discard the chosen cards, draw as many, and pass the swap on."""
    em.emit(ev.CardsSwapped(seat, cards))
    if cards:
        draw(em, seat, len(cards), rng)
    next_swapper(em, rng)


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
