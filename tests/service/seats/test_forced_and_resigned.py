"""Forced decisions through the service (taken at once in a game created now, asked in a game
created before `game.answers`), a resigned seat's standing answers (ignored: the seat plays
its defaults), and a resignation by mail in a game whose rules have their own."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from engine.masons import GAME
from service.base import clock
from service.game.loading import load_game
from service.orders import creation
from service.orders.creation import NewSeat
from service.orders.processing import process_submission
from service.sweeps import deadlines
from tests.service.tablemail import Table, open_table, text_of

START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
SEATS4 = [NewSeat(name, f"{name}@example.org") for name in ("anna", "bruno", "carla", "dora")]


@pytest.fixture(autouse=True)
def fixed_clock() -> Iterator[None]:
    clock.set_now(START)
    yield
    clock.set_now(None)


def rows(table: Table) -> list[tuple[str, str, dict[str, Any]]]:
    return [(row.type, row.actor, row.payload) for row in
            table.store.events(table.game_id, after_seq=0)]


@pytest.fixture
def towers_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the Masons tower placement a decision whose one answer is public (the first
    placement offered), so the service's handling of forced decisions is what is tested."""

    def forced(self: Any, state: Any, seat: str) -> Any:
        step = self.step(state)
        if step is None or step.key != "tower" or not self.is_deciding(state, seat):
            return None
        return self.legal_orders(state, seat)[0]

    monkeypatch.setattr(type(GAME), "forced_order", forced)


def sweep(table: Table) -> None:
    """Run the deadline sweep and decide the defaults it submits, as a worker would."""
    for submission in deadlines.sweep(table.store).submissions:
        process_submission(table.store, submission, config=table.config)
    table.deliver()


def masons(tmp_path: Path) -> tuple[Table, str]:
    table = open_table(tmp_path, game="masons", game_id="5ad1b0a7")
    loaded = load_game(table.store, table.game_id)
    [prompt] = loaded.game.prompts(loaded.state)
    return table, prompt.seat


def test_a_forced_decision_is_taken_at_once_in_a_game_created_now(
        tmp_path: Path, towers_forced: None) -> None:
    table, seat = masons(tmp_path)
    before = len(table.mails(seat))
    assert table.write(seat, "wall 4-6\n").status == "accepted"
    logged = rows(table)
    [forced] = [p for t, a, p in logged if t == "order.accepted" and a == "forced"]
    assert str(forced["prompt_key"]).endswith(".tower") and forced["seat"] == seat
    assert not [p for t, _, p in logged
                if t == "deadline.set" and p["prompt_key"] == forced["prompt_key"]]
    loaded = load_game(table.store, table.game_id)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is None or not prompt.key.endswith(".tower")
    assert not any(str(forced["prompt_key"]) in text_of(m) for m in table.mails(seat)[before:])


def test_a_game_created_before_forced_decisions_still_asks(
        tmp_path: Path, towers_forced: None, monkeypatch: pytest.MonkeyPatch) -> None:
    real = creation.append_decision

    def without_answers(*args: Any, **kwargs: Any) -> Any:
        kwargs["tail"] = []  # as games were created before `game.answers`
        return real(*args, **kwargs)

    monkeypatch.setattr(creation, "append_decision", without_answers)
    table, seat = masons(tmp_path)
    assert not [t for t, _, _ in rows(table) if t == "game.answers"]
    assert table.write(seat, "wall 4-6\n").status == "accepted"
    logged = rows(table)
    assert not [a for t, a, _ in logged if t == "order.accepted" and a == "forced"]
    loaded = load_game(table.store, table.game_id)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None and prompt.key.endswith(".tower")
    assert [p for t, _, p in logged if t == "deadline.set" and p["prompt_key"] == prompt.key]
    assert any(prompt.key in text_of(m) or "tower" in text_of(m) for m in table.mails(seat))


def test_a_resigned_seat_plays_its_defaults_not_its_standing_answers(tmp_path: Path) -> None:
    table, seat = masons(tmp_path)
    table.write(seat, "standing towers: nearest the shore\n")
    assert load_game(table.store, table.game_id).meta.standing[seat]
    assert "You resigned" in table.write(seat, "resign confirm\n").notes[0]
    clock.set_now(START + timedelta(minutes=1))
    sweep(table)  # the wall: the resigned seat's default, now
    logged = rows(table)
    assert [a for t, a, _ in logged if t == "order.accepted"] == ["deadline"]
    loaded = load_game(table.store, table.game_id)
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None and prompt.key.endswith(".tower")  # not answered by standing
    clock.set_now(START + timedelta(minutes=2))
    sweep(table)
    logged = rows(table)
    towers = [a for t, a, p in logged if t == "order.accepted"
              and str(p["prompt_key"]).endswith(".tower")]
    assert towers == ["deadline"]


def test_a_seat_resigned_by_mail_leaves_illuminati_by_its_rules(tmp_path: Path) -> None:
    """Illuminati has its own resignation (the seat's groups go free); `resign confirm` by
    mail leads to it at the seat's decision, as the web's resign order does, not to defaults."""
    table = open_table(tmp_path, game="illuminati", seats=SEATS4, game_id="1e5167a0")
    loaded = load_game(table.store, table.game_id)
    seat = loaded.game.prompts(loaded.state)[0].seat
    assert "You resigned" in table.write(seat, "resign confirm\n").notes[0]
    clock.set_now(START + timedelta(minutes=1))
    sweep(table)
    logged = rows(table)
    assert [p["seat"] for t, _, p in logged if t == "resigned"] == [seat]
    [taken] = [p for t, a, p in logged if t == "order.accepted" and a == "deadline"]
    assert taken["seat"] == seat
    loaded = load_game(table.store, table.game_id)
    assert loaded.state.player(seat).out and loaded.game.prompt_for(loaded.state, seat) is None
    assert loaded.game.prompts(loaded.state), "the game goes on without the seat"
