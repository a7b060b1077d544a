"""Civil play on the web: a seat page mutes, blocks and reports (a message as read, or a
player); the operator's moderation page lists the reports and suspends an address."""
from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from service.game.loading import load_game
from service.seats.press import PressRequest, send_press
from service.store.moderation import BLOCK, REPORT, SUSPEND, Moderation
from service.store.store import Store

from .conftest import new_game, seat_path
from .helpers import post_form, text
from .test_talk import number_of_seat


def test_a_seat_mutes_blocks_and_reports_from_its_page(app: Flask, client: FlaskClient,
                                                       store: Store) -> None:
    loaded = new_game(store, press="grey", master_email="gm@example.org")
    game_id = loaded.meta.id
    send_press(store, game_id, "carla", PressRequest(None, "Shame on you, Bruno!", True),
               causation="t1")
    seq = load_game(store, game_id).seq
    bruno = seat_path(app, loaded, "bruno")
    page = text(client.get(bruno))
    assert "Shame on you, Bruno!" in page and "Report this message" in page
    assert 'id="civility"' in page and "Mute in every game" in page
    civility = f"{bruno}/civility"
    # The report form names the message by bruno's own number of it, not the log's seq
    number = int(re.search(r'name="seq" value="(\d+)"', page).group(1))  # type: ignore[union-attr]
    assert number == number_of_seat(store, game_id, "bruno", seq)
    reported = post_form(client, civility, {"action": "report", "seq": str(number),
                                            "reason": "Insults."}, bruno)
    assert reported.status_code == 303
    assert "Your report went to the game master" in text(client.get(bruno))
    [report] = Moderation(store).newest(REPORT)
    assert report.data["message"]["text"] == "Shame on you, Bruno!"
    from .test_admin import master_path

    master = text(client.get(master_path(app, loaded)))
    assert "Players&#39; reports" in master or "Players' reports" in master
    assert "Insults." in master and "Shame on you, Bruno!" in master
    post_form(client, civility, {"action": "mute", "other": "carla"}, bruno)
    page = text(client.get(bruno))
    assert "Shame on you, Bruno!" not in page and "muted here" in page
    assert "Shame on you, Bruno!" not in text(client.get(f"{bruno}/history"))
    # replay steps are each reader's own numbers of the events
    assert "Shame on you, Bruno!" not in text(client.get(f"{bruno}/replay/{number}"))
    api = f"/api/v1/games/{game_id}/seats/"
    token = {"Authorization": "Bearer " + bruno.rsplit("/", 1)[1]}
    lines = client.get(api + "bruno/history", headers=token).get_json()["lines"]
    assert lines and not any("Shame on you" in line["text"] for line in lines)
    anna = seat_path(app, loaded, "anna")
    assert "Shame on you, Bruno!" in text(app.test_client().get(f"{anna}/history"))
    step = number_of_seat(store, game_id, "anna", seq)
    assert "Shame on you, Bruno!" in text(app.test_client().get(f"{anna}/replay/{step}"))
    assert any("Shame on you" in str(event.payload) for event in store.events(game_id))
    post_form(client, civility, {"action": "unmute", "other": "carla", "scope": "here"}, bruno)
    assert "Shame on you, Bruno!" in text(client.get(bruno))
    post_form(client, civility, {"action": "block", "other": "carla"}, bruno)
    assert Moderation(store).active(BLOCK, actor="bruno@example.org")
    carla = text(app.test_client().get(seat_path(app, loaded, "carla")))  # her own browser
    assert "muted here" not in carla and "muted in every game" not in carla
    assert "Insults." not in carla and "cannot take a seat" not in carla


def test_the_moderation_page_lists_reports_and_suspends_an_address(
        app: Flask, client: FlaskClient, store: Store) -> None:
    from service.seats import civility

    loaded = new_game(store)
    civility.report(store, app.config["PBEM"].secret_key(), loaded.meta.id, "anna",
                    "Cheating by collusion.", about="bruno")
    page = text(client.get("/admin/moderation"))
    assert "Cheating by collusion." in page and "signed, unchanged" in page
    done = post_form(client, "/admin/moderation/suspend",
                     {"address": "bruno@example.org", "reason": "Collusion, twice."},
                     "/admin/moderation")
    assert done.status_code == 200 and "is suspended from open tables" in text(done)
    [row] = Moderation(store).active(SUSPEND)
    assert row.target == "bruno@example.org"
    mailed = list(app.config["PBEM"].mail_dir.glob("suspended-*.eml"))
    assert mailed and "Collusion, twice." in mailed[0].read_text()
    app.config["ADMIN_TOKEN"] = "operator-token"
    assert client.get("/admin/moderation").status_code == 302  # to the sign-in page
