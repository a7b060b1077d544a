"""The handlers of the scoring choices and the last-place swap: each carries out the choice,
then hands on to the automatic steps (`flow.py`)."""
from __future__ import annotations

from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import events as ev
from .flow import draw, next_scorer, next_swapper
from .scoring import score_cards
from .state import Choice, Phase, State


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


def swap(em: Emitter[State], seat: str, cards: tuple[str, ...], rng: Rng) -> None:
    """Discard the chosen cards, draw as many, and pass the swap on."""
    em.emit(ev.CardsSwapped(seat, cards))
    if cards:
        draw(em, seat, len(cards), rng)
    next_swapper(em, rng)
