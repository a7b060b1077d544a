"""Guild-card scoring: what each card of the deck file is worth on the board now.

City cards count the pieces in the city being scored: in its spaces or on its outline (its
walls and the towers at their ends). Outside cards count the pieces in or on no completed city.
"""
from __future__ import annotations

from .board import board
from .cards import cards
from .cities import city_pieces, outside_spaces, outside_towers, outside_walls
from .state import City, State


def score_card(state: State, name: str, city: City | None) -> int:
    """Return the points card `name` scores, `city` being the city scored (None: no city)."""
    card = cards()[name]
    if card.rule == "cities":
        return len(state.cities)
    if card.rule.startswith("city-"):
        return 0 if city is None else _city_card(state, card.rule, card.param, city)
    return _outside_card(state, card.rule, card.param)


def score_cards(state: State, names: tuple[str, ...], city: City | None) -> tuple[int, ...]:
    """Return the points of each card played together (duplicates both score)."""
    return tuple(score_card(state, name, city) for name in names)


def city_size_points(size: int) -> int:
    """Return the city-size card's points: 1, 2, 3 spaces 6, 7, 8; 7 or more 9; else 0."""
    if 1 <= size <= 3:
        return 5 + size
    return 9 if size >= 7 else 0


def colour_points(colours: int) -> int:
    """Return the colour-variety card's points: 2-3 colours 4, 4-5 colours 7; else 0."""
    if colours >= 4:
        return 7
    return 4 if colours >= 2 else 0


def _city_card(state: State, rule: str, param: str, city: City) -> int:
    """Return the points of a card about the city being scored."""
    houses, palaces, towers = city_pieces(state, city)
    if rule == "city-size":
        return city_size_points(len(city.spaces))
    if rule == "city-colours":
        return colour_points(len(set(houses) | set(palaces)))
    if rule == "city-towers-colour":
        return 2 * towers.count(param)
    if rule == "city-palaces":
        return len(palaces)
    if rule == "city-colour":
        return 3 * palaces.count(param) + houses.count(param)
    return len(towers)


def _outside_card(state: State, rule: str, param: str) -> int:
    """Return the points of a card about the pieces outside every completed city."""
    brd = board()
    if rule in ("houses-colour", "houses-region"):
        spaces = outside_spaces(state)
        if rule == "houses-region":
            spaces = [s for s in spaces if brd.spaces[s].region == param]
            return sum(len(state.houses[s]) for s in spaces)
        return sum(state.houses[s].count(param) for s in spaces)
    if rule == "walls":
        return len(outside_walls(state))
    towers = outside_towers(state)
    if rule == "towers":
        return len(towers)
    if rule == "towers-colour":
        return 2 * sum(1 for p in towers if state.towers[p] == param)
    return 2 * sum(1 for p in towers if p in brd.shore)
