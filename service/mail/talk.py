"""Everything in a reply that is not an order: press to send, mail commands to answer, chat.

`take_talk` sends the press, answers the commands and returns the order lines left for the
order path, with the notes and the set-aside lines for the acknowledgement.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from email.message import EmailMessage

from engine.core import get_game
from service.base.tokens import AddressClaim
from service.game.events import MASTER, SERVICE_EVENTS, PressSent
from service.game.loading import load_game
from service.game.numbers import mailed_seq
from service.mail.letter import OrderWords, ReadLetter, read_letter
from service.mail.pressreply import refuse_orders, reply_text, send_and_note
from service.mail.reading import Extracted
from service.orders.results import ServiceError
from service.seats.manual import manual_text
from service.seats.press import answer_request
from service.seats.seatcommands import SeatCommanding, answer
from service.store.roles import EventLog

PRESS_MESSAGE_ID = re.compile(r"<(?P<game>[0-9a-f]{8})\.(?P<seq>n?\d+)\.(?P<seat>[a-z0-9_-]+)"
                              r"\.press@")


@dataclass(frozen=True)
class Talk:
    """What a reply said besides orders: answers and notes, lines set aside, help asked for."""

    orders: tuple[str, ...]
    notes: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()
    help_asked: bool = False

    @property
    def said_something(self) -> bool:
        """Return whether press or a command was handled."""
        return bool(self.notes) or self.help_asked


def take_talk(store: SeatCommanding, sub_id: str, claim: AddressClaim, message: EmailMessage,
              extracted: Extracted, in_reply_to: str) -> Talk:
    """Send the press and answer the commands of a reply; return what is left to decide."""
    letter = read_letter(extracted.blocks or extracted.lines, _order_words(store, claim))
    answered = _answered_press(store, claim, in_reply_to)
    if answered is not None and not letter.press:
        letter = _as_press_reply(store, letter, extracted, answered, claim.game_id)
    notes: list[str] = []
    for index, request in enumerate(letter.press):
        notes.append(send_and_note(store, claim.game_id, claim.seat, request,
                                   f"{sub_id}#press{index}"))
    help_asked = False
    for index, command in enumerate(letter.commands):
        if command.lower().rstrip("?!. ") in {"help", ""}:
            help_asked = True  # what the seat can write is added once its orders are decided
            continue
        notes.append(_command(store, claim, command, f"{sub_id}#cmd{index}"))
    if help_asked:
        loaded = load_game(store, claim.game_id)
        notes.append(manual_text(loaded.meta, loaded.game))
    return Talk(letter.orders, tuple(notes), letter.ignored, help_asked)


def _order_words(store: EventLog, claim: AddressClaim) -> OrderWords:
    """Return the order words of the game's rules (its registry row is enough to know them)."""
    row = store.get_game(claim.game_id)
    if row is None:
        return OrderWords(frozenset())
    return OrderWords.of(get_game(row.game, row.engine_version))


def _command(store: SeatCommanding, claim: AddressClaim, command: str, causation: str) -> str:
    """Answer one mail command; a problem is answered, never raised."""
    try:
        text = answer(store, claim.game_id, claim.seat, command, causation)
    except ServiceError as exc:
        text = f"Not done: {exc.message}"
    return f"{command}\n{text}"


def _answered_press(store: EventLog, claim: AddressClaim, in_reply_to: str) -> PressSent | None:
    """Return the press message a reply answers, if it answers one mailed to this seat."""
    match = PRESS_MESSAGE_ID.search(in_reply_to)
    if match is None or match["game"] != claim.game_id or match["seat"] != claim.seat:
        return None
    seq = mailed_seq(store, claim.game_id, claim.seat, match["seq"])
    rows = store.events(claim.game_id, after_seq=seq - 1, upto=seq)
    if not rows or rows[0].type != "press.sent":
        return None
    item = SERVICE_EVENTS.load(rows[0].type, rows[0].payload, rows[0].schema_version)
    if not isinstance(item, PressSent) or item.sender == MASTER:
        return None
    return item if claim.seat in item.recipients else None


def _as_press_reply(store: EventLog, letter: ReadLetter, extracted: Extracted,
                    answered: PressSent, game_id: str) -> ReadLetter:
    """Return the letter read as one press answer to the message it replies to.

    Like an answer by the press email's own address, it never carries orders or commands
    (ServiceError when a line reads as one); a `press to ...:` paragraph makes it a letter.
    """
    text = reply_text(extracted.blocks or extracted.lines)
    if not text:
        return letter
    loaded = load_game(store, game_id)
    refuse_orders(text, OrderWords.of(loaded.game))
    return ReadLetter(press=(answer_request(loaded.meta, answered, text),))
