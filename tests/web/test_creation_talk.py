"""New games from the form: one link per game (no select that a POST ignores), press settings."""
from __future__ import annotations

from flask.testing import FlaskClient

from service.game.loading import load_game
from service.store.store import Store

from .helpers import post_form, text


def test_the_game_is_chosen_by_links_not_by_a_select_the_form_ignores(client: FlaskClient) -> None:
    page = text(client.get("/new?game=freimaurerei"))
    assert '<select id="game"' not in page
    assert 'href="/new?game=secret-masters"' in page
    assert 'aria-current="page" class="current">Freimaurerei' in page


def test_press_and_absence_settings_are_recorded(client: FlaskClient, store: Store) -> None:
    fields = {"game": "secret-masters", "press": "grey", "absence_days": "5"}
    for index, name in enumerate(("anna", "bruno", "carla")):
        fields |= {f"seat-{index}-name": name, f"seat-{index}-email": f"{name}@example.org"}
    answer = post_form(client, "/new", fields, "/new?game=secret-masters")
    assert answer.status_code == 303
    game_id = answer.headers["Location"].split("/games/")[1].split("/")[0]
    meta = load_game(store, game_id).meta
    assert (meta.press, meta.absence_days) == ("grey", 5)
    fields["press"] = "loud"
    refused = post_form(client, "/new", fields, "/new?game=secret-masters")
    assert refused.status_code == 400 and "press must be one of" in text(refused)


def test_the_form_starts_quiet_and_the_creator_may_choose_otherwise(client: FlaskClient,
                                                                    store: Store) -> None:
    page = text(client.get("/new?game=illuminati"))
    assert '<option value="act" selected>' in page and "<option selected>pass-only" in page
    seats = {}
    for index, name in enumerate(("anna", "bruno", "carla")):
        seats |= {f"seat-{index}-name": name, f"seat-{index}-email": f"{name}@example.org"}
    made = {}
    for label, extra in (("quiet", {"notify": "act", "opt-auto-pass": "pass-only"}),
                         ("loud", {"notify": "every", "opt-auto-pass": "off"})):
        answer = post_form(client, "/new", {"game": "illuminati", **seats, **extra},
                           "/new?game=illuminati")
        assert answer.status_code == 303
        meta = load_game(store, answer.headers["Location"].split("/games/")[1].split("/")[0]).meta
        made[label] = (meta.prefs("anna").notify, meta.options["auto-pass"])
    assert made == {"quiet": ("must-act", "pass-only"), "loud": ("every", "off")}
