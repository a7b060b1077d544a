"""The ratings: rated games of every title played through the service, the service's table
kept as games end, and the same table, byte for byte, rebuilt from the audited archives (Castle
of the Devil's games decided by a society among them, rated as teams)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import Termination
from engine.core.harness import seat_names
from service.orders.creation import NewSeat, create_game
from service.ratings.archives import ArchivesRefused, book_from_archives
from service.ratings.record import GameRecord, Side, game_record, outcome_ranks, player_key
from service.ratings.stored import catch_up, leaderboard, reliability_of, stored_table, titles
from service.ratings.table import LIBRARY, TEAMS, fold
from service.seats import master
from service.store.store import Store
from tests.service.ratings.games import export_all, rated_game

GAMES = {"secret-masters": 4, "castle-of-the-devil": 4, "masons": 4, "freimaurerei": 2,
         "illuminati": 2}


@pytest.mark.slow
@pytest.mark.parametrize("store", ["sqlite"], indirect=True)  # PostgreSQL: the tests below
def test_the_service_table_is_the_archives_table_byte_for_byte(store: Store,
                                                               tmp_path: Path) -> None:
    for game, count in GAMES.items():
        for number in range(1, count + 1):
            rated_game(store, game, number, replace_after=12 if number == 2 else 0)
            if number % 2:
                catch_up(store)  # some games applied one by one, others several at once
    rated_game(store, "masons", 99, rated=False)
    catch_up(store)
    assert titles(store) == sorted(GAMES)
    export_all(store, tmp_path / "archives")
    book = book_from_archives(tmp_path / "archives")
    for game, count in GAMES.items():
        table = stored_table(store, game)
        assert table == book.table(game)
        teams = f", {TEAMS}" if game == "castle-of-the-devil" else ""
        assert table[0] == f"Ratings of {game}: {LIBRARY}{teams}"
        assert table[1].startswith(f"{count} rated games")
    castle = [game_record(store.iter_events(row.id)) for row in store.list_games()
              if row.game == "castle-of-the-devil"]
    assert any(r is not None and {s.team for s in r.sides} == {1, 2} for r in castle), \
        "a Castle game decided by a society, rated as teams, is among the archives"
    gil = reliability_of(store, [player_key("gil@example.org")])[player_key("gil@example.org")]
    assert gil.started == gil.finished == len(GAMES)


def test_a_game_recorded_late_folds_its_title_again(store: Store, tmp_path: Path) -> None:
    first = rated_game(store, "masons", 1)
    store.set_game_status(first, "active")  # its end not yet seen as the others are applied
    for number in range(2, 5):
        rated_game(store, "masons", number)
    catch_up(store)
    assert stored_table(store, "masons")[1].startswith("3 rated games")
    store.set_game_status(first, "finished")
    catch_up(store)
    table = stored_table(store, "masons")
    assert table[1].startswith("4 rated games")
    export_all(store, tmp_path / "a")
    assert book_from_archives(tmp_path / "a").table("masons") == table


def test_the_leaderboard_is_ranked_by_rating(store: Store) -> None:
    for number in range(1, 5):
        rated_game(store, "castle-of-the-devil", number)
    catch_up(store)
    lines = leaderboard(store, "castle-of-the-devil", 100)
    assert [line.rating for line in lines] == sorted((line.rating for line in lines),
                                                     reverse=True)
    assert leaderboard(store, "castle-of-the-devil", 2, 1) == lines[1:3]


def test_unrated_games_change_no_rating(store: Store) -> None:
    rated_game(store, "masons", 1, rated=False)
    catch_up(store)
    assert titles(store) == []
    assert stored_table(store, "masons")[1].startswith("0 rated games")


def test_a_tampered_archive_is_refused_by_name(store: Store, tmp_path: Path) -> None:
    rated_game(store, "masons", 1)
    export_all(store, tmp_path / "a")
    path = next((tmp_path / "a").iterdir())
    path.write_text(path.read_text().replace('"Ben"', '"Bex"'))
    with pytest.raises(ArchivesRefused, match=path.name):
        book_from_archives(tmp_path / "a")


def test_ranks_put_winners_first_then_places_with_ties() -> None:
    assert outcome_ranks(["a", "b", "c", "d"], ["b"], {"a": 3, "c": 5, "d": 3}) == {
        "b": 1, "c": 2, "a": 3, "d": 3}
    assert outcome_ranks(["a", "b", "c"], ["a", "c"], {}) == {"a": 1, "c": 1, "b": 2}
    assert outcome_ranks(["a", "b"], [], {"a": 1, "b": 2}) == {"b": 1, "a": 2}


def test_a_shared_win_moves_both_winners_alike() -> None:
    record = GameRecord("g1", "masons", "2026-01-01T00:00:00Z", "",
                        (Side(("p1",), (1.0,), 1), Side(("p2",), (1.0,), 1),
                         Side(("p3",), (1.0,), 2)), {"p1": "A", "p2": "B", "p3": "C"})
    lines = fold([record]).lines["masons"]
    assert lines["p1"].mu == lines["p2"].mu > lines["p3"].mu


def test_a_game_the_master_ended_is_unrated(store: Store) -> None:
    seats = [NewSeat(name, f"{name}@example.org", name) for name in seat_names(3)]
    game_id = create_game(store, "masons", seats, rated=True).meta.id
    master.end_game(store, game_id, "called off")
    record = game_record(store.iter_events(game_id))
    assert record is not None and record.unrated == "ended by the game master"
    assert Termination.GAME_MASTER.value == "game-master"


def test_the_count_of_players_is_kept_with_the_head(store: Store) -> None:
    from service.ratings.stored import player_count

    first = rated_game(store, "masons", 1)
    store.set_game_status(first, "active")
    for number in (2, 3):
        rated_game(store, "masons", number)
    catch_up(store)
    counted = len(leaderboard(store, "masons", 100))
    assert player_count(store, "masons") == counted
    store.set_game_status(first, "finished")
    catch_up(store)  # folded again
    assert player_count(store, "masons") == len(leaderboard(store, "masons", 100)) >= counted


def test_catching_up_at_once_from_two_threads_applies_each_game_once(store: Store) -> None:
    from concurrent.futures import ThreadPoolExecutor

    for number in range(1, 4):
        rated_game(store, "masons", number)
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda _: catch_up(store), range(2)))
    table = stored_table(store, "masons")
    assert table[1].startswith("3 rated games")
    alone = fold(game_record(store.iter_events(row.id)) for row in store.list_games())
    assert alone.table("masons") == table


def test_partial_play_weights_the_holders_of_a_seat_and_leaves_out_a_short_one(
        store: Store) -> None:
    from service.ratings.record import MIN_SHARE

    short = game_record(store.iter_events(rated_game(store, "masons", 1, replace_after=4)))
    shared = game_record(store.iter_events(rated_game(store, "masons", 5, replace_after=30)))
    assert short is not None and shared is not None and not short.unrated
    handed = next(s for s in short.sides if s.seat == "anna")  # Ben held it for 4 decisions
    assert handed.players == (player_key("gil@example.org"),)
    assert player_key("ben@example.org") in short.tallies  # still counted as started
    team = next(s for s in shared.sides if s.seat == "anna")  # Fay, then Gil
    assert team.players == (player_key("fay@example.org"), player_key("gil@example.org"))
    assert all(w >= MIN_SHARE for w in team.weights) and abs(sum(team.weights) - 1) < 1e-5
    lines = fold([shared]).lines["masons"]
    assert lines[team.players[0]].games == lines[team.players[1]].games == 1
    assert lines[team.players[0]].mu != lines[team.players[1]].mu  # weighted by share


def test_a_game_the_house_played_a_seat_of_is_unrated(store: Store) -> None:
    seats = [NewSeat(name, f"{name}@example.org", name) for name in seat_names(3)]
    game_id = create_game(store, "masons", seats, rated=True).meta.id
    master.house_seat(store, game_id, seats[0].name)
    master.house_seat(store, game_id, seats[0].name, False)  # handed back: still unrated
    master.end_game(store, game_id, "called off")
    record = game_record(store.iter_events(game_id))
    assert record is not None and record.unrated == "the house played a seat"
