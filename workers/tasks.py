"""Thin tasks: each takes ids, loads its row, returns at once if done, does it, marks it."""
from __future__ import annotations

import logging
import time
from functools import lru_cache
from typing import Any

import redis
from celery.signals import worker_process_init
from sqlalchemy.exc import InterfaceError, OperationalError

from service.base import metrics
from service.base.config import MAIL_QUEUE, Config, load_config
from service.mail import delivery
from service.mail.transport import TransientDeliveryError
from service.ops.startup import opened
from service.orders import processing
from service.store.records import later
from service.store.store import Store
from service.sweeps import deadlines

from .app import app, is_redis

log = logging.getLogger("pbem.workers")
MAX_RETRIES = 8
BACKOFF_MAX = 600
"""Retries wait 1, 2, 4 ... seconds up to ten minutes: far below the visibility timeout."""
STALE_SECONDS = 60
GIVE_UP_AFTER = 20
"""Failed attempts after which recovery stops queueing a delivery (its error stays recorded)."""
RECOVER_BATCH = 100
"""The most rows of each kind one recovery run queues again."""
QUEUED_SECONDS = 300
"""After this long in the queue unclaimed, a delivery is taken for lost and queued again."""
LOST_BATCHES = 20
"""After a broker restart, the most batches one recovery run queues again."""
DATABASE_BLINKS = (OperationalError, InterfaceError)
"""The database restarting or out of reach for a moment: the task is tried again shortly
(1, 2, 4 ... s), since recovery would otherwise leave a queued delivery alone for minutes.
Every task is idempotent (claims, decisions and results are kept by the database)."""
RETRY = {"autoretry_for": (TransientDeliveryError, *DATABASE_BLINKS), "retry_backoff": True,
         "retry_backoff_max": BACKOFF_MAX, "retry_jitter": True, "max_retries": MAX_RETRIES}
DATABASE_RETRY = {**RETRY, "autoretry_for": DATABASE_BLINKS}


@lru_cache(maxsize=1)
def config() -> Config:
    """Return this worker's configuration."""
    return load_config()


@lru_cache(maxsize=1)
def store() -> Store:
    """Return this worker's store: created when empty, refused at another schema (the
    worker's start refused it already; `pbem db upgrade` moves it)."""
    return opened(config())


MAIL_BACKLOG = 20
"""Mail tasks waiting on Redis beyond which the worker that decides an order sends the mail it
caused itself (about a second of mail at the rates one machine decides)."""


@lru_cache(maxsize=1)
def mail_inline() -> bool:
    """Whether the task that decides an order always sends the mail it caused itself.

    On the embedded default (the database broker) one worker serves both queues, and every
    task waits for the broker's next poll: sending at once, from the game the decision has
    just left in this process, spares the order two trips through the broker. On Redis the
    mail has its own queue, served in turn with the orders or by workers of its own
    (`send_here` says when a deciding worker helps it).
    """
    return not is_redis(config().broker_url)


@lru_cache(maxsize=4)
def _broker(url: str) -> redis.Redis | None:
    """Return a client of the Redis broker at `url` (None for the database broker)."""
    return (redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
            if is_redis(url) else None)


def mail_behind() -> bool:
    """Return whether more than MAIL_BACKLOG mail tasks wait on the Redis broker."""
    client = _broker(config().broker_url)
    if client is None:
        return False
    try:
        return int(client.llen(MAIL_QUEUE)) > MAIL_BACKLOG
    except redis.RedisError:  # not known: the queue takes the mail, as usual
        return False


def send_here() -> bool:
    """Whether the worker that has just decided an order sends the mail it caused now.

    Always on the embedded default; on Redis when the mail queue is behind. Deciding costs a
    fraction of mailing (a PDF per turn email), so under load the workers that decide would
    otherwise outrun those that mail, and the mail of a burst would wait long after it: a
    deciding worker that mails its own orders' mail while the queue is behind decides no
    faster than the mail goes out, and the backlog stays near MAIL_BACKLOG.
    """
    return mail_inline() or mail_behind()


@worker_process_init.connect
def _warm_up(**_: Any) -> None:
    """Build the PDF fonts when a worker process starts, not in its first email."""
    from service.pdf.render import warm_up

    warm_up()


def enqueue_game_mail(game_id: str | None) -> None:
    """Queue what a changed game needs now: its pending deliveries that no queue holds yet (a
    bounded batch), and a task for each decision the house owes (the `pbem.after_change`
    hook of the commands, the web and the game master's tools)."""
    if game_id:
        queue_deliveries(store().pending_outbox_of_game(game_id, RECOVER_BATCH))
        enqueue_house(game_id)


def enqueue_house(game_id: str) -> list[tuple[str, str]]:
    """Queue one `play_house` task per house decision open in the game now (the game as this
    process left it, when it did); return (seat, decision) of each. A decision queued twice
    is taken once: the second task finds it closed."""
    from service.game.current import game_at
    from service.game.loading import UnknownGameId
    from service.orders.house import due_house

    try:
        due = due_house(game_at(store(), game_id))
    except UnknownGameId:
        return []
    for seat, prompt_key in due:
        play_house.delay(game_id, seat, prompt_key)
    return due


def queue_deliveries(outbox_ids: list[int]) -> None:
    """Queue these deliveries and note it, so recovery leaves them alone meanwhile.

    Should the queue refuse one, the rest are noted as in no queue again (and the error
    raised): the next recovery sends them, instead of waiting out the whole note.
    """
    store().mark_queued(outbox_ids, QUEUED_SECONDS)
    queue_noted(outbox_ids)


def queue_noted(outbox_ids: list[int]) -> None:
    """Queue these deliveries, already noted as queued; should the queue refuse one, the
    rest are noted as in no queue again (and the error raised)."""
    for index, outbox_id in enumerate(outbox_ids):
        try:
            deliver.delay(outbox_id)
        except BaseException:
            store().mark_queued(outbox_ids[index:], 0)
            raise


def addressed_game(recipient: str | None) -> str | None:
    """Return the game named by a play or press address, read from the address alone."""
    from service.base.tokens import read_address, read_press_address

    claim = read_address(recipient or "") or read_press_address(recipient or "")
    return claim.game_id if claim is not None else None


def enqueue_submission(submission_id: str) -> None:
    """Queue the processing of a stored submission (the web and the API hand theirs over)."""
    process_submission.delay(submission_id)


@app.task(name="pbem.process_submission", **DATABASE_RETRY)
def process_submission(submission_id: str) -> dict[str, Any]:
    """Decide a stored submission, then queue the mail it caused and the answer to an email;
    return its status and code (the task's logged result, which must not show sealed orders).

    A run that finds the submission decided already queues nothing: under a backlog the same
    submission may be queued again, and its mail must not be queued once per run. (Mail
    that a crashed run left unqueued is queued by recovery.)
    """
    before = store().get_submission(submission_id)
    result = processing.process_submission(store(), submission_id, config=config(),
                                           known=before)
    if before is not None and before.status == "received":
        game_id = before.game_id or addressed_game(before.recipient)
        if game_id and result.status != "received":
            enqueue_house(game_id)  # after the commit that opened the house's decision
        if result.status != "received":
            metrics.observe_since(metrics.DECIDED, before.received_at)
        here = send_here()
        if here:
            send_now(store().submission_outbox(submission_id, unqueued=True))
        else:
            queue_noted(store().queue_submission_outbox(submission_id, QUEUED_SECONDS))
        if before.source == "email":
            # Press and mail commands append outside the decisions (a join confirmed by reply
            # too), and a bounce appends the game master's notice: queue the game's mail that no
            # queue holds yet (one bounded read; rows held by a queue are left). A bounce names
            # its game only once read.
            enqueue_game_mail(before.game_id or addressed_game(before.recipient)
                              or _game_read_from(submission_id))
            if here:
                reply_now(submission_id)
            else:
                deliver_reply.delay(submission_id)
    # What the worker logs of a task's result: never the orders, which may be sealed
    return {"status": result.status, "code": result.code}


def _game_read_from(submission_id: str) -> str | None:
    """Return the game a processed submission was found to name (a bounce names it only
    once read), or None."""
    after = store().get_submission(submission_id)
    return after.game_id if after is not None else None


def send_now(outbox_ids: list[int]) -> None:
    """Send these deliveries here and now, each once (its claim in the database sees to it);
    from the first that fails on, they go to the queue, which tries them again."""
    for index, outbox_id in enumerate(outbox_ids):
        try:
            result = delivery.deliver(store(), config(), outbox_id)
        except Exception as exc:  # noqa: BLE001 - recorded on the row; the queue retries it
            log.warning("sending outbox row %s failed, queued to try again: %s", outbox_id,
                        exc, extra={"outbox": outbox_id})
            queue_deliveries(outbox_ids[index:])
            return
        if result in ("sent", "refused"):
            metrics.count_delivery("turn", "sent" if result == "sent" else "failed")
        if result == "refused":
            _queue_notices_of(outbox_id)
        queue_channel_notices(outbox_id)


def reply_now(submission_id: str) -> None:
    """Send the answer to an email here and now (once); the queue tries again on failure."""
    try:
        result = delivery.deliver_reply(store(), config(), submission_id)
    except Exception as exc:  # noqa: BLE001 - the claim was released; the queue retries
        log.warning("the answer to %s failed, queued to try again: %s", submission_id, exc,
                    extra={"submission": submission_id})
        deliver_reply.delay(submission_id)
        return
    if result in ("sent", "refused"):
        metrics.count_delivery("reply", "sent" if result == "sent" else "failed")


@app.task(name="pbem.play_house", **DATABASE_RETRY)
def play_house(game_id: str, seat: str, prompt_key: str) -> dict[str, Any]:
    """Take one decision of a seat the house plays (once: a duplicate finds it closed), send
    or queue the mail it caused, and queue the house's next decision, if it owes one."""
    from service.orders import house

    played = house.play_house(store(), game_id, seat, prompt_key)
    if played is None:
        return {"status": "not-due"}
    if send_here():
        send_now(store().submission_outbox(played.causation, unqueued=True))
    else:
        queue_noted(store().queue_submission_outbox(played.causation, QUEUED_SECONDS))
    enqueue_house(game_id)
    return {"status": "played", "seq": played.seq, "iterations": played.iterations}


@app.task(name="pbem.deliver", **RETRY)
def deliver(outbox_id: int) -> str:
    """Send one outbox row's email (once), then queue its notices to the player's channels; a
    refusal for good that marked the seat's mail as failing queues the game master's notice it
    wrote at once."""
    result = delivery.deliver(store(), config(), outbox_id)
    if result == "refused":
        _queue_notices_of(outbox_id)
    queue_channel_notices(outbox_id)
    return result


def _queue_notices_of(outbox_id: int) -> None:
    """Queue the pending mail of the game of a delivery (the notices its refusal wrote)."""
    row = store().get_outbox(outbox_id)
    if row is not None:
        enqueue_game_mail(row.game_id)


def queue_channel_notices(outbox_id: int) -> None:
    """Write the channel notices a delivered row calls for (once each) and queue them; a
    failure here leaves them to recovery, never the email's delivery."""
    from service.seats.channels import plan_notices

    try:
        written = plan_notices(store(), outbox_id, config().base_url)
        for notice_id in written:
            send_notice.delay(notice_id)
    except Exception as exc:  # noqa: BLE001 - recovery writes or queues them again
        log.warning("the channel notices of outbox row %s wait for recovery: %s",
                    outbox_id, type(exc).__name__, extra={"outbox": outbox_id})


@app.task(name="pbem.send_notice", **DATABASE_RETRY)
def send_notice(notice_id: int) -> str:
    """Send one notice to a player's channel (once, counted in pbem_deliveries); a failed
    try waits its turn in recovery, and after the last one the notice is given up and shown
    to the player."""
    from service.seats.channels import send_notice as send

    return send(store(), notice_id)


@app.task(name="pbem.deliver_reply", **RETRY)
def deliver_reply(submission_id: str) -> str:
    """Send the answer to one processed email (once)."""
    return delivery.deliver_reply(store(), config(), submission_id)


@app.task(name="pbem.sweep_deadlines")
def sweep_deadlines() -> dict[str, int]:
    """Remind seats before their deadlines and submit defaults for passed ones."""
    started = time.monotonic()
    report = deadlines.sweep(store())
    metrics.SWEEPS.observe(time.monotonic() - started)
    for submission_id in report.submissions:
        process_submission.delay(submission_id)
    for game_id in set(report.house):
        enqueue_house(game_id)
    queue_deliveries(report.reminders)
    return {"games": report.games, "defaults": len(report.submissions),
            "reminders": len(report.reminders)}


@app.task(name="pbem.sweep_standings")
def sweep_standings() -> dict[str, int]:
    """Bring the ratings (and the tournaments) up to date with the games that ended."""
    from service.sweeps.standings import sweep_standings as sweep

    return sweep(store())


@app.task(name="pbem.recover")
def recover() -> dict[str, int]:
    """Queue again whatever a lost message or a killed worker left undone."""
    return _recover(_new_broker_run())


@app.task(name="pbem.watch_broker")
def watch_broker() -> dict[str, int] | None:
    """Recover at once when the broker has restarted (the beat asks every few seconds; a
    check is one question to the broker), instead of at the next minute's recovery."""
    new_run = _new_broker_run()
    return _recover(new_run) if new_run else None


def _recover(new_run: str | None) -> dict[str, int]:
    """Queue again what stalled; after a broker restart (`new_run`), everything queued
    before it: every delivery, every undecided submission, every unsent answer."""
    lost_before = later(QUEUED_SECONDS) if new_run else None  # every row queued until now
    pending: list[int] = []
    caught_up = False
    for _ in range(LOST_BATCHES if lost_before else 1):  # after a broker restart: all of it
        batch = store().stalled_outbox(STALE_SECONDS, GIVE_UP_AFTER, RECOVER_BATCH,
                                       lost_before=lost_before)
        queue_deliveries(batch)  # each row queued is left out of the next batch
        pending += batch
        if len(batch) < RECOVER_BATCH:
            caught_up = True
            break
    # after a restart nothing queued survived: every input waiting counts as lost, not only
    # those older than a minute (one queued since then runs twice; the second does nothing)
    stale, most = (0, RECOVER_BATCH * LOST_BATCHES) if new_run else (STALE_SECONDS,
                                                                      RECOVER_BATCH)
    waiting = store().received_submissions(stale, most)
    for submission_id in waiting:
        process_submission.delay(submission_id)
    unanswered = store().stalled_replies("email", stale, most)
    for submission_id in unanswered:
        deliver_reply.delay(submission_id)
    notices = _recover_notices(stale)
    if new_run and caught_up:  # only now: a run that fails before this leaves it to the next
        from service.base import metrics

        metrics.note_broker_run(config(), new_run)
    return {"deliveries": len(pending), "submissions": len(waiting), "replies": len(unanswered),
            "notices": notices}


def _recover_notices(stale: int) -> int:
    """Queue the channel notices whose next try is due (a failed try waits 1, 5, 30 minutes;
    a notice whose task was lost, a minute), and write and queue those of recently delivered
    rows that a dead worker never wrote; return how many."""
    from service.seats.channels import plan_missed
    from service.store.channels import NoticeChannels

    due = NoticeChannels(store()).due(RECOVER_BATCH, stale)
    due += plan_missed(store(), config().base_url, RECOVER_BATCH)
    for notice_id in due:
        send_notice.delay(notice_id)
    return len(due)


def _new_broker_run() -> str | None:
    """Return the broker's run id if it restarted since recovery last caught up with it.

    Redis keeps its queues in memory: a restart loses every queued task, and a delivery
    queued before it would otherwise wait out its whole QUEUED_SECONDS. After a restart,
    every delivery queued until now counts as lost (one queued since the restart gets a
    second task, which finds the row claimed or sent and does nothing).
    """
    from service.base import metrics

    try:
        run_id = metrics.broker_restarted(config())
    except Exception as exc:  # noqa: BLE001 - the broker unreachable: the usual rule holds
        log.warning("could not ask the broker whether it restarted: %s", exc)
        return None
    if run_id:
        log.warning("the task broker started anew: queueing again every delivery it held")
    return run_id
