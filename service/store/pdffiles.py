"""The PDF snapshots' cache: files in a folder of the service's data directory.

One file per (game, seat, seq) under `<folder>/<game>/<seat>.<seq>.pdf` ("_" names the
spectator), written whole (to a temporary name, then renamed) and readable by the owner
alone: a seat's PDF shows what that seat may see. A cache: a missing or broken file is
rendered again. Pruned as it is written: each seat keeps its newest `kept_per_seat` files,
and at most once an hour a process removes the files written more than MAX_AGE_DAYS
ago (finished and abandoned games' PDFs).

Kept out of the database, a turn mail's PDF costs no statements, no commit and no write-ahead
log (about 17 KB per order), and the PDFs do not grow the database or its backups.
"""
from __future__ import annotations

import hashlib
import os
import re
import tempfile
import time
from pathlib import Path

from service.base.config import env_number

PdfKey = tuple[str, str, int]
"""(game id, seat or "" for the spectator, seq)."""
MAX_AGE_DAYS = env_number("PBEM_PDF_CACHE_DAYS", 14.0)
"""Files written this long ago are removed (they are rendered again if ever asked for)."""
PRUNE_EVERY_SECONDS = 3600
_PLAIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")
SPECTATOR_NAME = "_"


def _name(part: str) -> str:
    """Return a file name for an id or seat: itself when plain, else a digest of it."""
    return part if _PLAIN.match(part) else "h" + hashlib.sha256(part.encode()).hexdigest()[:32]


def is_whole(pdf: bytes) -> bool:
    """Return whether `pdf` looks like a whole PDF file (not cut short)."""
    return pdf.startswith(b"%PDF-") and b"%%EOF" in pdf[-64:]


class PdfFiles:
    """The PDF cache in `folder` (made on first write, owner only)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._pruned_at = 0.0

    def _path(self, key: PdfKey) -> Path:
        game_id, seat, seq = key
        return self.folder / _name(game_id) / f"{_name(seat) if seat else SPECTATOR_NAME}.{seq}.pdf"

    def get(self, key: PdfKey) -> bytes | None:
        """Return the kept PDF of (game, seat, seq) if there is a whole one."""
        try:
            pdf = self._path(key).read_bytes()
        except OSError:
            return None
        return pdf if is_whole(pdf) else None

    def put(self, key: PdfKey, pdf: bytes, kept_per_seat: int) -> None:
        """Keep a rendered PDF (replacing a broken one), then drop the seat's older ones,
        keeping the newest `kept_per_seat`. A folder that cannot be written leaves the PDF
        unkept: it is rendered again when next asked for."""
        path = self._path(key)
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(handle, "wb") as out:  # mkstemp makes it 0600
                    out.write(pdf)
                os.replace(temporary, path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
            self._prune_seat(path, kept_per_seat)
            self._prune_old()
        except OSError:
            return

    def _prune_seat(self, path: Path, kept_per_seat: int) -> None:
        """Remove the seat's files but its newest `kept_per_seat` (by seq)."""
        prefix = path.name.rsplit(".", 2)[0] + "."
        seqs = []
        for entry in os.scandir(path.parent):
            name = entry.name
            if name.startswith(prefix) and name.endswith(".pdf"):
                middle = name[len(prefix):-4]
                if middle.isdigit():
                    seqs.append(int(middle))
        for seq in sorted(seqs, reverse=True)[kept_per_seat:]:
            (path.parent / f"{prefix}{seq}.pdf").unlink(missing_ok=True)

    def _prune_old(self, now: float | None = None) -> int:
        """At most once per PRUNE_EVERY_SECONDS, remove files untouched for MAX_AGE_DAYS
        and the game folders left empty; return how many files went."""
        now = time.time() if now is None else now
        if now - self._pruned_at < PRUNE_EVERY_SECONDS:
            return 0
        self._pruned_at = now
        return self.prune(now - MAX_AGE_DAYS * 86400)

    def prune(self, older_than: float) -> int:
        """Remove the files written before `older_than` (a time), and empty game
        folders; return how many files went."""
        removed = 0
        try:
            games = list(os.scandir(self.folder))
        except OSError:
            return 0
        for game in games:
            if not game.is_dir(follow_symlinks=False):
                continue
            left = 0
            for entry in os.scandir(game.path):
                try:
                    if entry.stat().st_mtime < older_than:
                        os.unlink(entry.path)
                        removed += 1
                    else:
                        left += 1
                except OSError:
                    left += 1
            if not left:
                try:
                    os.rmdir(game.path)
                except OSError:
                    pass
        return removed
