"""Orders by email: store the raw message first, then authenticate, read and decide it.

Three ways in (the SMTP listener, IMAP polling, an MTA pipe into `pbem ingest`) end in
`receive_email`; `process_email` does the rest, once per message whatever happens.
"""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from email.message import EmailMessage
from email.utils import getaddresses

from engine.core import RuleViolation

from ..config import Config
from ..games import (
    ServiceError,
    SubmissionResult,
    decide_order,
    help_now,
    rejection,
)
from ..loading import load_game
from ..store import Store, Submission
from ..tokens import AddressClaim, read_address, signature_matches
from .chat import is_auto_reply
from .reading import extract_orders, parse_message
from .talk import take_talk

EMAIL_SOURCE = "email"
OUR_MESSAGE_ID = re.compile(r"<(?P<game>[0-9a-f]{8})\.(?P<seq>\d+)\.(?P<seat>[a-z0-9_-]+)\.")


def raw_to_text(raw: bytes) -> str:
    """Return raw message bytes as a str that gives back the very same bytes."""
    return raw.decode("utf-8", "surrogateescape")


def text_to_raw(text: str) -> bytes:
    """Return the original bytes of a message stored with raw_to_text."""
    return text.encode("utf-8", "surrogateescape")


def receive_email(store: Store, raw: bytes, *, envelope_from: str | None = None,
                  envelope_to: Sequence[str] = ()) -> tuple[Submission, bool]:
    """Store a received message before anything else; (submission, False) for a duplicate."""
    message = parse_message(raw)
    message_id = safe_header(message, "Message-ID")
    key = message_id or "sha256:" + hashlib.sha256(raw).hexdigest()
    sender = envelope_from or _guarded(lambda: _first_address(message, "From"))
    recipient = (_play_address(list(envelope_to))
                 or _guarded(lambda: _play_address(_header_addresses(message))))
    return store.add_submission(EMAIL_SOURCE, raw_to_text(raw), sender=sender,
                                idempotency_key=key, recipient=recipient or
                                (envelope_to[0] if envelope_to else None))


def safe_header(message: EmailMessage, name: str) -> str:
    """Return a header's text, or '' when it is missing or too broken to read."""
    try:
        return str(message.get(name, "") or "").strip()
    except Exception:  # noqa: BLE001 - a hostile header must not lose the message
        return ""


def _guarded(read: Callable[[], str | None]) -> str | None:
    """Return what `read` finds in the headers, or None when they are too broken to read."""
    try:
        return read()
    except Exception:  # noqa: BLE001 - a hostile header must not lose the message
        return None


def _first_address(message: EmailMessage, header: str) -> str | None:
    found = getaddresses([str(v) for v in message.get_all(header, [])])
    return found[0][1] if found and found[0][1] else None


def _header_addresses(message: EmailMessage) -> list[str]:
    values = []
    for header in ("Delivered-To", "X-Original-To", "To", "Cc"):
        values += [str(v) for v in message.get_all(header, [])]
    return [address for _, address in getaddresses(values) if address]


def _play_address(addresses: list[str]) -> str | None:
    for address in addresses:
        if read_address(address) is not None:
            return address
    return None


def process_email(store: Store, config: Config, sub: Submission) -> SubmissionResult:
    """Authenticate and decide a stored message, order line by order line; record the result."""
    if sub.status != "received":
        return SubmissionResult.from_submission(sub)
    try:
        result = _process(store, config, sub)
    except (RuleViolation, ServiceError) as exc:
        result = rejection(sub.id, exc)
    store.set_submission_result(sub.id, result.status, result.as_dict())
    return result


def _process(store: Store, config: Config, sub: Submission) -> SubmissionResult:
    raw = text_to_raw(sub.body)
    if len(raw) > config.max_message_bytes:
        raise ServiceError(f"The message is {len(raw) // 1024} KiB; messages over "
                           f"{config.max_message_bytes // 1024} KiB are not read. Send your "
                           "orders as plain text, without attachments.", "message-too-large")
    message = parse_message(raw)
    if is_auto_reply(message, safe_header):
        raise ServiceError("Automatic mail (an out-of-office note, a bounce) is kept but never "
                           "read as orders.", "automatic-mail")
    claim = authenticate(store, config, sub.recipient)
    store.set_submission_route(sub.id, claim.game_id, claim.seat)
    extracted = extract_orders(message)
    talk = take_talk(store, sub.id, claim, message, extracted,
                     safe_header(message, "In-Reply-To"))
    if not extracted.lines or not (talk.orders or talk.said_something):
        notes = "".join(f" Note: {note}." for note in extracted.problems)
        chat = (" To talk to the other players, begin a paragraph with `press to all:` or "
                "`press to NAME:`." if talk.ignored else "")
        raise ServiceError(f"No orders were found in your message.{notes} Write each order on "
                           f"its own line above the quoted turn email.{chat}", "no-orders")
    result = SubmissionResult(sub.id, "talk")
    if talk.orders:
        result = _decide_lines(store, sub, claim, talk.orders, _stale_key(store, message, claim))
    result = replace(result, notes=talk.notes, ignored=talk.ignored)
    if not talk.help_asked:
        return result
    helped = replace(result, legal=result.legal or help_now(store, claim.game_id, claim.seat))
    return replace(helped, status="help") if not talk.orders else helped


def authenticate(store: Store, config: Config, recipient: str | None) -> AddressClaim:
    """Return the seat a message was sent to, if its signed address is the seat's current one."""
    claim = read_address(recipient or "")
    if claim is None:
        raise ServiceError("Orders must be sent to your seat's own reply address (the Reply-To "
                           "of your turn email); this message was not.", "unsigned-address")
    row = store.get_game(claim.game_id)
    key = config.secret_key()
    if row is None:
        raise ServiceError("This reply address does not belong to any game.", "forged-address")
    meta = load_game(store, claim.game_id, row=row).meta
    if claim.seat not in meta.seat_names:
        raise ServiceError("This reply address does not belong to any seat.", "forged-address")
    generation = meta.generation(claim.seat)
    if signature_matches(key, claim, generation, "mail"):
        return claim
    if any(signature_matches(key, claim, old, "mail") for old in range(generation)):
        raise ServiceError("This reply address was replaced by a newer one; use the address "
                           "of your latest turn email.", "old-address")
    raise ServiceError("This reply address is not valid.", "forged-address")


def _stale_key(store: Store, message: EmailMessage, claim: AddressClaim) -> str | None:
    """Return the seat's prompt key when the answered email was sent, if it is ours."""
    replied = safe_header(message, "In-Reply-To")
    match = OUR_MESSAGE_ID.search(replied)
    if match is None or match["game"] != claim.game_id or match["seat"] != claim.seat:
        return None
    then = load_game(store, claim.game_id, upto=int(match["seq"]))
    prompt = then.game.prompt_for(then.state, claim.seat)
    return prompt.key if prompt is not None else None


def _decide_lines(store: Store, sub: Submission, claim: AddressClaim, lines: Sequence[str],
                  stale_key: str | None) -> SubmissionResult:
    """Decide the lines in order; stop at the first refusal. Lines decided before are kept."""
    done = _lines_already_decided(store, claim.game_id, sub.id)
    accepted: list[str] = [text for text, _ in done]
    seq = done[-1][1] if done else 0
    for index, line in enumerate(lines[len(done):], start=len(done)):
        try:
            text, seq = decide_order(store, claim.game_id, claim.seat, line, causation=sub.id,
                                     actor=claim.seat,
                                     prompt_key=stale_key if index == 0 else None)
        except (RuleViolation, ServiceError) as exc:
            return rejection(sub.id, exc, tuple(accepted), line)
        accepted.append(text)
    return SubmissionResult(sub.id, "accepted", orders=tuple(accepted), seq=seq)


def _lines_already_decided(store: Store, game_id: str, sub_id: str) -> list[tuple[str, int]]:
    """Return the orders of this message already in the log (when processing is re-run)."""
    return [(e.payload["text"], e.seq) for e in store.events(game_id)
            if e.type == "order.accepted" and e.causation == sub_id]
