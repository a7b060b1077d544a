"""On the embedded default the task that decides an order sends the mail it caused itself.

Real parts: a SQLite store and the SQLite broker in a home of the test's own, and an SMTP
server in process for the players' provider. The tasks run in place (eagerly): whatever they
hand to the queue is a real message in the broker's database, read back by the test.
"""
from __future__ import annotations

import base64
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from service.base.tokens import reply_address
from service.game.loading import load_game
from service.mail.inbound import receive_email
from service.orders.creation import NewSeat, create_game
from tests.integration.conftest import Outbox, free_port, fresh_pools
from tests.stores import ready_store

SEATS = ("anna", "bruno", "carla")


@pytest.fixture
def embedded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, int]]:
    """The worker's tasks on the embedded default in a home of their own, sending to a port
    (the test starts the players' mail server on it, or leaves it closed)."""
    from workers import embedded as transport
    from workers.app import app, prepare_broker

    home, port = tmp_path / "home", free_port()
    monkeypatch.setenv("PBEM_HOME", str(home))
    monkeypatch.setenv("PBEM_SECRET_KEY", "inline-test")
    monkeypatch.setenv("PBEM_SMTP_URL", f"smtp://127.0.0.1:{port}?starttls=no")
    for name in ("PBEM_BROKER_URL", "PBEM_DATABASE_URL", "PBEM_MAIL_TO_FILES"):
        monkeypatch.delenv(name, raising=False)
    home.mkdir()
    transport.register()
    with tasks_on(f"sqla+sqlite:///{home / 'broker.db'}", {}) as tasks:
        prepare_broker(app)  # as `pbem serve` does before any part starts
        assert tasks.mail_inline()
        yield tasks, port


@contextmanager
def tasks_on(broker_url: str, options: dict[str, Any]) -> Iterator[Any]:
    """Yield the worker's tasks publishing to `broker_url`, configured from the environment
    as it is now; put the app's broker and the tasks' cached settings back after."""
    from workers import tasks
    from workers.app import app

    previous = app.conf.broker_url, app.conf.broker_transport_options
    app.conf.broker_url, app.conf.broker_transport_options = broker_url, options
    fresh_pools(app)
    caches = (tasks.config, tasks.store, tasks.mail_inline)
    for cache in caches:
        cache.cache_clear()
    ready_store()
    try:
        yield tasks
    finally:
        tasks.store().dispose()
        for cache in caches:
            cache.cache_clear()
        app.conf.broker_url, app.conf.broker_transport_options = previous
        fresh_pools(app)


class Provider:
    """The players' mail server on the given port, while in use."""

    def __init__(self, port: int) -> None:
        self.keeper = Outbox()
        self.controller = Controller(self.keeper, hostname="127.0.0.1", port=port)

    def __enter__(self) -> Outbox:
        self.controller.start()
        return self.keeper

    def __exit__(self, *_: object) -> None:
        self.controller.stop()


def queued(home: Path) -> list[tuple[str, Any]]:
    """Return the tasks waiting in the embedded broker: (task name, its first argument)."""
    with sqlite3.connect(home / "broker.db") as db:
        found = []
        for (payload,) in db.execute("SELECT payload FROM kombu_message WHERE visible = 1"):
            message = json.loads(payload)
            args = json.loads(base64.b64decode(message["body"]))[0]
            found.append((message["headers"]["task"], args[0]))
    return found


def new_game(tasks: Any) -> str:
    """Create a game with its first mail sent; return its id."""
    store = tasks.store()
    game_id = create_game(store, "secret-masters",
                          [NewSeat(name, f"{name}@players.test") for name in SEATS],
                          notify="every").meta.id
    tasks.send_now([row.id for row in store.outbox_for_game(game_id)
                    if row.status == "pending"])
    return game_id


def mail_an_order(tasks: Any, game_id: str) -> str:
    """Store the first seat's email with a legal order; return the submission's id."""
    store, config = tasks.store(), tasks.config()
    loaded = load_game(store, game_id)
    prompt = loaded.game.prompts(loaded.state)[0]
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, prompt.seat)[0])
    address = reply_address(config.secret_key(), config.mail_domain, game_id, prompt.seat,
                            loaded.meta.generation(prompt.seat))
    message = EmailMessage()
    message["From"], message["To"] = f"{prompt.seat}@players.test", address
    message["Subject"], message["Message-ID"] = "Re: your move", make_msgid(domain="p.test")
    message.set_content(order)
    return str(receive_email(store, bytes(message), envelope_to=[address])[0][0].id)


def test_the_decision_sends_its_mail_itself_once(embedded: tuple[Any, int],
                                                 tmp_path: Path) -> None:
    tasks, port = embedded
    with Provider(port) as provider:
        game_id = new_game(tasks)
        before = len(provider.received)
        sub_id = mail_an_order(tasks, game_id)
        assert tasks.process_submission.apply(args=[sub_id]).result["status"] == "accepted"
        rows = tasks.store().outbox_for_game(game_id)
        sent = len(provider.received) - before
        answers = [m for m in provider.messages() if m["Auto-Submitted"] == "auto-replied"]
        assert len(answers) == 1 and sent >= 2  # the answer (with the turn) and the news
        assert {row.status for row in rows} <= {"sent", "closed"}  # settled, every one
        assert queued(tmp_path / "home") == []  # nothing went through the broker
        for row in rows:  # a task run twice, a duplicate message: nothing more goes out
            assert tasks.deliver.apply(args=[row.id]).result == "already-sent"
        assert tasks.deliver_reply.apply(args=[sub_id]).result == "already-sent"
        assert tasks.process_submission.apply(args=[sub_id]).result["status"] == "accepted"
        assert len(provider.received) - before == sent


def test_mail_that_cannot_go_now_is_left_to_the_queue(embedded: tuple[Any, int],
                                                      tmp_path: Path) -> None:
    tasks, port = embedded
    with Provider(port):
        game_id = new_game(tasks)
    sub_id = mail_an_order(tasks, game_id)  # the provider is down from here on
    assert tasks.process_submission.apply(args=[sub_id]).result["status"] == "accepted"
    waiting = queued(tmp_path / "home")
    rows = [row for row in tasks.store().outbox_for_game(game_id) if row.status == "pending"]
    assert rows and all(row.attempts == 1 and row.last_error for row in rows[:1])
    assert sorted(waiting) == sorted([("pbem.deliver", row.id) for row in rows]
                                     + [("pbem.deliver_reply", sub_id)])
    with Provider(port) as provider:  # the provider is back: the queue's tasks send them
        results = [getattr(tasks, name.removeprefix("pbem.")).apply(args=[arg]).result
                   for name, arg in waiting]
        # the seat's own turn email goes inside the answer to its email
        assert set(results) <= {"sent", "no-longer-needed"} and "sent" in results
        assert len(provider.received) == results.count("sent")
    assert {row.status for row in tasks.store().outbox_for_game(game_id)} <= {"sent", "closed"}


def test_a_turn_mail_queues_its_channel_notice_which_goes_out_once(
        embedded: tuple[Any, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from service.seats.channels import add_channel
    from tests.service.seats.test_channels import Receiver

    tasks, port = embedded
    monkeypatch.setenv("PBEM_CHANNEL_PRIVATE_HOSTS", "allow")  # the receiver is on 127.0.0.1
    receiver = Receiver()
    try:
        for seat in SEATS:
            add_channel(tasks.store(), f"{seat}@players.test", receiver.url(), "test")
        receiver.posts.clear()
        with Provider(port):
            game_id = new_game(tasks)  # the opening's mail, sent here and now
        notices = [arg for name, arg in queued(tmp_path / "home")
                   if name == "pbem.send_notice"]
        loaded = load_game(tasks.store(), game_id)
        acting = [p.seat for p in loaded.game.prompts(loaded.state) if not p.submitted]
        assert acting and len(notices) == len(acting), "one per seat with a decision due"
        results = [tasks.send_notice.apply(args=[n]).result for n in notices * 2]
        assert results == ["sent"] * len(notices) + ["already-sent"] * len(notices)
        assert sorted(body["message"].split(", seat ")[1].split(":")[0]
                      for _, body in receiver.posts) == sorted(acting)
    finally:
        receiver.server.shutdown()
        receiver.server.server_close()
