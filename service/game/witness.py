"""Witnessed history: the log's head (seq and hash) travels in every email and seat page.

A player who keeps a head from an email can later prove that the log still contains it: the
chain up to that seq must be intact and the event at that seq must have that hash. Deleting the
end of a log, or editing an event and recomputing the chain after it, changes or removes the
witnessed hash, which the database alone can no longer hide.

The hash shown is the event's chain hash keyed with the game's secret seed (HMAC-SHA256), not
the chain hash itself: a bare hash over an event that holds a secret with few possible values
(a dealt faction card) could be matched by trying each value. The seed is revealed at the end,
so anyone can then recompute every shown head; the seed's own hash is in the first event.
"""
from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from service.base.signedhead import SignedHead
from service.store.roles import EventLog, LogAudit, SignedHeads

if TYPE_CHECKING:
    from service.base.signing import KeyRing, Signer


class AuditedLog(EventLog, LogAudit, Protocol):
    """The log with the audit's reads of it: streamed whole, its end, its chain checked."""


SHORT = 12
"""Hex digits of a hash shown to players: 48 bits, far beyond rewriting a log to match."""
WITNESS = re.compile(r"^\s*(?P<seq>[1-9][0-9]{0,9})\s*:\s*(?P<hash>[0-9a-fA-F]{12,64})\s*\Z")


def keyed(seed_hex: str, game_id: str, seq: int, chain_hash: str) -> str:
    """Return the witnessed form of an event's chain hash: HMAC-SHA256 under the game's seed."""
    message = f"pbem witness\x1f{game_id}\x1f{seq}\x1f{chain_hash}".encode()
    return hmac.new(bytes.fromhex(seed_hex), message, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Head:
    """The last event of a log (or of its start up to some seq): its seq and witnessed hash.

    A head shown to a reader carries the reader's number as its `seq` (see
    `service.game.numbers`) and the log's seq as `at`: what the service signs and checks."""

    seq: int
    hash: str
    at: int = 0

    @property
    def log_seq(self) -> int:
        """Return the log's seq of the head (its `seq` unless numbered for a reader)."""
        return self.at or self.seq

    @property
    def short(self) -> str:
        """Return the hash in its short form."""
        return self.hash[:SHORT]

    @property
    def witness(self) -> str:
        """Return the head as `pbem verify --witness` takes it: SEQ:HASH."""
        return f"{self.seq}:{self.short}"


@dataclass(frozen=True)
class WitnessReport:
    """Whether the log still holds a witnessed head, and if not what is wrong."""

    ok: bool
    seq: int
    problem: str = ""


def head_at(store: EventLog, game_id: str, seq: int) -> Head | None:
    """Return the head of a game's log as it stood at `seq` (None before the first event)."""
    row = store.get_game(game_id)
    found = store.events(game_id, after_seq=max(seq - 1, 0), upto=seq)
    if row is None or not found or seq <= 0:
        return None
    return Head(found[-1].seq, keyed(row.seed, game_id, found[-1].seq, found[-1].hash))


def parse_witness(text: str) -> tuple[int, str]:
    """Return (seq, hash prefix) from SEQ:HASH, or raise ValueError saying what is expected."""
    match = WITNESS.match(text)
    if match is None:
        raise ValueError(f"a witness is SEQ:HASH with at least {SHORT} hex digits, as printed "
                         f"in the game's emails (e.g. 42:1a2b3c4d5e6f), not {text!r}")
    return int(match["seq"]), match["hash"].lower()


def check_witness(store: AuditedLog, game_id: str, seq: int, prefix: str) -> WitnessReport:
    """Return whether the log still contains the witnessed head, with an intact chain to it."""
    bad = store.verify_chain(game_id)
    if bad is not None and bad <= seq:
        return WitnessReport(False, seq, f"the hash chain breaks at seq {bad}, before the "
                                         f"witnessed seq {seq}")
    head = head_at(store, game_id, seq)
    if store.get_game(game_id) is None:
        return WitnessReport(False, seq, f"the game {game_id} is missing from the games table")
    if head is None:
        last = store.last_seq(game_id)
        return WitnessReport(False, seq, f"the log ends at seq {last}: the witnessed event "
                                         f"{seq} and everything after it are gone")
    if not head.hash.startswith(prefix):
        return WitnessReport(False, seq, f"event {seq} has the hash {head.short}, not "
                                         f"{prefix[:SHORT]}: the log was rewritten")
    return WitnessReport(True, seq)


_NOTED: set[tuple[str, int, str]] = set()
"""Heads this process has noted in the store already, by (game id, seq, key id)."""
_NOTED_KEPT = 4096
_NOTED_LATER: ContextVar[list[tuple[str, SignedHead]] | None] = ContextVar(
    "pbem_heads_noted_later", default=None)


@contextmanager
def heads_noted_later() -> Iterator[list[tuple[str, SignedHead]]]:
    """Collect the heads signed meanwhile instead of noting each in a transaction of its
    own: the caller notes them in its own (a delivery, in the one that marks it sent, for
    a head counts as shown once its email went out), then calls `heads_noted`."""
    collected: list[tuple[str, SignedHead]] = []
    token = _NOTED_LATER.set(collected)
    try:
        yield collected
    finally:
        _NOTED_LATER.reset(token)


def heads_noted(heads: Iterable[tuple[str, SignedHead]]) -> None:
    """Remember that these heads are in the store, so this process does not note them again."""
    for game_id, signed in heads:
        if len(_NOTED) >= _NOTED_KEPT:
            _NOTED.clear()
        _NOTED.add((game_id, signed.seq, signed.key))


def signed_head(store: SignedHeads, signer: Signer, game_id: str, head: Head) -> SignedHead:
    """Return the head signed by the service's key, noted in the store (once per process) as
    a head the service showed. The service signs the log's seq; a head numbered for a reader
    comes back with the reader's number, as the reader is shown it (whoever checks it finds
    the log's seq by the witnessed hash, which names one event)."""
    signed = signer.sign(game_id, head.log_seq, head.hash)
    if (game_id, head.log_seq, signed.key) not in _NOTED:
        later = _NOTED_LATER.get()
        if later is not None:  # noted with whatever shows it (a delivery, as it is marked)
            later.append((game_id, signed))
        else:
            store.record_signed_heads(game_id, [signed])
            heads_noted([(game_id, signed)])
    # shown with the reader's number; the log's seq is found again by the hash it keys
    return replace(signed, seq=head.seq) if head.seq != head.log_seq else signed


class SignedLog(AuditedLog, SignedHeads, Protocol):
    """The log with the heads the service signed of it."""


def signed_heads_problem(store: SignedLog, game_id: str, seed_hex: str, keys: KeyRing) -> tuple[int, str] | None:
    """Return (seq, why) for the first signed head in the store that the log does not lead
    to or that `keys` do not verify, or None when every one holds.

    Heads signed by a key not among `keys` (another server's, kept from an imported archive)
    are passed over: they were checked against that server's keys when imported. The log and
    the heads are read side by side in seq order, a batch at a time."""
    events = store.iter_events(game_id)
    current = next(events, None)
    for head in store.iter_signed_heads(game_id):
        if head.key not in keys.keys:
            continue
        while current is not None and current.seq < head.seq:
            current = next(events, None)
        problem = keys.problem(game_id, head)
        if problem:
            return head.seq, problem
        if current is None or current.seq != head.seq:
            return head.seq, (f"the service signed a head at seq {head.seq}, which the log no "
                              "longer holds: the end of the log was removed")
        if keyed(seed_hex, game_id, head.seq, current.hash) != head.hash:
            return head.seq, (f"the log up to seq {head.seq} is not the one the service signed "
                              f"there (key {head.key}): events were altered, removed or "
                              "inserted after they were shown")
    return None
