"""Canaries for the shared secrecy test: every hidden item of a state, made unmistakable.

Hidden are: society cards, face-down professions, hands, the pile and the unused professions,
the removed society card, an offered object (known to both partners), sealed duel sides and
Sextant choices, and every seat's private notes (what it spied, or a Monocle, Privilege, duel
or Diplomat showed it). Cards turned up by a proclamation are public.
"""
from __future__ import annotations

from engine.core.contract import Canaries, replace

from .state import Duel, Phase, State


def plant_canaries(state: State, canaries: Canaries) -> State:
    """Return `state` with every hidden item replaced by a canary readable by its owners."""
    if state.phase is Phase.OVER:
        return state
    seats = state.seats
    mine = [frozenset({seat}) for seat in seats]
    societies = tuple(soc if state.revealed[k] or not soc else canaries.text(mine[k])
                      for k, soc in enumerate(state.societies))
    professions = tuple(prof if state.revealed[k] or state.face_up[k] or not prof
                        else canaries.text(mine[k]) for k, prof in enumerate(state.professions))
    hands = tuple(hand if state.revealed[k] else
                  tuple(canaries.text(_hand_owners(state, k)) for _ in hand)
                  for k, hand in enumerate(state.hands))
    notes = tuple(tuple(canaries.text(mine[k]) for _ in notes)
                  for k, notes in enumerate(state.notes))
    pile_owners = (frozenset({seats[state.active]}) if state.phase is Phase.CLAIRVOYANT
                   else frozenset())
    planted = replace(state, societies=societies, professions=professions, hands=hands,
                      notes=notes, pile=tuple(canaries.text(pile_owners) for _ in state.pile),
                      unused=tuple(canaries.text(()) for _ in state.unused),
                      removed=canaries.text(()) if state.removed else "")
    return _plant_steps(planted, canaries)


def _hand_owners(state: State, index: int) -> frozenset[str]:
    """Return who may see the hand of seat `index`: its owner, and a duel winner taking."""
    owners = {state.seats[index]}
    duel = state.duel
    if state.phase is Phase.TAKE and duel is not None and duel.loser == index \
            and duel.winner is not None:
        owners.add(state.seats[duel.winner])
    return frozenset(owners)


def _plant_steps(state: State, canaries: Canaries) -> State:
    """Return `state` with the secrets of the current step planted."""
    seats = state.seats
    trade = state.trade
    if trade is not None and not trade.diplomat:
        owners = frozenset({seats[trade.offerer], seats[trade.target]})
        state = replace(state, trade=replace(trade, offered=canaries.text(owners)))
    if state.duel is not None and not state.duel.revealed:
        state = replace(state, duel=_planted_sides(state.duel, seats, canaries))
    if state.sextant is not None:
        choices = tuple(canaries.text({seats[k]}) if obj else ""
                        for k, obj in enumerate(state.sextant.choices))
        state = replace(state, sextant=replace(state.sextant, choices=choices))
    return state


def _planted_sides(duel: Duel, seats: tuple[str, ...], canaries: Canaries) -> Duel:
    """Return the duel with every sealed side planted."""
    sides = tuple(side if k in (duel.attacker, duel.defender) or not side
                  else canaries.text({seats[k]}) for k, side in enumerate(duel.sides))
    return replace(duel, sides=sides)
