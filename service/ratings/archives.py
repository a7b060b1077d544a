"""The ratings rebuilt from finished games' archives, each verified first: the same fold as
the service's, so the table printed from a folder of archives is the service's, byte for byte."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from service.audit.archive import Archive, ArchiveError
from service.audit.rerun import AuditFailure, AuditRefused
from service.audit.restore import audit_archive
from service.ratings.record import GameRecord, game_record
from service.ratings.table import Book, fold

SUFFIX = ".pbem.jsonl"


class ArchivesRefused(Exception):
    """An archive in the folder is not one the ratings can be rebuilt from."""


def archive_records(folder: str | Path) -> Iterator[GameRecord]:
    """Yield the record of every finished game archived in `folder` (and below it), each
    archive audited in full first; raise ArchivesRefused naming the first that fails."""
    paths = sorted(Path(folder).rglob(f"*{SUFFIX}"))
    if not Path(folder).is_dir():
        raise ArchivesRefused(f"{folder} is not a folder")
    seen: dict[str, Path] = {}
    for path in paths:
        try:
            archive = Archive(path)
            if not archive.header.finished:
                continue  # a running game's backup: nothing to rate yet
            audit_archive(path)
            record = game_record(archive.events())
        except (ArchiveError, AuditFailure, AuditRefused) as exc:
            raise ArchivesRefused(f"{path}: {exc}") from None
        if record is None:
            raise ArchivesRefused(f"{path}: the game has not ended")
        if record.game_id in seen:
            raise ArchivesRefused(f"{path}: game {record.game_id} is also in {seen[record.game_id]}")
        seen[record.game_id] = path
        yield record


def book_from_archives(folder: str | Path) -> Book:
    """Return the ratings and records folded from a folder of archives."""
    return fold(archive_records(folder))
