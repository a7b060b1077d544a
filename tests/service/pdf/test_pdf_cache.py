"""A PDF snapshot is rendered once per (game, seq, seat) and shared by mails, reminders, downloads."""
from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from service.base import clock
from service.game.history import reader_seq
from service.game.loading import load_game
from service.game.numbers import renumber
from service.mail.compose import compose_outbox
from service.pdf import seat_pdf as snapshots
from service.store.records import Append
from service.store.store import NewEvent, NewOutbox
from tests.service.tablemail import open_table


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """Record the seat of every PDF actually rendered (the real renderer still runs)."""
    seen: list[str | None] = []
    real = snapshots.render_snapshot_pdf

    def counted(*args: Any, **kwargs: Any) -> bytes:
        seen.append(kwargs["seat"])
        return real(*args, **kwargs)

    monkeypatch.setattr(snapshots, "render_snapshot_pdf", counted)
    return seen


def empty_cache(store: Any) -> None:
    """Remove every kept PDF file."""
    for path in store.pdf_files.folder.rglob("*.pdf"):
        path.unlink()


def attachment(mail: Any) -> tuple[str, bytes]:
    """Return the file name and bytes of a mail's PDF."""
    part = next(part for part in mail.iter_attachments()
                if part.get_content_type() == "application/pdf")
    return part.get_filename(), part.get_content()


def test_the_turn_mail_and_the_download_share_one_render(tmp_path: Path,
                                                        renders: list[str | None]) -> None:
    table = open_table(tmp_path)
    empty_cache(table.store)  # the opening mails went out: start from nothing
    renders.clear()
    row = next(r for r in table.store.outbox_for_game(table.game_id)
               if r.kind == "turn" and r.recipient == "anna")
    name, mailed = attachment(compose_outbox(table.store, table.config, row))
    then = load_game(table.store, table.game_id, upto=row.seq)
    seen = reader_seq(table.store, then.game, table.game_id, "anna", row.seq, False)
    assert name == f"{table.game_id}-{seen}-anna.pdf" and mailed.startswith(b"%PDF-")
    assert snapshots.snapshot_pdf(table.store, then, "anna") == mailed
    assert renders == ["anna"]
    spectator = snapshots.snapshot_pdf(table.store, then, None)
    assert spectator != mailed and renders == ["anna", None]


def test_a_broken_entry_is_rendered_again(tmp_path: Path, renders: list[str | None]) -> None:
    table = open_table(tmp_path)
    loaded = load_game(table.store, table.game_id)
    empty_cache(table.store)
    renders.clear()
    first = snapshots.snapshot_pdf(table.store, loaded, "bruno")
    for path in table.store.pdf_files.folder.rglob("*.pdf"):
        path.write_bytes(first[:100])  # cut short
    again = snapshots.snapshot_pdf(table.store, loaded, "bruno")
    assert again.startswith(b"%PDF-") and b"%%EOF" in again[-64:] and renders == ["bruno"] * 2
    assert snapshots.snapshot_pdf(table.store, loaded, "bruno") == again and len(renders) == 2


def test_a_reminder_shows_the_seat_as_it_stands_now(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    loaded = load_game(table.store, table.game_id)
    seat = loaded.game.prompts(loaded.state)[0].seat
    deadline = loaded.meta.deadlines[seat]
    other = next(name for name in loaded.meta.seat_names if name != seat)
    table.store.append(Append(table.game_id, loaded.seq, [NewEvent(
               "seat.preferences", {"seat": other, "notify": "digest", "mute_press": False,
                                    "timezone": ""}, actor=other)]))
    renumber(table.store, loaded.game, table.game_id)  # appended past the service: count it
    table.store.add_outbox(table.game_id, [NewOutbox(deadline.seq, seat, "reminder-1h")])
    row = next(r for r in table.store.outbox_for_game(table.game_id)
               if r.kind == "reminder-1h")
    clock.set_now(datetime.now(UTC) + timedelta(hours=47, minutes=30))
    try:
        mail = compose_outbox(table.store, table.config, row)
    finally:
        clock.set_now(None)
    assert mail is not None
    name, pdf = attachment(mail)
    now = load_game(table.store, table.game_id)
    # named by the head as the seat may know it: the other seat's settings are not news to it
    seen = reader_seq(table.store, now.game, table.game_id, seat, now.seq, False)
    assert now.seq == loaded.seq + 1 and seen <= loaded.seq
    assert name == f"{table.game_id}-{seen}-{seat}.pdf"
    assert pdf == snapshots.snapshot_pdf(table.store, now, seat)


def test_the_cache_is_files_of_the_data_directory_owner_only_and_pruned(
        tmp_path: Path, renders: list[str | None]) -> None:
    table = open_table(tmp_path)
    folder = table.store.pdf_files.folder
    assert folder == Path(str(table.store.url).removeprefix("sqlite:///")).parent / "pdf-cache"
    loaded = load_game(table.store, table.game_id)
    snapshots.snapshot_pdf(table.store, loaded, "anna")
    kept = sorted(folder.rglob("*.pdf"))
    assert kept and all(path.stat().st_mode & 0o077 == 0 for path in kept)
    key = (table.game_id, "anna", 0)
    for seq in range(1, 6):  # the seat keeps its newest few
        table.store.keep_pdf(key[:2] + (seq,), b"%PDF-1.7 x %%EOF", snapshots.KEPT_PER_SEAT)
    mine = sorted(int(path.name.split(".")[1]) for path in folder.rglob("anna.*.pdf"))
    assert len(mine) == snapshots.KEPT_PER_SEAT and mine[-1] == max(5, loaded.seq)
    assert table.store.cached_pdf(key[:2] + (5,)) == b"%PDF-1.7 x %%EOF"
    assert table.store.pdf_files.prune(older_than=time.time() + 1) >= len(mine)
    assert not list(folder.rglob("*.pdf")) and table.store.cached_pdf(key[:2] + (5,)) is None
