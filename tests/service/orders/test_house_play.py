"""House decisions through the normal order path: chosen from the game's own stream, recorded
with the player and its iterations, appended once however often the task runs, never
defaulted by the deadline sweep; and a practice game played by mail to its end."""
from __future__ import annotations

import threading
from datetime import timedelta
from pathlib import Path

import pytest

from engine.core.house import PLAYER_VERSION, choose, player_of
from service.audit.rerun import AuditFailure, audit, rerun_log
from service.base import clock
from service.game.events import HOUSE_ACTOR, SERVICE_EVENTS, OrderAccepted
from service.game.loading import load_game
from service.orders.creation import NewSeat, create_game
from service.orders.house import (
    ITERATIONS_SETTING,
    Budget,
    due_house,
    house_budget,
    house_rng,
    play_due,
    play_house,
)
from service.orders.processing import submit_order
from service.store.store import Store
from service.sweeps import deadlines
from tests.service.tablemail import Table, open_table, text_of

ANNA = [NewSeat("anna", "anna@example.org", "Anna")]
SMALL = Budget(3, None)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The house searches a few iterations (the setting tests and demos use)."""
    monkeypatch.setenv(ITERATIONS_SETTING, "3")


def practice(tmp_path: Path, game: str = "secret-masters", house: tuple[str, ...] = (
        "bruno", "carla")) -> Table:
    """A game of anna against house seats (its id pinned: every draw of the game, and so its
    length, follows from the id and the seed)."""
    return open_table(tmp_path, game, seats=ANNA, house=house, game_id="0b5e7a11")


def to_the_house(table: Table) -> tuple[str, str]:
    """Play anna's first legal orders until the house owes a decision; return it."""
    for _ in range(50):
        loaded = load_game(table.store, table.game_id)
        due = due_house(loaded)
        if due:
            return due[0]
        order = loaded.game.legal_orders(loaded.state, "anna")[0]
        assert table.write("anna", loaded.game.format_order(order)).accepted
    raise AssertionError("the house never had to decide")


def house_orders(table: Table) -> list[tuple[int, OrderAccepted]]:
    """Return (seq, order) of every order the house gave."""
    return [(e.seq, SERVICE_EVENTS.load(e.type, e.payload, e.schema_version))
            for e in table.store.events(table.game_id)
            if e.type == "order.accepted" and e.actor == HOUSE_ACTOR]


def test_the_budget_is_iterations_from_the_setting_or_the_games_seconds() -> None:
    from engine.core import get_game

    game = get_game("secret-masters")
    assert house_budget(game, {ITERATIONS_SETTING: "5"}) == Budget(5, None)
    assert house_budget(game, {}) == Budget(None, game.house_seconds)
    assert house_budget(game, {"PBEM_HOUSE_SECONDS": "0.5"}) == Budget(None, 0.5)


def test_a_house_decision_is_recorded_with_its_player_and_iterations(tmp_path: Path) -> None:
    table = practice(tmp_path)
    seat, key = to_the_house(table)
    before = load_game(table.store, table.game_id)
    played = play_house(table.store, table.game_id, seat, key)
    assert played is not None and played.seq == before.seq + 1
    [(seq, accepted)] = house_orders(table)
    assert (seq, accepted.seat, accepted.prompt_key) == (played.seq, seat, key)
    assert accepted.player == player_of(before.game) == PLAYER_VERSION
    assert accepted.iterations == played.iterations
    row = table.store.get_game(table.game_id)
    assert row is not None
    again = choose(before.game, before.state, seat,
                   house_rng(bytes.fromhex(row.seed), table.game_id, seq),
                   iterations=accepted.iterations, cpu_seconds=None)
    assert before.game.order_to_json(again.order) == accepted.order
    assert "bruno" not in table.sent and "carla" not in table.sent


def test_the_same_house_decision_taken_twice_is_appended_once(tmp_path: Path) -> None:
    table = practice(tmp_path)
    seat, key = to_the_house(table)
    first = play_house(table.store, table.game_id, seat, key)
    second = play_house(table.store, table.game_id, seat, key)
    assert first is not None and second is None
    assert [a.prompt_key for _, a in house_orders(table)].count(key) == 1


def test_two_runs_of_one_house_decision_at_once_append_it_once(tmp_path: Path) -> None:
    table = practice(tmp_path)
    seat, key = to_the_house(table)
    results: list[object] = []
    runs = [threading.Thread(target=lambda: results.append(
        play_house(table.store, table.game_id, seat, key, budget=SMALL))) for _ in range(2)]
    for run in runs:
        run.start()
    for run in runs:
        run.join()
    assert sum(r is not None for r in results) == 1
    assert [a.prompt_key for _, a in house_orders(table)].count(key) == 1


def test_the_sweep_never_defaults_a_house_seat(tmp_path: Path) -> None:
    table = practice(tmp_path)
    seat, key = to_the_house(table)
    clock.set_now(clock.now() + timedelta(days=400))
    try:
        report = deadlines.sweep(table.store)
    finally:
        clock.set_now(None)
    assert report.submissions == []
    assert (seat, key) in due_house(load_game(table.store, table.game_id))


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Table:
    """A practice game of Secret Masters that anna played by mail to its end against two house
    seats thinking 3 iterations a decision (the house's decisions taken as the worker would
    take them, after each of her orders)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ITERATIONS_SETTING, "3")
        table = practice(tmp_path_factory.mktemp("practice"))
        for _ in range(300):
            play_due(table.store, table.game_id)
            table.deliver()
            loaded = load_game(table.store, table.game_id)
            if loaded.meta.finished:
                break
            assert loaded.game.prompt_for(loaded.state, "anna") is not None, "anna waits"
            order = loaded.game.legal_orders(loaded.state, "anna")[0]
            result = table.write("anna", loaded.game.format_order(order))
            assert result.accepted, result.message
    return table


def test_a_practice_game_by_mail_to_its_end(finished: Table) -> None:
    meta = load_game(finished.store, finished.game_id).meta
    assert meta.finished
    assert set(finished.sent) == {"anna"}  # the house gets no mail
    told = [text_of(mail) for mail in [*finished.mails("anna"), *finished.answers]]
    assert any(meta.finish_reason in text for text in told)  # anna was told how it ended
    assert len(house_orders(finished)) > 3
    assert audit(finished.store, finished.game_id).finished


def test_the_house_audit_chooses_every_house_order_again(finished: Table) -> None:
    report = audit(finished.store, finished.game_id, house=True)
    assert report.house == len(house_orders(finished)) and report.finished


def test_the_house_audit_names_the_seq_of_an_order_the_house_would_not_choose(
        finished: Table) -> None:
    row = finished.store.get_game(finished.game_id)
    assert row is not None and row.status == "finished"
    seq = house_orders(finished)[1][0]
    entries = [vars(e) for e in finished.store.events(finished.game_id)]
    changed = dict(entries[seq - 1]["payload"])
    changed["order"] = {**changed["order"], "kind": "not-chosen"}
    entries[seq - 1] = {**entries[seq - 1], "payload": changed}
    seed = load_game(finished.store, finished.game_id).meta.revealed_seed
    assert seed is not None
    rerun_log(finished.game_id, seed, [vars(e) for e in finished.store.events(
        finished.game_id)], house=True)
    with pytest.raises(AuditFailure) as failed:
        rerun_log(finished.game_id, seed, entries, house=True)
    assert failed.value.seq == seq and "house chooses" in failed.value.reason
    player = dict(entries[seq - 1]["payload"], player="an-older-player")
    entries[seq - 1] = {**entries[seq - 1], "payload": player}
    with pytest.raises(AuditFailure, match=f"seq {seq}: .*an-older-player"):
        rerun_log(finished.game_id, seed, entries, house=True)


def test_two_runs_of_one_house_decision_at_once_append_it_once_on_each_store(
        store: Store) -> None:
    loaded = create_game(store, "secret-masters", ANNA, seed_hex="ab" * 32,
                         house=("bruno", "carla"))
    game_id = loaded.meta.id
    for _ in range(50):
        loaded = load_game(store, game_id)
        due = due_house(loaded)
        if due:
            break
        order = loaded.game.legal_orders(loaded.state, "anna")[0]
        assert submit_order(store, game_id, "anna", loaded.game.format_order(order),
                            source="cli").accepted
    seat, key = due[0]
    results: list[object] = []
    runs = [threading.Thread(target=lambda: results.append(
        play_house(store, game_id, seat, key, budget=SMALL))) for _ in range(2)]
    for run in runs:
        run.start()
    for run in runs:
        run.join()
    assert sum(r is not None for r in results) == 1
    taken = [e for e in store.events(game_id) if e.type == "order.accepted"
             and e.actor == HOUSE_ACTOR and e.payload["prompt_key"] == key]
    assert len(taken) == 1


def test_the_audit_chooses_each_house_order_again_with_the_player_recorded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose house orders were chosen partly by the flat search (an older release's
    player, kept under its name) and partly by the tree passes the audit that chooses them
    again, each with its own player."""
    table = practice(tmp_path)
    game_type = type(load_game(table.store, table.game_id).game)
    monkeypatch.setattr(game_type, "house_player", "flat-ucb-3")
    for _ in range(300):
        if len(house_orders(table)) >= 6:
            monkeypatch.setattr(game_type, "house_player", None)
        play_due(table.store, table.game_id)
        loaded = load_game(table.store, table.game_id)
        if loaded.meta.finished:
            break
        order = loaded.game.legal_orders(loaded.state, "anna")[0]
        assert table.write("anna", loaded.game.format_order(order)).accepted
    assert load_game(table.store, table.game_id).meta.finished
    players = [accepted.player for _, accepted in house_orders(table)]
    flat = players.count("flat-ucb-3")
    assert flat >= 6 and players == ["flat-ucb-3"] * flat + [PLAYER_VERSION] * (
        len(players) - flat) and flat < len(players)
    assert audit(table.store, table.game_id, house=True).house == len(players)
