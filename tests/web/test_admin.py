"""The game master's page: its link, pause and resume, replace, renew links, spectators."""
from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from service.game.loading import LoadedGame, load_game
from service.store.store import Store
from service.web.links import master_signature

from .conftest import new_game, seat_path
from .helpers import post_form, text


def master_path(app: Flask, loaded: LoadedGame) -> str:
    """Return the path of the game master's page."""
    with app.app_context():
        return f"/admin/games/{loaded.meta.id}/{master_signature(loaded.meta)}"


def test_the_master_page_needs_its_own_link(app: Flask, client: FlaskClient,
                                            store: Store) -> None:
    loaded = new_game(store)
    path = master_path(app, loaded)
    page = text(client.get(path))
    assert "Run the game" in page and "anna@example.org" in page
    seat_sig = seat_path(app, loaded, "anna").rsplit("/", 1)[1]
    assert client.get(f"/admin/games/{loaded.meta.id}/{seat_sig}").status_code == 404
    assert client.get(f"/admin/games/{loaded.meta.id}/{'a' * 16}").status_code == 404
    other = new_game(store, game_id="0badf00d")
    assert client.get(f"/admin/games/{other.meta.id}/{path.rsplit('/', 1)[1]}").status_code \
        == 404
    refused = post_form(client, f"/admin/games/{loaded.meta.id}/{'a' * 16}/pause", {})
    assert refused.status_code == 404
    assert not load_game(store, loaded.meta.id).meta.paused


def test_pause_and_resume(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    path = master_path(app, loaded)
    page = text(post_form(client, path + "/pause", {"reason": "holidays"}, path))
    assert "The game is paused." in page and "Resume the game" in page
    assert load_game(store, loaded.meta.id).meta.paused
    again = post_form(client, path + "/pause", {}, path)
    assert again.status_code == 400 and "already paused" in text(again)
    page = text(post_form(client, path + "/resume", {}, path))
    assert "goes on" in page and not load_game(store, loaded.meta.id).meta.paused


def test_replacing_a_player_renews_the_link(app: Flask, client: FlaskClient,
                                            store: Store) -> None:
    loaded = new_game(store)
    path, old = master_path(app, loaded), seat_path(app, loaded, "bruno")
    page = text(post_form(client, path + "/replace", {"seat": "bruno", "player": "Berta",
                                                      "email": "berta@example.org"}, path))
    assert "Berta now plays bruno" in page
    meta = load_game(store, loaded.meta.id).meta
    assert meta.seat("bruno").email == "berta@example.org"
    assert client.get(old).status_code == 404
    bad = post_form(client, path + "/replace", {"seat": "zed", "player": "X",
                                                "email": "x@example.org"}, path)
    assert bad.status_code == 400 and "not a seat" in text(bad)
    bad = post_form(client, path + "/replace", {"seat": "anna", "player": "",
                                                "email": "x@example.org"}, path)
    assert bad.status_code == 400


def test_renewing_a_link(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    path, old = master_path(app, loaded), seat_path(app, loaded, "carla")
    page = text(post_form(client, path + "/rotate", {"seat": "carla"}, path))
    assert "carla has a new private link" in page
    assert client.get(old).status_code == 404
    assert any(r.kind == "welcome" and r.recipient == "carla"
               for r in store.outbox_for_game(loaded.meta.id))


def test_opening_and_closing_to_spectators(app: Flask, client: FlaskClient,
                                           store: Store) -> None:
    loaded = new_game(store)
    path = master_path(app, loaded)
    page = text(post_form(client, path + "/spectators", {"enabled": "yes"}, path))
    assert "Spectators may watch now." in page
    assert client.get(f"/games/{loaded.meta.id}/watch").status_code == 200
    post_form(client, path + "/spectators", {"enabled": "no"}, path)
    assert client.get(f"/games/{loaded.meta.id}/watch").status_code == 404
    assert post_form(client, path + "/explode", {}, path).status_code == 404


def test_seat_links_are_shown_only_on_this_machine(app: Flask, client: FlaskClient,
                                                   store: Store) -> None:
    loaded = new_game(store)
    path = master_path(app, loaded)
    assert "Seat links" in text(client.get(path))
    app.config["DEV_INBOX"] = False
    assert "Seat links" not in text(client.get(path))


def test_the_master_link_can_be_renewed(app: Flask, client: FlaskClient, store: Store) -> None:
    loaded = new_game(store)
    old = master_path(app, loaded)
    answer = post_form(client, old + "/renew-master", {}, page=old)
    assert answer.status_code == 303
    new = answer.headers["Location"].split("?")[0]
    assert new != old and new.startswith(f"/admin/games/{loaded.meta.id}/")
    assert "new link" in text(client.get(answer.headers["Location"]))
    assert client.get(old).status_code == 404
    assert post_form(client, old + "/pause", {}, page=new).status_code == 404
    assert new == master_path(app, load_game(store, loaded.meta.id))
    history = [e.type for e in store.events(loaded.meta.id)]
    assert history[-1] == "master.link-renewed"


def test_pbem_link_renew_prints_the_new_master_link(app: Flask, store: Store) -> None:
    from click.testing import CliRunner

    from service.web.pbem_commands import pbem_link_command

    loaded = new_game(store)
    old = master_path(app, loaded)
    printed = CliRunner().invoke(pbem_link_command, [loaded.meta.id, "--renew"])
    assert printed.exit_code == 0, printed.output
    assert printed.output.strip().endswith(master_path(app, load_game(store, loaded.meta.id)))
    assert not printed.output.strip().endswith(old)


def test_the_master_page_lists_orders_that_could_not_be_processed(
        app: Flask, client: FlaskClient, store: Store) -> None:
    from service.orders.processing import MAX_ATTEMPTS, process_submission

    loaded = new_game(store)
    seat = loaded.game.prompts(loaded.state)[0].seat
    sub, _ = store.add_submission("api", "place \ud800", game_id=loaded.meta.id, seat=seat)
    for _ in range(MAX_ATTEMPTS):
        try:
            process_submission(store, sub.id)
        except UnicodeError:
            pass
    assert process_submission(store, sub.id).status == "failed"
    page = text(client.get(master_path(app, loaded)))
    assert "could not be processed" in page and f"after {MAX_ATTEMPTS} attempts" in page
    assert "place \\ud800" not in page


def test_the_master_page_shows_a_seat_whose_mail_bounces(app: Flask, client: FlaskClient,
                                                         store: Store) -> None:
    from service.game.events import SeatMailStatus
    from service.seats.once import append_once

    loaded = new_game(store)
    seat = loaded.meta.seats[1]
    append_once(store, loaded.meta.id, "bounce-test", "mail", lambda now: [SeatMailStatus(
        seat.name, seat.email, "2026-12-01T10:00:00Z", "550 5.1.1 User unknown")])
    page = text(client.get(master_path(app, loaded)))
    assert "mail bouncing since 2026-12-01 10:00 UTC (550 5.1.1 User unknown)" in page
