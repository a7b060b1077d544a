"""A seat can trust what is done in its name: mail to a seat's reply address from another
address than the seat's own is held until the seat confirms it.

The reply address is what lets a message act for a seat; anyone who sees it (a forwarded turn
email is enough) could use it. So unless the game was created with `--mail-senders any`, a
message whose sender is not the seat's address is stored and held: its sender is told it waits
for the seat (within the budget of mail to strangers, `service.mail.strangers`), and the seat's
own address gets a notice saying what arrived from whom, with a short escaped excerpt, a link
per message and the reply `confirm`. A seat gets at most one notice an hour; messages held
meanwhile are listed, with their count, in the next one (`service.seats.asking`). Confirming stores the held message again as the seat's
own (under the key `confirmed:<id>`, so it is acted on once however often it is confirmed) and
decides it like any other.
"""
from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Protocol

from service.base import clock
from service.base.config import Config
from service.base.ids import GAME_ID_PATTERN
from service.base.inputs import mailbox
from service.base.templating import render_template
from service.base.tokens import reply_address, signature
from service.game.loading import LoadedGame, load_game
from service.game.meta import GameMeta, normal_address
from service.game.numbers import mailed_seq
from service.mail.strangers import excerpt
from service.orders.results import ServiceError, SubmissionResult
from service.seats.asking import CONFIRM, ask_seat
from service.store.held import HeldReads
from service.store.orderlog import LogWithInbox
from service.store.roles import Connections, EventLog, Inbox, MailRecord, Outbox
from service.store.store import OutboxRow, Submission

HELD = "held"
"""The status of a submission that waits for its seat to confirm it."""
CONFIRM_PURPOSE = "confirm"
CONFIRMED_KEY = "confirmed:"
CONFIRM_MESSAGE_ID = re.compile(
    r"<(?P<game>" + GAME_ID_PATTERN + r")\.(?P<seq>n?\d+)\.(?P<seat>[a-z][a-z0-9_-]{0,23})\."
    r"confirm\.(?P<short>[0-9a-f]{20})@")
SHOWN_LINES = 3
"""The most lines of a held message read for its excerpt (which is cut shorter still)."""
SHOWN = 10
"""The most held messages one notice lists (the newest; the count says how many wait)."""


class HeldMail(Inbox, Outbox, MailRecord, EventLog, Connections, Protocol):
    """The store as a held message is kept: the inbox, and the confirmation emails asked for
    in the outbox."""


class ConfirmComposing(LogWithInbox, Connections, Protocol):
    """The store as a confirm notice is composed: the game, the held mail it lists."""


def must_confirm(meta: GameMeta, seat: str, sender: str | None) -> bool:
    """Return whether a message for `seat` from `sender` waits for the seat to confirm it."""
    if meta.mail_senders == "any" or seat not in meta.seat_names:
        return False
    return normal_address(sender or "") != normal_address(meta.seat(seat).email)


def hold(store: HeldMail, sub: Submission, loaded: LoadedGame, seat: str) -> SubmissionResult:
    """Hold a message for `seat` and ask the seat's own address to confirm it."""
    store.set_submission_route(sub.id, loaded.meta.id, seat)
    ask_seat(store, loaded.meta.id, loaded.seq, seat, sub.id, sub.sender or "")
    return SubmissionResult(
        sub.id, HELD, "sender-unconfirmed",
        f"This message came from {sub.sender or 'an unknown sender'}, not from the address "
        f"seat {seat} plays from. Nothing in it was done: the seat's player is asked by email "
        "to confirm it (within the hour), and it is acted on only if they do.")


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


def held_answered(store: HeldMail, game_id: str, seat: str,
                  in_reply_to: str) -> list[Submission]:
    """Return the held messages still waiting that the confirm notice a reply names listed,
    if it is this seat's notice ([] otherwise)."""
    match = CONFIRM_MESSAGE_ID.search(in_reply_to)
    if match is None or (match["game"], match["seat"]) != (game_id, seat):
        return []
    for row in store.outbox_for_game(game_id):
        if (row.seq, row.recipient, row.kind) == (mailed_seq(store, game_id, seat, match["seq"]), seat,
                                                  f"{CONFIRM}.{match['short']}"):
            return [held for held in listed(store, row) if held.seat == seat]
    return []


def listed(store: ConfirmComposing, row: OutboxRow) -> list[Submission]:
    """Return the held messages a confirm notice lists that still wait for the seat: those
    held after the seat's notice before it, up to this one's newest, oldest first."""
    newest = store.get_submission(str(row.payload.get("submission", "")))
    if newest is None:
        return []
    held = HeldReads(store).held_between(row.game_id, row.recipient,
                                         str(row.payload.get("since", "")), newest.received_at)
    if newest.id not in {sub.id for sub in held}:  # a notice written before notices listed
        held.append(newest)
    return [sub for sub in held if sub.status == HELD and confirmed_copy(store, sub) is None]


def compose_confirm(store: ConfirmComposing, config: Config, row: OutboxRow,
                    message_id: str) -> EmailMessage | None:
    """Return the notice asking a seat to confirm its held mail (None once none waits)."""
    from service.mail.reading import extract_orders, parse_message, text_to_raw

    waiting = listed(store, row)
    if not waiting:
        return None
    meta = load_game(store, row.game_id).meta
    seat = meta.seat(row.recipient)
    items = [{"sender": held.sender or "an unknown sender",
              "received": held.received_at[:16].replace("T", " "),
              "excerpt": excerpt(" / ".join(extract_orders(parse_message(
                  text_to_raw(held.body))).lines[:SHOWN_LINES])),
              "link": confirm_link(config, meta, seat.name, held.id)}
             for held in waiting[-SHOWN:]]
    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = mailbox(seat.player, seat.email)
    message["Reply-To"] = reply_address(config.secret_key(), config.mail_domain, meta.id,
                                        seat.name, meta.generation(seat.name))
    message["Subject"] = (f"[{meta.title} {meta.id}] confirm {len(waiting)} message"
                          f"{'s' if len(waiting) > 1 else ''} sent for seat {seat.name}")
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = message_id
    message["Auto-Submitted"] = "auto-generated"
    message["X-Pbem-Game"] = meta.id
    message.set_content(render_template(
        "email/confirm-sender.txt", player=seat.player, seat=seat.name, title=meta.title,
        game_id=meta.id, count=len(waiting), items=items,
        more=len(waiting) - len(items)))
    return message
