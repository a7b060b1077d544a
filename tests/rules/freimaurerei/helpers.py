"""Scenario builders for the Freimaurerei rule tests (given/when/then come from the core).

Scenarios are written as event lists. Where a step of the game does not matter to the rule
under test, a scenario skips it (money is handed out as dues, lodges are founded for free).
ann rules Leichtberg and moves first; bea rules Schwerheim.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.freimaurerei.events import (
    BuildStarted,
    DecksShuffled,
    DuesAssessed,
    Initiated,
    InnerAlignmentDrawn,
    LodgeFounded,
    OuterAlignmentChosen,
    OuterAlignmentsShown,
    PieceMoved,
    PrincipalitiesAssigned,
    RecruitsRolled,
    RiteChartered,
    RulerTurnedUp,
    StartingMasonsTaken,
    TurnStarted,
)
from engine.freimaurerei.state import Alignment, Charter, Principality, Recruit, Rite, Size, State

ANN, BEA = "ann", "bea"
SEATS = (ANN, BEA)
L, S = Principality.LEICHTBERG, Principality.SCHWERHEIM
ROSY, ILLU = Alignment.ROSICRUCIAN, Alignment.ILLUMINATI
SMALL, MEDIUM, LARGE = Size.SMALL, Size.MEDIUM, Size.LARGE
FRENCH, ST_ANDREWS = Rite.FRENCH, Rite.ST_ANDREWS
LODGE_DECK = ("4C", "7H", "5S", "9D", "2H", "8C", "6D", "10S", "AH", "3C")
RULER_DECK = ("KH", "QS", "JD", "JC", "QH", "KS")
PYRAMID = {"small": 0, "medium": 1, "large": 2, "large+small": 3, "large+medium": 4,
           "medium+small": 5}
TREEHOUSE = {"swap": 0, "aim": 1, "dig": 2, "tip": 3, "hop": 4, "wild": 5}


def set_up(outer: tuple[Alignment, Alignment] = (ROSY, ILLU),
           inner: tuple[Alignment, Alignment] = (ROSY, ILLU),
           lodge_deck: Sequence[str] = LODGE_DECK,
           ruler_deck: Sequence[str] = RULER_DECK) -> list[Any]:
    """Return setup up to ann's single first action; rulers KH (Leichtberg), QS (Schwerheim)."""
    return [PrincipalitiesAssigned(ANN, BEA), DecksShuffled(tuple(lodge_deck), tuple(ruler_deck)),
            RulerTurnedUp(L, ruler_deck[0]), RulerTurnedUp(S, ruler_deck[1]),
            StartingMasonsTaken(L, (Recruit("M1", SMALL), Recruit("M2", MEDIUM),
                                    Recruit("M3", LARGE))),
            StartingMasonsTaken(S, (Recruit("M4", SMALL), Recruit("M5", MEDIUM),
                                    Recruit("M6", LARGE))),
            OuterAlignmentChosen(ANN, outer[0]), OuterAlignmentChosen(BEA, outer[1]),
            OuterAlignmentsShown(*outer), InnerAlignmentDrawn(ANN, inner[0]),
            InnerAlignmentDrawn(BEA, inner[1]), TurnStarted(ANN, 1, 1)]


def turn(seat: str, number: int = 4, actions: int = 2) -> TurnStarted:
    """Return the start of a two-action turn of `seat`."""
    return TurnStarted(seat, number, actions)


def cash(seat: str, amount: int) -> DuesAssessed:
    """Return `amount` Taler handed to `seat` (as dues)."""
    return DuesAssessed(seat, 0, amount)


def recruit(seat: str, *pieces: tuple[str, Size], lodge: int | None = None) -> RecruitsRolled:
    """Return new Masons from the bank joining `seat`'s lodge (None: unaffiliated)."""
    recruits = tuple(Recruit(piece_id, size) for piece_id, size in pieces)
    return RecruitsRolled(seat, tuple(size for _, size in pieces), recruits, (), lodge, False)


def found(seat: str, number: int, card: str, *members: str) -> list[Any]:
    """Return a lodge founded for free with its three members."""
    return [BuildStarted(seat, card, 0), LodgeFounded(seat, number, card, tuple(members))]


def join(seat: str, piece: str, lodge: int | None) -> PieceMoved:
    """Return a piece moved (outside any action, just to set a scene)."""
    return PieceMoved(seat, piece, lodge)


def chartered(seat: str, *charters: Charter) -> list[Any]:
    """Return the SM chartered for free."""
    return [RiteChartered(seat, charter, 0) for charter in charters]


def into_rite(seat: str, rite: Rite, *pieces: str) -> Initiated:
    """Return Masons given the marker of `rite` (set-up, the initiator does not matter)."""
    return Initiated(seat, "SM", tuple(pieces), rite)


def perfected(seat: str, piece: str, alignment: Alignment | None) -> Initiated:
    """Return a rite Mason made a Perfect Initiate with the medium `alignment`."""
    return Initiated(seat, "SM", (piece,), None, alignment)


def where(state: State, seat: str) -> dict[int | None, list[str]]:
    """Return the pieces of `seat`'s principality by lodge number (None: unaffiliated)."""
    realm = state.realms[state.realm_of(seat)]
    places: list[int | None] = [None, *[x.number for x in realm.lodges]]
    return {place: [m.id for m in realm.members(place)] for place in places}


def piece(state: State, seat: str, piece_id: str) -> Any:
    """Return a piece of `seat`'s principality."""
    return state.realms[state.realm_of(seat)].pieces[piece_id]
