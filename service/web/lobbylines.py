"""The lobby's lines: each listed game's public summary, kept by the head it was made at.

A line is looked up in this process's cache, then in the store's `lobby_lines` table (shared
by every process and node), and only a game found in neither is folded, together with the
others missing (`games_at_rows`); the lines made are stored for the next reader. A line is
keyed by (game, head seq, head hash), so a game that moved is never shown from an old line.
What a line says changes only with the log, except an open table's running out of time:
that is read from the line's `expires_at` against the clock whenever the line is shown.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError

from service.base import clock
from service.base.lru import LruCache
from service.game.current import LogWithConnections, games_at_rows
from service.game.meta import parse_time
from service.store.records import GameRow
from service.store.roles import Caches
from service.web.summary import GameSummary, SeatLine, TableLine, summarize

KEPT = 2_000
"""Lines kept in each process."""


class LobbyReads(LogWithConnections, Caches, Protocol):
    """The store as the lobby's lines are read: the cached lines, and the games whose line
    is missing read at their head."""


_lines: LruCache[tuple[str, int, str], tuple[GameSummary, str]] = LruCache(KEPT)
log = logging.getLogger(__name__)


def summaries(store: LobbyReads, rows: Sequence[GameRow]) -> list[GameSummary]:
    """Return the lines of the games in `rows`, in their order (a game whose rules this server
    lacks, or that has no log, is left out)."""
    found = {row.id: _lines.get(_key(row)) for row in rows}
    unseen = [row for row in rows if found[row.id] is None]
    stored = store.lobby_lines(unseen) if unseen else {}
    for row in unseen:
        if row.id in stored:
            try:
                found[row.id] = line_from_json(stored[row.id])
            except (LookupError, TypeError, ValueError):
                continue  # a broken line: made again below
            _lines.put(_key(row), found[row.id])  # type: ignore[arg-type]
    missing = [row for row in rows if found[row.id] is None]
    made = []
    for row_id, loaded in games_at_rows(store, missing).items():
        expires = loaded.meta.table.expires if loaded.meta.table is not None else ""
        found[row_id] = (summarize(loaded), expires)
        made.append(row_id)
    _keep(store, [row for row in missing if row.id in made], found)
    return [_now(*line) for row in rows if (line := found[row.id]) is not None]


def _key(row: GameRow) -> tuple[str, int, str]:
    return row.id, row.head_seq, row.head_hash


def _keep(store: Caches, rows: list[GameRow],
          found: dict[str, tuple[GameSummary, str] | None]) -> None:
    """Keep the lines just made, here and in the store (a failed write only costs a fold)."""
    lines = []
    for row in rows:
        line = found[row.id]
        assert line is not None
        _lines.put(_key(row), line)
        lines.append((_key(row), line_json(*line)))
    try:
        store.keep_lobby_lines(lines)
    except SQLAlchemyError as exc:  # a busy writer: the next lobby makes them again
        log.warning("lobby lines not stored: %s", exc.__class__.__name__)


def _now(summary: GameSummary, expires_at: str) -> GameSummary:
    """Return the line as it reads now: an open table whose time ran out is `expired`."""
    if summary.status == "open" and expires_at and parse_time(expires_at) <= clock.now():
        return replace(summary, status="expired")
    return summary


def line_json(summary: GameSummary, expires_at: str) -> str:
    """Return a line as stored: the summary's fields and the open table's end."""
    return json.dumps({"summary": asdict(summary), "expires_at": expires_at},
                      sort_keys=True, separators=(",", ":"))


def line_from_json(text: str) -> tuple[GameSummary, str]:
    """Return the summary and the open table's end of a stored line."""
    data = json.loads(text)
    fields: dict[str, Any] = dict(data["summary"])
    fields["seats"] = tuple(SeatLine(**seat) for seat in fields["seats"])
    fields["table"] = TableLine(**fields["table"]) if fields["table"] else None
    fields["offered"] = tuple(fields["offered"])
    return GameSummary(**fields), str(data["expires_at"])


def forget_lines() -> None:
    """Drop every line kept in this process (tests, benchmarks, after a restore)."""
    _lines.clear()
