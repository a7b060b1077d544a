"""Power structures as grids: arrows, open and blocked cells, placing a card with its puppets."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import GROUPS, out_sides
from .state import VECTORS, Placed, Player, cell_owner, subtree

Layout = Mapping[str, tuple[tuple[str, int], ...]]
"""For each master, its puppets and the side (in the master's own frame) they hang on."""


Choices = Mapping[str, int]
"""For a puppet whose own place is taken, the world side of its master's arrow it goes to."""


@dataclass(frozen=True)
class Displaced:
    """A puppet whose own place was taken: its master and that master's open arrows then."""

    card: str
    master: str
    open: tuple[int, ...]
    side: int
    """The side it went to (-1: it was lost)."""


@dataclass(frozen=True)
class Placement:
    """Where a card and its puppets went: the new placements and the cards that did not fit,
    and each puppet that could not keep its own place."""

    placed: tuple[Placed, ...]
    lost: tuple[str, ...]
    displaced: tuple[Displaced, ...] = ()


def world_arrows(item: Placed) -> tuple[int, ...]:
    """Return the sides (world frame, clockwise from the top) carrying the card's out-arrows."""
    return tuple(sorted((side + item.rot) % 4 for side in out_sides(item.card)))


def neighbour(item: Placed, side: int) -> tuple[int, int]:
    """Return the cell next to `item` on world side `side`."""
    dx, dy = VECTORS[side]
    return item.x + dx, item.y + dy


def open_arrows(player: Player, card: str) -> tuple[int, ...]:
    """Return the world sides of the card's out-arrows whose cell is empty."""
    item = player.placed(card)
    if item is None:
        return ()
    return tuple(side for side in world_arrows(item)
                 if not cell_owner(player, *neighbour(item, side)))


def rotation_for(card: str, side: int) -> int:
    """Return the quarter turns that make the card's in-arrow face a master on `side`'s far end."""
    return ((side + 2) - GROUPS[card].in_side) % 4


def layout_of(player: Player) -> dict[str, tuple[tuple[str, int], ...]]:
    """Return the structure's puppets per master, with their sides in the master's frame."""
    result: dict[str, list[tuple[str, int]]] = {}
    for item in player.cards[1:]:
        master = player.placed(item.master)
        assert master is not None
        side = VECTORS.index((item.x - master.x, item.y - master.y))
        result.setdefault(item.master, []).append((item.card, (side - master.rot) % 4))
    return {key: tuple(sorted(value, key=lambda pair: pair[1])) for key, value in result.items()}


def _descendants(layout: Layout, card: str) -> list[str]:
    found = [card]
    for current in found:
        found.extend(child for child, _ in layout.get(current, ()))
    return found


def place(cells: set[tuple[int, int]], root: str, master: Placed, side: int, layout: Layout,
          money: Mapping[str, int], choices: Choices | None = None,
          settled_first: bool = False) -> Placement:
    """Place `root` at `master`'s arrow on `side`, then its puppets as laid out before.

    A puppet whose cell is taken goes to the open arrow of its master named in `choices`, else
    to its master's first open arrow clockwise from the top; one that still does not fit is
    lost, with its own puppets. With `settled_first` (rules 1.1) the puppets of a master that
    keep their own cells are placed before those displaced, so a displaced puppet never takes
    the cell of a sibling that fits where it was (1.0 went round the master's arrows in order).
    """
    occupied = set(cells)
    placed: list[Placed] = []
    lost: list[str] = []
    displaced: list[Displaced] = []
    chosen = choices or {}

    def put(card: str, over: Placed, towards: int) -> Placed | None:
        x, y = neighbour(over, towards)
        if (x, y) in occupied:
            return None
        item = Placed(card, x, y, rotation_for(card, towards), over.card, money.get(card, 0))
        occupied.add((x, y))
        placed.append(item)
        return item

    first = put(root, master, side)
    if first is None:
        return Placement((), tuple(_descendants(layout, root)))
    for current in placed:
        children = list(layout.get(current.card, ()))
        if settled_first:  # who keeps its own cell goes first; the displaced take what is left
            children.sort(key=lambda pair: neighbour(current, (pair[1] + current.rot) % 4)
                          in occupied)
        for child, local in children:
            item = put(child, current, (local + current.rot) % 4)
            if item is not None:
                continue
            free = tuple(s for s in world_arrows(current)
                         if neighbour(current, s) not in occupied)
            wanted = chosen.get(child, -1)
            order = ((wanted,) if wanted in free else ()) + free
            went = order[0] if order else -1
            if went >= 0:
                put(child, current, went)
            else:
                lost.extend(_descendants(layout, child))
            displaced.append(Displaced(child, current.card, free, went))
    return Placement(tuple(placed), tuple(lost), tuple(displaced))


def cells_without(player: Player, cards: tuple[str, ...]) -> set[tuple[int, int]]:
    """Return the occupied cells of the structure once `cards` have left it."""
    gone = set(cards)
    return {(p.x, p.y) for p in player.cards if p.card not in gone}


def attach(player: Player, root: str, master: str, side: int, layout: Layout,
           money: Mapping[str, int], leaving: tuple[str, ...] = (),
           choices: Choices | None = None, settled_first: bool = False) -> Placement:
    """Return where `root` and its puppets land on `master`'s arrow in this structure."""
    over = player.placed(master)
    assert over is not None
    return place(cells_without(player, leaving), root, over, side, layout, money, choices,
                 settled_first)


def first_open(player: Player, exclude: tuple[str, ...] = ()) -> tuple[str, int] | None:
    """Return the first open arrow breadth-first from the Illuminati card, clockwise from the top."""
    for card in subtree(player, player.cards[0].card):
        if card in exclude:
            continue
        arrows = open_arrows(player, card)
        if arrows:
            return card, arrows[0]
    return None
