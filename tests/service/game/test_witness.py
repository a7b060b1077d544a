"""Witnessed history: the head in emails and seat pages, and `pbem verify --witness`."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, text

from service.base.config import load_config
from service.cli.main import main
from service.game.loading import load_game
from service.game.witness import check_witness, head_at, parse_witness
from service.mail.compose import compose_outbox
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.store.orderlog import OrderLog
from service.store.store import Store
from tests.service.orders.test_games import _rewrite_from

SEATS = [NewSeat(name, f"{name}@example.org") for name in ("anna", "bruno", "carla")]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """The store of a pbem home folder that the `pbem` command also uses."""
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_SECRET_KEY", "witness-key")
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    store = Store(load_config().database_url)
    store.create_schema()
    yield store
    store.dispose()


def play(store: OrderLog, game_id: str, orders: int) -> None:
    """Give `orders` legal orders through the service."""
    for _ in range(orders):
        loaded = load_game(store, game_id)
        prompt = loaded.game.prompts(loaded.state)[0]
        order = loaded.game.legal_orders(loaded.state, prompt.seat)[0]
        result = submit_order(store, game_id, prompt.seat, loaded.game.format_order(order))
        assert result.accepted


def emailed_witness(store: Store, game_id: str) -> str:
    """Return the witness printed in the newest turn email of the game."""
    row = [row for row in store.outbox_for_game(game_id) if row.kind != "held"][-1]
    message = compose_outbox(store, load_config(), row)
    assert message is not None
    body = message.get_body(("plain",))
    assert body is not None
    found = re.search(r"--witness (\d+:[0-9a-f]{12})", body.get_content())
    assert found, "the turn email shows the log's head"
    html = message.get_body(("html",))
    assert html is not None and found.group(1) in html.get_content()
    return found.group(1)


def verify(game_id: str, *witnesses: str) -> tuple[int, str]:
    """Run `pbem verify` with witnesses; return its exit code and output."""
    args = ["verify", game_id] + [f"--witness={w}" for w in witnesses]
    result = CliRunner().invoke(main, args)
    return result.exit_code, result.output


def test_an_emailed_head_is_proved_and_a_cut_log_is_caught(home: Store) -> None:
    game_id = create_game(home, "secret-masters", SEATS, seed_hex="5e" * 32).meta.id
    play(home, game_id, 4)
    witness = emailed_witness(home, game_id)
    # the mail shows its reader's number of the event: the log's seq less what it may not know
    number = int(witness.split(":")[0])
    seq = [row for row in home.outbox_for_game(game_id) if row.kind != "held"][-1].seq
    assert number < seq
    code, output = verify(game_id, witness)
    assert code == 0 and f"still contains the witnessed head {witness}" in output
    _delete_from(home, game_id, seq)
    home.delete_snapshots(game_id)
    report = check_witness(home, game_id, seq, witness.split(":")[1])
    assert not report.ok and f"the log ends at seq {seq - 1}" in report.problem
    code, output = verify(game_id, witness)
    assert code == 1 and f"the log ends at seq {seq - 1}" in output and "Traceback" not in output


def test_a_rewritten_event_with_a_recomputed_chain_is_caught(home: Store) -> None:
    game_id = create_game(home, "secret-masters", SEATS, seed_hex="5e" * 32).meta.id
    play(home, game_id, 3)
    head = head_at(home, game_id, home.last_seq(game_id))
    assert head is not None
    rows = home.events(game_id)
    target = next(r for r in rows if r.type == "order.accepted")
    _rewrite_from(home, rows, target.seq, {**target.payload, "text": "forged"})
    home.delete_snapshots(game_id)
    report = check_witness(home, game_id, head.seq, head.short)
    assert not report.ok and "was rewritten" in report.problem
    code, output = verify(game_id, head.witness)
    assert code == 1 and "was rewritten" in output


def test_witnesses_are_read_strictly() -> None:
    assert parse_witness(" 12:ABCDEF012345 ") == (12, "abcdef012345")
    for bad in ("12", "12:abc", "0:abcdef012345", "x:abcdef012345", "12:abcdef01234g"):
        with pytest.raises(ValueError, match="SEQ:HASH"):
            parse_witness(bad)
    assert verify("00000000", "nonsense")[0] == 1


def test_the_shown_head_is_keyed_with_the_secret_seed(home: Store) -> None:
    game_id = create_game(home, "secret-masters", SEATS, seed_hex="5e" * 32).meta.id
    head = head_at(home, game_id, home.last_seq(game_id))
    last = home.events(game_id)[-1]
    assert head is not None and not last.hash.startswith(head.short)


def _delete_from(store: Store, game_id: str, seq: int) -> None:
    """Delete the events from `seq` on (and their outbox rows), as a rewrite of the end would."""
    engine = create_engine(store.url)
    try:
        with engine.begin() as conn:
            params = {"g": game_id, "s": seq}
            conn.execute(text("DELETE FROM outbox WHERE game_id = :g AND seq >= :s"), params)
            conn.execute(text("DELETE FROM events WHERE game_id = :g AND seq >= :s"), params)
    finally:
        engine.dispose()
