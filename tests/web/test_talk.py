"""Talk on the web: the conversation panel, the press form, mail settings, and press secrecy."""
from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.game.loading import load_game
from service.game.numbers import number_of
from service.seats import master
from service.seats.press import PressRequest, send_press
from service.store.store import Store

from .conftest import SEATS, new_game, seat_path
from .helpers import nonce_of, post_form, text


def everything_for(app: Flask, client: FlaskClient, game_id: str, seat: str | None) -> str:
    """Return every page and API answer a seat (None: a spectator) can read."""
    if seat is None:
        return text(client.get(f"/games/{game_id}/watch")) + text(client.get(f"/games/{game_id}"))
    path = seat_path(app, load_game(app.extensions["pbem.store"], game_id), seat)
    token = {"Authorization": "Bearer " + path.rsplit("/", 1)[1]}
    api = f"/api/v1/games/{game_id}/seats/{seat}"
    return (text(client.get(path)) + text(client.get(path + "/history"))
            + text(client.get(api, headers=token))
            + text(client.get(api + "/history", headers=token)))


@pytest.mark.parametrize("game", sorted(SEATS))
def test_press_canaries_reach_only_sender_and_recipient(app: Flask, client: FlaskClient,
                                                        store: Store, game: str) -> None:
    loaded = new_game(store, game)
    master.set_spectators(store, loaded.meta.id, True)
    seats = loaded.meta.seat_names
    owners = {}
    for index, sender in enumerate(seats):
        recipient = seats[(index + 1) % len(seats)]
        canary = f"CANARY-{sender}-to-{recipient}-x9"
        send_press(store, loaded.meta.id, sender, PressRequest((recipient,), canary),
                   causation=f"test-{index}")
        owners[canary] = {sender, recipient}
    readers: list[str | None] = [*seats, None]
    seen = {reader: everything_for(app, client, loaded.meta.id, reader) for reader in readers}
    for canary, allowed in owners.items():
        for reader in readers:
            assert (canary in seen[reader]) == (reader in allowed), (canary, reader)


def test_the_panel_sends_press_and_groups_conversations(app: Flask, client: FlaskClient,
                                                        store: Store) -> None:
    loaded = new_game(store)
    anna = seat_path(app, loaded, "anna")
    page = text(client.get(anna))
    assert "No messages yet." in page and 'name="to" value="bruno"' in page
    nonce = nonce_of(page)
    form = {"to": ["bruno"], "text": "Shall we work together?", "nonce": nonce + "-press"}
    assert post_form(client, anna + "/press", form, anna).status_code == 303
    post_form(client, anna + "/press", form, anna)  # the same form twice: one message
    page = text(client.get(anna))
    assert "Your message was sent." in page or "Shall we work together?" in page
    assert page.count("Shall we work together?") == 1 and "With bruno" in page
    bruno = text(client.get(seat_path(app, loaded, "bruno")))
    assert "Shall we work together?" in bruno and "With anna" in bruno
    assert "Shall we work together?" not in text(client.get(seat_path(app, loaded, "carla")))
    kinds = [(row.recipient, row.kind) for row in store.outbox_for_game(loaded.meta.id)
             if row.kind == "press"]
    assert kinds == [("bruno", "press")]


def test_a_refused_message_says_why(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store, press="open")
    anna = seat_path(app, loaded, "anna")
    page = text(client.get(anna))
    assert 'name="to" value="bruno"' not in page
    post_form(client, anna + "/press", {"to": ["bruno"], "text": "psst",
                                        "nonce": nonce_of(page) + "-press"}, anna)
    assert "Not sent: In this game press is open only" in text(client.get(anna))


def test_mail_settings_are_saved_as_an_event(app: Flask, client: FlaskClient,
                                             store: Store) -> None:
    loaded = new_game(store)
    anna = seat_path(app, loaded, "anna")
    nonce = nonce_of(text(client.get(anna)))
    post_form(client, anna + "/settings", {"notify": "digest", "timezone": "europe/berlin",
                                           "nonce": nonce + "-settings"}, anna)
    prefs = load_game(store, loaded.meta.id).meta.prefs("anna")
    assert (prefs.notify, prefs.timezone, prefs.mute_press) == ("digest", "Europe/Berlin",
                                                                 False)
    post_form(client, anna + "/settings", {"notify": "every", "timezone": "Mars/Olympus",
                                           "nonce": nonce + "-s2"}, anna)
    assert "Not saved" in text(client.get(anna))
    assert load_game(store, loaded.meta.id).meta.prefs("anna").notify == "digest"


def number_of_seat(store: Store, game_id: str, seat: str, seq: int) -> int:
    """Return the seat's own number of the event at `seq`."""
    with store.connect() as conn:
        return number_of(conn, game_id, seat, seq)


def test_an_anonymous_message_is_answered_from_the_panel_without_its_sender(
        app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store, press="grey")
    send_press(store, loaded.meta.id, "anna", PressRequest(("bruno",), "I know your card",
                                                           anonymous=True), causation="t-1")
    send_press(store, loaded.meta.id, "carla", PressRequest(("bruno",), "hello from carla"),
               causation="t-2")
    bruno = seat_path(app, loaded, "bruno")
    page = text(client.get(bruno))
    assert "With anonymous" in page and "Answer the anonymous sender" in page
    # The form names the message by bruno's own number of it, not the log's seq
    seq = int(re.search(r'name="answer" value="(\d+)"', page).group(1))  # type: ignore[union-attr]
    assert seq == number_of_seat(store, loaded.meta.id, "bruno",
                                 load_game(store, loaded.meta.id).seq - 1)
    form = {"answer": str(seq), "text": "Which card?", "nonce": nonce_of(page) + "-answer"}
    assert post_form(client, bruno + "/press", form, bruno).status_code == 303
    page = text(client.get(bruno))
    assert "Which card?" in page and "Your message was sent." in page
    conversation = page.split("With anonymous")[1].split("</ul>")[0]  # its messages
    assert "I know your card" in conversation and "Which card?" in conversation
    assert "anna" not in conversation.lower()
    assert "Which card?" in text(client.get(seat_path(app, loaded, "anna")))
    assert "Which card?" not in text(client.get(seat_path(app, loaded, "carla")))
    form = {"answer": str(seq + 1), "text": "not anonymous", "nonce": nonce_of(page) + "-x"}
    post_form(client, bruno + "/press", form, bruno)
    assert "cannot be answered from here" in text(client.get(bruno))
