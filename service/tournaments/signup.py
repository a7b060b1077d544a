"""Signing up for a tournament from the lobby: the address is confirmed by a single-use link
mailed to it (as for an open table's seat), and only following it enters the player."""
from __future__ import annotations

from dataclasses import dataclass

from service.base.inputs import InputRefused, check_email
from service.base.tokens import link_token, link_token_signed
from service.game.meta import normal_address
from service.orders.results import ServiceError
from service.seats.civility import check_not_suspended
from service.store.links import MailLinks
from service.store.roles import Connections
from service.tournaments.running import Tournament, check_entrant_name, enter, tournament
from service.tournaments.standings import Entrant

ENTRY = "tournament"
LINK_HOURS = 48


class UnknownEntryLink(Exception):
    """A link that this service did not make for a sign-up."""


@dataclass(frozen=True)
class EntryRequest:
    """A sign-up waiting for its address to be confirmed."""

    held: Tournament
    name: str
    email: str
    token: str


def ask_to_enter(store: Connections, key: bytes, tournament_id: str, name: str,
                 email: str) -> EntryRequest:
    """Check that the tournament takes sign-ups and keep a confirmation link for `email`."""
    held = tournament(store, tournament_id)
    if held.status != "signup":
        raise ServiceError(f"tournament {tournament_id} has started: sign-up is closed",
                           "started")
    name = name.strip()[:60]
    if not name:
        raise ServiceError("give the name the other players will know you by", "bad-name")
    check_entrant_name(store, tournament_id, name)
    try:
        email = check_email(email, "your email address")
    except InputRefused as exc:
        raise ServiceError(str(exc), "bad-email") from None
    check_not_suspended(store, email)
    token = link_token(key, ENTRY)
    MailLinks(store).add(token, ENTRY, normal_address(email),
                         {"tournament": tournament_id, "name": name, "email": email},
                         LINK_HOURS * 3600)
    return EntryRequest(held, name, email, token)


def confirm_entry(store: Connections, key: bytes, token: str) -> tuple[Tournament, Entrant]:
    """Enter the player a confirmation link names, once; raise ServiceError saying why not."""
    if not link_token_signed(key, token, ENTRY):
        raise UnknownEntryLink(token)
    links = MailLinks(store)
    link = links.read(token, ENTRY)
    if link is None:
        raise ServiceError(f"this confirmation link has expired (it works for {LINK_HOURS} "
                           "hours): sign up again from the tournament's page", "link-expired")
    if not links.use(token, ENTRY):
        raise ServiceError("this confirmation link was used already", "link-used")
    data = {str(k): str(v) for k, v in link.data.items()}
    entrant = enter(store, data["tournament"], data["name"], data["email"])
    return tournament(store, data["tournament"]), entrant
