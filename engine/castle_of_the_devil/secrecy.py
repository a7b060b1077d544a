"""Canaries for the shared secrecy test: every hidden item of a state, made unmistakable.

Hidden are: society cards, face-down professions, hands, the pile and the unused professions,
the removed society card, an offered object (known to both partners), sealed duel sides and
Sextant choices, and every seat's private notes (what it spied, or a Monocle, Privilege, duel
or Diplomat showed it). Cards turned up by a proclamation are public.
"""
from __future__ import annotations

from engine.core.contract import Canaries, replace
from engine.core.rng import Rng

from .cards import OBJECTS, PROFESSIONS, SIDES
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


def hidden_variant(state: State, seat: str | None, rng: Rng) -> State | None:
    """Return `state` with what `seat` may not know reshuffled: other seats' hidden objects and
    the pile (counts kept), hidden society cards, face-down and unused professions, and the
    others' sealed duel sides and Sextant choices.

    What is reshuffled is put in order first, so the variant depends only on what the seat
    knows and on `rng` (the house player samples its worlds with it)."""
    if state.phase is Phase.OVER:
        return None
    me = state.index(seat) if seat is not None else -1
    others = [k for k in range(state.players)
              if k != me and not state.revealed[k] and not _hand_shown(state, k, me)]
    hands = list(state.hands)
    pool = [obj for k in others for obj in hands[k]]
    pile_hidden = not (state.phase is Phase.CLAIRVOYANT and me == state.active)
    pool += list(state.pile) if pile_hidden else []
    pool = rng.shuffled(sorted(pool))
    for k in others:
        hands[k], pool = tuple(sorted(pool[:len(hands[k])])), pool[len(hands[k]):]
    pile = tuple(pool) if pile_hidden else state.pile
    societies = _shuffled_at(state.societies, [k for k in others if state.societies[k]], rng)
    face_down = [k for k in others if state.professions[k] and not state.face_up[k]]
    professions = list(state.professions)
    unused = list(state.unused)
    mixed = rng.shuffled(sorted([professions[k] for k in face_down] + unused))
    for k in face_down:
        professions[k] = mixed.pop()
    varied = replace(state, hands=tuple(hands), pile=pile, societies=societies,
                     professions=tuple(professions), unused=tuple(sorted(mixed)))
    return _sealed_drawn(varied, others, rng)


def _sealed_drawn(state: State, others: list[int], rng: Rng) -> State:
    """Return `state` with the sealed answers of the seats `others` drawn anew: a side for
    each one who supports a side in the duel, and an object of its (new) hand for each
    Sextant choice made."""
    duel = state.duel
    if duel is not None and not duel.revealed:
        sides = list(duel.sides)
        for k in others:
            if sides[k] and k not in (duel.attacker, duel.defender):
                sides[k] = SIDES[rng.randbelow(len(SIDES))]
        state = replace(state, duel=replace(duel, sides=tuple(sides)))
    sextant = state.sextant
    if sextant is not None:
        choices = list(sextant.choices)
        for k in others:
            if choices[k] and state.hands[k]:
                choices[k] = rng.choice(sorted(state.hands[k]))
        state = replace(state, sextant=replace(sextant, choices=tuple(choices)))
    return state


def _hand_shown(state: State, index: int, me: int) -> bool:
    """Return whether the hand of seat `index` lies open to seat `me` (a duel winner taking)."""
    duel = state.duel
    return (state.phase in (Phase.TAKE, Phase.GIVE_BACK) and duel is not None
            and duel.loser == index and duel.winner == me)


def _shuffled_at(values: tuple[str, ...], places: list[int], rng: Rng) -> tuple[str, ...]:
    """Return `values` with the entries at `places` shuffled among themselves."""
    result = list(values)
    for place, value in zip(places, rng.shuffled(sorted(values[k] for k in places))):
        result[place] = value
    return tuple(result)


def probe_words() -> tuple[str, ...]:
    """Return the names of objects and professions."""
    return tuple(OBJECTS) + tuple(PROFESSIONS)
