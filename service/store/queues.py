"""The store's submissions and outbox: raw input kept with its result, and deliveries."""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from sqlalchemy import Connection, delete, func, or_, select, update

from engine.core.canonical import canonical_json
from service.store.handles import StoreBase
from service.store.heads import ShownHeads, insert_heads
from service.store.records import (
    DeadlineRow,
    NewOutbox,
    OutboxRow,
    StoreError,
    Submission,
    later,
    new_submission,
    utc_now,
)
from service.store.schema import deadlines as deadlines_t
from service.store.schema import decisions as decisions_t
from service.store.schema import outbox as outbox_t
from service.store.schema import outbox_row_from_row, submission_from_row
from service.store.schema import submissions as submissions_t
from service.store.statements import submission_values

MERGED_KINDS = ("turn", "final")
"""Emails that, for the seat whose own email caused them, go out inside its answer."""


class QueueStore(StoreBase):
    """Submissions and deliveries: stored first, processed and sent once."""

    # -- submissions -----------------------------------------------------------------------

    def add_submission(self, source: str, body: str, *, game_id: str | None = None,
                       seat: str | None = None, sender: str | None = None,
                       idempotency_key: str | None = None, recipient: str | None = None,
                       prompt_key: str | None = None) -> tuple[Submission, bool]:
        """Store a raw input; return (row, True), or (earlier row, False) for a duplicate key."""
        return self.store_submission(self.new_submission(
            source, body, game_id=game_id, seat=seat, sender=sender,
            idempotency_key=idempotency_key, recipient=recipient, prompt_key=prompt_key))

    def new_submission(self, source: str, body: str, *, game_id: str | None = None,
                       seat: str | None = None, sender: str | None = None,
                       idempotency_key: str | None = None, recipient: str | None = None,
                       prompt_key: str | None = None) -> Submission:
        """Return a raw input with its id and time, not stored yet."""
        return new_submission(source, body, game_id=game_id, seat=seat, sender=sender,
                              idempotency_key=idempotency_key, recipient=recipient,
                              prompt_key=prompt_key)

    def store_submission(self, sub: Submission,
                         outcome: tuple[str, dict[str, Any]] | None = None,
                         ) -> tuple[Submission, bool]:
        """Store a new input, with its outcome (status, result) when given, in one transaction.

        Returns (row, True), or (earlier row, False) when its source and key are taken.
        """
        with self._writer.begin() as conn:
            row = self._insert_submission(conn, sub, outcome)
            if row is not None:
                return submission_from_row(row), True
            t = submissions_t.c
            key = (t.source == sub.source) & (t.idempotency_key == sub.idempotency_key)
            row = conn.execute(select(submissions_t).where(key)).one()
        return submission_from_row(row), False

    def _insert_submission(self, conn: Connection, sub: Submission,
                           outcome: tuple[str, dict[str, Any]] | None) -> Any:
        """Insert a new input in the caller's transaction; its row, or None for a taken key."""
        values = self._submission_values(sub, outcome)
        query = self._insert(submissions_t).values(**values).on_conflict_do_nothing(
            index_elements=["source", "idempotency_key"]).returning(*submissions_t.c)
        return conn.execute(query).first()

    _submission_values = staticmethod(submission_values)

    def submission_by_key(self, source: str, idempotency_key: str) -> Submission | None:
        """Return the submission stored under a source and idempotency key, if any."""
        t = submissions_t.c
        query = select(submissions_t).where(t.source == source,
                                            t.idempotency_key == idempotency_key)
        with self._engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else submission_from_row(row)

    def get_submission(self, submission_id: str) -> Submission | None:
        """Return the submission, or None when there is no such id."""
        query = select(submissions_t).where(submissions_t.c.id == submission_id)
        with self._engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else submission_from_row(row)

    def set_submission_result(self, submission_id: str, status: str, result: dict[str, Any],
                              *, unless_decided: int | None = None) -> bool:
        """Record how a submission was processed, once; False if it had a result already.

        With `unless_decided`, the result is not recorded either when that line of the
        submission is in the log (another run accepted it meanwhile). An unknown id raises
        StoreError.
        """
        with self._writer.begin() as conn:
            if self._store_result(conn, submission_id, status, result, unless_decided):
                return True
            t = submissions_t.c
            if conn.execute(select(t.id).where(t.id == submission_id)).first() is None:
                raise StoreError(f"no submission {submission_id!r}")
        return False

    def _store_result(self, conn: Connection, submission_id: str, status: str,
                      result: dict[str, Any], unless_decided: int | None = None) -> bool:
        """Store a result in the caller's transaction while there is none; True if stored."""
        t = submissions_t.c
        query = (update(submissions_t).where(t.id == submission_id, t.status == "received")
                 .values(status=status, result=canonical_json(result), processed_at=utc_now()))
        if unless_decided is not None:
            d = decisions_t.c
            query = query.where(~select(d.line).where(d.submission_id == submission_id,
                                                      d.line == unless_decided).exists())
        return bool(conn.execute(query).rowcount == 1)

    def set_submission_route(self, submission_id: str, game_id: str, seat: str) -> None:
        """Record which game and seat an authenticated submission (an email) belongs to."""
        query = (update(submissions_t).where(submissions_t.c.id == submission_id)
                 .values(game_id=game_id, seat=seat))
        with self._writer.begin() as conn:
            if conn.execute(query).rowcount != 1:
                raise StoreError(f"no submission {submission_id!r}")

    def mark_submission_replied(self, submission_id: str, heads: ShownHeads = ()) -> bool:
        """Mark the answer to a submission sent, noting the signed `heads` it showed in the
        same transaction; False if it had been sent already."""
        query = (update(submissions_t)
                 .where(submissions_t.c.id == submission_id, submissions_t.c.replied_at.is_(None))
                 .values(replied_at=utc_now()))
        with self._writer.begin() as conn:
            insert_heads(self, conn, heads)
            return bool(conn.execute(query).rowcount == 1)

    def unreplied_submissions(self, source: str, limit: int = 100) -> list[Submission]:
        """Return processed submissions of `source` whose answer has not been sent yet."""
        t = submissions_t.c
        query = (select(submissions_t).where(t.source == source, t.status != "received",
                                             t.replied_at.is_(None))
                 .order_by(t.received_at).limit(limit))
        with self._engine.connect() as conn:
            return [submission_from_row(row) for row in conn.execute(query)]

    def stalled_replies(self, source: str, older_than_seconds: int,
                        limit: int = 100) -> list[str]:
        """Return ids of inputs answered by nobody yet: processed `older_than_seconds` ago or
        more, and no claim on their answer holds now (a queued answer is left to its queue)."""
        t, now = submissions_t.c, utc_now()
        query = (select(t.id).where(t.source == source, t.status != "received",
                                    t.replied_at.is_(None),
                                    t.processed_at < later(-older_than_seconds),
                                    t.reply_claimed_until.is_(None)
                                    | (t.reply_claimed_until < now))
                 .order_by(t.processed_at).limit(limit))
        with self._engine.connect() as conn:
            return [str(row[0]) for row in conn.execute(query)]

    # -- outbox ----------------------------------------------------------------------------

    def add_outbox(self, game_id: str, rows: Sequence[NewOutbox]) -> list[int]:
        """Add delivery rows for existing events; rows already present are left alone.

        Returns the ids of the rows that are new. For deliveries that no new event causes
        (reminders): the unique (game, seq, recipient, kind) makes adding them idempotent.
        """
        created = []
        now = utc_now()
        for item in rows:
            values = {"game_id": game_id, "seq": item.seq, "recipient": item.recipient,
                      "kind": item.kind, "payload": canonical_json(item.payload),
                      "status": "pending", "attempts": 0, "created_at": now}
            query = self._insert(outbox_t).values(**values).on_conflict_do_nothing(
                index_elements=["game_id", "seq", "recipient", "kind"]).returning(outbox_t.c.id)
            with self._writer.begin() as conn:
                row = conn.execute(query).first()
            if row is not None:
                created.append(int(row[0]))
        return created

    def pending_outbox(self, limit: int = 100) -> list[OutboxRow]:
        """Return up to `limit` undelivered rows, oldest first."""
        query = (select(outbox_t).where(outbox_t.c.status == "pending")
                 .order_by(outbox_t.c.id).limit(limit))
        with self._engine.connect() as conn:
            return [outbox_row_from_row(row) for row in conn.execute(query)]

    def mark_queued(self, outbox_ids: Sequence[int], seconds: int) -> None:
        """Note that these rows were handed to the queue; recovery leaves them for `seconds`."""
        if not outbox_ids:
            return
        query = (update(outbox_t).where(outbox_t.c.id.in_(list(outbox_ids)))
                 .values(queued_until=later(seconds)))
        with self._writer.begin() as conn:
            conn.execute(query)

    def submission_outbox(self, submission_id: str, *, unqueued: bool = False) -> list[int]:
        """Return the ids of the pending rows the appends of a submission wrote.

        With `unqueued`, rows a queue holds now are left out. Only the rows of the
        submission's own seqs are read (its decisions name them), never the rest of the
        game's outbox: their status is checked here, not by the index.
        """
        o, d = outbox_t.c, decisions_t.c
        query = (select(o.id, o.status, o.queued_until)
                 .join_from(decisions_t, outbox_t, (o.game_id == d.game_id)
                            & (o.seq >= d.seq) & (o.seq <= d.last_seq))
                 .where(d.submission_id == submission_id).order_by(o.id))
        now = utc_now()
        with self._engine.connect() as conn:
            return [int(row.id) for row in conn.execute(query) if row.status == "pending"
                    and not (unqueued and row.queued_until and row.queued_until >= now)]

    def queue_submission_outbox(self, submission_id: str, seconds: int) -> list[int]:
        """Note the pending rows the appends of a submission wrote that no queue holds as
        queued for `seconds`, and return their ids: one conditional UPDATE, so two runs
        that race hand each row to the queue once."""
        o, d = outbox_t.c, decisions_t.c
        mine = (select(o.id).join_from(decisions_t, outbox_t, (o.game_id == d.game_id)
                                       & (o.seq >= d.seq) & (o.seq <= d.last_seq))
                .where(d.submission_id == submission_id))
        now = utc_now()
        query = (update(outbox_t)
                 .where(o.id.in_(mine.scalar_subquery()), o.status == "pending",
                        o.queued_until.is_(None) | (o.queued_until < now))
                 .values(queued_until=later(seconds)).returning(o.id))
        with self._writer.begin() as conn:
            return sorted(int(row[0]) for row in conn.execute(query))

    def pending_outbox_of_game(self, game_id: str, limit: int = 100) -> list[int]:
        """Return the ids of the game's undelivered rows that no queue holds now."""
        t = outbox_t.c
        query = (select(t.id).where(t.game_id == game_id, t.status == "pending",
                                    t.queued_until.is_(None) | (t.queued_until < utc_now()))
                 .order_by(t.id).limit(limit))
        with self._engine.connect() as conn:
            return [int(row[0]) for row in conn.execute(query)]

    def stalled_outbox(self, older_than_seconds: int, max_attempts: int,
                       limit: int = 100, lost_before: str | None = None) -> list[int]:
        """Return up to `limit` undelivered rows nobody works on: claim and queueing expired.

        A row never queued counts once it is `older_than_seconds` old; rows that failed
        `max_attempts` times are left alone (their error stays recorded). `lost_before`: a
        row whose queueing would run out before this time was queued before the queue lost
        its tasks (a broker restart), so it counts at once.
        """
        t, now = outbox_t.c, utc_now()
        expired = max(now, lost_before or now)
        query = (select(t.id).where(
            t.status == "pending", t.attempts < max_attempts,
            t.claimed_until.is_(None) | (t.claimed_until < now),
            (t.queued_until < expired) | (t.queued_until.is_(None)
                                          & (t.created_at < later(-older_than_seconds))))
            .order_by(t.id).limit(limit))
        with self._engine.connect() as conn:
            return [int(row[0]) for row in conn.execute(query)]

    def answering_row(self, submission_id: str, seat: str) -> OutboxRow | None:
        """Return the seat's turn email written by a submission's last append, if any."""
        d, o = decisions_t.c, outbox_t.c
        last = (select(d.game_id, func.max(d.last_seq).label("seq"))
                .where(d.submission_id == submission_id).group_by(d.game_id).subquery())
        query = (select(outbox_t).join(last, (o.game_id == last.c.game_id)
                                       & (o.seq == last.c.seq))
                 .where(o.recipient == seat, o.kind.in_(MERGED_KINDS)).limit(1))
        with self._engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else outbox_row_from_row(row)

    def answered_by_email(self, row: OutboxRow) -> bool:
        """Return whether the row's email goes out inside the answer to its seat's own email."""
        d, s = decisions_t.c, submissions_t.c
        query = (select(d.line).join_from(decisions_t, submissions_t,
                                           s.id == d.submission_id)
                 .where(d.game_id == row.game_id, d.last_seq == row.seq,
                        s.seat == row.recipient, s.source == "email").limit(1))
        if row.kind not in MERGED_KINDS:
            return False
        with self._engine.connect() as conn:
            return conn.execute(query).first() is not None

    def get_outbox(self, outbox_id: int) -> OutboxRow | None:
        """Return the outbox row, or None when there is no such id."""
        query = select(outbox_t).where(outbox_t.c.id == outbox_id)
        with self._engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else outbox_row_from_row(row)

    def seat_mail_before(self, row: OutboxRow, news_kinds: Sequence[str],
                         news_prefix: str) -> tuple[bool, int]:
        """Return whether the row's seat had mail in this game before the row, and the seq of
        its latest earlier news (0 if none): two reads of that seat's rows in one statement."""
        t = outbox_t.c
        mine = (t.game_id == row.game_id) & (t.recipient == row.recipient) & (t.id < row.id)
        news = t.kind.in_(list(news_kinds)) | t.kind.startswith(news_prefix, autoescape=True)
        earlier = select(t.id).where(mine).limit(1).scalar_subquery()
        latest = (select(t.seq).where(mine & news).order_by(t.seq.desc()).limit(1)
                  .scalar_subquery())
        with self._engine.connect() as conn:  # both in one round trip
            found = conn.execute(select(earlier, latest)).one()
        return found[0] is not None, int(found[1] or 0)

    def outbox_for_game(self, game_id: str) -> list[OutboxRow]:
        """Return every outbox row of the game in the order they were written."""
        query = select(outbox_t).where(outbox_t.c.game_id == game_id).order_by(outbox_t.c.id)
        with self._engine.connect() as conn:
            return [outbox_row_from_row(row) for row in conn.execute(query)]

    def delivery_payload(self, game_id: str, seq: int,
                         recipient: str) -> dict[str, Any] | None:
        """Return the payload of the delivery to `recipient` caused at `seq`, or None."""
        t = outbox_t.c
        query = (select(t.payload).where(t.game_id == game_id, t.seq == seq,
                                         t.recipient == recipient).order_by(t.id).limit(1))
        with self._engine.connect() as conn:
            payload = conn.execute(query).scalar()
        return None if payload is None else dict(json.loads(payload))

    def claim_outbox(self, outbox_id: int, seconds: int) -> bool:
        """Claim a pending row for `seconds` so no other worker sends it meanwhile.

        Returns False when it is sent already or another claim still holds; a claim that ran
        out (its worker died) can be taken again.
        """
        now = utc_now()
        t = outbox_t.c
        query = (update(outbox_t)
                 .where(t.id == outbox_id, t.status == "pending",
                        (t.claimed_until.is_(None)) | (t.claimed_until < now))
                 .values(claimed_until=later(seconds)))
        with self._writer.begin() as conn:
            return bool(conn.execute(query).rowcount == 1)

    def claim_outbox_row(self, outbox_id: int, seconds: int) -> OutboxRow | None:
        """Claim a pending row as `claim_outbox` does and return it as claimed, in one
        statement; None when it is not pending or another claim still holds (or no such
        row: `get_outbox` tells which)."""
        now = utc_now()
        t = outbox_t.c
        query = (update(outbox_t)
                 .where(t.id == outbox_id, t.status == "pending",
                        (t.claimed_until.is_(None)) | (t.claimed_until < now))
                 .values(claimed_until=later(seconds)).returning(*outbox_t.c))
        with self._writer.begin() as conn:
            row = conn.execute(query).first()
        return None if row is None else outbox_row_from_row(row)

    def release_outbox(self, outbox_id: int) -> None:
        """Give up a claim (after a failed attempt), so a retry may claim the row at once."""
        query = update(outbox_t).where(outbox_t.c.id == outbox_id).values(claimed_until=None)
        with self._writer.begin() as conn:
            conn.execute(query)

    def claim_reply(self, submission_id: str, seconds: int) -> bool:
        """Claim the sending of a submission's answer, as claim_outbox does for a row."""
        now = utc_now()
        t = submissions_t.c
        query = (update(submissions_t)
                 .where(t.id == submission_id, t.replied_at.is_(None),
                        (t.reply_claimed_until.is_(None)) | (t.reply_claimed_until < now))
                 .values(reply_claimed_until=later(seconds)))
        with self._writer.begin() as conn:
            return bool(conn.execute(query).rowcount == 1)

    def release_reply(self, submission_id: str) -> None:
        """Give up the claim on a submission's answer after a failed attempt."""
        query = (update(submissions_t).where(submissions_t.c.id == submission_id)
                 .values(reply_claimed_until=None))
        with self._writer.begin() as conn:
            conn.execute(query)

    def note_submission_error(self, submission_id: str, error: str) -> None:
        """Count an attempt at processing a submission that broke down, and keep why."""
        t = submissions_t.c
        query = (update(submissions_t).where(t.id == submission_id)
                 .values(attempts=t.attempts + 1, last_error=error))
        with self._writer.begin() as conn:
            conn.execute(query)

    def failed_submissions(self, game_id: str, limit: int = 50) -> list[Submission]:
        """Return the game's submissions that could not be processed, newest first."""
        t = submissions_t.c
        query = (select(submissions_t).where(t.game_id == game_id, t.status == "failed")
                 .order_by(t.received_at.desc()).limit(limit))
        with self._engine.connect() as conn:
            return [submission_from_row(row) for row in conn.execute(query)]

    def received_submissions(self, older_than_seconds: int, limit: int = 100) -> list[str]:
        """Return ids of submissions still unprocessed after `older_than_seconds`."""
        t = submissions_t.c
        query = (select(t.id).where(t.status == "received",
                                    t.received_at < later(-older_than_seconds))
                 .order_by(t.received_at).limit(limit))
        with self._engine.connect() as conn:
            return [str(row[0]) for row in conn.execute(query)]

    def mark_outbox_sent(self, outbox_id: int, *, mailed: bool = True,
                         address: str | None = None, heads: ShownHeads = ()) -> bool:
        """Settle a pending row: 'sent' (to `address`), or 'closed' when it needed no email of
        its own; the signed `heads` its email showed are noted in the same transaction.

        Returns False if it was not pending (settled already).
        """
        query = (update(outbox_t)
                 .where(outbox_t.c.id == outbox_id, outbox_t.c.status == "pending")
                 .values(status="sent" if mailed else "closed", sent_at=utc_now(),
                         address=address))
        with self._writer.begin() as conn:
            insert_heads(self, conn, heads)
            return bool(conn.execute(query).rowcount == 1)

    def mark_outbox_bounced(self, outbox_id: int, reason: str, *, permanent: bool) -> bool:
        """Record a bounce of a sent row: for good ('bounced'), or a delay noted as its error.

        Returns False when nothing changed (not sent, or that bounce was recorded before).
        """
        t = outbox_t.c
        changes = {"status": "bounced", "last_error": reason} if permanent else {
            "last_error": reason}
        query = (update(outbox_t).where(t.id == outbox_id, t.status == "sent",
                                        or_(t.last_error.is_(None), t.last_error != reason))
                 .values(**changes))
        with self._writer.begin() as conn:
            return bool(conn.execute(query).rowcount == 1)

    def mark_outbox_failed(self, outbox_id: int, error: str) -> None:
        """Count a failed delivery attempt and keep the error; the status stays as it was."""
        query = (update(outbox_t).where(outbox_t.c.id == outbox_id)
                 .values(attempts=outbox_t.c.attempts + 1, last_error=error))
        with self._writer.begin() as conn:
            if conn.execute(query).rowcount != 1:
                raise StoreError(f"no outbox row {outbox_id!r}")

    def fail_outbox(self, outbox_id: int, reason: str) -> bool:
        """Mark a pending row failed for good with `reason`: it is never claimed or queued again.

        Returns False when it was not pending (sent, or failed already).
        """
        t = outbox_t.c
        query = (update(outbox_t).where(t.id == outbox_id, t.status == "pending")
                 .values(status="failed", last_error=reason, claimed_until=None))
        with self._writer.begin() as conn:
            return bool(conn.execute(query).rowcount == 1)

    def failed_outbox(self, game_id: str, limit: int = 50) -> list[OutboxRow]:
        """Return the game's deliveries refused for good, newest first."""
        t = outbox_t.c
        query = (select(outbox_t).where(t.game_id == game_id, t.status == "failed")
                 .order_by(t.id.desc()).limit(limit))
        with self._engine.connect() as conn:
            return [outbox_row_from_row(row) for row in conn.execute(query)]

    # -- deadlines -------------------------------------------------------------------------

    def _replace_deadlines(self, conn: Connection, game_id: str,
                           rows: Sequence[DeadlineRow]) -> None:
        """Make `rows` the game's open deadlines, inside the caller's transaction."""
        conn.execute(delete(deadlines_t).where(deadlines_t.c.game_id == game_id))
        if rows:
            conn.execute(deadlines_t.insert(), [asdict(row) for row in rows])

    def replace_deadlines(self, game_id: str, rows: Sequence[DeadlineRow]) -> None:
        """Make `rows` the game's open deadlines (when the projection is rebuilt)."""
        with self._writer.begin() as conn:
            self._replace_deadlines(conn, game_id, rows)

    def due_deadlines(self, now: str, limit: int = 1000) -> list[DeadlineRow]:
        """Return up to `limit` open deadlines the sweep must look at by `now`, soonest first."""
        t = deadlines_t.c
        query = (select(deadlines_t).where(t.next_at <= now)
                 .order_by(t.next_at, t.game_id, t.seat).limit(limit))
        with self._engine.connect() as conn:
            return [DeadlineRow(**row._mapping) for row in conn.execute(query)]

    def claim_deadline_look(self, row: DeadlineRow, next_at: str) -> bool:
        """Put off the sweep's next look at one deadline from the look `row` was read at to
        `next_at`; return whether this call did it (False: another sweep, or a new projection,
        changed it first). The database decides which of two sweeps acts on a look."""
        t = deadlines_t.c
        query = (update(deadlines_t).where(t.game_id == row.game_id, t.seat == row.seat,
                                           t.prompt_key == row.prompt_key,
                                           t.next_at == row.next_at)
                 .values(next_at=next_at))
        with self._writer.begin() as conn:
            return conn.execute(query).rowcount == 1

    def set_deadline_next(self, row: DeadlineRow, next_at: str) -> None:
        """Put off the sweep's next look at one deadline (unless it was replaced meanwhile)."""
        t = deadlines_t.c
        query = (update(deadlines_t).where(t.game_id == row.game_id, t.seat == row.seat,
                                           t.prompt_key == row.prompt_key)
                 .values(next_at=next_at))
        with self._writer.begin() as conn:
            conn.execute(query)
