"""A seat can trust what is done in its name: mail to a seat's reply address from another
address than the seat's own is held until the seat confirms it.

The reply address is what lets a message act for a seat; anyone who sees it (a forwarded turn
email is enough) could use it. So unless the game was created with `--mail-senders any`, a
message whose sender is not the seat's address is stored and held: its sender is told it waits
for the seat, and the seat's own address gets an email saying what arrived from whom, with a
single-use link and the reply `confirm`. Confirming stores the held message again as the seat's
own (under the key `confirmed:<id>`, so it is acted on once however often it is confirmed) and
decides it like any other.
"""
from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from typing import Protocol

from service.base import clock
from service.base.config import Config
from service.base.ids import GAME_ID_PATTERN
from service.base.templating import render_template
from service.base.tokens import reply_address, signature
from service.game.loading import LoadedGame, load_game
from service.game.meta import GameMeta, normal_address
from service.game.numbers import mailed_seq
from service.orders.results import ServiceError, SubmissionResult
from service.store.orderlog import LogWithInbox
from service.store.roles import EventLog, Inbox, MailRecord, Outbox
from service.store.store import NewOutbox, OutboxRow, Submission

HELD = "held"
"""The status of a submission that waits for its seat to confirm it."""
CONFIRM = "confirm"
"""The outbox kind (followed by the held submission's id) of the email asking the seat."""
CONFIRM_PURPOSE = "confirm"
CONFIRMED_KEY = "confirmed:"
CONFIRM_MESSAGE_ID = re.compile(
    r"<(?P<game>" + GAME_ID_PATTERN + r")\.(?P<seq>n?\d+)\.(?P<seat>[a-z][a-z0-9_-]{0,23})\."
    r"confirm\.(?P<short>[0-9a-f]{20})@")
SHOWN_LINES = 30
"""The most lines of a held message quoted to the seat."""


class HeldMail(Inbox, Outbox, MailRecord, EventLog, Protocol):
    """The store as a held message is kept: the inbox, and the confirmation emails asked for
    in the outbox."""


def must_confirm(meta: GameMeta, seat: str, sender: str | None) -> bool:
    """Return whether a message for `seat` from `sender` waits for the seat to confirm it."""
    if meta.mail_senders == "any" or seat not in meta.seat_names:
        return False
    return normal_address(sender or "") != normal_address(meta.seat(seat).email)


def hold(store: HeldMail, sub: Submission, loaded: LoadedGame, seat: str) -> SubmissionResult:
    """Hold a message for `seat` and ask the seat's own address to confirm it."""
    store.set_submission_route(sub.id, loaded.meta.id, seat)
    store.add_outbox(loaded.meta.id, [NewOutbox(loaded.seq, seat, confirm_kind(sub.id),
                                                {"submission": sub.id,
                                                 "sender": sub.sender or ""})])
    return SubmissionResult(
        sub.id, HELD, "sender-unconfirmed",
        f"This message came from {sub.sender or 'an unknown sender'}, not from the address "
        f"seat {seat} plays from. Nothing in it was done: the seat's player was asked by email "
        "to confirm it, and it is acted on only if they do.")


def confirm_kind(submission_id: str) -> str:
    """Return the outbox kind of the email that asks a seat to confirm a held message."""
    return f"{CONFIRM}.{submission_id[:20]}"


def confirm_signature(config: Config, meta: GameMeta, seat: str, submission_id: str) -> str:
    """Return the signature of the link that confirms a held message for a seat."""
    return signature(config.secret_key(), meta.id, seat, meta.generation(seat),
                     f"{CONFIRM_PURPOSE}:{submission_id}")


def confirm_link(config: Config, meta: GameMeta, seat: str, submission_id: str) -> str:
    """Return the page where the seat confirms a held message (a button, not the link, acts)."""
    sig = confirm_signature(config, meta, seat, submission_id)
    return f"{config.base_url}/confirm/{meta.id}/{seat}/{submission_id}/{sig}"


def release(store: LogWithInbox, held: Submission) -> tuple[Submission, bool]:
    """Store a held message again as its seat's own, once; return it and whether it is new.

    Raises ServiceError when the submission is not a held message of a seat.
    """
    if held.status != HELD or not held.game_id or not held.seat:
        raise ServiceError("This message is not waiting for a confirmation (it was confirmed "
                           "already, or never needed one).", "not-held")
    meta = load_game(store, held.game_id).meta
    if held.seat not in meta.seat_names:
        raise ServiceError("This seat no longer exists.", "unknown-seat")
    return store.add_submission(held.source, held.body, sender=meta.seat(held.seat).email,
                                recipient=held.recipient,
                                idempotency_key=CONFIRMED_KEY + held.id)


def confirmed_copy(store: Inbox, held: Submission) -> Submission | None:
    """Return the copy a confirmation of a held message stored (None: not confirmed yet)."""
    return store.submission_by_key(held.source, CONFIRMED_KEY + held.id)


def held_answered(store: HeldMail, game_id: str, seat: str, in_reply_to: str) -> Submission | None:
    """Return the held message a reply to its confirmation email names, if it is this seat's."""
    match = CONFIRM_MESSAGE_ID.search(in_reply_to)
    if match is None or (match["game"], match["seat"]) != (game_id, seat):
        return None
    for row in store.outbox_for_game(game_id):
        if (row.seq, row.recipient, row.kind) == (mailed_seq(store, game_id, seat, match["seq"]), seat,
                                                  f"{CONFIRM}.{match['short']}"):
            held = store.get_submission(str(row.payload.get("submission", "")))
            return held if held is not None and held.seat == seat else None
    return None


def compose_confirm(store: LogWithInbox, config: Config, row: OutboxRow,
                    message_id: str) -> EmailMessage | None:
    """Return the email asking a seat to confirm a held message (None once it is not held)."""
    from service.mail.reading import extract_orders, parse_message, text_to_raw

    held = store.get_submission(str(row.payload.get("submission", "")))
    if held is None or held.status != HELD or confirmed_copy(store, held) is not None:
        return None
    meta = load_game(store, row.game_id).meta
    seat = meta.seat(row.recipient)
    lines = extract_orders(parse_message(text_to_raw(held.body))).lines[:SHOWN_LINES]
    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = formataddr((seat.player, seat.email))
    message["Reply-To"] = reply_address(config.secret_key(), config.mail_domain, meta.id,
                                        seat.name, meta.generation(seat.name))
    message["Subject"] = f"[{meta.title} {meta.id}] confirm a message sent for seat {seat.name}"
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = message_id
    message["Auto-Submitted"] = "auto-generated"
    message["X-Pbem-Game"] = meta.id
    message.set_content(render_template(
        "email/confirm-sender.txt", player=seat.player, seat=seat.name, title=meta.title,
        game_id=meta.id, sender=str(row.payload.get("sender") or "an unknown sender"),
        received=held.received_at[:16].replace("T", " "), lines=lines,
        link=confirm_link(config, meta, seat.name, held.id)))
    return message
