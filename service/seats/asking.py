"""Asking a seat to confirm held mail, at most once an hour.

A message to a seat's reply address from another address is held (`service.mail.senders`),
and the seat's own address gets a notice listing what waits. However many are held, the seat
gets at most one notice an hour: the first held message is noticed at once; those held within
the hour after a notice wait, and the sweep writes the next notice when the hour is over,
listing them all with their count. The hour is counted in the database (`mail_budget`, scope
"confirm"), so two messages held at the same instant by two workers still make one notice.
"""
from __future__ import annotations

from datetime import UTC, timedelta
from typing import Protocol

from service.base import clock
from service.store.budget import BudgetKey, MailBudget
from service.store.held import HeldReads
from service.store.records import TIME_FORMAT, NewOutbox
from service.store.roles import Connections, EventLog, Outbox

NOTICE_SECONDS = 3600
"""At most one confirm notice per seat in this many seconds."""
CONFIRM = "confirm"
"""The outbox kind (followed by the newest held submission's id) of a confirm notice."""
LOOK_BACK = timedelta(days=2)
"""How far back the sweep looks for held mail no notice has listed yet."""


class AskingStore(EventLog, Outbox, Connections, Protocol):
    """The store as a seat is asked: its game's head, the outbox and the budget's table."""


def confirm_kind(submission_id: str) -> str:
    """Return the outbox kind of the notice that lists held mail up to `submission_id`."""
    return f"{CONFIRM}.{submission_id[:20]}"


def ask_seat(store: AskingStore, game_id: str, seq: int, seat: str, newest_id: str,
             sender: str) -> list[int]:
    """Write the seat's next confirm notice, listing its held mail up to `newest_id`, unless
    it had one within the hour; return the new outbox row ids ([] when it waits)."""
    since = HeldReads(store).last_notice_at(game_id, seat)
    now = int(clock.now().timestamp())
    if MailBudget(store).take([BudgetKey(CONFIRM, f"{game_id}.{seat}", 1)], now,
                              NOTICE_SECONDS):
        return []
    return store.add_outbox(game_id, [NewOutbox(seq, seat, confirm_kind(newest_id), {
        "submission": newest_id, "sender": sender, "since": since})])


def ask_waiting_seats(store: AskingStore) -> list[int]:
    """Write the notices due: for each seat with held mail that no notice listed yet, once
    its hour is over. Returns the new outbox row ids."""
    reads = HeldReads(store)
    added: list[int] = []
    since = (clock.now() - LOOK_BACK).astimezone(UTC).strftime(TIME_FORMAT)
    for waiting in reads.seats_with_held(since):
        if reads.last_notice_at(waiting.game_id, waiting.seat) >= waiting.newest_at:
            continue  # listed already
        row = store.get_game(waiting.game_id)
        if row is not None:
            added += ask_seat(store, waiting.game_id, row.head_seq, waiting.seat,
                              waiting.newest_id, "")
    return added
