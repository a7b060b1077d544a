"""Joining by a confirmed address: one link takes one seat once, even followed at once from
two places; takeovers of offered seats; a resigned seat offered by itself; the notices."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import pytest

from service.base import clock
from service.base.config import Config, load_config
from service.game.history import history
from service.game.loading import load_game
from service.mail.compose import compose_outbox
from service.opentables.joining import UnknownLink, ask_to_join, confirm_join, pending_join
from service.opentables.lifecycle import expire_tables, open_game
from service.orders.creation import NewSeat
from service.orders.results import ServiceError
from service.seats import master
from service.store.store import Store
from tests.service.tablemail import open_table, text_of
from tests.stores import open_store

KEY = b"join-test-key"
SEED = "ab" * 32


def table(store: Store, open_seats: int = 2) -> str:
    """Open a Secret Masters table with anna named."""
    return open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org", "Anna")],
                     open_seats, seed_hex=SEED).meta.id


def test_a_link_followed_twice_at_once_takes_one_seat_once(store: Store) -> None:
    game_id = table(store)
    asked = ask_to_join(store, KEY, game_id, "Bruno", "bruno@example.org")
    assert load_game(store, game_id).meta.seat_names == ("anna",)

    def follow(_: int) -> str:
        try:
            return confirm_join(store, KEY, asked.token).seat
        except ServiceError as exc:
            return exc.code

    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(follow, range(4)))
    assert answers.count("bruno") == 1
    assert set(answers) - {"bruno"} <= {"already-joined", "link-used"}
    assert load_game(store, game_id).meta.seat_names == ("anna", "bruno")


def test_links_that_were_never_made_or_ran_out_are_told_apart(store: Store) -> None:
    game_id = table(store)
    with pytest.raises(UnknownLink):
        pending_join(store, KEY, "a" * 42)
    asked = ask_to_join(store, KEY, game_id, "Bruno", "bruno@example.org")
    clock.set_now(clock.now() + timedelta(hours=49))
    try:
        with pytest.raises(ServiceError) as late:
            confirm_join(store, KEY, asked.token)
        assert late.value.code == "link-expired"
    finally:
        clock.set_now(None)


def test_asking_tells_nothing_about_who_plays(store: Store) -> None:
    game_id = table(store)
    asked = ask_to_join(store, KEY, game_id, "Anna 2", "anna@example.org")
    with pytest.raises(ServiceError) as again:
        confirm_join(store, KEY, asked.token)
    assert again.value.code == "already-joined"
    with pytest.raises(ServiceError) as unknown_seat:
        ask_to_join(store, KEY, game_id, "Eve", "eve@example.org", seat="anna")
    assert unknown_seat.value.code == "not-offered"
    with pytest.raises(ServiceError) as no_name:
        ask_to_join(store, KEY, game_id, "  ", "eve@example.org")
    assert no_name.value.code == "bad-name"


def test_two_newcomers_racing_for_an_offered_seat_get_it_once(store: Store) -> None:
    from service.orders.creation import create_game

    loaded = create_game(store, "secret-masters",
                         [NewSeat(n, f"{n}@example.org") for n in ("anna", "bruno", "carla")],
                         seed_hex=SEED)
    master.offer_seat(store, loaded.meta.id, "bruno")
    asks = [ask_to_join(store, KEY, loaded.meta.id, f"N{n}", f"n{n}@example.org", seat="bruno")
            for n in range(3)]

    def follow(n: int) -> str:
        try:
            return confirm_join(store, KEY, asks[n].token).player
        except ServiceError as exc:
            return exc.code

    with ThreadPoolExecutor(3) as pool:
        answers = list(pool.map(follow, range(3)))
    assert len([a for a in answers if a.startswith("N")]) == 1
    assert answers.count("not-offered") == 2
    meta = load_game(store, loaded.meta.id).meta
    assert meta.generation("bruno") == 1 and not meta.offered


def test_a_resigned_seat_is_offered_by_itself_when_the_game_says_so(tmp_path: Path) -> None:
    played = open_table(tmp_path, offer_resigned=True)
    seat = "bruno"
    played.write(seat, "resign confirm")
    meta = load_game(played.store, played.game_id).meta
    assert seat in meta.resigned and seat in meta.offered
    asked = ask_to_join(played.store, played.config.secret_key(), played.game_id, "Erik",
                        "erik@example.org", seat=seat)
    confirm_join(played.store, played.config.secret_key(), asked.token)
    meta = load_game(played.store, played.game_id).meta
    assert seat not in meta.resigned and seat not in meta.offered
    played.deliver()
    [welcome] = played.mails(seat, "welcome")
    assert "erik@example.org" in str(welcome["To"])
    lines = [line.text for line in history(played.store, played.game_id, seat)]
    assert any("Erik now plays the seat bruno" in line for line in lines)


def test_the_players_of_a_table_given_up_are_told(tmp_path: Path) -> None:
    store = open_store("sqlite", tmp_path)
    config: Config = load_config({"PBEM_HOME": str(tmp_path / "home"),
                                  "PBEM_SECRET_KEY": "k", "PBEM_BASE_URL": "https://g.example"})
    game_id = table(store)
    asked = ask_to_join(store, config.secret_key(), game_id, "Bruno", "bruno@example.org")
    confirm_join(store, config.secret_key(), asked.token)
    joined = [r for r in store.outbox_for_game(game_id) if r.recipient == "bruno"]
    notice = compose_outbox(store, config, joined[0])
    assert notice is not None and "1 of 3" not in text_of(notice)
    assert "2 of 3 seats are taken" in text_of(notice) and "/leave/bruno/" in text_of(notice)
    clock.set_now(clock.now() + timedelta(days=15))
    try:
        ids = expire_tables(store)
    finally:
        clock.set_now(None)
    closing = [r for r in store.outbox_for_game(game_id) if r.id in ids]
    assert sorted(r.recipient for r in closing) == ["anna", "bruno"]
    told = compose_outbox(store, config, closing[0])
    assert told is not None and "was given up" in text_of(told)
    store.dispose()
