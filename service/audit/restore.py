"""Offline audit of an archive, and restoring a game from its archive into a store."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from engine.core import get_game
from service.audit.archive import (
    Archive,
    ArchiveError,
    ArchiveHeader,
    HeadCheck,
    check_engine,
    seed_matches,
)
from service.audit.rerun import AuditFailure, AuditRefused, AuditReport, rerun_log
from service.base.ids import GAME_ID_RULE, is_game_id
from service.game.events import SERVICE_EVENTS, SeedRevealed, is_service_event
from service.game.loading import fold_rows, snapshot_of
from service.game.meta import GameMeta, apply_service_event, seat_addresses
from service.game.numbers import renumber
from service.game.witness import AuditedLog
from service.store.roles import Connections, GameIndex, SignedHeads
from service.store.store import CHECKPOINT_EVERY, GameRow, StoredEvent, StoreError

if TYPE_CHECKING:
    from service.base.signing import KeyRing

STATUSES = ("active", "paused", "finished")


class Restoring(AuditedLog, GameIndex, SignedHeads, Connections, Protocol):
    """The store as an archive is restored into it: the log written as it is, the index of
    who plays the game, and the heads the service signed of it."""


def audit_archive(path: str | Path, *, house: bool = False, keys: KeyRing | None = None,
                  unsigned: bool = False) -> AuditReport:
    """Audit an archive from the file alone: chain, seed, every draw and order, the end, and
    that its header says what its log says; with `house`, the house's choices as well.

    With `keys`, every signed head in the archive must verify under them and be the head
    its own events lead to, and (unless `unsigned`) its last event must carry one."""
    archive = Archive(path)
    header = archive.header
    _check_engine(header)
    if not is_game_id(header.game_id):
        raise AuditRefused(f"the archive's game id {header.game_id!r} is not a game id (a game "
                           f"id is {GAME_ID_RULE})")
    if header.seed is None:
        raise AuditRefused(f"the archive of game {header.game_id} holds no seed: the game was "
                           "still running when it was exported without --with-secrets, so "
                           "its randomness cannot be audited (the hash chain can: pbem import "
                           "refuses it, but a finished game's archive has everything)")
    folded = _Folded(header.game_id)
    try:
        heads = (None if keys is None else
                 HeadCheck(header.game_id, header.seed, keys, required=not unsigned))
        report = rerun_log(header.game_id, header.seed, folded.watch(archive.entries(heads=heads)),
                           require_finished=header.finished, house=house)
        check_header(header, folded.meta)
    except ArchiveError as exc:
        raise (AuditRefused(exc.message) if exc.seq is None
               else AuditFailure(exc.seq, exc.message)) from None
    return report


class _Folded:
    """The service's data of a log, folded from its service events as they stream past."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.meta: GameMeta | None = None

    def watch(self, entries: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """Pass the entries on, folding each service event."""
        for entry in entries:
            if is_service_event(entry["type"]):
                item = SERVICE_EVENTS.load(entry["type"], entry["payload"],
                                           entry["schema_version"])
                self.meta = apply_service_event(self.meta, self.game_id, item, entry["seq"])
            yield entry


def check_header(header: ArchiveHeader, meta: GameMeta | None) -> None:
    """Raise ArchiveError unless the header's game, title, options, seats and status are the
    ones its hash-chained log holds: the header itself is not chained, so it is checked."""
    if meta is None:
        raise ArchiveError("the archive holds no event that creates its game")
    seats = tuple({"seat": seat.name, "player": seat.player} for seat in meta.seats)
    status = ("finished" if meta.finished else "paused" if meta.paused else
              "active" if meta.started else "open")
    told = {"game": header.game, "title": header.title, "engine version": header.engine_version,
            "options": header.options, "seats and players": header.seats,
            "status": header.status}
    logged = {"game": meta.game, "title": meta.title, "engine version": meta.engine_version,
              "options": dict(meta.options), "seats and players": seats,
              "status": status if status != "open" else header.status}
    wrong = [name for name in told if told[name] != logged[name]]
    if wrong:
        raise ArchiveError(f"the header's {', '.join(wrong)} differ from what the game's log "
                           "records: the header was altered")


def _check_engine(header: ArchiveHeader) -> None:
    """Raise AuditRefused unless this installation replays the archive's engine version."""
    try:
        check_engine(header.game, header.engine_version)
    except ArchiveError as exc:
        raise AuditRefused(exc.message) from None


@dataclass(frozen=True)
class Restored:
    """A game restored from an archive."""

    game_id: str
    events: int
    status: str


def import_archive(store: Restoring, path: str | Path, keys: KeyRing | None = None,
                   unsigned: bool = False) -> Restored:
    """Restore a game from its archive; refuse a broken chain, a taken id or a missing seed,
    and with `keys` a head they do not sign or the events do not lead to, or (unless
    `unsigned`) an archive whose last event carries no signed head.

    Everything is written in one transaction while the chain is checked, so a refused
    archive leaves the store as it was.
    """
    archive = Archive(path)
    header = archive.header
    check_engine(header.game, header.engine_version)
    if not is_game_id(header.game_id):
        raise ArchiveError(f"the archive's game id {header.game_id!r} is not a game id (a game "
                           f"id is {GAME_ID_RULE}), so it is not imported")
    if header.status not in STATUSES:
        raise ArchiveError(f"the header's status {header.status!r} is none of "
                           f"{', '.join(STATUSES)}")
    if header.seed is None:
        raise ArchiveError(f"game {header.game_id} was still running and its archive holds no "
                           "seed (it was exported without --with-secrets): restored, it "
                           "could not go on, so it is not imported")
    if store.get_game(header.game_id) is not None:
        raise ArchiveError(f"a game with id {header.game_id} is already in this store")
    try:  # the whole record, as `pbem audit --archive` checks it, before anything is written
        audit_archive(path, keys=keys, unsigned=unsigned)
    except AuditFailure as exc:
        raise ArchiveError("the archive does not pass its audit, so nothing was imported: "
                           f"{exc.reason}", exc.seq) from None
    except AuditRefused as exc:
        raise ArchiveError(f"the archive does not pass its audit, so nothing was imported: "
                           f"{exc}") from None
    row = GameRow(header.game_id, header.game, header.engine_version, header.title,
                  header.seed, header.created_at, header.status)
    try:
        count = store.restore_game(row, _seed_checked(archive.events(strict=True), header))
    except StoreError as exc:
        raise ArchiveError(str(exc)) from None
    store.record_signed_heads(header.game_id, list(archive.signed_heads()))
    _cache(store, header.game_id)
    renumber(store, get_game(header.game, header.engine_version), header.game_id)
    return Restored(header.game_id, count, header.status)


def _seed_checked(events: Iterator[StoredEvent], header: ArchiveHeader) -> Iterator[StoredEvent]:
    """Pass the events on; raise ArchiveError if the seed or the status disagree with the log."""
    meta = None
    for item in events:
        if is_service_event(item.type):
            service = SERVICE_EVENTS.load(item.type, item.payload, item.schema_version)
            if item.seq == 1 and not seed_matches(header.seed or "",
                                                  getattr(service, "seed_hash", "")):
                raise ArchiveError("the archive's seed is not the one whose hash the game "
                                   "published when it was created", 1)
            if isinstance(service, SeedRevealed) and service.seed != header.seed:
                raise ArchiveError("the revealed seed is not the archive's seed", item.seq)
            meta = apply_service_event(meta, header.game_id, service, item.seq)
        yield item
    status = "finished" if meta and meta.finished else (
        "paused" if meta and meta.paused else "active")
    if status != header.status:
        raise ArchiveError(f"the header says the game is {header.status}, but its log says "
                           f"it is {status}")


FOLD_BATCH = CHECKPOINT_EVERY


def _cache(store: Restoring, game_id: str) -> None:
    """Fold the restored game once, a batch of rows at a time, keeping a snapshot after each
    batch (the checkpoints a replay of any step folds from, as the service keeps them), and
    note who plays its seats."""
    loaded, last = None, store.last_seq(game_id)
    for after in range(0, last, FOLD_BATCH):
        loaded = fold_rows(loaded, game_id, store.event_rows(game_id, after, after + FOLD_BATCH))
        store.save_snapshot(game_id, loaded.seq, loaded.game.version, snapshot_of(loaded))
    if loaded is not None:
        store.replace_seats(game_id, seat_addresses(loaded.meta))
