"""Scenario builders for the Secret Masters rule tests (given/when/then come from
engine.core.testing).

Scenarios are written as event lists. Where a step of the game does not matter to the rule
under test, a scenario may skip it (for example, jump straight to the Redeploy card).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.secret_masters.events import (
    AgentPlaced,
    CardsRevealed,
    DeckShuffled,
    FactionDealt,
    FactionSetAside,
    GameSetUp,
    MarkersDrawn,
    RedeployPassed,
    RedeployStarted,
    RoundStarted,
    TurnPassed,
    VoteCast,
    VoteResolved,
)
from engine.secret_masters.state import Colour, Markers, Side

BLUE, GREEN, RED, YELLOW = Colour.BLUE, Colour.GREEN, Colour.RED, Colour.YELLOW
SEATS = ("ann", "bob", "cid")
START = {"russia": BLUE, "africa": GREEN, "oceania": RED, "india-middle-east": YELLOW}
FACTIONS = {"ann": BLUE, "bob": GREEN, "cid": RED}
DECK = ("europe", "russia", "north-america", "antarctica", "east-asia", "africa",
        "south-america", "oceania", "india-middle-east")


def set_up(start: dict[str, Colour] | None = None, grand_master: str = "ann",
           factions: dict[str, Colour] | None = None, aside: Colour = YELLOW) -> list[Any]:
    """Return the setup events: starting agents, the three dealt factions and the set-aside one."""
    factions = factions or FACTIONS
    return [GameSetUp(SEATS, grand_master, dict(start if start is not None else START)),
            *[FactionDealt(seat, factions[seat]) for seat in SEATS],
            FactionSetAside(aside)]


def round_started(number: int = 1, grand_master: str = "ann",
                  deck: Sequence[str] = DECK) -> list[Any]:
    """Return the events opening a round."""
    return [RoundStarted(number, grand_master), DeckShuffled(number, tuple(deck))]


def opening(**setup: Any) -> list[Any]:
    """Return setup, round 1 and ann's first two cards (Europe red, Russia white)."""
    return [*set_up(**setup), *round_started(), CardsRevealed("ann", DECK[0], DECK[1])]


def placed_both(first: Colour = BLUE, second: Colour = GREEN) -> list[Any]:
    """Return ann's agent on the red card (Europe) and bob's on the white card (Russia)."""
    return [AgentPlaced("ann", first, Side.RED, "europe"),
            AgentPlaced("bob", second, Side.WHITE, "russia")]


def votes(*cast: tuple[str, Markers]) -> list[Any]:
    """Return sealed votes."""
    return [VoteCast(seat, markers, False) for seat, markers in cast]


def played_turn(active: str, red: str, red_agent: Colour, white: str,
                white_agent: Colour) -> list[Any]:
    """Return a whole turn: reveal, both placements from the pool, a tied vote, the redraw.

    Every seat votes one marker of each colour, so the vote is tied and both agents go to their
    regions (an agent on the Antarctica card goes to Antarctica).
    """
    order = [SEATS[(SEATS.index(active) + i) % 3] for i in range(3)]
    return [CardsRevealed(active, red, white),
            AgentPlaced(active, red_agent, Side.RED, red),
            AgentPlaced(order[1], white_agent, Side.WHITE, white),
            *votes(*[(seat, Markers(1, 1, 1)) for seat in order]),
            VoteResolved(active, Markers(3, 3, 3), red_agent, red, white_agent, white),
            *[MarkersDrawn(seat, Markers(1, 1, 1)) for seat in order]]


def redeploy_passed(grand_master: str, number: int) -> list[Any]:
    """Return the Redeploy card coming up and the Grand Master not using it."""
    return [RedeployStarted(grand_master, number), RedeployPassed(grand_master)]


def deck_from(*cards: str) -> tuple[str, ...]:
    """Return a deck starting with `cards`, completed with the other region cards."""
    return tuple(cards) + tuple(card for card in DECK if card not in cards)


Turn = tuple[str, Colour, str, Colour]
"""A played turn: red card region, its agent, white card region, its agent."""


def history(*turns: Turn, next_cards: tuple[str, str] = ("europe", "russia"),
            **setup: Any) -> list[Any]:
    """Return setup and whole played turns (see played_turn), with the turns passing, the
    Redeploy card passed at each round's end, and the next active seat's cards revealed."""
    first = SEATS.index(setup.get("grand_master", "ann"))
    events = set_up(**setup)
    rounds = [list(turns[i:i + 3]) for i in range(0, len(turns), 3)]
    if len(turns) % 3 == 0:
        rounds.append([])
    for number, chunk in enumerate(rounds, start=1):
        grand_master = (first + number - 1) % 3
        cards = [card for red, _, white, _ in chunk for card in (red, white)]
        if len(chunk) < 3:
            cards += list(next_cards)
        events += round_started(number, SEATS[grand_master], deck_from(*cards))
        for k, (red, red_agent, white, white_agent) in enumerate(chunk):
            events += played_turn(SEATS[(grand_master + k) % 3], red, red_agent, white,
                                  white_agent)
            if k < 2:
                events.append(TurnPassed(SEATS[(grand_master + k + 1) % 3], number, k + 2))
            else:
                events += redeploy_passed(SEATS[grand_master], number)
    active = SEATS[(first + len(rounds) - 1 + len(turns) % 3) % 3]
    events.append(CardsRevealed(active, *next_cards))
    return events
