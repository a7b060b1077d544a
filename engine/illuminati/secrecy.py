"""Canaries for the shared secrecy test: every hidden item of a state, made unmistakable.

Hidden are: each hand (its size is public), the deck's order, the UFOs' chosen goal, every
seat's private notes (Computer Espionage), standing orders, and the sealed answers of an open
window (only their author knows them until the window closes).
"""
from __future__ import annotations

from engine.core.contract import Canaries, replace

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
    return replace(state, players=players, deck=deck, attack=attack)
