"""For the secrecy tests: canaries planted in every hidden item of a state, and variants of a
state that differ only in what one seat may not know."""
from __future__ import annotations

from engine.core.contract import Canaries, replace
from engine.core.rng import Rng

from .state import COLOURS, MAP, MARKERS_PER_VOTE, Markers, Phase, State


def plant_canaries(state: State, canaries: Canaries) -> State:
    """Return `state` with every item still hidden replaced by a canary readable by its owners."""
    if state.phase is Phase.OVER:
        return state
    nobody: frozenset[str] = frozenset()
    factions = tuple(canaries.text({seat}) if faction is not None else None
                     for seat, faction in zip(state.seats, state.factions))
    hands = tuple(_marker_canaries(canaries, seat) for seat in state.seats)
    votes = tuple(_marker_canaries(canaries, seat) if vote is not None else None
                  for seat, vote in zip(state.seats, state.votes))
    deck = tuple(canaries.text(nobody) for _ in state.deck)
    set_aside = canaries.text(nobody) if state.set_aside is not None else None
    return replace(state, factions=factions, hands=hands, votes=votes, deck=deck,
                   set_aside=set_aside)


def _marker_canaries(canaries: Canaries, seat: str) -> Markers:
    """Return markers whose three counts are canary numbers readable by `seat` only."""
    return Markers(canaries.number({seat}), canaries.number({seat}), canaries.number({seat}))


def hidden_variant(state: State, seat: str | None, rng: Rng) -> State | None:
    """Return `state` with what `seat` (None: a spectator) may not know reshuffled: the others'
    factions and the set-aside one, the others' markers and sealed votes, the deck order.

    What is reshuffled is put in order first, so the variant depends only on what the seat
    knows and on `rng` (the house player samples its worlds with it)."""
    if state.phase is Phase.OVER or state.set_aside is None:
        return None
    others = [i for i, name in enumerate(state.seats) if name != seat]
    factions = list(state.factions)
    dealt = rng.shuffled(sorted([*(factions[i] for i in others), state.set_aside], key=repr))
    for index, faction in zip(others, dealt):
        factions[index] = faction
    hands, votes = _reshuffled_markers(state, others, rng)
    return replace(state, factions=tuple(factions), set_aside=dealt[-1], hands=hands,
                   votes=votes, deck=tuple(rng.shuffled(sorted(state.deck, key=repr))))


def _reshuffled_markers(state: State, others: list[int], rng: Rng,
                        ) -> tuple[tuple[Markers, ...], tuple[Markers | None, ...]]:
    """Return hands and votes with the others' markers dealt anew, each vote still held."""
    pooled = rng.shuffled(sorted(word for i in others for word in state.hands[i].as_words()))
    hands, votes = list(state.hands), list(state.votes)
    for index in others:
        size = state.hands[index].total
        hands[index], pooled = Markers.from_words(pooled[:size]), pooled[size:]
        if votes[index] is not None:
            chosen = rng.sample(hands[index].as_words(), MARKERS_PER_VOTE)
            votes[index] = Markers.from_words(chosen)
    return tuple(hands), tuple(votes)


def probe_words() -> tuple[str, ...]:
    """Return every name a player may write: regions, agent colours and vote markers."""
    regions = [name for region in MAP.regions for name in (region.id, region.name)]
    return (*regions, *(colour.value for colour in COLOURS), "orange", "left", "right")



