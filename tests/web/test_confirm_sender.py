"""The page behind the link that confirms a held message: it shows what waits, and only its
button acts, once."""
from __future__ import annotations

from email.message import EmailMessage

from flask import Flask
from flask.testing import FlaskClient

from service.base.tokens import reply_address
from service.game.loading import load_game
from service.mail.inbound import receive_email
from service.mail.senders import confirm_link
from service.orders.processing import process_submission
from service.store.store import Store

from .conftest import new_game
from .helpers import csrf, text


def held_order(app: Flask, store: Store) -> tuple[str, str, str, int]:
    """Mail a legal order for the seat that must act from a stranger's address; return the
    seat, the order, the confirmation page's path and the game's seq."""
    loaded = new_game(store)
    config = app.config["PBEM"]
    seat = loaded.game.prompts(loaded.state)[0].seat
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    message = EmailMessage()
    message["From"], message["Subject"] = "mallory@elsewhere.test", "orders"
    message["To"] = reply_address(config.secret_key(), config.mail_domain, loaded.meta.id,
                                  seat, loaded.meta.generation(seat))
    message.set_content(order)
    (sub, _), = receive_email(store, bytes(message))
    assert process_submission(store, sub.id, config=config).status == "held"
    link = confirm_link(config, loaded.meta, seat, sub.id)
    return seat, order, link.removeprefix(config.base_url), loaded.seq


def test_the_link_shows_the_message_and_its_button_acts_once(app: Flask, client: FlaskClient,
                                                             store: Store) -> None:
    _, order, path, seq = held_order(app, store)
    game_id = path.split("/")[2]
    page = text(client.get(path))
    assert "mallory@elsewhere.test" in page and order in page and "Confirm" in page
    assert load_game(store, game_id).seq == seq  # opening the link does nothing
    token = csrf(client, path)
    done = client.post(path, data={"csrf_token": token})
    assert done.status_code == 200 and "Confirmed" in text(done)
    after = load_game(store, game_id)
    assert after.seq > seq
    again = client.post(path, data={"csrf_token": token})  # a second press: acted on once
    assert again.status_code == 200 and load_game(store, game_id).seq == after.seq
    assert "does not wait for a confirmation" in text(client.get(path))


def test_a_link_for_another_seat_or_with_a_wrong_signature_is_refused(
        app: Flask, client: FlaskClient, store: Store) -> None:
    seat, _, path, _ = held_order(app, store)
    parts = path.split("/")
    other = next(name for name in ("anna", "bruno", "carla") if name != seat)
    assert client.get("/".join([*parts[:3], other, *parts[4:]])).status_code == 404
    assert client.get("/".join([*parts[:-1], "a" * 16])).status_code == 404
