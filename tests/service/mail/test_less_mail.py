"""Less mail: one message with several orders makes one round of turn emails."""
from __future__ import annotations

from email import message_from_bytes, policy
from pathlib import Path

import pytest

from service.base.config import Config, load_config
from service.game.history import reader_number
from service.game.loading import load_game
from service.mail import delivery
from service.orders.deciding import decide_order
from service.orders.processing import process_submission
from service.store.store import Store
from tests.service.orders.test_exactly_once import email_to, new_game, next_orders
from tests.stores import open_store


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Config:
    """The service's settings, with a fixed signing key."""
    monkeypatch.setenv("PBEM_SECRET_KEY", "less-mail-test-key")
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("PBEM_SMTP_URL", raising=False)
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


def delivered(store: Store, config: Config, game_id: str, sub_id: str) -> dict[str, list[str]]:
    """Deliver the game's pending mail and the answer; return each address's email subjects."""
    for outbox_id in store.pending_outbox_of_game(game_id):
        delivery.deliver(store, config, outbox_id)
    delivery.deliver_reply(store, config, sub_id)
    by_address: dict[str, list[str]] = {}
    for path in sorted(config.mail_dir.glob("*.eml")):
        mail = message_from_bytes(path.read_bytes(), policy=policy.default)
        by_address.setdefault(str(mail["To"]), []).append(str(mail["Subject"]))
    return by_address


def test_the_acting_player_gets_one_mail_per_message_with_answer_view_and_pdf(
        store: Store, config: Config) -> None:
    loaded = new_game(store)
    for outbox_id in store.pending_outbox_of_game(loaded.meta.id):
        delivery.deliver(store, config, outbox_id)
    opening = {p.name for p in config.mail_dir.glob("*.eml")}
    seat, texts = next_orders(loaded, 2)
    sub_id = email_to(store, config, loaded, seat, texts, "<one-mail@example.org>")
    result = process_submission(store, sub_id, config=config)
    assert result.accepted
    delivered(store, config, loaded.meta.id, sub_id)
    new = [p for p in sorted(config.mail_dir.glob("*.eml")) if p.name not in opening]
    mails = [message_from_bytes(p.read_bytes(), policy=policy.default) for p in new]
    mine = [m for m in mails if f"{seat}@example.org" in str(m["To"])]
    assert len(mine) == 1
    (answer,) = mine
    body = answer.get_body(("plain",)).get_content()
    assert "accepted" in body and texts[-1] in body
    assert [p.get_content_type() for p in answer.iter_attachments()] == ["application/pdf"]
    # named by the seat's own number of the event (numbers per reader)
    number = reader_number(store, load_game(store, loaded.meta.id).meta, seat, result.seq)
    assert answer["Message-ID"].startswith(f"<{loaded.meta.id}.n{number}.{seat}.")
    others = [m for m in mails if f"{seat}@example.org" not in str(m["To"])]
    rows = [r for r in store.outbox_for_game(loaded.meta.id) if r.seq > loaded.seq]
    assert len(others) == len([r for r in rows if r.recipient != seat])
    assert rows and all(r.status == ("closed" if r.recipient == seat else "sent")
                        for r in rows)


def test_a_refused_email_is_answered_alone(store: Store, config: Config) -> None:
    loaded = new_game(store)
    seat, _ = next_orders(loaded, 1)
    sub_id = email_to(store, config, loaded, seat, ["no such order at all"], "<no@example.org>")
    assert process_submission(store, sub_id, config=config).status == "rejected"
    assert store.answering_row(sub_id, seat) is None
    delivery.deliver_reply(store, config, sub_id)
    (path,) = [p for p in config.mail_dir.glob("reply-*.eml")]
    answer = message_from_bytes(path.read_bytes(), policy=policy.default)
    assert "refused" in answer.get_body(("plain",)).get_content()
    assert not list(answer.iter_attachments())
