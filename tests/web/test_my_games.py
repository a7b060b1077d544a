"""My games: a mailed sign-in link lists every seat of an address; lost links are re-sent."""
from __future__ import annotations

import re
from datetime import timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import cast

from flask import Flask
from flask.testing import FlaskClient

from service.base import clock
from service.orders.creation import NewSeat, create_game
from service.seats.identity import new_sign_in, read_sign_in
from service.store.store import Store
from tests.service.mail.twoparts import check_same_content

from .conftest import new_game
from .helpers import csrf, post_form, text


def mail_texts(app: Flask) -> list[str]:
    """Return the texts of every email written to the mail folder."""
    folder = Path(app.config["PBEM"].mail_dir)
    found = []
    for path in sorted(folder.glob("*.eml")) if folder.exists() else []:
        message = message_from_bytes(path.read_bytes())
        for part in message.walk():
            if part.get_content_type() == "text/plain":
                payload = part.get_payload(decode=True)
                found.append(payload.decode() if isinstance(payload, bytes) else "")
    return found


def test_a_sign_in_link_lists_every_seat_of_the_address(app: Flask, client: FlaskClient,
                                                        store: Store) -> None:
    first = new_game(store)
    second = create_game(store, "freimaurerei", [NewSeat("ada", "Anna@Example.org", "Anna"),
                                                 NewSeat("ben", "ben@example.org", "Ben")],
                         seed_hex="cd" * 32)
    post_form(client, "/me", {"email": "anna@example.org"}, "/me")
    links = [m for text_ in mail_texts(app)
             for m in re.findall(r"https?://\S+/me/(\S+)", text_)]
    assert len(links) == 1
    page = text(client.get(f"/me/{links[0]}", follow_redirects=True))
    assert first.meta.id in page and second.meta.id in page
    assert f"/play/{first.meta.id}/anna/" in page and f"/play/{second.meta.id}/ada/" in page
    assert "/bruno/" not in page and "/ben/" not in page


def test_the_answer_is_the_same_for_strangers(app: Flask, client: FlaskClient,
                                              store: Store) -> None:
    new_game(store)
    player = text(post_form(client, "/me", {"email": "anna@example.org"}, "/me"))
    stranger = text(post_form(client, "/me", {"email": "nobody@example.org"}, "/me"))
    assert player == stranger
    assert len(mail_texts(app)) == 1


def test_forged_and_expired_sign_in_links_are_refused(app: Flask, client: FlaskClient,
                                                     store: Store) -> None:
    key = app.config["PBEM"].secret_key()
    token = new_sign_in(store, key, "Anna@example.org")
    assert "anna" not in token and read_sign_in(store, key, token) == "anna@example.org"
    forged = token[:-1] + ("a" if token[-1] != "a" else "b")
    assert read_sign_in(store, key, forged) is None
    assert client.get(f"/me/{forged}").status_code == 404
    unknown = new_sign_in(store, b"another key", "anna@example.org")
    assert read_sign_in(store, key, unknown) is None
    clock.set_now(clock.now() + timedelta(hours=25))
    try:
        assert read_sign_in(store, key, token) is None
    finally:
        clock.set_now(None)


def test_a_sign_in_link_carries_no_address(app: Flask, client: FlaskClient,
                                           store: Store) -> None:
    new_game(store)
    post_form(client, "/me", {"email": "anna@example.org"}, "/me")
    [link] = [m for text_ in mail_texts(app)
              for m in re.findall(r"https?://\S+/me/(\S+)", text_)]
    assert "anna" not in link and "YW5uYU" not in link  # nor its base64


def test_an_old_sign_in_link_is_told_to_ask_again(client: FlaskClient) -> None:
    old = "YW5uYUBleGFtcGxlLm9yZw.202601011200.abcdefghijklmnopqrstuvwx"
    answer = client.get(f"/me/{old}")
    assert answer.status_code == 410
    assert "older kind" in text(answer) and "Mail me a sign-in link" in text(answer)


def test_a_lost_seat_link_goes_to_the_seats_own_address(app: Flask, client: FlaskClient,
                                                        store: Store) -> None:
    loaded = new_game(store)
    game_page = f"/games/{loaded.meta.id}"
    before = {(r.recipient, r.kind) for r in store.outbox_for_game(loaded.meta.id)}
    known = post_form(client, f"{game_page}/lost-link", {"seat": "bruno"}, game_page)
    unknown = post_form(client, f"{game_page}/lost-link", {"seat": "zed"}, game_page)
    assert known.headers["Location"] == unknown.headers["Location"]
    rows = [r for r in store.outbox_for_game(loaded.meta.id)
            if (r.recipient, r.kind) not in before]
    assert [(r.recipient, r.kind) for r in rows] == [("bruno", "welcome")]


def test_an_address_s_games_are_read_from_who_plays_them_now(store: Store) -> None:
    from service.seats.identity import seats_of
    from service.seats.master import replace_seat

    older = create_game(store, "freimaurerei", [NewSeat("ada", "Anna@Example.org", "Anna"),
                                                NewSeat("ben", "ben@example.org", "Ben")],
                        seed_hex="a1" * 32)
    for number in range(3):  # other people's games, newer
        create_game(store, "freimaurerei", [NewSeat("cy", f"c{number}@example.org", "C"),
                                            NewSeat("di", f"d{number}@example.org", "D")],
                    seed_hex=f"{number + 2:02x}" * 32)
    assert [s.game_id for s in seats_of(store, " ANNA@example.org ")] == [older.meta.id]
    replace_seat(store, older.meta.id, "ada", "Edda", "edda@example.org")
    assert seats_of(store, "anna@example.org") == []
    assert [(s.game_id, s.seat) for s in seats_of(store, "edda@example.org")] == [
        (older.meta.id, "ada")]
    assert [row.id for row in store.games_of_address("ben@example.org", 10)] == [older.meta.id]


def test_sign_in_mail_to_one_address_is_limited_whoever_asks(app: Flask, client: FlaskClient,
                                                             store: Store) -> None:
    new_game(store)
    token = csrf(client, "/me")
    answers = {text(client.post("/me", data={"csrf_token": token, "email": "anna@example.org"},
                                environ_base={"REMOTE_ADDR": f"198.51.100.{index}"}))
               for index in range(10)}  # ten visitors
    assert len(answers) == 1
    limit = int(app.config["RATE_SIGNIN"].split("/")[0])
    assert len(mail_texts(app)) == limit
    post_form(client, "/me", {"email": "bruno@example.org"}, "/me")
    assert len(mail_texts(app)) == limit + 1  # another address has its own allowance



def test_the_sign_in_mail_says_the_same_in_its_html_part(app: Flask, client: FlaskClient,
                                                         store: Store) -> None:
    address = "o'hara&kit@example.org"
    create_game(store, "freimaurerei", [NewSeat("ada", address, "Ada"),
                                        NewSeat("ben", "ben@example.org", "Ben")],
                seed_hex="cd" * 32)
    post_form(client, "/me", {"email": address}, "/me")
    [path] = Path(app.config["PBEM"].mail_dir).glob("signin-*.eml")
    message = message_from_bytes(path.read_bytes(), policy=policy.default)
    text_part, _ = check_same_content(cast(EmailMessage, message), address)
    assert re.search(r"https?://\S+/me/\S+", text_part)
