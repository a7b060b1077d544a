"""Open tables that ask a least share of finished games or a least rating: a clear refusal
for a player below them, a seat for the others, and the terms in the table's history."""
from __future__ import annotations

import pytest

from service.game.history import history
from service.game.loading import load_game
from service.opentables.joining import ask_to_join, confirm_join
from service.opentables.lifecycle import open_game
from service.orders.creation import NewSeat
from service.orders.results import ServiceError
from service.ratings.stored import catch_up
from service.store.store import Store
from tests.service.ratings.games import rated_game

KEY = b"terms-test-key"


def test_a_player_who_left_games_unfinished_is_refused_with_the_figures(store: Store) -> None:
    rated_game(store, "masons", 1, replace_after=12)  # Ben's seat handed to Gil: Ben 0 of 1
    catch_up(store)
    table = open_game(store, "masons", [NewSeat("red", "ann@example.org", "Ann")], 2,
                      game_id="7e570001", min_finished=50, rated=True)
    with pytest.raises(ServiceError) as refused:
        ask_to_join(store, KEY, table.meta.id, "Ben", "ben@example.org")
    assert refused.value.code == "terms-reliability"
    assert "at least 50% of the games they started; you finished 0 of 1 (0%)" in str(
        refused.value.message)
    for who in ("gil", "zed"):  # 1 of 1, and no ended game at all
        asked = ask_to_join(store, KEY, table.meta.id, who.title(), f"{who}@example.org")
        confirm_join(store, KEY, asked.token)
    loaded = load_game(store, table.meta.id)
    assert loaded.meta.rated and loaded.meta.started
    assert any("Who may join: players who finished at least 50%" in line.text
               for line in history(store, table.meta.id, None))


def test_a_least_rating_refuses_a_newcomer_below_it(store: Store) -> None:
    table = open_game(store, "masons", [NewSeat("red", "ann@example.org", "Ann")], 2,
                      game_id="7e570002", min_rating=1.5)
    with pytest.raises(ServiceError) as refused:
        ask_to_join(store, KEY, table.meta.id, "Zed", "zed@example.org")
    assert refused.value.code == "terms-rating"
    assert "rated at least 1.50 in masons; your rating there is 0.00 (no rated game yet)" in (
        refused.value.message)


def test_a_rated_open_table_with_terms_audits_and_is_rated(store: Store) -> None:
    from service.audit.rerun import audit
    from service.cli.selfplay import play_to_end
    from service.ratings.record import game_record

    table = open_game(store, "masons", [NewSeat("red", "ann@example.org", "Ann")], 2,
                      game_id="7e570003", min_finished=10, rated=True, seed_hex="ab" * 32)
    for who in ("gil", "zed"):
        confirm_join(store, KEY, ask_to_join(store, KEY, table.meta.id, who.title(),
                                             f"{who}@example.org").token)
    play_to_end(store, load_game(store, table.meta.id), b"rated-open")
    assert audit(store, table.meta.id).finished  # raises on any difference
    record = game_record(store.iter_events(table.meta.id))
    assert record is not None and record.unrated == "" and len(record.sides) == 3
