"""Open tables as a newcomer meets them on the web: options in words, the pages after a join
asked through an invitation, the confirmation page naming its game, a leave link after the
start, the API's open table, players' names that tell players apart, and the table's news on
the game master's page."""
from __future__ import annotations

import re
from datetime import timedelta

from flask import Flask
from flask.testing import FlaskClient

from service.base import clock
from service.game.loading import load_game
from service.opentables.joining import invitation_token
from service.opentables.lifecycle import (
    OPEN_DAYS,
    close_table,
    expire_tables,
    join_table,
    leave_table,
    make_invitation,
    open_game,
    start_table,
)
from service.orders.creation import NewSeat
from service.store.store import Store

from .conftest import SEED
from .helpers import post_form, text
from .test_open_games import confirm, confirmation_link, join, mails


def test_options_are_shown_in_words_on_the_lobby_and_the_join_page(
        app: Flask, client: FlaskClient, store: Store) -> None:
    game_id = open_game(store, "freimaurerei", [NewSeat("anna", "anna@example.org")], 1,
                        {"tarot": "yes"}, seed_hex=SEED).meta.id
    for path in ("/", f"/games/{game_id}/join"):
        page = text(client.get(path))
        assert "Tarot: yes" in page and "Empress emperor: no" in page, path
        assert "empress_emperor" not in page and "False" not in page, path


def test_an_invited_join_request_is_told_to_check_its_mail_only(
        app: Flask, client: FlaskClient, store: Store) -> None:
    game_id = open_game(store, "masons", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex=SEED, listed=False).meta.id
    invitation = make_invitation(store, game_id)
    token = invitation_token(app.config["PBEM"].secret_key(), game_id, invitation)
    page = f"/games/{game_id}/join"
    asked = post_form(client, page, {"player": "Bruno", "email": "bruno@example.org",
                                     "invite": token}, f"{page}?invite={token}")
    assert asked.status_code == 303
    shown = text(client.get(asked.headers["Location"]))
    assert "Check your mail" in shown and "invitation only" not in shown


def test_the_confirmation_page_names_the_game(app: Flask, client: FlaskClient,
                                              store: Store) -> None:
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex=SEED, title="Thursday club").meta.id
    join(app, client, game_id, "Bruno", "bruno@example.org")
    shown = text(client.get(confirmation_link(app, "bruno@example.org")))
    assert "Thursday club" in shown and "Secret Masters" in shown and game_id in shown


def test_a_leave_link_after_the_start_says_the_game_has_started(
        app: Flask, client: FlaskClient, store: Store) -> None:
    app.config["INLINE_MAIL"] = True
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex=SEED).meta.id
    join(app, client, game_id, "Bruno", "bruno@example.org")
    confirm(client, confirmation_link(app, "bruno@example.org"))
    [leave] = [m for to, _, body in mails(app) if "bruno@" in to
               for m in re.findall(r"https?://[^/\s]+(/games/\S+/leave/\S+)", body)]
    join_table(store, game_id, "Carla", "carla@example.org", "l-carla")
    assert load_game(store, game_id).meta.started
    shown = text(client.get(leave))
    assert "has started" in shown and "has not started" not in shown
    assert "Leave the game" not in shown
    refused = post_form(client, leave, {}, leave)
    assert refused.status_code == 409 and "has started" in text(refused)


def test_the_api_shows_an_open_table_only_while_it_is_open(
        app: Flask, client: FlaskClient, store: Store) -> None:
    early = open_game(store, "illuminati", [NewSeat("anna", "anna@example.org")], 3,
                      seed_hex=SEED).meta.id
    join_table(store, early, "Bruno", "bruno@example.org", "l1")
    join_table(store, early, "Carla", "carla@example.org", "l2")
    start_table(store, early, "game-master")
    cancelled = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                          seed_hex="cd" * 32).meta.id
    close_table(store, cancelled, "cancelled")
    waiting = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex="ef" * 32).meta.id
    games = {g["id"]: g for g in client.get("/api/v1/games").get_json()["games"]}
    assert games[early]["status"] == "active" and games[early]["open_table"] is None
    assert len(games[early]["seats"]) == 3
    assert cancelled not in games or games[cancelled]["open_table"] is None
    one = client.get(f"/api/v1/games/{cancelled}").get_json()
    assert one["status"] == "cancelled" and one["open_table"] is None
    assert games[waiting]["open_table"]["taken"] == 1
    assert games[waiting]["open_table"]["needed"] == 3


def test_a_players_name_is_unique_in_a_game(app: Flask, client: FlaskClient,
                                            store: Store) -> None:
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org", "Anna")],
                        2, seed_hex=SEED).meta.id
    page = f"/games/{game_id}/join"
    refused = post_form(client, page, {"player": " ANNA ", "email": "other@example.org"}, page)
    assert refused.status_code == 400
    assert "Another player in this game is called Anna already" in text(refused)
    join(app, client, game_id, "Bruno", "bruno@example.org")
    join(app, client, game_id, "bruno", "bruno2@example.org")  # asked before Bruno confirmed
    confirm(client, confirmation_link(app, "bruno@example.org"))
    late = post_form(client, confirmation_link(app, "bruno2@example.org"), {}, "/")
    assert late.status_code == 409 and "called Bruno already" in text(late)
    assert [s.player for s in load_game(store, game_id).meta.seats] == ["Anna", "Bruno"]


def test_the_master_page_shows_the_tables_news_and_keeps_the_mail_setting(
        app: Flask, client: FlaskClient, store: Store) -> None:
    from .test_admin import master_path

    loaded = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org", "Anna")],
                       2, seed_hex=SEED, master_email="gm@example.org")
    join_table(store, loaded.meta.id, "Bruno", "bruno@example.org", "l1")
    path = master_path(app, load_game(store, loaded.meta.id))
    page = text(client.get(path))
    assert "News of the table" in page and "Bruno joined as bruno." in page
    assert 'value="every" selected' in page
    kept = post_form(client, f"{path}/notices", {"notices": "outcome"}, path)
    assert kept.status_code == 200 and "is kept" in text(kept)
    meta = load_game(store, loaded.meta.id).meta
    assert meta.table is not None and meta.table.master_notices == "outcome"
    assert 'value="outcome" selected' in text(client.get(path))


def test_the_master_page_shows_each_leave_the_start_a_cancellation_and_an_expiry(
        app: Flask, client: FlaskClient, store: Store) -> None:
    from .test_admin import master_path

    started = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org", "Anna")],
                        2, seed_hex=SEED, master_email="gm@example.org").meta.id
    join_table(store, started, "Bruno", "bruno@example.org", "l1")
    leave_table(store, started, "bruno")
    join_table(store, started, "Carla", "carla@example.org", "l2")
    start_table(store, started, "game-master", house=True)
    page = text(client.get(master_path(app, load_game(store, started))))
    assert "bruno left the table." in page and "Carla joined as" in page
    assert "The game master started the game." in page
    cancelled = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                          seed_hex="cd" * 32, master_email="gm@example.org").meta.id
    close_table(store, cancelled, "cancelled")
    page = text(client.get(master_path(app, load_game(store, cancelled))))
    assert "The game master cancelled the game before it started." in page
    expiring = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                         seed_hex="ef" * 32, master_email="gm@example.org").meta.id
    clock.set_now(clock.now() + timedelta(days=OPEN_DAYS, minutes=1))
    try:
        expire_tables(store)
    finally:
        clock.set_now(None)
    page = text(client.get(master_path(app, load_game(store, expiring))))
    assert "Not enough players joined in time: the game was given up." in page
