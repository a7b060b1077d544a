"""Answering a press mail: its own signed Reply-To takes the answer to the message's sender.

The address names the reading seat and the message's place in the log, never the sender, so
the reader of an anonymous message cannot learn from it who wrote. What the reader writes
above the quoted message goes, as press, to the sender alone (to everyone where the game
allows open press only); an answer to an anonymous message reaches its sender without
naming them to the one who answers, and the sender's answer back stays anonymous.

An answer never carries orders or mail commands: when a line of it reads as one
(`letter.reads_as_order`), nothing is sent and nothing is done, and the answer says where
orders go instead.
"""
from __future__ import annotations

from collections.abc import Sequence
from email.message import EmailMessage

from service.base.config import Config
from service.base.tokens import PressClaim, press_signature_matches
from service.game.events import MASTER, PressSent, press_readers
from service.game.loading import LoadedGame, load_game
from service.game.meta import GameMeta
from service.game.numbers import mailed_seq
from service.mail.chat import is_closing, is_greeting, strip_bullet
from service.mail.letter import OrderWords, order_lines
from service.mail.reading import extract_orders
from service.orders.results import ServiceError, SubmissionResult
from service.seats.press import (
    PressRequest,
    answer_request,
    house_note,
    press_at,
    send_press,
)
from service.store.orderlog import LogWithInbox
from service.store.roles import EventLog
from service.store.store import Submission

PRESS_REPLY_LINES = 200
"""The most lines of an answer that are read (a message is capped in characters as well)."""
NOT_VALID = "This reply address is not valid."
WHERE_ORDERS_GO = ("Give orders and mail commands in a reply to your turn email, or to this "
                   "answer: both go to your seat's play address, which reads orders. A press "
                   "email's reply address takes talk only.")


def authenticate_press(store: EventLog, config: Config,
                       claim: PressClaim) -> tuple[LoadedGame, PressSent]:
    """Return the game and the answered message when the press address is the seat's current."""
    row = store.get_game(claim.game_id)
    if row is None:
        raise ServiceError("This reply address does not belong to any game.", "forged-address")
    loaded = load_game(store, claim.game_id, row=row)
    if claim.seat not in loaded.meta.seat_names:
        raise ServiceError("This reply address does not belong to any seat.", "forged-address")
    key = config.secret_key()
    generation = loaded.meta.generation(claim.seat)
    if not press_signature_matches(key, claim, generation):
        if any(press_signature_matches(key, claim, old) for old in range(generation)):
            raise ServiceError("This reply address was replaced by a newer one; use the "
                               "address of your latest turn email.", "old-address")
        raise ServiceError(NOT_VALID, "forged-address")
    seq = mailed_seq(store, claim.game_id, claim.seat, claim.named)
    answered = press_at(store, claim.game_id, seq) if seq <= loaded.seq else None
    if answered is None or answered.sender == MASTER or claim.seat not in answered.recipients:
        raise ServiceError(NOT_VALID, "forged-address")
    return loaded, answered


def answer_words(meta: GameMeta, answered: PressSent) -> str:
    """Return whom an answer to `answered` reaches, in words for its reader."""
    if answered.sender == MASTER:
        return ""
    request = answer_request(meta, answered, "")
    if request.to is None:
        return "everyone"
    if request.to_anonymous:
        return "the anonymous sender (who stays unnamed)"
    if request.anonymous:
        return f"{answered.sender}, without your name, as your first message was"
    return answered.sender


def reply_text(blocks: Sequence[str]) -> str:
    """Return what a player wrote as an answer: the lines above the quote, less hellos."""
    body = [line for line in blocks
            if not (is_greeting(strip_bullet(line)) or is_closing(strip_bullet(line)))]
    return "\n".join(body).strip()


def refuse_orders(text: str, order_words: OrderWords) -> None:
    """Raise ServiceError naming the lines of an answer that read as orders, if any.

    The lines are not sent (the press would show the reader what the writer meant to do)
    and not acted on (the writer may not have meant the answer as orders at all).
    """
    found = order_lines(text.splitlines(), order_words)
    if not found:
        return
    listed = ", ".join(f"`{line}`" for line in found)
    many = len(found) > 1
    raise ServiceError(
        f"A reply to a press email is talk only. {'These lines read' if many else 'This line reads'}"
        f" as orders or mail commands: {listed}. Nothing of your reply was sent, and "
        f"{'they were' if many else 'it was'} not acted on. {WHERE_ORDERS_GO} To send your "
        "talk, answer the press email again without "
        f"{'those lines' if many else 'that line'}.", "press-reply-orders")


def send_and_note(store: EventLog, game_id: str, seat: str, request: PressRequest,
                  causation: str) -> str:
    """Send one press message; return the note saying it went, or why it did not."""
    try:
        sent = send_press(store, game_id, seat, request, causation=causation)
    except ServiceError as exc:
        return f"Press not sent: {exc.message}"
    how = " anonymously" if sent.anonymous else ""
    note = house_note(load_game(store, game_id).meta, sent)
    return f"Press sent{how} to {press_readers(sent)}." + (f" {note}" if note else "")


def answer_by_press_address(store: LogWithInbox, config: Config, sub: Submission,
                            message: EmailMessage, claim: PressClaim) -> SubmissionResult:
    """Send a mail to a press address as press to the answered message's sender."""
    loaded, answered = authenticate_press(store, config, claim)
    store.set_submission_route(sub.id, claim.game_id, claim.seat)
    extracted = extract_orders(message, max_lines=PRESS_REPLY_LINES)
    text = reply_text(extracted.blocks or extracted.lines)
    if not text:
        raise ServiceError("Your answer is empty: write it above the quoted message. Orders "
                           "go to the Reply-To address of your turn email.", "press-empty")
    refuse_orders(text, OrderWords.of(loaded.game))
    request = answer_request(loaded.meta, answered, text)
    note = send_and_note(store, claim.game_id, claim.seat, request, f"{sub.id}#press0")
    return SubmissionResult(sub.id, "talk", notes=(note,))
