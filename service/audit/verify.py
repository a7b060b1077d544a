"""The integrity check of a game's log: its hash chain, its recorded head, and a full replay
against the snapshots."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import encode, get_game
from service.game.loading import UnknownGameId, load_game
from service.game.witness import SignedLog, signed_heads_problem
from service.store.records import GameRow
from service.store.roles import EventLog, LogAudit

if TYPE_CHECKING:
    from service.base.signing import KeyRing


@dataclass(frozen=True)
class VerifyReport:
    """The outcome of an integrity check: fine, or the first bad seq and why."""

    ok: bool
    events: int
    first_bad_seq: int | None = None
    problem: str = ""


def verify(store: SignedLog, game_id: str, keys: KeyRing | None = None) -> VerifyReport:
    """Check the hash chain, and that a full replay equals the state loaded from snapshots;
    with `keys` (the service's public keys), that the log leads to every head it signed."""
    row = store.get_game(game_id)
    if row is None:
        raise UnknownGameId(game_id)
    last = store.last_seq(game_id)
    bad = store.verify_chain(game_id)
    if bad is not None:
        return VerifyReport(False, last, bad, f"event {bad} does not match its hash chain: "
                            "it was altered, removed or inserted after it was recorded")
    cut = truncation(store, row, last)
    if cut:
        return VerifyReport(False, last, last + 1 if row.head_seq > last else None, cut)
    mailed = store.mailed_heads_unlike_log(game_id)
    if mailed:
        seq, digest = mailed[0]
        return VerifyReport(False, last, seq, f"an email was written for seq {seq} with the "
                            f"head {digest[:12]}, which the log no longer holds there: events "
                            "were removed or rewritten after the service mailed them")
    if keys is not None:
        wrong = signed_heads_problem(store, game_id, row.seed, keys)
        if wrong is not None:
            return VerifyReport(False, last, wrong[0], wrong[1])
    stale = stale_snapshot(store, row)
    if stale is not None:
        store.delete_snapshots(game_id)
        return VerifyReport(False, last, stale, f"the snapshot at seq {stale} was taken of an "
                            "event the log no longer holds there: the log was rewritten after "
                            "it (the snapshot was dropped; the next load rebuilds it)")
    try:
        full = load_game(store, game_id, use_snapshots=False)
    except (KeyError, TypeError, ValueError) as exc:
        return VerifyReport(False, last, None, f"the log does not replay: {exc}")
    cached = load_game(store, game_id)
    if encode(cached.state) != encode(full.state) or cached.meta != full.meta:
        store.delete_snapshots(game_id)
        return VerifyReport(False, last, cached.snapshot_seq,
                            "the snapshot disagrees with a full replay of the log (it was "
                            "dropped; the next load rebuilds it)")
    if cached.healed:
        return VerifyReport(False, last, cached.snapshot_seq or None, f"{cached.healed}; it "
                            "was dropped and rebuilt from the log")
    return VerifyReport(True, last, None)


def stale_snapshot(store: EventLog, row: GameRow) -> int | None:
    """Return the seq of the newest snapshot if the log holds another event there, or None."""
    try:
        found = store.latest_snapshot(row.id, get_game(row.game).version)
    except ValueError:
        return None  # unreadable: the load that follows drops it and says so
    if found is None or not found[1].get("hash"):
        return None
    seq, data = found
    event = store.events(row.id, after_seq=seq - 1, upto=seq)
    return seq if not event or event[0].hash != data["hash"] else None


def truncation(store: LogAudit, row: GameRow, last: int) -> str:
    """Return how the log disagrees with the head the games table and outbox record, or ''."""
    end_seq, end_hash = store.log_end(row.id)
    if (row.head_seq, row.head_hash) != (end_seq, end_hash):
        return (f"the log ends at seq {end_seq} ({end_hash[:12]}) but every append recorded "
                f"its head, last at seq {row.head_seq} ({row.head_hash[:12]}): events were "
                "removed or rewritten after they were recorded")
    mailed = store.outbox_end(row.id)
    if mailed > last:
        return (f"an email was written for seq {mailed}, after the log's end at seq {last}: "
                "the end of the log was removed")
    return ""
