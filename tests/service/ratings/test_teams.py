"""Revealed teams: a Castle of the Devil game decided by a society's claim is rated with its two
societies as openskill teams (a Seal of the Lodge win, and every other title, seat by seat),
and ratings kept when each seat was rated alone are folded again under the new reading."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import select, update

from engine.core import all_games, get_game
from service.ratings.archives import book_from_archives
from service.ratings.record import GameRecord, Side, game_record, player_key
from service.ratings.stored import _fold_again, catch_up, reliability_of, stored_table
from service.ratings.table import LIBRARY, MODEL, TEAMS, fold, library_of, rating_teams
from service.store.schema import rating_games, rating_heads
from service.store.store import Store
from tests.service.ratings.games import export_all, rated_game

CASTLE = "castle-of-the-devil"


def castle_record(store: Store, number: int = 3) -> GameRecord:
    """Return the record of a Castle game the service played to its end."""
    record = game_record(store.iter_events(rated_game(store, CASTLE, number)))
    assert record is not None and not record.unrated
    return record


def test_a_societys_win_moves_its_members_as_one_openskill_team(store: Store) -> None:
    record = castle_record(store)
    won = tuple(side.seat for side in record.sides if side.rank == 1)
    lost = tuple(side.seat for side in record.sides if side.rank != 1)
    assert won and lost  # the society's claim decided the game (this seed)
    assert {side.seat: side.team for side in record.sides} == {
        **{seat: 1 for seat in won}, **{seat: 2 for seat in lost}}
    lines = fold([record]).lines[CASTLE]
    teams = [[MODEL.rating() for _ in won], [MODEL.rating() for _ in lost]]
    expected = MODEL.rate(teams, ranks=[1.0, 2.0])
    by_seat = {side.seat: lines[side.players[0]] for side in record.sides}
    for seats, after in zip((won, lost), expected, strict=True):
        for seat, rating in zip(seats, after, strict=True):
            assert (by_seat[seat].mu, by_seat[seat].sigma) == (rating.mu, rating.sigma)
            assert by_seat[seat].wins == (seat in won)
    alone = fold([replace(record, sides=tuple(replace(s, team=0) for s in record.sides))])
    assert alone.lines[CASTLE] != lines  # no longer the seats tied by rank


def test_a_team_weights_each_player_by_their_share_of_their_seat() -> None:
    sides = (Side(("p1", "p2"), (0.6, 0.4), 1, "anna", 1), Side(("p3",), (1.0,), 2, "bruno", 2),
             Side(("p4",), (1.0,), 1, "carla", 1), Side(("p5",), (1.0,), 2, "dieter", 2))
    record = GameRecord("g1", CASTLE, "2026-01-01T00:00:00Z", "", sides,
                        {f"p{k}": f"P{k}" for k in range(1, 6)})
    assert [[s.seat for s in team] for team in rating_teams(record)] == [
        ["anna", "carla"], ["bruno", "dieter"]]
    lines = fold([record]).lines[CASTLE]
    expected = MODEL.rate([[MODEL.rating() for _ in range(3)], [MODEL.rating(), MODEL.rating()]],
                          ranks=[1.0, 2.0], weights=[[0.6, 0.4, 1.0], [1.0, 1.0]])
    for players, after in zip((("p1", "p2", "p4"), ("p3", "p5")), expected, strict=True):
        assert [lines[p].mu for p in players] == [rating.mu for rating in after]
    assert lines["p1"].mu != lines["p2"].mu and lines["p1"].wins == lines["p2"].wins == 1


def test_a_castle_end_without_teams_is_rated_seat_by_seat(store: Store,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(type(get_game(CASTLE)), "revealed_teams", lambda self, state: None)
    record = castle_record(store)  # as a Seal of the Lodge win is: one player first alone
    assert all(side.team == 0 for side in record.sides)
    lines = fold([record]).lines[CASTLE]
    expected = MODEL.rate([[MODEL.rating()] for _ in record.sides],
                          ranks=[float(side.rank) for side in record.sides])
    assert [lines[side.players[0]].mu for side in record.sides] == [
        after[0].mu for after in expected]


def test_no_other_title_reveals_teams_and_their_tables_name_the_library_alone(
        store: Store) -> None:
    assert [game.name for game in all_games() if game.reveals_teams()] == [CASTLE]
    record = game_record(store.iter_events(rated_game(store, "masons", 1)))
    assert record is not None and all(side.team == 0 for side in record.sides)
    assert library_of("masons") == LIBRARY
    assert library_of(CASTLE) == f"{LIBRARY}, {TEAMS}"


def test_castle_ratings_kept_seat_by_seat_are_folded_again_with_teams(store: Store,
                                                                     tmp_path: Path) -> None:
    for number in range(1, 4):
        rated_game(store, CASTLE, number)
    rated_game(store, "masons", 1)
    catch_up(store)
    with_teams, masons = stored_table(store, CASTLE), stored_table(store, "masons")
    _keep_as_before_teams(store)
    assert stored_table(store, CASTLE) != with_teams
    players = [player_key(f"{who}@example.org") for who in ("ann", "ben", "cas", "dot")]
    tallies = reliability_of(store, players)
    catch_up(store)
    assert stored_table(store, CASTLE) == with_teams
    assert stored_table(store, "masons") == masons
    assert reliability_of(store, players) == tallies  # read again, not counted again
    with store.connect() as conn:
        methods = dict(conn.execute(select(rating_heads.c.game, rating_heads.c.method)).all())
    assert methods == {CASTLE: "teams", "masons": ""}
    export_all(store, tmp_path / "a")
    assert book_from_archives(tmp_path / "a").table(CASTLE) == with_teams


def _keep_as_before_teams(store: Store) -> None:
    """Make the store's Castle ratings as kept before teams were rated: records without
    teams, lines folded from them, and a head with no reading."""
    with store.begin_write() as conn:
        rows = conn.execute(select(rating_games.c.game_id, rating_games.c.record)
                            .where(rating_games.c.game == CASTLE)).all()
        for game_id, text in rows:
            old = text.replace(', "team": 1', "").replace(', "team": 2', "")
            old = old.replace('"team": 1, ', "").replace('"team": 2, ', "")
            assert '"team"' not in old
            conn.execute(update(rating_games).where(rating_games.c.game_id == game_id)
                         .values(record=old))
        _fold_again(conn, CASTLE)
        conn.execute(update(rating_heads).where(rating_heads.c.game == CASTLE).values(method=""))
