"""Bounces: a mail that could not be delivered comes back, and the table learns of it.

Every delivery is sent from its own signed bounce address (`bounce+<delivery>.<signature>@`
the game domain, see `service.base.tokens.bounce_address`), so a bounce names what bounced
without being read, and a forged one names nothing. Its report is read as RFC 3464 says (a
`message/delivery-status` part: Action and Status per recipient) or, for the mail servers that
write their own words (qmail, old Exim, some providers), from the status codes and phrases of
its text. A permanent bounce of a seat's turn mail marks the seat's mail as failing: the game
master is told, the seat's page shows it, and its deadlines wait as for an absence, up to the
game's limit, instead of playing defaults nobody saw. A delay is noted on the delivery only.
A bounce is never answered.

A bounce is tied to the address it hit: each delivery records the address its email went to,
and a bounce marks the seat only while that is still the seat's address, so mail to a former
owner (the "replaced" notice to an old address, say) marks nothing. A bounce address expires
`BOUNCE_DAYS` after its mail went out, and a report sent from the very address the mail went
to (or the seat's own) marks nothing: a player cannot mark their own seat as bouncing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import timedelta
from email.message import EmailMessage, Message
from email.utils import parseaddr
from typing import Any, Protocol

from service.base import clock
from service.base.config import Config
from service.base.metrics import count_bounce, count_delivery
from service.game.events import MASTER, SeatMailStatus
from service.game.loading import LoadedGame, load_game
from service.game.meta import apply_service_event, format_time, normal_address, parse_time
from service.orders.results import SubmissionResult
from service.seats.once import append_once
from service.store.orderlog import LogWithInbox
from service.store.records import OutboxRow, Submission
from service.store.roles import EventLog, Outbox
from service.time.absence import absence_events, bouncing_until

PERMANENT, TEMPORARY = "permanent", "temporary"
STATUS = re.compile(r"\b([245])\.(\d{1,3})\.(\d{1,3})\b")
REPLY_CODE = re.compile(r"(?<![\d.])([45])[0-9]{2}(?=[ -])")
DELAY_WORDS = ("delayed", "will retry", "will be retried", "still trying",
               "not yet been delivered", "will continue trying", "warning: message")
FAILURE_WORDS = ("permanent error", "permanent failure", "permanent fatal",
                 "could not be delivered", "undeliverable", "delivery has failed", "delivery failed",
                 "user unknown", "unknown user", "no such user", "does not exist",
                 "mailbox unavailable", "mailbox not found", "address rejected",
                 "i'm afraid i wasn't able to deliver", "failed permanently", "returned mail")
BOUNCE_DAYS = 30
"""How long after its mail went out a delivery's bounce address still marks anything."""
MAX_READ = 64 * 1024
"""How much of a report's text is read: the human part of a bounce is short."""


class BouncedMail(LogWithInbox, Outbox, Protocol):
    """The store as a bounce is recorded: the delivery it names, the input routed to that
    delivery's seat, and the seat's failing mail noted in the log."""


@dataclass(frozen=True)
class Bounce:
    """What a bounce says: `kind` (PERMANENT, TEMPORARY, or '' when it reports no failure: a
    delivery report, an out-of-office note), the status code, the recipient, the diagnosis."""

    kind: str
    status: str = ""
    recipient: str = ""
    diagnostic: str = ""

    def reason(self) -> str:
        """Return the bounce in one line for people: status and diagnosis."""
        said = " ".join(part for part in (self.status, self.diagnostic) if part)
        return " ".join(said.split())[:300] or "the receiving mail server gave no reason"


def read_bounce(message: EmailMessage) -> Bounce:
    """Return what a bounce says, from its delivery-status part or else from its text."""
    for part in message.walk():
        if part.get_content_type() == "message/delivery-status":
            found = _from_delivery_status(part)
            if found is not None:
                return found
    if (str(message.get("Auto-Submitted", "")).lower().startswith("auto-replied")):
        return Bounce("")  # an out-of-office answer to the envelope sender: no failure
    return _from_text(_report_text(message))


def _from_delivery_status(part: Message) -> Bounce | None:
    """Return the worst per-recipient result of an RFC 3464 report (None: none readable)."""
    blocks = [block for block in part.get_payload() if isinstance(block, Message)] if \
        part.is_multipart() else []
    found: list[Bounce] = []
    for block in blocks[1:] or blocks:  # the first block is about the message, not a recipient
        action = str(block.get("Action", "")).strip().lower()
        status = str(block.get("Status", "")).strip()
        code = STATUS.search(status)
        kind = (PERMANENT if action == "failed" or (code and code[1] == "5") else
                TEMPORARY if action == "delayed" or (code and code[1] == "4") else "")
        recipient = str(block.get("Final-Recipient", "") or block.get("Original-Recipient", ""))
        found.append(Bounce(kind, code[0] if code else "", recipient.rpartition(";")[2].strip(),
                            _diagnostic(str(block.get("Diagnostic-Code", "")))))
    ranked = sorted(found, key=lambda b: {PERMANENT: 0, TEMPORARY: 1}.get(b.kind, 2))
    return ranked[0] if ranked else None


def _diagnostic(value: str) -> str:
    """Return a Diagnostic-Code without its type ("smtp; 550 ..." gives "550 ...")."""
    return " ".join(value.partition(";")[2].split() if ";" in value else value.split())


def _report_text(message: EmailMessage) -> str:
    """Return the text of a bounce written for people, without the returned message."""
    texts: list[str] = []
    for part in message.walk():
        if part.get_content_type() in ("message/rfc822", "text/rfc822-headers"):
            break
        if part.get_content_maintype() == "text" and not part.is_multipart():
            try:
                texts.append(str(part.get_content()))
            except (LookupError, ValueError):
                payload = part.get_payload(decode=True)
                texts.append(payload.decode("utf-8", "replace") if isinstance(
                    payload, bytes) else "")
    text = "\n".join(texts)[:MAX_READ]
    # The returned message often follows the report inline (qmail): stop at its headers.
    cut = re.search(r"^-+ ?(Below this line is a copy|This is a copy|Original message)",
                    text, re.IGNORECASE | re.MULTILINE)
    return text[:cut.start()] if cut else text


def _from_text(text: str) -> Bounce:
    """Return what the words of a non-standard bounce say (status codes first, then phrases)."""
    lower = text.lower()
    status = STATUS.search(text)
    code = REPLY_CODE.search(text)
    line = _telling_line(text, status[0] if status else code[0] if code else "")
    if status and status[1] == "5" or (not status and code and code[1] == "5"):
        return Bounce(PERMANENT, status[0] if status else code[0] if code else "", "", line)
    if status and status[1] == "4" or (not status and code and code[1] == "4"):
        return Bounce(TEMPORARY, status[0] if status else code[0] if code else "", "", line)
    if any(words in lower for words in DELAY_WORDS):
        return Bounce(TEMPORARY, "", "", line)
    if any(words in lower for words in FAILURE_WORDS):
        return Bounce(PERMANENT, "", "", line)
    return Bounce("")


def _telling_line(text: str, code: str) -> str:
    """Return the line of a report that holds its status code (or its first non-empty line)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    chosen = next((line for line in lines if code and code in line), lines[0] if lines else "")
    return chosen[:300]


def process_bounce(store: BouncedMail, config: Config, sub: Submission, message: EmailMessage,
                   delivery: int) -> SubmissionResult:
    """Record what a bounce to a delivery's signed address says; never answered."""
    row = store.get_outbox(delivery)
    bounce = read_bounce(message)
    ignored = (f"no delivery {delivery}" if row is None else "not a failure report"
               if not bounce.kind else _marks_nothing(store, row, sub, message))
    if row is None or ignored:
        count_bounce("")
        return SubmissionResult(sub.id, "bounce", notes=(ignored,))
    if row.recipient != MASTER:
        store.set_submission_route(sub.id, row.game_id, row.recipient)
    if store.mark_outbox_bounced(delivery, f"{bounce.kind}: {bounce.reason()}"[:500],
                                 permanent=bounce.kind == PERMANENT):
        count_bounce(bounce.kind)
        if bounce.kind == PERMANENT:
            count_delivery("turn", "bounced")
    if bounce.kind == PERMANENT:
        refused_for_good(store, config, row, bounce.reason(), sub.id, bounce.recipient)
    return SubmissionResult(sub.id, "bounce", notes=(f"{bounce.kind}: {bounce.reason()}",))


def _marks_nothing(store: EventLog, row: OutboxRow, sub: Submission,
                   message: EmailMessage) -> str:
    """Return why a failure report for a delivery marks nothing ('' when it counts): its
    bounce address expired, or it came from the address the mail went to or the seat's own."""
    if row.sent_at and parse_time(row.sent_at) < clock.now() - timedelta(
            days=BOUNCE_DAYS):
        return f"the bounce address expired ({BOUNCE_DAYS} days after its mail)"
    senders = {normal_address(sub.sender or ""), normal_address(
        parseaddr(str(message.get("From", "") or ""))[1])} - {""}
    own = {normal_address(row.address or "")}
    if row.recipient != MASTER and store.get_game(row.game_id) is not None:
        meta = load_game(store, row.game_id).meta
        if row.recipient in meta.seat_names:
            own.add(normal_address(meta.seat(row.recipient).email))
    if senders & (own - {""}):
        return "a report from the address the mail went to marks nothing"
    return ""


def refused_for_good(store: EventLog, config: Config, row: OutboxRow, reason: str,
                     causation: str, recipient: str = "") -> bool:
    """Mark the mail of the seat a delivery went to as failing (once per cause), tell the game
    master, and let its open deadline wait as for an absence. True when newly marked.

    The game master's own mail and a seat whose address changed since are left alone.
    """
    if row.recipient == MASTER or store.get_game(row.game_id) is None:
        return False

    def build(loaded: LoadedGame) -> list[Any]:
        meta, seat = loaded.meta, row.recipient
        if seat not in meta.seat_names or seat in meta.mail_failing or meta.finished:
            return []
        email = meta.seat(seat).email
        hit = {normal_address(found) for found in (row.address, recipient) if found}
        if hit - {normal_address(email)}:  # where it went, or where the report says it failed
            return []  # an address the seat no longer has
        now = clock.now()
        mark = SeatMailStatus(seat, email, format_time(now), reason[:300])
        failing = replace(loaded, meta=apply_service_event(meta, meta.id, mark, loaded.seq + 1))
        return [mark, *absence_events(failing, seat, bouncing_until(meta, mark.since), now)]

    return append_once(store, row.game_id, causation, "mail", build,
                       master_notice="master-bounce")
