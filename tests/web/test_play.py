"""Seat pages: the private link, the board and secrets, order forms, results, PDF and history."""
from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.core import get_game
from service.game.loading import load_game
from service.seats import master
from service.store.store import Store

from .conftest import SEATS, new_game, seat_path
from .helpers import (
    nonce_of,
    play_to_the_end,
    post_form,
    prompt_key_of,
    text,
    whole_history,
)


@pytest.mark.parametrize("game", sorted(SEATS))
def test_every_game_has_a_seat_page_with_board_and_form(app: Flask, client: FlaskClient,
                                                        store: Store, game: str) -> None:
    loaded = new_game(store, game)
    waiting = {p.seat for p in loaded.game.prompts(loaded.state)}
    for seat in loaded.meta.seat_names:
        response = client.get(seat_path(app, loaded, seat))
        assert response.status_code == 200
        html = text(response)
        assert "<svg" in html and "Only you see this" in html
        assert ('name="mode" value="form"' in html) == (seat in waiting)
        assert "Download PDF" in html and "History" in html


def test_a_changed_seat_or_signature_in_the_url_is_refused(app: Flask, client: FlaskClient,
                                                           store: Store) -> None:
    loaded = new_game(store)
    anna = seat_path(app, loaded, "anna")
    _, _, game_id, _, sig = anna.split("/")
    for path in (f"/play/{game_id}/bruno/{sig}", f"/play/{game_id}/anna/{'a' * 16}",
                 f"/play/{game_id}/zed/{sig}", f"/play/0badc0de/anna/{sig}",
                 f"/play/{game_id}/anna/{sig[:-1]}", f"/play/{game_id}/anna/{sig}x"):
        for suffix in ("", "/history", "/snapshot.pdf"):
            assert client.get(path + suffix).status_code == 404, path + suffix
    refused = post_form(client, f"/play/{game_id}/bruno/{sig}/orders",
                        {"mode": "text", "text": "place blue europe"})
    assert refused.status_code == 404


def test_a_renewed_link_replaces_the_old_one(app: Flask, client: FlaskClient,
                                             store: Store) -> None:
    loaded = new_game(store)
    old = seat_path(app, loaded, "anna")
    master.rotate_token(store, loaded.meta.id, "anna")
    assert client.get(old).status_code == 404
    assert client.get(seat_path(app, load_game(store, loaded.meta.id), "anna")).status_code == 200


def test_an_order_by_the_form_fields_is_accepted(app: Flask, client: FlaskClient,
                                                 store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    path = seat_path(app, loaded, seat)
    html = text(client.get(path))
    legal = loaded.game.legal_orders(loaded.state, seat)
    order = loaded.game.order_to_json(legal[0])
    response = post_form(client, path + "/orders", {
        "mode": "form", "form": "0", "nonce": nonce_of(html), "prompt_key": prompt_key_of(html),
        "f-colour": str(order["colour"].value), "f-region": order["region"]}, path)
    assert response.status_code == 303
    page = text(client.get(response.headers["Location"]))
    assert "Accepted:" in page and loaded.game.format_order(legal[0]) in page
    assert load_game(store, loaded.meta.id).seq > loaded.seq


def test_a_rejected_order_shows_why_and_keeps_the_input(app: Flask, client: FlaskClient,
                                                        store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    path = seat_path(app, loaded, seat)
    html = text(client.get(path))
    response = post_form(client, path + "/orders", {
        "mode": "text", "text": "place purple moon", "nonce": nonce_of(html)}, path)
    page = text(client.get(response.headers["Location"]))
    assert "Not accepted" in page and "unreadable-order" not in page  # no internal codes
    assert ">place purple moon</textarea>" in page
    assert "All legal orders" in page and "place blue" in page
    assert load_game(store, loaded.meta.id).seq == loaded.seq


def test_help_in_the_text_box_shows_what_can_be_written(app: Flask, client: FlaskClient,
                                                         store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    path = seat_path(app, loaded, seat)
    response = post_form(client, path + "/orders", {
        "mode": "text", "text": "help", "nonce": nonce_of(text(client.get(path)))}, path)
    page = text(client.get(response.headers["Location"]))
    assert "What you can write now" in page and "Not accepted" not in page
    assert "place blue" in page
    assert load_game(store, loaded.meta.id).seq == loaded.seq


def test_the_same_form_sent_twice_is_one_submission(app: Flask, client: FlaskClient,
                                                    store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    path = seat_path(app, loaded, seat)
    html = text(client.get(path))
    legal = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    data = {"mode": "text", "text": legal, "nonce": nonce_of(html)}
    first = post_form(client, path + "/orders", data, path)
    second = post_form(client, path + "/orders", data, path)
    assert first.headers["Location"] == second.headers["Location"]
    assert "Accepted:" in text(client.get(second.headers["Location"]))


def test_an_order_for_a_closed_decision_is_stale(app: Flask, client: FlaskClient,
                                                 store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    path = seat_path(app, loaded, seat)
    html = text(client.get(path))
    legal = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    response = post_form(client, path + "/orders", {
        "mode": "text", "text": legal, "nonce": nonce_of(html),
        "prompt_key": "r0.t0.old"}, path)
    page = text(client.get(response.headers["Location"]))
    assert "stale-order" not in page and "moved on" in page


def test_a_seat_never_sees_another_seats_submission(app: Flask, client: FlaskClient,
                                                    store: Store) -> None:
    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    other = next(s for s in loaded.meta.seat_names if s != seat)
    path = seat_path(app, loaded, seat)
    response = post_form(client, path + "/orders", {
        "mode": "text", "text": "secret plan xyzzy", "nonce": nonce_of(text(client.get(path)))},
        path)
    sub_id = re.search(r"sub=([0-9a-f]+)", response.headers["Location"]).group(1)
    foreign = text(client.get(seat_path(app, loaded, other) + f"?sub={sub_id}"))
    assert "xyzzy" not in foreign and "Not accepted" not in foreign


def test_submissions_are_rate_limited(app: Flask, client: FlaskClient, store: Store) -> None:
    app.config["RATE_SUBMIT"] = "3/600"
    loaded = new_game(store)
    path = seat_path(app, loaded, "anna")
    codes = [post_form(client, path + "/orders", {"mode": "text", "text": "pass"}, path)
             .status_code for _ in range(5)]
    assert codes == [303, 303, 303, 429, 429]


def test_guessing_tokens_is_rate_limited(app: Flask, client: FlaskClient, store: Store) -> None:
    app.config["RATE_GUESS"] = "5/600"
    loaded = new_game(store)
    good = seat_path(app, loaded, "anna")
    codes = [client.get(f"/play/{loaded.meta.id}/anna/{'b' * 15}{c}").status_code
             for c in "abcdefg"]
    assert codes == [404] * 5 + [429] * 2
    assert client.get(good).status_code == 200, "a correct link is never locked out"
    assert client.get(f"/play/{loaded.meta.id}/anna/{'c' * 16}").status_code == 429


def test_the_pdf_is_the_seats_snapshot(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    response = client.get(seat_path(app, loaded, "anna") + "/snapshot.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF")
    assert "attachment" in response.headers["Content-Disposition"]


def test_news_since_the_last_visit(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    path = seat_path(app, loaded, "anna")
    assert "Lately" in text(client.get(path))
    assert "Nothing new." in text(client.get(path))
    master.pause_game(store, loaded.meta.id, "holiday")
    page = text(client.get(path))
    assert "Since your last visit" in page and "holiday" in page and "is paused" in page


def test_history_and_the_end_with_seed_and_verify(app: Flask, client: FlaskClient,
                                                  store: Store) -> None:
    loaded = new_game(store)
    path = seat_path(app, loaded, "anna")
    before = text(client.get(path + "/history"))
    assert "anna received" in before and "bruno received a faction card" in before
    play_to_the_end(store, loaded.meta.id)
    after = whole_history(client, path)
    meta = load_game(store, loaded.meta.id).meta
    assert "The game is over" in after and meta.revealed_seed in after
    assert "bruno received the" in after
    assert f'action="/games/{loaded.meta.id}/audit"' in after
    seat_page = text(client.get(path))
    assert "The game is over" in seat_page and 'name="mode"' not in seat_page


def test_a_sealed_order_can_be_changed_until_resolved(app: Flask, client: FlaskClient,
                                                      store: Store) -> None:
    loaded = new_game(store, "freimaurerei")
    path = seat_path(app, loaded, "anna")
    html = text(client.get(path))
    post_form(client, path + "/orders", {"mode": "text", "text": "outer white",
                                         "nonce": nonce_of(html)}, path)
    html = text(client.get(path))
    assert "Your sealed order is in" in html and 'name="mode" value="form"' in html
    response = post_form(client, path + "/orders", {"mode": "text", "text": "outer black",
                                                    "nonce": nonce_of(html)}, path)
    assert "Accepted:" in text(client.get(response.headers["Location"]))
    assert get_game("freimaurerei").prompt_for(load_game(store, loaded.meta.id).state, "anna")


@pytest.mark.parametrize("game", sorted(SEATS))
def test_every_page_of_every_game(app: Flask, client: FlaskClient, store: Store,
                                  game: str) -> None:
    loaded = new_game(store, game)
    master.set_spectators(store, loaded.meta.id, True)
    path = seat_path(app, loaded, loaded.meta.seat_names[0])
    for url in (path + "/history", f"/games/{loaded.meta.id}",
                f"/games/{loaded.meta.id}/watch", f"/rules/{game}", f"/new?game={game}"):
        assert client.get(url).status_code == 200, url
    assert client.get(path + "/snapshot.pdf").data.startswith(b"%PDF")
    play_to_the_end(store, loaded.meta.id)
    for seat in loaded.meta.seat_names:
        page = text(client.get(seat_path(app, load_game(store, loaded.meta.id), seat)))
        assert "The game is over" in page
    assert "Verify" in text(client.get(f"/games/{loaded.meta.id}"))


def test_the_seat_page_shows_the_logs_head(app: Flask, client: FlaskClient,
                                            store: Store) -> None:
    from service.game.history import reader_number, reader_seq
    from service.game.witness import head_at

    loaded = new_game(store)
    # the newest event anna may know happened (not another seat's deadline after it), shown
    # with her own number of it
    seen = reader_seq(store, loaded.game, loaded.meta.id, "anna", loaded.seq, False)
    head = head_at(store, loaded.meta.id, seen)
    assert head is not None
    number = reader_number(store, loaded.meta, "anna", seen)
    page = client.get(seat_path(app, loaded, "anna")).get_data(as_text=True)
    assert f"seq {number}, hash <code>{head.short}</code>" in page
    assert f"--witness {number}:{head.short}" in page
