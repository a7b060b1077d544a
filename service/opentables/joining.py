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
from service.orders.creation import MAX_PLAYER, check_player_name, checked_text
from service.orders.results import ServiceError
from service.seats.civility import check_welcome
from service.seats.master import hand_over
from service.store.links import MailLinks, token_digest
from service.store.records import SeqConflict
from service.store.roles import Connections, EventLog
from service.store.store import Store

JOIN = "join"
"""The purpose of a join confirmation link."""
JOIN_REPLY = "join-reply"
"""The purpose of the reference a reply to a confirmation mail names (its Message-ID): a
reply from the same address saying `confirm` does what following the link does."""
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
    reply: str = ""
    """The reference of the confirmation mail, which a reply `confirm` names ('' for none)."""


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
        check_player_name(((s.name, s.player) for s in meta.seats), player, seat)
    else:
        check_join(meta, "", invitation, player=player)
        check_terms(store, meta, email)
    token, reply = link_token(key, JOIN), link_token(key, JOIN_REPLY)
    data = {"game": game_id, "player": player, "email": email, "invitation": invitation,
            "seat": seat}
    links = MailLinks(store)
    links.add(token, JOIN, normal_address(email), data, JOIN_LINK_HOURS * 3600)
    links.add(reply, JOIN_REPLY, normal_address(email), {"link": token_digest(token)},
              JOIN_LINK_HOURS * 3600)
    return JoinRequest(game_id, meta.title, player, email, seat, token, reply)


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
    return _pending(store, token_digest(token))


def _pending(store: Connections, digest: str) -> dict[str, str]:
    """Return what the unexpired confirmation link of `digest` would confirm."""
    link = MailLinks(store).read_digest(digest, JOIN)
    if link is None:
        raise ServiceError(f"this confirmation link has expired (it works for "
                           f"{JOIN_LINK_HOURS} hours): ask to join again from the game's page",
                           "link-expired")
    return {str(k): str(v) for k, v in link.data.items()}


def confirm_join(store: Store, key: bytes, token: str) -> Joined:
    """Take the seat a confirmation link asks for, once; raise ServiceError saying why not
    (the link used already, the game full, started, cancelled or expired...)."""
    if not link_token_signed(key, token, JOIN):
        raise UnknownLink(token)
    return _confirm(store, token_digest(token))


def confirm_by_reply(store: Store, key: bytes, reply: str, sender: str) -> Joined:
    """Take the seat of the confirmation mail a reply names (by `reply`, the reference in
    its Message-ID), as following its link would, if `sender` is the address it was mailed
    to; raise UnknownLink for a reference the service did not make or that is not this
    sender's, and ServiceError saying why the seat is not taken."""
    if not link_token_signed(key, reply, JOIN_REPLY):
        raise UnknownLink(reply)
    named = MailLinks(store).read(reply, JOIN_REPLY)
    if named is None:
        raise ServiceError(f"this confirmation mail has expired (it works for "
                           f"{JOIN_LINK_HOURS} hours): ask to join again", "link-expired")
    if named.address != normal_address(sender):
        raise UnknownLink(reply)
    return _confirm(store, str(named.data["link"]))


def _confirm(store: Store, digest: str) -> Joined:
    """Take the seat the confirmation link of `digest` asks for, once."""
    data = _pending(store, digest)
    links, game_id = MailLinks(store), data["game"]
    check_welcome(store, load_game(store, game_id).meta, data["email"])  # the link kept
    if not data["seat"]:
        check_terms(store, load_game(store, game_id).meta, data["email"])
    if not links.use_digest(digest, JOIN):
        seated = seat_of(store, game_id, data["email"])
        if seated:
            raise ServiceError(f"you have joined game {game_id} already, as seat {seated}",
                               "already-joined")
        raise ServiceError("this confirmation link was used already: ask to join again from "
                           "the game's page", "link-used")
    if data["seat"]:
        take_over(store, game_id, data["seat"], data["player"], data["email"])
        return Joined(game_id, data["seat"], data["player"], True)
    seat = join_table(store, game_id, data["player"], data["email"], digest[:16],
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
        check_player_name(((s.name, s.player) for s in loaded.meta.seats), player, seat)
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
