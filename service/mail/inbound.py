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
from typing import Protocol, TypeVar

from engine.core import RuleViolation
from service.base.config import Config
from service.base.ids import GAME_ID_PATTERN
from service.base.inputs import clean_for_index
from service.base.tokens import (
    AddressClaim,
    is_bounce_address,
    press_signature_matches,
    read_address,
    read_bounce_address,
    read_press_address,
    signature_matches,
)
from service.game.loading import LoadedGame, load_game
from service.game.meta import normal_address
from service.game.numbers import mailed_seq
from service.mail.bounces import process_bounce
from service.mail.chat import is_auto_reply
from service.mail.hygiene import automatic_reason, envelope_sender
from service.mail.identity import (
    decoded_content,
    message_content,
    message_key,
    relayed_key,
    safe_header,
)
from service.mail.pressreply import answer_by_press_address, authenticate_press
from service.mail.public import answer_public
from service.mail.reading import extract_orders, parse_message, raw_to_text, text_to_raw
from service.mail.senders import held_answered, hold, must_confirm, release
from service.mail.talk import take_talk
from service.orders.appending import outbox_rows
from service.orders.deciding import decide_order, help_now
from service.orders.results import ServiceError, SubmissionResult, record_result, rejection
from service.seats.mailmarks import heal_mark
from service.store.orderlog import OrderLog
from service.store.roles import EventLog, Inbox, MailRecord, Outbox
from service.store.store import Store, Submission

EMAIL_SOURCE = "email"
"""The source of the submissions that came in by mail; its processor is `process_email`,
registered under this name in the entry-point group "pbem.processors" (pyproject.toml)."""
T = TypeVar("T")
OUR_MESSAGE_ID = re.compile(r"<(?P<game>" + GAME_ID_PATTERN + r")\.(?P<seq>n?\d+)\.(?P<seat>[a-z0-9_-]+)\.")


class MailOrders(OrderLog, Outbox, Protocol):
    """The order path with the outbox: an email's lines are decided one by one, and their
    one round of mail is written after the last."""


class MailedLog(EventLog, MailRecord, Protocol):
    """A game's log and what the outbox says was mailed from it."""


def receive_email(store: Inbox, raw: bytes, *, envelope_from: str | None = None,
                  envelope_to: Sequence[str] = ()) -> list[tuple[Submission, bool]]:
    """Store a received message before anything else, once per game address it was sent to.

    Returns (submission, created) per address, in the order they were named; `created` is
    False for a copy stored before (see `message_key`). A message to no play address is still
    stored once, under its first recipient, to be answered with why it was not read.
    """
    message = parse_message(raw)
    sender = clean_for_index(envelope_sender(envelope_from)
                             or _guarded(lambda: _first_address(message, "From")))
    found = _play_addresses(list(envelope_to)) or _guarded(
        lambda: _play_addresses(_header_addresses(message)))
    places: list[str | None] = [*found] if found else [envelope_to[0] if envelope_to else (
        _guarded(lambda: next(iter(_header_addresses(message)), None)))]
    message_id = safe_header(message, "Message-ID")
    date = " ".join(safe_header(message, "Date").split())
    content = message_content(raw)
    identity = (message_id + "\0" + date).encode() if message_id and date else \
        message_id.encode() + b"\0" + decoded_content(message)
    received = []
    for place in places:
        recipient = clean_for_index(place)
        earlier = _stored_before_keys_were_scoped(store, message_id or raw, recipient, sender,
                                                  content) or store.submission_by_key(
            EMAIL_SOURCE, message_key(recipient, sender, message_id, content))
        if earlier is not None:
            received.append((earlier, False))
            continue
        # Header values may hold NULs or undecodable bytes: only the raw body keeps them as is.
        received.append(store.add_submission(
            EMAIL_SOURCE, raw_to_text(raw), sender=sender, recipient=recipient,
            idempotency_key=relayed_key(recipient, sender, identity)))
    return received


def _stored_before_keys_were_scoped(store: Inbox, legacy: str | bytes, recipient: str | None,
                                    sender: str | None, content: bytes) -> Submission | None:
    """Return this very message if it was stored under its Message-ID (or raw hash) alone.

    Messages stored before the keys named their place and sender were keyed that way; a copy
    delivered again now is still the same message, but only if place, sender and content match.
    """
    key = legacy if isinstance(legacy, str) else "sha256:" + hashlib.sha256(legacy).hexdigest()
    earlier = store.submission_by_key(EMAIL_SOURCE, clean_for_index(key) or "")
    if earlier is None or (earlier.recipient or "").lower() != (recipient or "").lower():
        return None
    if (earlier.sender or "").lower() != (sender or "").lower():
        return None
    return earlier if message_content(text_to_raw(earlier.body)) == content else None


def _guarded(read: Callable[[], T]) -> T | None:
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


def _play_addresses(addresses: list[str]) -> list[str]:
    """Return the seat, press and bounce addresses among `addresses`, each once, in order."""
    found: dict[str, str] = {}
    for address in addresses:
        if (read_address(address) is not None or read_press_address(address) is not None
                or is_bounce_address(address)):
            found.setdefault(address.lower(), address)
    return list(found.values())


def process_email(store: Store, config: Config, sub: Submission) -> SubmissionResult:
    """Authenticate and decide a stored message, order line by order line; record the result."""
    if sub.status != "received":
        return SubmissionResult.from_submission(sub)
    try:
        result, refused_line = _process(store, config, sub)
    except (RuleViolation, ServiceError) as exc:
        result, refused_line = rejection(sub.id, exc), None
    return record_result(store, result, refused_line, rerun=lambda: _again(store, config, sub.id))


def _again(store: Store, config: Config, submission_id: str) -> SubmissionResult:
    """Process a message again after another run decided one of its lines meanwhile."""
    sub = store.get_submission(submission_id)
    if sub is None:
        raise ServiceError(f"no submission {submission_id!r}", "unknown-submission")
    return process_email(store, config, sub)


def _process(store: Store, config: Config,
             sub: Submission) -> tuple[SubmissionResult, int | None]:
    """Return the message's result and the number of its refused line (None: none refused)."""
    raw = text_to_raw(sub.body)
    if len(raw) > config.max_message_bytes:
        raise ServiceError(f"The message is {len(raw) // 1024} KiB; messages over "
                           f"{config.max_message_bytes // 1024} KiB are not read. Send your "
                           "orders as plain text, without attachments.", "message-too-large")
    message = parse_message(raw)
    if is_bounce_address(sub.recipient or ""):
        delivery = read_bounce_address(config.secret_key(), sub.recipient or "")
        if delivery is None:
            raise ServiceError("This bounce address was not signed by the service.",
                               "forged-address")
        return process_bounce(store, config, sub, message, delivery), None
    if automatic_reason(message, sub.sender) or is_auto_reply(message, safe_header):
        raise ServiceError("Automatic mail (an out-of-office note, a bounce) is kept but never "
                           "read as orders.", "automatic-mail")
    if (sub.recipient or "").lower() == config.public_address:
        return answer_public(store, config, sub, message,
                             safe_header(message, "In-Reply-To")), None
    press = read_press_address(sub.recipient or "")
    if press is not None:
        answered, _ = authenticate_press(store, config, press)
        if must_confirm(answered.meta, press.seat, sub.sender):
            return hold(store, sub, answered, press.seat), None
        return answer_by_press_address(store, config, sub, message, press), None
    claim, loaded = authenticate_loaded(store, config, sub.recipient)
    if must_confirm(loaded.meta, claim.seat, sub.sender):
        return hold(store, sub, loaded, claim.seat), None
    store.set_submission_route(sub.id, claim.game_id, claim.seat)
    if claim.seat in loaded.meta.mail_failing and normal_address(sub.sender or "") == \
            normal_address(loaded.meta.seat(claim.seat).email) and heal_mark(
                store, claim.game_id, claim.seat, f"heal:{sub.id}",
                "the seat's player wrote from its address"):
        loaded = load_game(store, claim.game_id)  # its deadlines run again
    extracted = extract_orders(message)
    held = held_answered(store, claim.game_id, claim.seat, safe_header(message, "In-Reply-To"))
    if held and [line.strip().lower() for line in extracted.lines[:1]] == ["confirm"]:
        return _confirmed(store, config, sub, held), None
    talk = take_talk(store, sub.id, claim, message, extracted,
                     safe_header(message, "In-Reply-To"))
    if extracted.lines and talk.ignored and not (talk.orders or talk.said_something):
        # chat alone (greetings, thanks, a name signing off): listed as not read, not refused
        return SubmissionResult(sub.id, "talk", ignored=talk.ignored, notes=(
            "Nothing in your message reads as an order, so nothing was done.",)), None
    if not extracted.lines or not (talk.orders or talk.said_something):
        notes = "".join(f" Note: {note}." for note in extracted.problems)
        chat = (" To talk to the other players, begin a paragraph with `press to all:` or "
                "`press to NAME:`." if talk.ignored else "")
        raise ServiceError(f"No orders were found in your message.{notes} Write each order on "
                           f"its own line above the quoted turn email.{chat}", "no-orders")
    result, refused = SubmissionResult(sub.id, "talk"), None
    if talk.orders:
        if talk.notes:  # press or a command was appended: decide on the game as it is now
            loaded = load_game(store, claim.game_id)
        result, refused = _decide_lines(store, sub, claim, list(talk.orders),
                                        _stale_key(store, message, claim), loaded)
    result = replace(result, notes=talk.notes, ignored=talk.ignored)
    if not talk.help_asked:
        return result, refused
    helped = replace(result, legal=result.legal or help_now(store, claim.game_id, claim.seat))
    return (replace(helped, status="help") if not talk.orders else helped), refused


def _confirmed(store: Store, config: Config, sub: Submission,
               held: Sequence[Submission]) -> SubmissionResult:
    """Act on the held messages its seat confirmed by reply, oldest first; answer with what
    became of each."""
    orders: list[str] = []
    notes: list[str] = []
    for one in held:
        released, _ = release(store, one)
        outcome = process_email(store, config, released)
        said = {"accepted": "its orders were accepted", "partial": "some of its orders were "
                "accepted", "talk": "it was delivered", "help": "it was answered"}.get(
            outcome.status, f"it was read, and refused: {outcome.message}")
        orders += outcome.orders
        notes.append(f"Confirmed: the message from {one.sender or 'an unknown sender'} was "
                     f"acted on as yours, and {said}.")
    return SubmissionResult(sub.id, "talk", orders=tuple(orders), notes=tuple(notes))


def authenticate(store: EventLog, config: Config, recipient: str | None) -> AddressClaim:
    """Return the seat a message was sent to, if its signed address is the seat's current one.

    A press reply address stands for the seat that reads the press message it was sent with.
    """
    press = read_press_address(recipient or "")
    if press is not None:
        authenticate_press(store, config, press)
        return AddressClaim(press.game_id, press.seat, press.signature, press.domain)
    return authenticate_loaded(store, config, recipient)[0]


def authenticate_loaded(store: EventLog, config: Config,
                        recipient: str | None) -> tuple[AddressClaim, LoadedGame]:
    """Return the seat a message was sent to (and its game, read once), if the address is good."""
    claim = read_address(recipient or "")
    if claim is None:
        raise ServiceError("Orders must be sent to your seat's own reply address (the Reply-To "
                           "of your turn email); this message was not.", "unsigned-address")
    row = store.get_game(claim.game_id)
    key = config.secret_key()
    if row is None:
        raise ServiceError("This reply address does not belong to any game.", "forged-address")
    loaded = load_game(store, claim.game_id, row=row)
    meta = loaded.meta
    if claim.seat not in meta.seat_names:
        raise ServiceError("This reply address does not belong to any seat.", "forged-address")
    generation = meta.generation(claim.seat)
    if signature_matches(key, claim, generation, "mail"):
        return claim, loaded
    if any(signature_matches(key, claim, old, "mail") for old in range(generation)):
        raise ServiceError("This reply address was replaced by a newer one; use the address "
                           "of your latest turn email.", "old-address")
    raise ServiceError("This reply address is not valid.", "forged-address")


SIGNED_GENERATIONS = 64
"""How many generations of a seat's address the recipient check tries by signature alone."""


def recipient_refusal(store: EventLog, config: Config, address: str) -> str:
    """Return the SMTP refusal of mail for `address` ('' when it is the public address, or a
    seat's or a delivery's signed address).

    An address whose signature the service made (for any of the first SIGNED_GENERATIONS of
    its seat) is taken without asking the database, so a database outage delays processing,
    never the acceptance of a player's mail (and no relay caches a temporary refusal of it).
    An address of an older generation is taken, so its sender learns of the newer one.
    """
    if address.strip().strip("<>").lower() == config.public_address:
        return ""
    if is_bounce_address(address):
        if read_bounce_address(config.secret_key(), address) is None:
            return "550 5.7.1 This bounce address is not valid"
        return ""
    if signed_by_us(config.secret_key(), address):
        return ""
    try:
        authenticate(store, config, address)
    except ServiceError as exc:
        if exc.code == "unsigned-address":
            return ("550 5.1.1 No such mailbox here: orders go to the Reply-To address of "
                    "your turn email")
        if exc.code != "old-address":
            return "550 5.7.1 This reply address is not valid"
    return ""


def signed_by_us(key: bytes, address: str) -> bool:
    """Return whether a seat's or press reply address carries a signature the service made,
    for one of the first SIGNED_GENERATIONS of its seat (read from the address alone)."""
    claim = read_address(address)
    if claim is not None:
        return any(signature_matches(key, claim, generation, "mail")
                   for generation in range(SIGNED_GENERATIONS))
    press = read_press_address(address)
    return press is not None and any(press_signature_matches(key, press, generation)
                                     for generation in range(SIGNED_GENERATIONS))


def _stale_key(store: MailedLog, message: EmailMessage, claim: AddressClaim) -> str | None:
    """Return the seat's prompt key when the answered email was sent, if it is ours."""
    replied = safe_header(message, "In-Reply-To")
    match = OUR_MESSAGE_ID.search(replied)
    if match is None or match["game"] != claim.game_id or match["seat"] != claim.seat:
        return None
    seq = mailed_seq(store, claim.game_id, claim.seat, match["seq"])
    sent = store.delivery_payload(claim.game_id, seq, claim.seat)
    if sent is not None and "prompt" in sent:
        return str(sent["prompt"]) if sent["prompt"] is not None else None
    then = load_game(store, claim.game_id, upto=seq)  # mail sent before 0002
    prompt = then.game.prompt_for(then.state, claim.seat)
    return prompt.key if prompt is not None else None


def _decide_lines(store: MailOrders, sub: Submission, claim: AddressClaim, lines: Sequence[str],
                  stale_key: str | None,
                  loaded: LoadedGame) -> tuple[SubmissionResult, int | None]:
    """Decide the lines in order; stop at the first refusal. Lines decided before are kept.

    Several lines make one round of mail, written once the last of them is decided. Returns
    the result and the number of the refused line (None when every line passed).
    """
    done = store.decided_lines(sub.id)
    accepted: list[str] = [text for _, _, text in done]
    seq = done[-1][1] if done else 0
    single = len(lines) == 1
    start = None if done else (loaded.state, loaded.seq)
    current: LoadedGame | None = loaded
    refused: tuple[SubmissionResult, int] | None = None
    for index, line in enumerate(lines[len(done):], start=len(done)):
        try:
            text, seq = decide_order(store, claim.game_id, claim.seat, line, causation=sub.id,
                                     actor=claim.seat, line=index, loaded=current,
                                     prompt_key=stale_key if index == 0 else None,
                                     notify=single)
        except (RuleViolation, ServiceError) as exc:
            refused = rejection(sub.id, exc, tuple(accepted), line), index
            break
        current = loaded if loaded.seq == seq else None
        accepted.append(text)
    if not single and accepted:
        after = loaded if loaded.seq == seq else load_game(store, claim.game_id, upto=seq)
        _one_round(store, sub.id, start, after, claim.seat)
    if refused is not None:
        return refused
    return SubmissionResult(sub.id, "accepted", orders=tuple(accepted), seq=seq), None


def _one_round(store: MailOrders, submission_id: str, start: tuple[object, int] | None,
               after: LoadedGame, seat: str) -> None:
    """Write the one round of mail of a message's accepted lines (idempotent on a re-run)."""
    if start is None:  # an earlier run decided some lines: begin where the message began
        origin = load_game(store, after.meta.id,
                           upto=store.first_decided_seq(submission_id) - 1)
        start = (origin.state, origin.seq)
    state, seq = start
    rows = outbox_rows(after.game, state if seq else None, after.state, after.meta, after.seq,
                       seat)
    store.add_outbox(after.meta.id, rows)
