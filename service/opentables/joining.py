"""Joining by email, with the identity players already have: a name and an address ask for a
seat, a single-use link is mailed to that address, and the seat is taken only when the link is
followed. The same way a newcomer takes over a running game's seat offered for replacement.

The link carries an opaque token; what it confirms waits in the store (`mail_links`), and the
store marks it used by one conditional update, so a link followed twice, even at once, takes
one seat once.
"""
from __future__ import annotations

import hmac
from dataclasses import dataclass

from service.base.inputs import InputRefused, check_email
from service.base.tokens import link_token, link_token_signed, signature
from service.game.current import LogWithConnections
from service.game.loading import load_game
from service.game.meta import GameMeta, normal_address
from service.opentables.lifecycle import RETRIES, check_join, check_newcomer, join_table
from service.opentables.terms import check_terms
from service.orders.appending import LogWithOutbox
from service.orders.creation import MAX_PLAYER, checked_text
from service.orders.results import ServiceError
from service.seats.master import hand_over
from service.store.links import MailLinks, token_digest
from service.store.records import SeqConflict
from service.store.roles import Connections, EventLog
from service.store.store import Store

JOIN = "join"
"""The purpose of a join confirmation link."""
JOIN_LINK_HOURS = 48
INVITE = "invite"
"""The purpose of an invitation link's signature."""


class UnknownLink(LookupError):
    """The link was not made by this service (a forgery or a typo)."""


@dataclass(frozen=True)
class JoinRequest:
    """A seat asked for: the confirmation link's token waits for its address to follow it."""

    game_id: str
    title: str
    player: str
    email: str
    seat: str
    """The seat taken over ('' for a seat at an open table)."""
    token: str


@dataclass(frozen=True)
class Joined:
    """A seat taken by following a confirmation link."""

    game_id: str
    seat: str
    player: str
    takeover: bool


def ask_to_join(store: LogWithConnections, key: bytes, game_id: str, player: str, email: str, *,
                invitation: str = "", seat: str = "") -> JoinRequest:
    """Check that the game takes a newcomer now and keep a confirmation link for `email`.

    Whether the address plays the game already is checked only when the link is followed,
    so the answer here tells nobody who plays where.
    """
    player = checked_text(player, "your name", MAX_PLAYER, "bad-name")
    if not player:
        raise ServiceError("give the name the other players will know you by", "bad-name")
    try:
        email = check_email(email, "your email address")
    except InputRefused as exc:
        raise ServiceError(str(exc), "bad-email") from None
    meta = load_game(store, game_id).meta
    if seat:
        check_offered(meta, seat)
    else:
        check_join(meta, "", invitation)
        check_terms(store, meta, email)
    token = link_token(key, JOIN)
    data = {"game": game_id, "player": player, "email": email, "invitation": invitation,
            "seat": seat}
    MailLinks(store).add(token, JOIN, normal_address(email), data, JOIN_LINK_HOURS * 3600)
    return JoinRequest(game_id, meta.title, player, email, seat, token)


def check_offered(meta: GameMeta, seat: str) -> None:
    """Raise ServiceError unless the running game's `seat` is open for a replacement."""
    if meta.finished:
        raise ServiceError(f"game {meta.id} is over", "game-over")
    if seat not in meta.offered:
        raise ServiceError(f"seat {seat} of game {meta.id} is not open for a replacement "
                           "(any more)", "not-offered")


def pending_join(store: Connections, key: bytes, token: str) -> dict[str, str]:
    """Return what an unexpired confirmation link would confirm (game, player, seat...), or
    raise UnknownLink or ServiceError (expired, used)."""
    if not link_token_signed(key, token, JOIN):
        raise UnknownLink(token)
    link = MailLinks(store).read(token, JOIN)
    if link is None:
        raise ServiceError(f"this confirmation link has expired (it works for "
                           f"{JOIN_LINK_HOURS} hours): ask to join again from the game's page",
                           "link-expired")
    return {str(k): str(v) for k, v in link.data.items()}


def confirm_join(store: Store, key: bytes, token: str) -> Joined:
    """Take the seat a confirmation link asks for, once; raise ServiceError saying why not
    (the link used already, the game full, started, cancelled or expired...)."""
    data = pending_join(store, key, token)
    links, game_id = MailLinks(store), data["game"]
    if not data["seat"]:
        check_terms(store, load_game(store, game_id).meta, data["email"])
    if not links.use(token, JOIN):
        seated = seat_of(store, game_id, data["email"])
        if seated:
            raise ServiceError(f"you have joined game {game_id} already, as seat {seated}",
                               "already-joined")
        raise ServiceError("this confirmation link was used already: ask to join again from "
                           "the game's page", "link-used")
    if data["seat"]:
        take_over(store, game_id, data["seat"], data["player"], data["email"])
        return Joined(game_id, data["seat"], data["player"], True)
    seat = join_table(store, game_id, data["player"], data["email"], token_digest(token)[:16],
                      data["invitation"])
    return Joined(game_id, seat, data["player"], False)


def seat_of(store: EventLog, game_id: str, email: str) -> str:
    """Return the seat `email` plays in the game ('' if none)."""
    address = normal_address(email)
    for seat in load_game(store, game_id).meta.seats:
        if normal_address(seat.email) == address:
            return seat.name
    return ""


def take_over(store: LogWithOutbox, game_id: str, seat: str, player: str, email: str) -> None:
    """Hand an offered seat to a newcomer, once: the handover is appended after the game as
    checked, so of two newcomers racing for it one gets it and the other is told."""
    for _ in range(RETRIES):
        loaded = load_game(store, game_id)
        check_offered(loaded.meta, seat)
        check_newcomer(loaded.meta, email)
        try:
            hand_over(store, loaded, seat, player, email, "system")
        except SeqConflict:
            continue
        return
    raise ServiceError("the game is busy right now: follow the link again in a moment", "busy")


def invitation_token(key: bytes, game_id: str, invitation: str) -> str:
    """Return the part of an invitation link that names and signs the invitation."""
    return f"{invitation}.{signature(key, game_id, 'i' + invitation, 0, INVITE)}"


def read_invitation(key: bytes, game_id: str, text: str) -> str | None:
    """Return the invitation an invitation link's part names, or None if it is not signed."""
    invitation, _, _ = text.partition(".")
    if not invitation.isalnum() or len(text) > 64:
        return None
    return invitation if hmac.compare_digest(invitation_token(key, game_id, invitation),
                                             text) else None
