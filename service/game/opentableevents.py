"""The service's events of open tables: a game that waits for its players before it starts,
its invitations, and a running game's seats offered to a newcomer.

A table's log begins with `table.opened` instead of `game.created`; players join and leave;
when it starts, `table.started` and `game.created` (the seats in the order drawn from the
game's seed) are appended with the game's opening events, and the game goes on as any other.
They live here, below `service/opentables/`, because every game's fold reads them (`meta.py`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import event
from service.game.seating import SeatInfo


@event("table.opened")
@dataclass(frozen=True)
class TableOpened:
    """A game was opened for players to join; the hash of its secret seed is published here.

    `seats` are the seats named by the game master, taken from the start; `open_seats` how
    many more anyone may take; `listed` whether the lobby lists it under "Open games" (else
    only an invitation leads to it); `expires` when it is given up unless it started (UTC).
    """

    game: str
    title: str
    engine_version: str
    options: dict[str, Any]
    seed_hash: str
    deadline_hours: int | None
    reminder_hours: tuple[int, ...]
    seats: tuple[SeatInfo, ...]
    open_seats: int
    listed: bool
    expires: str
    opened_at: str


@event("table.joined")
@dataclass(frozen=True)
class PlayerJoined:
    """A player confirmed their address and took an open seat.

    `link` identifies the confirmation link followed (a link takes a seat once), and
    `invitation` the invitation it came through ('' for the lobby).
    """

    seat: str
    player: str
    email: str
    link: str
    invitation: str = ""


@event("table.left")
@dataclass(frozen=True)
class PlayerLeft:
    """A player who had joined gave the seat back before the start."""

    seat: str


@event("table.invitation")
@dataclass(frozen=True)
class InvitationMade:
    """The game master made an invitation link, good for `uses` joins (0: any number)."""

    id: str
    uses: int


@event("table.invitation-revoked")
@dataclass(frozen=True)
class InvitationRevoked:
    """An invitation link stopped working."""

    id: str


@event("table.terms")
@dataclass(frozen=True)
class TableTerms:
    """Who may join the table, as its game master chose: a player who finished at least
    `min_finished` percent of the games they started (among those that ended), and, with
    `min_rating`, whose rating in the game's title is at least that (docs/ratings.md)."""

    min_finished: int
    min_rating: float | None = None


@event("table.started")
@dataclass(frozen=True)
class TableStarted:
    """The table starts: `by` is "full" (the last seat was taken) or "game-master"."""

    by: str


@event("table.closed")
@dataclass(frozen=True)
class TableClosed:
    """The table was given up before it started: `reason` is "cancelled" or "expired"."""

    reason: str


MASTER_NOTICES = ("every", "outcome", "off")
"""What news of an open table its game master is mailed: every join and leave and the start
or end ("every", the default); only the start, the expiry or the cancellation ("outcome");
nothing ("off"). The master page shows every one of them whatever the setting."""


@event("table.master-notices")
@dataclass(frozen=True)
class MasterNotices:
    """The game master chose what news of the table they are mailed (`MASTER_NOTICES`)."""

    setting: str


@event("seat.offered")
@dataclass(frozen=True)
class SeatOffered:
    """A running game's seat is offered to a newcomer (or no longer, when not `offered`)."""

    seat: str
    offered: bool


TABLE_EVENTS = (TableOpened, PlayerJoined, PlayerLeft, InvitationMade, InvitationRevoked,
                TableStarted, TableClosed, SeatOffered, MasterNotices, TableTerms)


def describe_table_event(item: Any) -> str | None:
    """Return the history line of a table event (None: not one)."""
    if isinstance(item, TableOpened):
        named = ", ".join(seat.name for seat in item.seats)
        return (f"{item.title} opened for {item.open_seats} more player(s)"
                + (f", with {named}." if named else "."))
    if isinstance(item, PlayerJoined):
        return f"{item.player} joined as {item.seat}."
    if isinstance(item, PlayerLeft):
        return f"{item.seat} left the table."
    if isinstance(item, InvitationMade):
        return "The game master made an invitation link."
    if isinstance(item, InvitationRevoked):
        return "The game master revoked an invitation link."
    if isinstance(item, TableTerms):
        return "Who may join: " + terms_text(item) + "."
    if isinstance(item, TableStarted):
        return ("Every seat is taken: the game starts." if item.by == "full"
                else "The game master started the game.")
    if isinstance(item, TableClosed):
        return ("The game master cancelled the game before it started."
                if item.reason == "cancelled" else "Not enough players joined in time: "
                "the game was given up.")
    if isinstance(item, MasterNotices):
        return "The game master chose which news of the table they get by mail."
    if isinstance(item, SeatOffered):
        return (f"The seat {item.seat} is open for a replacement." if item.offered
                else f"The seat {item.seat} is no longer offered.")
    return None


def terms_text(terms: TableTerms) -> str:
    """Return a table's terms for joining in words."""
    parts = [f"players who finished at least {terms.min_finished}% of their games"
             if terms.min_finished else "anyone"]
    if terms.min_rating is not None:
        parts.append(f"with a rating of at least {terms.min_rating:.2f} in this game")
    return " ".join(parts)
