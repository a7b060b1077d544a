"""Simple players for long play-throughs: a conspiracy that takes (or destroys) the groups a
goal wants, turn after turn, while the others pass."""
from __future__ import annotations

from collections.abc import Callable

from engine.illuminati.cards import income, power, transferable
from engine.illuminati.grid import open_arrows
from engine.illuminati.rules_attack import uses_left
from engine.illuminati.rules_specials import MONEY_CARDS
from engine.illuminati.state import Phase, State
from tests.playthrough.table import Table, Unreached

Score = Callable[[State, str, str], int]
"""How much a group (uncontrolled) is worth to the seat's goal; 0: not at all."""


def _attackers(state: State, seat: str, kind: str, target: str) -> list[str]:
    """Return the seat's cards that may still attack `target` this turn, strongest first
    (an attack to control needs an open arrow)."""
    player = state.player(seat)
    cards = [p.card for p in player.cards if uses_left(state, p.card, target) > 0
             and (kind != "control" or open_arrows(player, p.card))]
    return sorted(cards, key=lambda card: -power(card))


def _attack(table: Table, seat: str, kind: str, score: Score, spend: int) -> bool:
    """Attack the best group for the goal with the strongest card free to, aided by the
    Illuminati when it does not attack itself; return whether an attack was announced."""
    state = table.state
    targets = sorted(state.uncontrolled, key=lambda g: (-score(state, seat, g), -income(g),
                                                       g))
    illuminati = state.player(seat).illuminati
    for target in targets:
        if kind == "destroy" and power(target) == 0:
            continue
        for group in _attackers(state, seat, kind, target):
            aid = (f" aided by {illuminati}" if group != illuminati and uses_left(
                state, illuminati, target) > 0 and transferable(illuminati) else "")
            money = min(spend, state.player(seat).cards[0].money)
            paid = f" spending {money} from illuminati" if money else ""
            if table.write(seat, f"attack {kind} {target} with {group}{aid}{paid}").accepted:
                return True
    return False


def conquer(table: Table, seat: str, score: Score, kind: str = "control", spend: int = 8,
            turns: int = 60) -> State:
    """Play until the game ends: the seat plays its money Specials and attacks twice a turn
    for its goal, everyone else passes; return the final state."""
    for _ in range(turns):
        state = table.settle()
        if state.phase is Phase.OVER:
            return state
        if state.turn.seat != seat:
            table.end_turn()
            continue
        for card in MONEY_CARDS:
            if card in state.player(seat).hand:
                table.order(seat, f"play {card}")
                table.settle()
        while table.state.phase is Phase.TURN and table.state.turn.actions > 0:
            if not _attack(table, seat, kind, score, spend):
                break
            table.settle()
        if table.state.phase is not Phase.OVER:
            table.end_turn()
    raise Unreached(f"{seat} reached no goal in {turns} turns")
