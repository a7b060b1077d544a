"""Notice channels besides mail: a webhook receiver in this process takes apprise's json://
notices; a channel is kept only if its test notice goes through, each notice is written and
sent once, and a failing channel is tried a bounded number of times and shown to its player."""
from __future__ import annotations

import io
import json
import logging
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from service.base.logs import QUIET
from service.base.metrics import DELIVERIES
from service.game.loading import LoadedGame
from service.orders.creation import NewSeat, create_game
from service.seats.channels import (
    ChannelRefused,
    add_channel,
    channels_text,
    plan_notices,
    send_notice,
)
from service.seats.seatcommands import answer
from service.store.channels import MAX_ATTEMPTS, NoticeChannels
from service.store.store import Store
from tests.stores import store_at

SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
SECRET = "hook-secret-4f9a"
BASE = "https://pbem.example.org"


class Receiver:
    """An HTTP server that takes webhook posts: answered 200, or 500 while `failing`."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, dict[str, Any]]] = []
        self.failing = False
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                receiver.posts.append((self.path, body))
                self.send_response(500 if receiver.failing else 200)
                self.end_headers()

            def log_message(self, *_: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str = SECRET) -> str:
        """Return the apprise URL of this receiver at `path`."""
        return f"json://127.0.0.1:{self.server.server_port}/{path}"


@pytest.fixture
def receiver(monkeypatch: pytest.MonkeyPatch) -> Iterator[Receiver]:
    """A webhook receiver on a free local port, the operator allowing channels to private
    addresses (the receiver is on the loopback address)."""
    monkeypatch.setenv("PBEM_CHANNEL_PRIVATE_HOSTS", "allow")
    served = Receiver()
    yield served
    served.server.shutdown()
    served.server.server_close()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store of each kind, on a clock fixed at START."""
    yield from store_at(request.param, tmp_path, START)


def game(store: Store) -> LoadedGame:
    """A two-seat game with deadlines, its game id pinned."""
    return create_game(store, "freimaurerei", SEATS, seed_hex="11" * 32, game_id="c4a11e15",
                       deadline_hours=48)


def rows_of(store: Store, game_id: str, seat: str) -> list[Any]:
    """Return the seat's outbox rows."""
    return [row for row in store.outbox_for_game(game_id) if row.recipient == seat]


def test_a_channel_is_kept_only_after_its_test_notice_arrives(store: Store,
                                                               receiver: Receiver) -> None:
    said = add_channel(store, "Anna@Example.org", receiver.url(), "pbem: notices")
    assert receiver.posts and receiver.posts[0][0] == f"/{SECRET}"
    assert receiver.posts[0][1]["title"] == "pbem: notices"
    assert SECRET not in said
    [kept] = NoticeChannels(store).of("anna@example.org")
    assert kept.shown == f"json://127.0.0.1:{receiver.server.server_port}/…"
    with pytest.raises(ChannelRefused, match="already"):
        add_channel(store, "anna@example.org", receiver.url(), "pbem: notices")


def test_a_channel_whose_test_fails_is_refused_with_the_reason(store: Store,
                                                               receiver: Receiver) -> None:
    receiver.failing = True
    with pytest.raises(ChannelRefused) as refused:
        add_channel(store, "anna@example.org", receiver.url(), "pbem: notices")
    assert "did not go through" in refused.value.message and "500" in refused.value.message
    assert SECRET not in refused.value.message
    assert NoticeChannels(store).of("anna@example.org") == []
    with pytest.raises(ChannelRefused, match="apprise does not know"):
        add_channel(store, "anna@example.org", "nonsense://x", "t")
    with pytest.raises(ChannelRefused, match="not offered"):
        add_channel(store, "anna@example.org", "syslog://", "t")


def test_a_decision_due_is_noticed_once_with_the_seats_view(store: Store,
                                                            receiver: Receiver) -> None:
    add_channel(store, "anna@example.org", receiver.url(), "pbem: notices")
    receiver.posts.clear()
    loaded = game(store)
    acting = {p.seat for p in loaded.game.prompts(loaded.state)}
    for seat in ("anna", "bruno"):
        for row in rows_of(store, loaded.meta.id, seat):
            store.mark_outbox_sent(row.id)
            written = plan_notices(store, row.id, BASE)
            assert written == [] or seat == "anna"
            assert plan_notices(store, row.id, BASE) == [], "written once"
            for notice_id in written:
                assert send_notice(store, notice_id) == "sent"
                assert send_notice(store, notice_id) == "already-sent"
    if "anna" in acting:
        [(path, body)] = receiver.posts
        assert path == f"/{SECRET}"
        assert body["title"] == f"[Freimaurerei {loaded.meta.id}] your move"
        assert body["message"] == (
            f"Freimaurerei (game {loaded.meta.id}), seat anna: a decision of yours is open, "
            f"due {body['message'].split('due ')[1].split('. ')[0]}. Answer by mail, or from "
            f"your games at {BASE}/me.")
        assert "2026-11-25 12:00 UTC" in body["message"]
    else:
        assert receiver.posts == [], "no decision of anna's is open"


@pytest.fixture
def service_log() -> Iterator[io.StringIO]:
    """The service's log at DEBUG, as configure_logging sets it up, into a string."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("", *QUIET)}
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    for name in QUIET:
        logging.getLogger(name).setLevel(logging.WARNING)
    yield out
    root.removeHandler(handler)
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def test_a_failing_channel_is_tried_a_bounded_number_of_times_and_shown(
        store: Store, receiver: Receiver, service_log: io.StringIO) -> None:
    add_channel(store, "anna@example.org", receiver.url(), "pbem: notices")
    loaded = game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    if seat != "anna":
        add_channel(store, f"{seat}@example.org", receiver.url(), "pbem: notices")
    [row] = [r for r in rows_of(store, loaded.meta.id, seat) if r.kind in ("turn", "welcome")]
    store.mark_outbox_sent(row.id)
    [notice_id] = plan_notices(store, row.id, BASE)
    receiver.failing = True
    counted = DELIVERIES.labels(kind="channel", result="failed")._value.get()
    results = [send_notice(store, notice_id) for _ in range(MAX_ATTEMPTS + 1)]
    assert results == ["retry"] * (MAX_ATTEMPTS - 1) + ["failed", "already-failed"]
    assert DELIVERIES.labels(kind="channel", result="failed")._value.get() == counted + 1
    assert len(receiver.posts) == 1 + MAX_ATTEMPTS + (seat != "anna")
    shown = channels_text(store, f"{seat}@example.org")
    assert "1 notice(s) failed, the last:" in shown and "500" in shown
    assert NoticeChannels(store).due(100, 0) == [], "given up: never queued again"
    assert SECRET not in service_log.getvalue() and SECRET not in shown


def test_mail_commands_add_list_and_remove_channels(store: Store, receiver: Receiver) -> None:
    loaded = game(store)
    said = answer(store, loaded.meta.id, "anna", f"notify add {receiver.url()}", "s1#cmd1")
    assert "The test notice reached" in said and SECRET not in said
    listed = answer(store, loaded.meta.id, "anna", "notify channels", "s2#cmd1")
    assert f"1. json://127.0.0.1:{receiver.server.server_port}/…" in listed
    assert SECRET not in listed
    with pytest.raises(ChannelRefused, match="no channel 2"):
        answer(store, loaded.meta.id, "anna", "notify remove 2", "s3#cmd1")
    assert answer(store, loaded.meta.id, "anna", "notify remove 1", "s4#cmd1").startswith(
        "Channel 1 (json://")
    assert "no notice channels" in answer(store, loaded.meta.id, "anna", "notify channels",
                                          "s5#cmd1")


def test_recovery_writes_the_notices_a_dead_worker_left_unwritten(store: Store,
                                                                  receiver: Receiver) -> None:
    from service.seats.channels import plan_missed

    for seat in ("anna", "bruno"):
        add_channel(store, f"{seat}@example.org", receiver.url(), "pbem: notices")
    loaded = game(store)
    acting = [p.seat for p in loaded.game.prompts(loaded.state) if not p.submitted]
    for row in store.outbox_for_game(loaded.meta.id):
        store.mark_outbox_sent(row.id)  # delivered, and the worker died before the notices
    written = plan_missed(store, BASE, 100)
    assert acting and len(written) == len(acting)
    assert plan_missed(store, BASE, 100) == [], "written once"
    assert [send_notice(store, n) for n in written] == ["sent"] * len(acting)


def test_a_channel_to_a_private_address_is_refused_before_any_test_notice(
        store: Store, receiver: Receiver, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_CHANNEL_PRIVATE_HOSTS", "refuse")
    port = receiver.server.server_port
    for url, kind in ((receiver.url(), "127.0.0.1 is a loopback address"),
                      (f"json://localhost:{port}/{SECRET}", "localhost is a loopback address"),
                      (f"json://[::1]:{port}/{SECRET}", "::1 is a loopback address"),
                      (f"json://[::ffff:7f00:1]:{port}/{SECRET}",
                       "is a loopback address (127.0.0.1) inside the IPv6 address"),
                      (f"xml://169.254.169.254/{SECRET}", "is a link-local address"),
                      (f"form://10.1.2.3/{SECRET}", "is a private address"),
                      (f"ntfy://0.0.0.0/{SECRET}", "is an unspecified address"),
                      (f"json://224.0.0.9/{SECRET}", "is a multicast address")):
        with pytest.raises(ChannelRefused) as refused:
            add_channel(store, "anna@example.org", url, "pbem: notices")
        said = refused.value.message
        assert kind in said and "is not kept" in said, said
        assert "PBEM_CHANNEL_PRIVATE_HOSTS=allow" in said and SECRET not in said
    loaded = game(store)  # and by mail, the command's answer
    with pytest.raises(ChannelRefused, match="localhost is a loopback address"):
        answer(store, loaded.meta.id, "anna",
               f"notify add json://localhost:{port}/{SECRET}", "s1#cmd1")
    assert receiver.posts == [], "no test notice was sent"
    assert NoticeChannels(store).of("anna@example.org") == []


def test_a_notice_to_a_host_now_private_is_not_sent_and_given_up(
        store: Store, receiver: Receiver, monkeypatch: pytest.MonkeyPatch) -> None:
    add_channel(store, "anna@example.org", f"json://localhost:{receiver.server.server_port}/"
                f"{SECRET}", "pbem: notices")
    loaded = game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    if seat != "anna":
        add_channel(store, f"{seat}@example.org", receiver.url(), "pbem: notices")
    receiver.posts.clear()
    [row] = [r for r in rows_of(store, loaded.meta.id, seat) if r.kind in ("turn", "welcome")]
    store.mark_outbox_sent(row.id)
    [notice_id] = plan_notices(store, row.id, BASE)
    monkeypatch.setenv("PBEM_CHANNEL_PRIVATE_HOSTS", "refuse")  # checked again at sending
    assert send_notice(store, notice_id) == "failed"
    assert send_notice(store, notice_id) == "already-failed", "never tried again"
    assert receiver.posts == []
    shown = channels_text(store, f"{seat}@example.org")
    assert "1 notice(s) failed, the last: not sent: its host" in shown
    assert "is a loopback address (127.0.0.1)" in shown and SECRET not in shown
    assert NoticeChannels(store).due(100, 0) == []
