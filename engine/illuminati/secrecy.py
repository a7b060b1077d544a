"""Canaries for the shared secrecy test: every hidden item of a state, made unmistakable.

Hidden are: each hand (its size is public), the deck's order, the UFOs' chosen goal, every
seat's private notes (Computer Espionage), standing orders, and the sealed answers of an open
window, the Secrets windows included (only their author knows them until the window closes).
"""
from __future__ import annotations

from engine.core.contract import Canaries, replace
from engine.core.rng import Rng

from .cards import GROUPS, ILLUMINATI, SPECIALS, is_special
from .state import Phase, Player, State


def _player(player: Player, canaries: Canaries) -> Player:
    own = frozenset({player.seat})
    return replace(player, hand=tuple(canaries.text(own) for _ in player.hand),
                   notes=tuple(canaries.text(own) for _ in player.notes),
                   goal=canaries.text(own) if player.goal else "",
                   auto_pass=canaries.text(own))


def plant_canaries(state: State, canaries: Canaries) -> State:
    """Return `state` with every hidden item replaced by a canary readable by its owners."""
    if state.phase is Phase.OVER:
        return state
    players = tuple(_player(p, canaries) for p in state.players)
    deck = tuple(canaries.text(()) for _ in state.deck)
    attack = state.attack
    if attack is not None and attack.sealed:
        sealed = tuple(replace(a, play=canaries.text({a.seat})) for a in attack.sealed)
        attack = replace(attack, sealed=sealed)
    counter = state.counter
    if counter is not None and counter.sealed:
        counter = replace(counter, sealed=tuple(replace(a, play=canaries.text({a.seat}))
                                                for a in counter.sealed))
    return replace(state, players=players, deck=deck, attack=attack, counter=counter)


def hidden_variant(state: State, seat: str | None, rng: Rng) -> State | None:
    """Return `state` with what `seat` may not know reshuffled: the Specials in the other
    hands and in the deck (each hand keeps its size), and the deck's Groups among their own
    places in it; and the answers the others sealed in the open window withdrawn.

    The hidden cards are put in order before they are dealt, so the variant depends only on
    what the seat knows and on `rng` (the house player samples its worlds with it)."""
    if state.phase is Phase.OVER:
        return None
    others = [k for k, p in enumerate(state.players) if p.seat != seat]
    specials = [k for k, card in enumerate(state.deck) if is_special(card)]
    groups = [k for k, card in enumerate(state.deck) if not is_special(card)]
    pool = rng.shuffled(sorted([card for k in others for card in state.players[k].hand]
                               + [state.deck[k] for k in specials]))
    players = list(state.players)
    for k in others:
        size = len(players[k].hand)
        players[k], pool = replace(players[k], hand=tuple(sorted(pool[:size]))), pool[size:]
    deck = list(state.deck)
    for place, card in zip(specials, pool):
        deck[place] = card
    for place, card in zip(groups, rng.shuffled(sorted(state.deck[k] for k in groups))):
        deck[place] = card
    return _withdrawn(replace(state, players=tuple(players), deck=tuple(deck)), seat)


WINDOWS = (Phase.RESPONSE, Phase.REACTION, Phase.SECRETS)
"""The phases in which the attack's asked seats seal answers (Secrets' own window aside)."""


def _withdrawn(state: State, seat: str | None) -> State:
    """Return `state` with the answers the others sealed in the open window withdrawn, as if
    they had not answered yet: who has answered a window is private, and what they sealed
    is theirs until it closes (so a search sampling worlds with the variant never reads it)."""
    attack, counter = state.attack, state.counter
    if state.phase is Phase.COUNTER and counter is not None:
        return replace(state, counter=replace(
            counter, sealed=tuple(a for a in counter.sealed if a.seat == seat),
            waiting=tuple(s for s in counter.asked if s in counter.waiting or s != seat)))
    if state.phase in WINDOWS and attack is not None:
        return replace(state, attack=replace(
            attack, sealed=tuple(a for a in attack.sealed if a.seat == seat),
            waiting=tuple(s for s in attack.asked if s in attack.waiting or s != seat)))
    return state


def probe_words() -> tuple[str, ...]:
    """Return the names of every card, for the secrecy probes."""
    return tuple(GROUPS) + tuple(ILLUMINATI) + tuple(SPECIALS)
