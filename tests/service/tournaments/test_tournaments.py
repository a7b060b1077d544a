"""Tournaments: a small Swiss tournament runs from sign-up to its final standings with no
operator command (the standings sweep seats every round), byes and withdrawals; pairing and
standings rules on their own."""
from __future__ import annotations

import pytest

from service.cli.selfplay import play_to_end
from service.game.loading import load_game
from service.orders.results import ServiceError
from service.ratings.record import GameRecord, Side, player_key
from service.store.store import Store
from service.sweeps.standings import sweep_standings
from service.tournaments.pairing import meetings, seat_round
from service.tournaments.running import (
    current_standings,
    enter,
    entrants,
    new_tournament,
    sittings,
    tournament,
    withdraw,
)
from service.tournaments.signup import ask_to_enter
from service.tournaments.standings import Entrant, Sitting, game_points, standings

NAMES = ("ann", "ben", "cas", "dot", "eve", "fay", "gil")


def play_open_games(store: Store, tournament_id: str) -> int:
    """Play every game of the tournament that has not ended; return how many."""
    played = 0
    for sitting in sittings(store, tournament_id):
        if not sitting.game_id:
            continue
        loaded = load_game(store, sitting.game_id)
        if not loaded.meta.finished:
            play_to_end(store, loaded, bytes.fromhex(sitting.game_id * 8))
            played += 1
    return played


def assert_entrants_told(store: Store, tournament_id: str, round_number: int) -> None:
    """Every entrant seated at a game of the round has its first mail waiting: the notice
    that their next game has started, titled with the tournament, round and table."""
    for sitting in sittings(store, tournament_id):
        if sitting.round != round_number or not sitting.game_id:
            continue
        told = {row.recipient for row in store.outbox_for_game(sitting.game_id)}
        assert {seat for seat, _ in sitting.seats} <= told
        assert load_game(store, sitting.game_id).meta.title.endswith(
            f"round {round_number}, table {sitting.number}")


def test_a_swiss_tournament_runs_to_its_final_standings(store: Store) -> None:
    held = new_tournament(store, "masons", format="swiss", rounds=3, seats_per_game=3,
                          entrants=7, rated=True, tournament_id="70a1e001")
    for name in NAMES:
        enter(store, held.id, name.title(), f"{name}@example.org")
    rounds = 0
    while tournament(store, held.id).status != "finished":
        sweep_standings(store)  # what the beat runs every minute
        rounds += 1
        assert_entrants_told(store, held.id, tournament(store, held.id).round)
        assert play_open_games(store, held.id) or tournament(store, held.id).status == "finished"
        assert rounds < 10
    seated = sittings(store, held.id)
    assert {s.round for s in seated} == {1, 2, 3}
    for number in (1, 2, 3):
        this = [s for s in seated if s.round == number]
        players = [p for s in this for _, p in s.seats]
        assert len(players) == len(set(players)) == 7  # everyone seated once, or a bye
        assert [len(s.seats) for s in this if s.game_id] == [3, 3]
    byes = [p for s in seated if not s.game_id for _, p in s.seats]
    assert len(byes) == len(set(byes)) == 3  # nobody sits out twice
    final = current_standings(store, held)
    assert [s.points for s in final] == sorted((s.points for s in final), reverse=True)
    assert all(s.games + s.byes == 3 for s in final)
    assert sum(s.points for s in final) == 6 * 3 + 3 * 1.0  # 3 points a game, a bye is 1


def test_a_withdrawn_player_is_not_seated_again(store: Store) -> None:
    held = new_tournament(store, "masons", format="round-robin", rounds=2, seats_per_game=3,
                          entrants=6, tournament_id="70a1e002")
    for name in NAMES[:6]:
        enter(store, held.id, name.title(), f"{name}@example.org")
    sweep_standings(store)
    withdraw(store, held.id, "ann@example.org")
    play_open_games(store, held.id)
    sweep_standings(store)
    second = [p for s in sittings(store, held.id) if s.round == 2 for _, p in s.seats]
    first = [p for s in sittings(store, held.id) if s.round == 1 for _, p in s.seats]
    assert len(first) == 6 and len(second) == 5 and not set(first) - set(second) - {
        next(e.entrant.player for e in current_standings(store, held)
             if e.entrant.withdrawn)}


def test_an_entrant_takes_a_name_no_other_entrant_has(store: Store) -> None:
    held = new_tournament(store, "masons", format="round-robin", rounds=1, seats_per_game=3,
                          entrants=3, tournament_id="70a1e003")
    enter(store, held.id, "Ann", "ann@example.org")
    with pytest.raises(ServiceError, match="called Ann already") as refused:
        enter(store, held.id, " ANN ", "other@example.org")
    assert refused.value.code == "name-taken"
    with pytest.raises(ServiceError, match="called Ann already"):  # before its link is mailed
        ask_to_enter(store, b"k" * 32, held.id, "ann", "other@example.org")
    enter(store, held.id, "Ben", "ben@example.org")
    enter(store, held.id, "Cas", "cas@example.org")
    sweep_standings(store)  # a game's players' names are its entrants', each its own
    [table] = sittings(store, held.id)
    assert table.game_id and store.get_game(table.game_id) is not None


def test_house_players_fill_a_table_only_when_allowed() -> None:
    order = ["a", "b", "c", "d"]
    assert seat_round(order, {}, 3, 3, False, frozenset()).byes == ("d",)
    allowed = seat_round(order, {}, 3, 3, True, frozenset())
    assert allowed.byes == () and allowed.house == (0, 2)
    smaller = seat_round([*order, "e"], {}, 3, 2, False, frozenset())  # two may play
    assert smaller.tables == (("a", "b", "c"), ("d", "e")) and smaller.house == (0, 0)
    assert seat_round(order, {}, 3, 2, False, frozenset()).byes == ("d",)


def test_repeat_tables_are_avoided_where_possible() -> None:
    met = meetings([("a", "b"), ("c", "d")])
    assert seat_round(["a", "b", "c", "d"], met, 2, 2, False, frozenset()).tables == (
        ("a", "c"), ("b", "d"))


def test_points_and_tie_breaks() -> None:
    record = GameRecord("g1", "masons", "t", "", (Side(("a",), (1.0,), 1, "s1"),
                                                   Side(("b",), (1.0,), 2, "s2"),
                                                   Side(("c",), (1.0,), 2, "s3")), {})
    seats = (("s1", "a"), ("s2", "b"), ("s3", "c"))
    assert game_points(record, seats) == {"a": 2.0, "b": 0.5, "c": 0.5}
    people = [Entrant(p, n, p) for n, p in enumerate("abcd", 1)]
    lines = standings(people, [Sitting(1, 1, "g1", seats), Sitting(1, 0, "", (("bye", "d"),))],
                      {"g1": record}, 3)
    assert [(s.entrant.player, s.points) for s in lines] == [
        ("a", 2.0), ("d", 1.0), ("b", 0.5), ("c", 0.5)]
    assert lines[2].buchholz == lines[3].buchholz == 2.5  # b met a and c, c met a and b


def test_a_withdrawal_during_sign_up_frees_its_place(store: Store) -> None:
    held = new_tournament(store, "masons", format="swiss", rounds=1, seats_per_game=3,
                          entrants=3, tournament_id="70a1e004")
    for name in NAMES[:3]:
        enter(store, held.id, name.title(), f"{name}@example.org")
    withdraw(store, held.id, "ben@example.org")
    withdraw(store, held.id, "cas@example.org")
    sweep_standings(store)
    assert tournament(store, held.id).status == "signup"  # one of three: not yet
    assert enter(store, held.id, "Dot", "dot@example.org").number == 4
    assert enter(store, held.id, "Ben", "ben@example.org").number == 5  # back in, as last
    with pytest.raises(ServiceError, match="signed up already"):
        enter(store, held.id, "Ben", "ben@example.org")
    sweep_standings(store)
    assert tournament(store, held.id).status == "running"
    seated = {p for s in sittings(store, held.id) for _, p in s.seats}
    assert seated == {player_key(f"{n}@example.org") for n in ("ann", "ben", "dot")}


def test_sign_ups_at_the_same_moment_never_overfill_a_tournament(store: Store) -> None:
    import threading

    held = new_tournament(store, "masons", format="swiss", rounds=2, seats_per_game=3,
                          entrants=3, tournament_id="70a1e0f1")
    start = threading.Barrier(8)
    said: list[str] = []

    def sign_up(k: int) -> None:
        start.wait()
        try:
            enter(store, held.id, f"P{k}", f"p{k}@example.org")
            said.append("in")
        except ServiceError as exc:
            said.append(exc.code)

    threads = [threading.Thread(target=sign_up, args=(k,)) for k in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(said) == ["full"] * 5 + ["in"] * 3
    numbers = [entrant.number for entrant, _ in entrants(store, held.id)]
    assert numbers == [1, 2, 3]
