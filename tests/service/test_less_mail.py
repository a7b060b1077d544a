"""Less mail: one message with several orders makes one round of turn emails."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.config import Config, load_config
from service.games import decide_order
from service.processing import process_submission
from service.store import Store
from tests.service.test_exactly_once import email_to, new_game, next_orders
from tests.stores import open_store


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Config:
    """The service's settings, with a fixed signing key."""
    monkeypatch.setenv("PBEM_SECRET_KEY", "less-mail-test-key")
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    return load_config()


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """An empty SQLite store."""
    return open_store("sqlite", tmp_path)


def mail_after(store: Store, game_id: str, seq: int) -> list[tuple[int, str]]:
    """The (seq, seat) of every outbox row written after `seq`."""
    return [(row.seq, row.recipient) for row in store.outbox_for_game(game_id) if row.seq > seq]


def test_several_orders_in_one_email_make_one_round_of_mail(store: Store,
                                                            config: Config) -> None:
    loaded = new_game(store)
    seat, texts = next_orders(loaded, 3)
    sub_id = email_to(store, config, loaded, seat, texts, "<three@example.org>")
    result = process_submission(store, sub_id, config=config)
    assert result.accepted and len(result.orders) == 3
    rows = mail_after(store, loaded.meta.id, loaded.seq)
    assert rows and {seq for seq, _ in rows} == {result.seq}
    assert len({recipient for _, recipient in rows}) == len(rows)
    assert set(store.submission_outbox(sub_id)) == {
        row.id for row in store.outbox_for_game(loaded.meta.id) if row.seq > loaded.seq}


def test_a_refused_line_still_sends_the_one_round_of_the_lines_before_it(
        store: Store, config: Config) -> None:
    loaded = new_game(store)
    seat, texts = next_orders(loaded, 2)
    sub_id = email_to(store, config, loaded, seat, [*texts, "no such order at all"],
                      "<refused@example.org>")
    result = process_submission(store, sub_id, config=config)
    assert result.status == "partial" and result.orders == tuple(texts)
    rows = mail_after(store, loaded.meta.id, loaded.seq)
    assert rows and {seq for seq, _ in rows} == {store.log_end(loaded.meta.id)[0]}


def test_a_message_cut_off_after_its_first_line_still_mails_from_where_it_began(
        store: Store, config: Config) -> None:
    loaded = new_game(store)
    seat, texts = next_orders(loaded, 2)
    sub_id = email_to(store, config, loaded, seat, texts, "<cut-mail@example.org>")
    decide_order(store, loaded.meta.id, seat, texts[0], causation=sub_id, actor=seat, line=0,
                 notify=False)
    result = process_submission(store, sub_id, config=config)
    assert result.orders == tuple(texts)
    rows = mail_after(store, loaded.meta.id, loaded.seq)
    assert {seq for seq, _ in rows} == {result.seq}
    assert seat in {recipient for _, recipient in rows}
