"""The deadline sweep: reminders before a deadline, the default order when it passes."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol

from engine.core import Prompt, RuleViolation, canonical_json
from service.base import clock
from service.game.current import GameLists
from service.game.events import DEADLINE_ACTOR, RESIGN, SeatHouse
from service.game.loading import LoadedGame, load_game
from service.game.meta import GameMeta, format_time, parse_time, reminder_leads
from service.game.opentableevents import SeatOffered
from service.game.waiting import names_text, waiting_at, waiting_line
from service.opentables.lifecycle import expire_tables
from service.orders.appending import append_service_events
from service.orders.house import due_house
from service.seats.asking import ask_waiting_seats
from service.seats.mailmarks import heal_quiet_marks
from service.seats.vacation import spend_vacation
from service.store.budget import MailBudget
from service.store.links import MailLinks
from service.store.records import SeqConflict
from service.store.roles import Deadlines, EventLog, Inbox, Outbox
from service.store.store import DeadlineRow, NewOutbox, Store
from service.sweeps.banking import spend_bank
from service.sweeps.digests import DigestStore, queue_due_digests
from service.time.due import HOUSE_DUE, open_deadlines
from service.time.localtime import deadline_text


class DeadlineSweep(GameLists, Inbox, Outbox, Deadlines, Protocol):
    """The store as one deadline is swept: its game's log, the default order kept as a
    submission, the reminders added to the outbox, the deadline's next look, and the other
    games of its player (vacation days are counted across them)."""


@dataclass
class SweepReport:
    """What one sweep did: submissions created for passed deadlines, reminder rows added."""

    submissions: list[str] = field(default_factory=list)
    reminders: list[int] = field(default_factory=list)
    """Outbox rows added: reminders, digests, notices of tables given up."""
    games: int = 0
    house: list[str] = field(default_factory=list)
    """Games where a seat given up was handed to the house (whose decisions are now due), or
    where a house decision was left open past `HOUSE_STALE` (its task lost): queue the house."""


SWEEP_BATCH = 1000
"""The most deadlines one sweep looks at; the rest wait for the next minute."""
"""How a game's rules write leaving the game, where they have such an order."""
RETRY_DEFAULT = timedelta(minutes=5)
HOUSE_REQUEUED = timedelta(days=3650)
"""Where a house decision's look goes once the sweep queued it again: it is queued again only
once; should that task be lost too, the game's next change or `pbem house play` queues it."""
"""When the sweep looks again at a deadline whose default it submitted (if still open)."""


def sweep(store: Store, limit: int = SWEEP_BATCH) -> SweepReport:
    """Remind seats and default the ones out of time, reading only the deadlines due now."""
    report = SweepReport()
    now = clock.now()
    by_game: dict[str, list[DeadlineRow]] = {}
    for row in store.due_deadlines(format_time(now), limit):
        by_game.setdefault(row.game_id, []).append(row)
    for game_id, rows in by_game.items():
        loaded = load_game(store, game_id)
        report.games += 1
        current = open_deadlines(loaded.game, loaded.state, loaded.meta)
        if _key(current, only=rows) != _key(rows):
            store.replace_deadlines(game_id, current)  # the projection was stale: mend it
            rows = [row for row in current if row.next_at <= format_time(now)]
        for row in rows:
            if row.due == HOUSE_DUE:
                _requeue_house(store, loaded, row, now, report)
            else:
                _sweep_deadline(store, loaded, row, now, report)
    report.reminders += ask_waiting_seats(store)  # held mail whose seat's hour is over
    if now.minute == 0:  # digests are daily; looking once an hour is enough
        report.reminders += _digests(store, now)
        MailLinks(store).forget_expired()  # sign-in and join links past their time
        MailBudget(store).forget_idle(int(now.timestamp()))  # keys with no mail this hour
        heal_quiet_marks(store)  # bouncing seats whose later mail went through
    if now.minute % 10 == 0:  # a table past its time refuses joins anyway; this tells its players
        report.reminders += expire_tables(store)
    return report


def _digests(store: DigestStore, now: datetime) -> list[int]:
    """Add the daily digests due now, reading only the seats with held news; return the ids."""
    return queue_due_digests(store, now).added


def _key(rows: list[DeadlineRow], only: list[DeadlineRow] | None = None) -> set[tuple[str, ...]]:
    """Return what identifies deadlines (seat, decision, due), of the seats in `only`."""
    seats = {row.seat for row in only} if only is not None else None
    return {(row.seat, row.prompt_key, row.due) for row in rows
            if seats is None or row.seat in seats}


def _sweep_deadline(store: DeadlineSweep, loaded: LoadedGame, row: DeadlineRow, now: datetime,
                    report: SweepReport) -> None:
    """Default a passed deadline (or, in a game that says so, hand a seat given up to the
    house), or send the reminder due; then set when to look next."""
    due = parse_time(row.due)
    if due <= now:
        prompt = loaded.game.prompt_for(loaded.state, row.seat)
        if prompt is not None and _to_the_house(store, loaded, row.seat, due):
            report.house.append(loaded.meta.id)  # the house plays it until someone takes it
            _offer_if_given_up(store, loaded, row.seat, due)
        elif prompt is not None and (spend_bank(store, loaded, row, now)
                                     or spend_vacation(store, loaded, row, now)):
            return
        elif prompt is not None:
            report.submissions.append(_submit_default(store, loaded, row.seat, prompt))
            if loaded.meta.master_email:
                store.add_outbox(loaded.meta.id, [NewOutbox(row.seq, "*", "master-default")])
            _offer_if_given_up(store, loaded, row.seat, due)
        store.set_deadline_next(row, format_time(now + RETRY_DEFAULT))
        return
    prompt = loaded.game.prompt_for(loaded.state, row.seat)
    leads = reminder_leads(loaded.meta, prompt.deadline_hours if prompt else None)
    hours = [h for h in leads if due - timedelta(hours=h) <= now]
    if hours:
        reminder = NewOutbox(row.seq, row.seat, f"reminder-{min(hours)}h",
                             {"prompt": row.prompt_key})
        report.reminders += store.add_outbox(loaded.meta.id, [reminder])
    upcoming = [due - timedelta(hours=h) for h in leads if due - timedelta(hours=h) > now]
    store.set_deadline_next(row, format_time(min([*upcoming, due])))


def _requeue_house(store: DeadlineSweep, loaded: LoadedGame, row: DeadlineRow, now: datetime,
                   report: SweepReport) -> None:
    """Queue a house decision again that is still open `HOUSE_STALE` after the game's last
    change (its task was lost, say with an embedded broker's crash): once, the sweep that
    moves the row's look on first (the database decides between two sweeps)."""
    if (row.seat, row.prompt_key) not in due_house(loaded):
        return  # played, paused or handed back meanwhile: the next append mends the row
    if store.claim_deadline_look(row, format_time(now + HOUSE_REQUEUED)):
        report.house.append(loaded.meta.id)


def given_up(meta: GameMeta, seat: str, due: datetime, *, bouncing: bool = True) -> bool:
    """Return whether a seat's deadline ran out while it was away or (unless `bouncing` is
    False) its mail bounced: it waited the game's whole absence limit, and its player has not
    come back."""
    away = meta.away_until.get(seat)
    return (bouncing and seat in meta.mail_failing) or (
        away is not None and parse_time(away) > due)


def _to_the_house(store: EventLog, loaded: LoadedGame, seat: str, due: datetime) -> bool:
    """Hand a seat given up to the house instead of playing its default, where the game was
    created so (`--house-for-absent`); return whether the house plays it now."""
    meta = loaded.meta
    if not meta.house_for_absent or seat in meta.house or not given_up(meta, seat, due):
        return False
    try:
        append_service_events(store, loaded, [SeatHouse(seat, True)], DEADLINE_ACTOR)
    except SeqConflict:
        return False  # the game moved meanwhile: the next sweep looks again
    return True


def _offer_if_given_up(store: EventLog, loaded: LoadedGame, seat: str, due: datetime) -> None:
    """Offer a seat given up to a newcomer, once, where the game was created to do so. A seat
    whose mail only bounces is never offered so: a bounce may be a full mailbox or a forged
    report, and only the game master's own offer hands it to someone else."""
    meta = loaded.meta
    if not meta.offer_resigned or seat in meta.offered or meta.finished:
        return
    if not given_up(meta, seat, due, bouncing=False):
        return
    try:
        append_service_events(store, loaded, [SeatOffered(seat, True)], DEADLINE_ACTOR)
    except SeqConflict:
        return  # the game moved meanwhile: the next sweep looks again


def _submit_default(store: Inbox, loaded: LoadedGame, seat: str, prompt: Prompt) -> str:
    """Store the seat's default order as a submission (once per decision point): for a seat
    that resigned, its game's own resignation where the rules have one and allow it here."""
    order = resigning(loaded, seat) if seat in loaded.meta.resigned else None
    body = canonical_json(loaded.game.order_to_json(prompt.default if order is None else order))
    key = f"{loaded.meta.id}:{seat}:{prompt.key}"
    sub, _ = store.add_submission(DEADLINE_ACTOR, body, game_id=loaded.meta.id, seat=seat,
                                  idempotency_key=key)
    return sub.id


def resigning(loaded: LoadedGame, seat: str) -> Any:
    """Return the order by which the seat leaves the game under its rules (Illuminati's
    `resign`: its groups go free), if the game has one and it is legal for the seat now;
    else None, and a resigned seat plays its defaults."""
    game, state = loaded.game, loaded.state
    try:
        order = game.parse(RESIGN, seat, state)
    except RuleViolation:
        return None
    return order if game.is_legal(state, seat, order) is None else None


def reminder_waiting(loaded: LoadedGame, seat: str) -> str:
    """Return whom the table still waits for, as a reminder to `seat` says it ("Still
    waiting for bruno and carla."); on a decision whose answering is private, only that it
    is open and until when, in the seat's own time zone."""
    waiting = waiting_at(loaded.game, loaded.state, loaded.meta)
    if loaded.meta.paused or not waiting.marks:
        return ""
    until = deadline_text(waiting.until, loaded.meta.prefs(seat).timezone).split(",")[0]
    return waiting_line(waiting, until)


def default_notice(then: LoadedGame, now: LoadedGame, seat: str) -> str:
    """Return the game master's notice of a passed deadline (the game `then` at its
    `deadline.set`, and `now`): whose default is applied and, while the decision is open,
    whom the table still waits for. On a decision whose answering is private no seat is
    named (that a seat's default is due tells that it had not answered): only that the
    decision is open and until when."""
    key = then.meta.deadlines[seat].prompt_key if seat in then.meta.deadlines else ""
    opened = then.game.prompts(then.state) if then.state is not None else ()
    still_open = any(prompt.key == key for prompt in now.game.prompts(now.state)) \
        if now.state is not None and not now.meta.finished else False
    waiting = waiting_at(now.game, now.state, now.meta)
    if any(not prompt.answering_public for prompt in opened if prompt.key == key):
        text = ("A deadline of a decision whose answers are private passed; the defaults of "
                "the seats that had not answered are applied.")
        return text + (" " + waiting_line(waiting) if still_open and waiting.private else "")
    text = f"The deadline of {seat or 'a seat'} passed; its default order is being applied."
    others = [name for name in waiting.waiting_for if name != seat]
    if still_open and others:
        text += f" Besides {seat}, the table still waits for {names_text(others)}."
    elif still_open:
        text += " Nobody else is waited for."
    return text
