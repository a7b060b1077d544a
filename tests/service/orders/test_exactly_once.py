"""Each line of a submission is decided at most once, whatever runs it and however often."""
from __future__ import annotations

import json
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlalchemy import event

from engine.core import Rng
from service.base.config import Config, load_config
from service.base.tokens import reply_address
from service.game.loading import LoadedGame, load_game
from service.mail.inbound import receive_email
from service.orders.creation import NewSeat, create_game
from service.orders.deciding import decide_order
from service.orders.processing import MAX_ATTEMPTS, process_order_submission, process_submission
from service.store.roles import EventLog
from service.store.store import Store
from tests.stores import open_store

ROOT = Path(__file__).resolve().parents[3]
SEATS = [NewSeat("anna", "anna@example.org"), NewSeat("bruno", "bruno@example.org")]
RACE = """
import json, sys
from service.orders.processing import MAX_ATTEMPTS, process_submission
from service.store.store import Store
from service.base.config import load_config
url, schema, ids = sys.argv[1], sys.argv[2] or None, sys.argv[3].split(",")
store = Store(url, schema=schema)
results = [process_submission(store, i, config=load_config()).as_dict() for i in ids]
print(json.dumps(results))
"""


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Config:
    """The service's settings, with a fixed signing key."""
    monkeypatch.setenv("PBEM_SECRET_KEY", "exactly-once-test-key")
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    return load_config()


def new_game(store: Store, seed: str = "5e") -> LoadedGame:
    """A seeded two-player Freimaurerei game."""
    return create_game(store, "freimaurerei", SEATS, seed_hex=seed * 32)


def next_orders(loaded: LoadedGame, count: int) -> tuple[str, list[str]]:
    """The seat to act and `count` orders it can give one after another (as text)."""
    game, state = loaded.game, loaded.state
    seat = game.prompts(state)[0].seat
    texts = []
    for _ in range(count):
        prompt = game.prompt_for(state, seat)
        assert prompt is not None, "the seat must still be prompted"
        order = game.legal_orders(state, seat)[0]
        texts.append(game.format_order(order))
        state = game.fold(state, game.decide(state, seat, order, Rng(b"probe")))
    return seat, texts


def email_to(store: Store, config: Config, loaded: LoadedGame, seat: str, lines: list[str],
             message_id: str) -> str:
    """Store an email to the seat's reply address answering its last turn email; its id."""
    turn = [row for row in store.outbox_for_game(loaded.meta.id) if row.recipient == seat][-1]
    mail = EmailMessage()
    mail["From"] = f"{seat}@example.org"
    mail["To"] = reply_address(config.secret_key(), config.mail_domain, loaded.meta.id, seat,
                               0)
    mail["Message-ID"] = message_id
    mail["In-Reply-To"] = f"<{loaded.meta.id}.{turn.seq}.{seat}.{turn.kind}@x>"
    mail.set_content("\n".join(lines) + "\n")
    sub, _ = receive_email(store, mail.as_bytes())[0]
    return sub.id


def orders_of(store: EventLog, game_id: str, submission_id: str) -> list[int]:
    """The seqs of the accepted orders a submission caused."""
    return [e.seq for e in store.events(game_id)
            if e.type == "order.accepted" and e.causation == submission_id]


def test_a_crash_between_append_and_result_is_finished_without_deciding_again(
        store: Store) -> None:
    loaded = new_game(store)
    seat, (text,) = next_orders(loaded, 1)
    sub, _ = store.add_submission("web", text, game_id=loaded.meta.id, seat=seat)
    _, seq = decide_order(store, loaded.meta.id, seat, text, causation=sub.id, actor=seat)
    result = process_submission(store, sub.id)
    assert result.accepted and result.seq == seq and result.orders == (text,)
    assert orders_of(store, loaded.meta.id, sub.id) == [loaded.seq + 1]
    assert store.get_submission(sub.id).result["seq"] == seq


def test_running_a_decided_submission_again_returns_its_stored_result(store: Store) -> None:
    loaded = new_game(store)
    seat, (text,) = next_orders(loaded, 1)
    sub, _ = store.add_submission("api", text, game_id=loaded.meta.id, seat=seat)
    first = process_submission(store, sub.id)
    again = process_submission(store, sub.id)
    assert first.accepted and again == first
    assert len(orders_of(store, loaded.meta.id, sub.id)) == 1
    assert sub.id not in store.received_submissions(-3600)


def test_a_refusal_never_overwrites_an_accepted_result(store: Store) -> None:
    loaded = new_game(store)
    seat, (text,) = next_orders(loaded, 1)
    sub, _ = store.add_submission("web", text, game_id=loaded.meta.id, seat=seat)
    process_submission(store, sub.id)
    assert not store.set_submission_result(sub.id, "rejected", {"code": "late"})
    assert store.get_submission(sub.id).status == "accepted"


def test_an_email_cut_off_after_its_first_line_is_finished_once(store: Store,
                                                                config: Config) -> None:
    loaded = new_game(store)
    seat, texts = next_orders(loaded, 2)
    sub_id = email_to(store, config, loaded, seat, texts, "<cut@example.org>")
    decide_order(store, loaded.meta.id, seat, texts[0], causation=sub_id, actor=seat, line=0)
    result = process_submission(store, sub_id, config=config)
    assert result.accepted and result.orders == tuple(texts)
    assert len(orders_of(store, loaded.meta.id, sub_id)) == 2
    assert [line for line, _, _ in store.decided_lines(sub_id)] == [0, 1]


def test_one_email_reads_the_game_once_and_never_the_whole_log(tmp_path: Path,
                                                               config: Config) -> None:
    store = open_store("sqlite", tmp_path)
    loaded = new_game(store)
    for number in range(3):
        seat, (text,) = next_orders(load_game(store, loaded.meta.id), 1)
        sub, _ = store.add_submission("cli", text, game_id=loaded.meta.id, seat=seat)
        assert process_submission(store, sub.id).accepted, number
    now = load_game(store, loaded.meta.id)
    seat, texts = next_orders(now, 2)
    sub_id = email_to(store, config, now, seat, texts, "<twice@example.org>")
    statements: list[str] = []
    store.dispose()
    event.listen(store._engine, "connect",
                 lambda dbapi, _: dbapi.set_trace_callback(statements.append))
    assert process_submission(store, sub_id, config=config).orders == tuple(texts)
    log_reads = [s for s in statements if "FROM events" in s and "prev_hash" not in s
                 and "ORDER BY events.seq DESC" not in s and "JOIN" not in s]
    assert len(log_reads) == 1, log_reads
    assert not [s for s in statements if "FROM events" in s and "causation =" in s]


def test_two_processes_deciding_the_same_submissions_at_once_decide_each_once(
        store: Store, tmp_path: Path) -> None:
    ids, games = [], []
    for number in range(6):
        loaded = new_game(store, f"{number + 1:02x}")
        seat, (text,) = next_orders(loaded, 1)
        sub, _ = store.add_submission("web", text, game_id=loaded.meta.id, seat=seat)
        ids.append(sub.id)
        games.append(loaded.meta.id)
    argv = [sys.executable, "-c", RACE, store.url, store.schema or "", ",".join(ids)]
    env = {"PBEM_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    runs = [subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
            for _ in range(2)]
    outputs = [json.loads(run.communicate(timeout=300)[0]) for run in runs]
    for index, (game_id, sub_id) in enumerate(zip(games, ids)):
        assert len(orders_of(store, game_id, sub_id)) == 1
        stored = store.get_submission(sub_id)
        assert stored.status == "accepted"
        assert outputs[0][index] == outputs[1][index] == stored.result | {"status": "accepted"}
        assert store.verify_chain(game_id) is None


def test_a_submission_that_keeps_breaking_down_is_failed_after_bounded_tries(
        store: Store) -> None:
    """An order with a lone surrogate cannot be stored as a result: each attempt breaks."""
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    sub, _ = store.add_submission("api", "build \ud800", game_id=loaded.meta.id, seat=seat)
    crashes = 0
    for _ in range(MAX_ATTEMPTS):
        with pytest.raises(Exception):  # noqa: B017 - whatever broke, it is counted
            process_submission(store, sub.id)
        crashes += 1
        assert sub.id in store.received_submissions(-3600)
    result = process_submission(store, sub.id)
    assert crashes == MAX_ATTEMPTS
    assert result.status == "failed" and result.code == "processing-failed"
    assert f"after {MAX_ATTEMPTS} attempts" in result.message and "\ud800" not in result.message
    assert sub.id not in store.received_submissions(-3600)
    assert [s.id for s in store.failed_submissions(loaded.meta.id)] == [sub.id]
    assert process_submission(store, sub.id) == result
    assert load_game(store, loaded.meta.id).seq == loaded.seq


def test_an_order_is_not_appended_once_another_run_has_answered(store: Store) -> None:
    """The result is stored in the append's transaction: a run holding an old copy of the
    submission cannot put an order in the log after another run refused it."""
    loaded = new_game(store)
    seat, (text,) = next_orders(loaded, 1)
    sub, _ = store.add_submission("web", text, game_id=loaded.meta.id, seat=seat)
    assert store.set_submission_result(sub.id, "rejected", {"code": "game-paused"})
    result = process_order_submission(store, sub)
    assert result.status == "rejected" and result.code == "game-paused"
    assert orders_of(store, loaded.meta.id, sub.id) == []
    assert store.log_end(loaded.meta.id)[0] == loaded.seq
