"""Illuminati on the web: an attack given by the form's fields, money in number fields."""
from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from engine.illuminati.rules_actions import goal_choices
from engine.illuminati.state import Phase
from service.game.loading import load_game
from service.orders.processing import submit_order
from service.store.orderlog import OrderLog
from service.store.store import Store

from .conftest import new_game, seat_path
from .helpers import nonce_of, post_form, prompt_key_of, text


def _to_a_turn(store: OrderLog, game_id: str) -> str:
    """Play deadline defaults until a player's turn is open; return that seat."""
    for _ in range(20):
        loaded = load_game(store, game_id)
        if loaded.state.phase is Phase.TURN:
            return str(loaded.state.turn.seat)
        prompt = loaded.game.prompts(loaded.state)[0]
        text = f"goal {goal_choices(loaded.state)[0]}" if loaded.state.phase is Phase.GOAL \
            else "pass"
        assert submit_order(store, game_id, prompt.seat, text).accepted
    raise AssertionError("no turn opened")


def test_an_attack_by_the_form_with_money_in_number_fields(app: Flask, client: FlaskClient,
                                                             store: Store) -> None:
    loaded = new_game(store, "illuminati")
    seat = _to_a_turn(store, loaded.meta.id)
    loaded = load_game(store, loaded.meta.id)
    path = seat_path(app, loaded, seat)
    html = text(client.get(path))
    assert 'type="number"' in html and "Attack a group" in html
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None
    index = next(i for i, form in enumerate(prompt.forms) if form.kind == "attack")
    own = loaded.state.player(seat).illuminati
    target = loaded.state.uncontrolled[0]
    response = post_form(client, path + "/orders", {
        "mode": "form", "form": str(index), "nonce": nonce_of(html),
        "prompt_key": prompt_key_of(html), "f-purpose": "control", "f-target": target,
        "f-group": own, "f-from_group": "0", "f-from_illuminati": "2"}, path)
    assert response.status_code == 303
    page = text(client.get(response.headers["Location"]))
    assert "Accepted:" in page, page
    after = load_game(store, loaded.meta.id).state
    assert after.attack is not None and after.attack.spent == 2
    assert after.attack.target == target and after.attack.group == own


def _to_a_turn_with_a_special(store: Store, game_id: str) -> str:
    """Pass turns until the seat whose turn it is holds a Special; return that seat."""
    for _ in range(40):
        seat = _to_a_turn(store, game_id)
        loaded = load_game(store, game_id)
        if loaded.state.player(seat).hand:
            return seat
        assert submit_order(store, game_id, seat, "pass").accepted
    raise AssertionError("nobody drew a Special")


def _post(client: FlaskClient, path: str, label: str, values: dict[str, str]) -> str:
    """Post the seat's first form whose heading holds `label`; return the page shown next."""
    html = text(client.get(path))
    prompt = re.search(r'name="prompt_key" value="([^"]+)"', html)
    assert prompt
    forms = re.findall(r'<input type="hidden" name="form" value="(\d+)">\s*<h3>([^<]*)</h3>',
                       html)
    index = next(i for i, heading in forms if label in heading)
    data: dict[str, object] = {"mode": "form", "form": index, "nonce": nonce_of(html),
                               "prompt_key": prompt.group(1)}
    data |= {f"f-{name}": value for name, value in values.items()}
    response = post_form(client, path + "/orders", data, path)
    assert response.status_code == 303
    return text(client.get(response.headers["Location"]))


def test_privilege_arrow_and_money_moved_are_form_fields(app: Flask, client: FlaskClient,
                                                          store: Store) -> None:
    loaded = new_game(store, "illuminati")
    seat = _to_a_turn_with_a_special(store, loaded.meta.id)
    loaded = load_game(store, loaded.meta.id)
    state = loaded.state
    prompt = loaded.game.prompt_for(state, seat)
    assert prompt is not None
    attack = next(form for form in prompt.forms if form.kind == "attack")
    fields = {field.name: field for field in attack.fields}
    assert fields["moving"].kind == "number" and fields["from_illuminati"].kind == "number"
    assert fields["privilege"].kind == "multi" and fields["arrow"].kind == "multi"
    special = state.player(seat).hand[0]
    assert f"privileged by {special}" in fields["privilege"].options
    path = seat_path(app, loaded, seat)
    page = _post(client, path, "Attack a group", {
        "purpose": "control", "target": state.uncontrolled[0],
        "group": state.player(seat).illuminati, "from_group": "0", "from_illuminati": "1",
        "privilege": f"privileged by {special}", "arrow": "at left", "moving": "1"})
    assert "Accepted:" in page, page
    announced = [e.payload for e in store.events(loaded.meta.id)
                 if e.type == "attack-announced"][-1]
    assert announced["privilege"] == special
    assert announced["arrow"] == 3 and announced["moving"] == 1 and announced["spent"] == 1


def test_an_attack_is_called_off_by_its_form(app: Flask, client: FlaskClient,
                                              store: Store) -> None:
    loaded = new_game(store, "illuminati")
    seat = _to_a_turn(store, loaded.meta.id)
    target = load_game(store, loaded.meta.id).state.uncontrolled[0]
    assert submit_order(store, loaded.meta.id, seat,
                        f"attack control {target} with illuminati").accepted
    loaded = load_game(store, loaded.meta.id)
    path = seat_path(app, loaded, seat)
    html = text(client.get(path))
    assert "Call off your attack" in html and "call it off" in html
    page = _post(client, path, "Call off", {})
    assert "Accepted:" in page, page
    after = load_game(store, loaded.meta.id).state
    assert after.attack is None and after.phase is Phase.TURN and after.turn.actions == 2


def test_money_gifts_and_specials_are_given_by_their_forms(app: Flask, client: FlaskClient,
                                                           store: Store) -> None:
    loaded = new_game(store, "illuminati")
    seat = _to_a_turn_with_a_special(store, loaded.meta.id)
    loaded = load_game(store, loaded.meta.id)
    other = next(s for s in loaded.state.active if s != seat)
    path = seat_path(app, loaded, seat)
    page = _post(client, path, "Give money", {"amount": "2", "to": other})
    assert "Accepted:" in page, page
    card = loaded.state.player(seat).hand[0]
    page = _post(client, path, "Give a Special", {"card": card, "to": other})
    assert "Accepted:" in page, page
    after = load_game(store, loaded.meta.id).state
    assert card in after.player(other).hand
    assert after.player(other).cards[0].money == loaded.state.player(other).cards[0].money + 2


def test_whispering_campaign_privilege_and_placing_read_back_from_the_form() -> None:
    """The form's values, in its order, read as the attack they stand for."""
    from engine.core.testing import after as fold
    from engine.illuminati import GAME
    from engine.illuminati import events as ev
    from service.web.orderforms import form_views, order_text
    from tests.rules.illuminati.helpers import own, table

    state = own(table(uncontrolled=("cycle-gangs", "big-media")), "bruno", "cia")
    state = fold(GAME, state, [ev.SpecialDrawn("anna", "whispering-campaign")])
    prompt = GAME.prompt_for(state, "anna")
    assert prompt is not None
    index = next(i for i, form in enumerate(prompt.forms) if form.kind == "attack")
    widgets = {f.name: f.widget for f in form_views(prompt)[index].fields}
    assert widgets["whisper"] == "checkbox" and widgets["moving"] == "number"
    assert widgets["placing"] == "text" and widgets["privilege"] == "checkbox"
    posted = {"f-purpose": ["destroy"], "f-target": ["cycle-gangs"], "f-group": ["bavaria"],
              "f-from_group": ["0"], "f-from_illuminati": ["2"],
              "f-privilege": ["privileged by bavaria"], "f-whisper": ["whispering campaign"],
              "f-moving": ["0"]}
    written = order_text(GAME, state, "anna", prompt, index, posted)
    order = GAME.parse(written, "anna", state)
    assert GAME.format_order(order) == ("attack destroy cycle-gangs with bavaria spending 2 "
                                        "from illuminati privileged by bavaria whispering")
    assert GAME.is_legal(state, "anna", order) is None
    posted = {"f-purpose": ["control"], "f-target": ["cia"], "f-group": ["bavaria"],
              "f-from_group": ["0"], "f-from_illuminati": ["0"], "f-moving": ["0"],
              "f-arrow": ["at right"], "f-placing": ["placing fbi at top"]}
    order = GAME.parse(order_text(GAME, state, "anna", prompt, index, posted), "anna", state)
    assert order.arrow == 1 and order.placing == (("fbi", "", 0),)
