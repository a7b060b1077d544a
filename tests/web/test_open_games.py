"""Open games on the web: created with open seats from the form, listed in the lobby, filled
by players who confirm their address through the mailed link, started by the last of them;
invitation links, leaving, takeovers of offered seats, and the guard rails."""
from __future__ import annotations

import re
from email import message_from_bytes
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from service.game.loading import load_game
from service.opentables.lifecycle import make_invitation, open_game
from service.orders.creation import NewSeat
from service.seats import master
from service.store.store import Store

from .conftest import SEED, new_game
from .helpers import post_form, text


def mails(app: Flask) -> list[tuple[str, str, str]]:
    """Return (to, subject, text) of every email written to the mail folder, oldest first."""
    folder = Path(app.config["PBEM"].mail_dir)
    found = []
    for path in sorted(folder.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns) \
            if folder.exists() else []:
        message = message_from_bytes(path.read_bytes())
        body = ""
        for part in message.walk():
            if part.get_content_type() == "text/plain":
                payload = part.get_payload(decode=True)
                body += payload.decode() if isinstance(payload, bytes) else ""
        found.append((str(message["To"]), str(message["Subject"]), body))
    return found


def confirmation_link(app: Flask, address: str) -> str:
    """Return the path of the newest confirmation link mailed to `address`."""
    links = [m for to, _, body in mails(app) if address in to
             for m in re.findall(r"https?://[^/\s]+(/join/[a-z2-7]+)", body)]
    assert links, f"no confirmation link for {address}"
    return links[-1]


def join(app: Flask, client: FlaskClient, game_id: str, player: str, email: str,
         **extra: str) -> FlaskClient:
    """Ask to join as a visitor would; return the client."""
    page = f"/games/{game_id}/join"
    answer = post_form(client, page, {"player": player, "email": email, **extra}, page)
    assert answer.status_code == 303, text(answer)
    return client


def confirm(client: FlaskClient, link: str) -> str:
    """Open a confirmation link and press its button; return the answer's text."""
    shown = client.get(link)
    assert shown.status_code == 200 and "Confirm and take the seat" in text(shown)
    return text(post_form(client, link, {}, link))


def test_an_open_game_fills_through_the_web_and_starts(app: Flask, client: FlaskClient,
                                                      store: Store) -> None:
    app.config["INLINE_MAIL"] = True
    created = post_form(client, "/new", {
        "game": "secret-masters", "seat-0-name": "anna", "seat-0-player": "Anna",
        "seat-0-email": "anna@example.org", "open_seats": "2", "open_days": "7"}, "/new")
    assert created.status_code == 303
    game_id = created.headers["Location"].split("/")[3]
    lobby = text(client.get("/"))
    assert "Open games" in lobby and "1 of 3 taken" in lobby and f"/games/{game_id}/join" in lobby
    join(app, client, game_id, "Bruno", "bruno@example.org")
    assert load_game(store, game_id).meta.seat_names == ("anna",)  # not before the link
    answer = confirm(client, confirmation_link(app, "bruno@example.org"))
    assert "You have seat bruno" in answer and "2 of 3 seats are taken" in answer
    assert any("you have seat bruno" in subject for to, subject, _ in mails(app)
               if "bruno@" in to)
    join(app, client, game_id, "Carla", "carla@example.org")
    answer = confirm(client, confirmation_link(app, "carla@example.org"))
    assert "has started" in answer
    loaded = load_game(store, game_id)
    assert loaded.meta.started and sorted(loaded.meta.seat_names) == ["anna", "bruno", "carla"]
    for address in ("anna@", "bruno@", "carla@"):
        assert any(address in to and "/play/" in body for to, _, body in mails(app))
    assert f"/games/{game_id}/join" not in text(client.get("/"))


def test_a_link_followed_twice_takes_one_seat_and_bad_links_are_told(
        app: Flask, client: FlaskClient, store: Store) -> None:
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex=SEED).meta.id
    join(app, client, game_id, "Bruno", "bruno@example.org")
    link = confirmation_link(app, "bruno@example.org")
    confirm(client, link)
    again = post_form(client, link, {}, "/")
    assert again.status_code == 409 and "already, as seat bruno" in text(again)
    assert load_game(store, game_id).meta.seat_names == ("anna", "bruno")
    forged = link[:-3] + ("aaa" if not link.endswith("aaa") else "bbb")
    assert client.get(forged).status_code == 404
    assert client.get("/games/0000ffff/join").status_code == 404
    refused = post_form(client, f"/games/{game_id}/join",
                        {"player": "Dora", "email": "not an address"}, f"/games/{game_id}/join")
    assert refused.status_code == 400 and "email" in text(refused)


def test_the_same_address_cannot_take_two_seats(app: Flask, client: FlaskClient,
                                                store: Store) -> None:
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex=SEED).meta.id
    join(app, client, game_id, "Anna B", "Anna@Example.org")  # answered as any other
    answer = post_form(client, confirmation_link(app, "Anna@Example.org"), {}, "/")
    assert answer.status_code == 409 and "plays seat anna" in text(answer)


def test_a_private_table_is_reached_by_its_invitation_link_only(
        app: Flask, client: FlaskClient, store: Store) -> None:
    game_id = open_game(store, "masons", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex=SEED, listed=False).meta.id
    assert game_id not in text(client.get("/"))
    assert "invitation only" in text(client.get(f"/games/{game_id}/join"))
    invitation = make_invitation(store, game_id, uses=1)
    from service.opentables.joining import invitation_token

    token = invitation_token(app.config["PBEM"].secret_key(), game_id, invitation)
    page = text(client.get(f"/games/{game_id}/join?invite={token}"))
    assert 'name="invite"' in page
    join(app, client, game_id, "Bruno", "bruno@example.org", invite=token)
    confirm(client, confirmation_link(app, "bruno@example.org"))
    used_up = text(client.get(f"/games/{game_id}/join?invite={token}"))
    assert "good for 1 player(s)" in used_up
    forged = text(client.get(f"/games/{game_id}/join?invite={invitation}.aaaaaaaaaaaaaaaa"))
    assert "invitation only" in forged


def test_a_player_leaves_with_the_link_of_the_seat_notice(app: Flask, client: FlaskClient,
                                                          store: Store) -> None:
    app.config["INLINE_MAIL"] = True
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex=SEED).meta.id
    join(app, client, game_id, "Bruno", "bruno@example.org")
    confirm(client, confirmation_link(app, "bruno@example.org"))
    [leave] = [m for to, _, body in mails(app) if "bruno@" in to
               for m in re.findall(r"https?://[^/\s]+(/games/\S+/leave/\S+)", body)]
    assert "Leave the game" in text(client.get(leave))
    assert "free again" in text(post_form(client, leave, {}, leave))
    assert load_game(store, game_id).meta.seat_names == ("anna",)
    assert client.get(leave).status_code == 404


def test_a_resigned_seat_is_taken_over_through_the_lobby(app: Flask, client: FlaskClient,
                                                         store: Store) -> None:
    app.config["INLINE_MAIL"] = True
    loaded = new_game(store)
    master.offer_seat(store, loaded.meta.id, "bruno")
    lobby = text(client.get("/"))
    assert "Seats open for a replacement" in lobby
    join_page = f"/games/{loaded.meta.id}/join?seat=bruno"
    assert "Take over seat bruno" in text(client.get(join_page))
    join(app, client, loaded.meta.id, "Erik", "erik@example.org", seat="bruno")
    answer = confirm(client, confirmation_link(app, "erik@example.org"))
    assert "You play seat bruno" in answer
    after = load_game(store, loaded.meta.id)
    assert after.meta.seat("bruno").email == "erik@example.org"
    assert "bruno" not in after.meta.offered and after.meta.generation("bruno") == 1
    welcome = [body for to, _, body in mails(app) if "erik@" in to and "/play/" in body]
    assert welcome
    assert any("bruno@" in to and "no longer play" in subject for to, subject, _ in mails(app))
    refused = text(client.get(join_page))
    assert "not open for a replacement" in refused


def test_joining_is_limited_per_game_and_per_address_not_per_network(
        app: Flask, client: FlaskClient, store: Store) -> None:
    app.config["RATE_JOIN"], app.config["RATE_JOIN_GAME"] = "2/3600", "6/3600"
    game_id = open_game(store, "illuminati", [NewSeat("anna", "anna@example.org")], 7,
                        seed_hex=SEED).meta.id
    other = open_game(store, "illuminati", [NewSeat("anna", "anna@example.org")], 7,
                      seed_hex="cd" * 32).meta.id
    page = f"/games/{game_id}/join"
    for n in range(6):  # a club: six players from one network address
        assert post_form(client, page, {"player": f"P{n}", "email": f"p{n}@example.org"},
                         page).status_code == 303
    over = post_form(client, page, {"player": "P9", "email": "p9@example.org"}, page)
    assert over.status_code == 429 and "Too many requests" in text(over)
    elsewhere = f"/games/{other}/join"
    assert post_form(client, elsewhere, {"player": "P0", "email": "P0@example.org"},
                     elsewhere).status_code == 303
    again = post_form(client, elsewhere, {"player": "P0", "email": "p0@Example.org"}, elsewhere)
    assert again.status_code == 429  # a third confirmation mail to one address in the hour


def test_the_api_lists_open_games_and_their_seats(app: Flask, client: FlaskClient,
                                                  store: Store) -> None:
    listed = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                       seed_hex=SEED).meta.id
    hidden = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                       seed_hex="cd" * 32, listed=False).meta.id
    games = client.get("/api/v1/games").get_json()["games"]
    [shown] = [g for g in games if g["id"] == listed]
    assert shown["status"] == "open" and shown["open_table"]["taken"] == 1
    assert shown["open_table"]["needed"] == 3 and shown["open_table"]["join"].endswith(
        f"/games/{listed}/join")
    assert [s["player"] for s in shown["seats"]] == ["anna"]
    assert hidden not in {g["id"] for g in games}
    assert "anna@example.org" not in client.get("/api/v1/games").get_data(as_text=True)


def test_lobby_and_join_pages_show_public_information_only(app: Flask, client: FlaskClient,
                                                           store: Store) -> None:
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex=SEED).meta.id
    running = new_game(store)
    master.offer_seat(store, running.meta.id, "bruno")
    seat_view = running.game.render_text(running.game.view(running.state, "bruno"))
    public_view = running.game.render_text(running.game.view(running.state, None))
    private_lines = set(seat_view.splitlines()) - set(public_view.splitlines())
    assert private_lines  # the seat sees something the public does not
    for path in ("/", f"/games/{game_id}/join", f"/games/{game_id}",
                 f"/games/{running.meta.id}/join?seat=bruno"):
        page = text(client.get(path))
        assert "@example.org" not in page, path
        assert not [line for line in private_lines if line.strip() and line in page], path


def test_my_games_lists_a_table_joined_and_the_replay_begins_at_its_start(
        app: Flask, client: FlaskClient, store: Store) -> None:
    from service.cli.selfplay import play_to_end
    from service.opentables.lifecycle import join_table

    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex=SEED).meta.id
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    with client.session_transaction() as session:
        session["me"] = "bruno@example.org"
    listed = text(client.get("/me"))
    assert game_id in listed and "open" in listed and f"/play/{game_id}/" not in listed
    join_table(store, game_id, "Carla", "carla@example.org", "l2")
    play_to_end(store, load_game(store, game_id), bytes.fromhex(SEED))
    first = load_game(store, game_id).meta.first_seq
    assert first > 1
    start = client.get(f"/games/{game_id}/replay")
    assert start.headers["Location"].endswith(f"/replay/{first}")
    assert client.get(f"/games/{game_id}/replay/{first}").status_code == 200
    assert client.get(f"/games/{game_id}/replay/1").status_code == 404
