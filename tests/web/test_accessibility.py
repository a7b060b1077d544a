"""Every kind of page, measured by axe-core in Chromium at a phone's and a desktop's width:
no violation of WCAG 2.1 A or AA (the lobby, a new game, joining and its confirmation, the
seat page of every game, its history and replay, the public and master pages, my games, and
the operator's moderation page).
Every board picture has a text equivalent; with the keyboard alone a newcomer joins an open
table, a player orders and writes press, a game is created on the new-game form, and a game
master keeps the table news mailed, makes an invitation, cancels a table and starts one
with the house, a player reports a message and mutes its sender, and the operator suspends an
address on the moderation page."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from engine.core import all_games
from service.game.loading import load_game
from service.opentables.joining import ask_to_join
from service.opentables.lifecycle import join_table, open_game
from service.opentables.mails import leave_signature
from service.orders.creation import NewSeat
from service.seats import civility
from service.seats.press import PressRequest, send_press
from service.store.moderation import REPORT, SUSPEND, Moderation
from service.store.store import Store
from service.web.links import master_signature

from .browser import browser_app, chromium, free_port, live_server, screenshot
from .conftest import SEED, new_game, seat_path
from .test_open_games import mails

WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
WIDTHS = (390, 1280)
GAME_IDS = {game.name: f"0c0d0e{n:02d}" for n, game in enumerate(all_games())}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The site with a running game of every title, an open table with a pending join, its
    game master, and a signed-in visitor; mail written to the mail folder at once."""
    monkeypatch = pytest.MonkeyPatch()
    tmp_path = tmp_path_factory.mktemp("a11y")
    port = free_port()
    app: Flask = browser_app(tmp_path, monkeypatch, {"INLINE_MAIL": True}, links_port=port)
    store: Store = app.extensions["pbem.store"]
    pages: dict[str, str] = {"lobby": "/", "new game": "/new?game=illuminati"}
    with app.app_context():
        for game in all_games():
            loaded = new_game(store, game.name, game_id=GAME_IDS[game.name])
            seat = loaded.meta.seat_names[0]
            path = seat_path(app, loaded, seat)
            pages[f"seat page of {game.name}"] = path
            if game.name == "secret-masters":
                acting = next(name for name in loaded.meta.seat_names
                              if loaded.game.prompt_for(loaded.state, name) is not None)
                pages["acting seat"] = seat_path(app, loaded, acting)
            if game.name == "masons":
                other = loaded.meta.seat_names[1]
                send_press(store, loaded.meta.id, other,
                           PressRequest(None, "Shall we share the north?"), causation="a11y")
                civility.report(store, app.config["PBEM"].secret_key(), loaded.meta.id,
                                seat, "Rude.", about=other)
                pages["history"] = f"{path}/history"
                pages["replay"] = f"{path}/replay"
                pages["public page"] = f"/games/{loaded.meta.id}"
                pages["master page"] = (f"/admin/games/{loaded.meta.id}/"
                                        f"{master_signature(loaded.meta)}")
        table = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org", "Anna")],
                          2, seed_hex=SEED, game_id="0c0d0f01", master_email="gm@example.org")
        join_table(store, table.meta.id, "Bruno", "bruno@example.org", "l1")
        pages["join"] = f"/games/{table.meta.id}/join"
        joined = load_game(store, table.meta.id).meta
        pages["leave"] = (f"/games/{table.meta.id}/leave/bruno/"
                          f"{leave_signature(app.config['PBEM'].secret_key(), joined, 'bruno')}")
        pages["table master page"] = (f"/admin/games/{table.meta.id}/"
                                      f"{master_signature(table.meta)}")
        asked = ask_to_join(store, app.config["PBEM"].secret_key(), table.meta.id, "Carla",
                            "carla@example.org")
        pages["confirmation"] = f"/join/{asked.token}"
        cookie = app.session_interface.get_signing_serializer(app).dumps(  # type: ignore
            {"me": "anna@example.org"})
    pages["my games"] = "/me"
    pages["moderation"] = "/admin/moderation"
    with live_server(app, port) as base:
        yield {"base": base, "pages": pages, "cookie": cookie, "app": app, "store": store,
               "table": table.meta.id}
    monkeypatch.undo()


def violations(page: Any) -> list[str]:
    """Return axe-core's WCAG 2.1 A and AA violations on the page, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG_21_AA},
                                     "resultTypes": ["violations"]})
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + "; ".join(" ".join(map(str, node["target"])) for node in v["nodes"][:4])
            for v in found.response["violations"]]


def open_page(browser: Any, site: Any, width: int) -> Any:
    """Return a new page of the given width, signed in as anna for "my games"."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_cookies([{"name": "pbem_session", "value": site["cookie"],
                          "url": site["base"]}])
    return context.new_page()


@pytest.mark.parametrize("width", WIDTHS)
def test_every_kind_of_page_has_no_wcag_violation(site: Any, width: int) -> None:
    found: dict[str, list[str]] = {}
    with chromium() as browser:
        page = open_page(browser, site, width)
        for name, path in site["pages"].items():
            answer = page.goto(site["base"] + path)
            assert answer is not None and answer.status == 200, (name, path)
            problems = violations(page)
            if problems:
                screenshot(page, f"a11y-{name.replace(' ', '-')}-{width}.png")
                found[name] = problems
    assert not found, "\n".join(f"{name}: {line}" for name, lines in found.items()
                                for line in lines)


def test_every_board_picture_has_a_text_equivalent(site: Any) -> None:
    seen = 0
    with chromium() as browser:
        page = open_page(browser, site, 1280)
        for name, path in site["pages"].items():
            page.goto(site["base"] + path)
            for svg in page.locator("main svg").all():
                picture = svg.locator("xpath=ancestor::*[@role='img'][1]")
                assert picture.count() == 1, name  # one picture, its parts not read one by one
                words_id = picture.get_attribute("aria-describedby")
                assert picture.get_attribute("aria-label") and words_id, name
                words = page.locator(f"#{words_id}")
                assert words.count() == 1 and len(words.text_content() or "") > 40, name
                seen += 1
    assert seen >= len(GAME_IDS)  # every game draws its board on its seat page


def test_a_newcomer_joins_with_the_keyboard_alone(site: Any) -> None:
    email = "keys@example.org"
    with chromium() as browser:
        page = open_page(browser, site, 390)
        page.goto(site["base"] + "/")
        join_link = f"/games/{site['table']}/join"
        for _ in range(60):  # Tab through the lobby to the table's Join link
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.getAttribute('href')") == join_link:
                break
        else:
            pytest.fail("the Join link cannot be reached with Tab")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        focus_and_type(page, "player", "Keys")
        focus_and_type(page, "email", email)
        with page.expect_navigation():
            page.keyboard.press("Enter")  # sends the form from its last field
        assert "Check your mail" in page.locator("main").inner_text()
        assert not violations(page)  # the join page as it tells of the mailed link
        links = [m for to, _, body in mails(site["app"]) if email in to
                 for m in re.findall(r"https?://[^/\s]+(/join/[a-z2-7]+)", body)]
        page.goto(site["base"] + links[-1])
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.textContent").strip() == \
                    "Confirm and take the seat":
                break
        else:
            pytest.fail("the confirmation button cannot be reached with Tab")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "You have seat keys" in page.locator("main").inner_text()
        assert not violations(page)  # the page of the seat taken


def focus_and_type(page: Any, field: str, value: str) -> None:
    """Tab to the field named `field` (at most 30 presses) and type `value` into it."""
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == field:
            page.keyboard.type(value)
            return
    pytest.fail(f"the field {field} cannot be reached with Tab")


def artifacts_dir() -> Path:
    """Where the screenshots of pages with violations are kept."""
    return Path(__file__).resolve().parents[2] / "test-artifacts"


def tab_to(page: Any, check: str, presses: int = 150) -> None:
    """Press Tab until `check` (a script over document.activeElement) is true, or fail."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(f"(e => Boolean({check}))(document.activeElement)"):
            return
    pytest.fail(f"nothing that meets {check} can be reached with Tab")


def test_a_player_gives_an_order_and_writes_press_with_the_keyboard_alone(site: Any) -> None:
    path = site["pages"]["acting seat"]
    with chromium() as browser:
        page = open_page(browser, site, 390)
        page.goto(site["base"] + path)
        legal = page.locator("ul.legal li").first.text_content()
        assert legal
        tab_to(page, "e.id === 'order-text'")
        page.keyboard.type(legal.strip())
        tab_to(page, "e.tagName === 'BUTTON' && e.textContent.trim() === 'Send order'")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Not accepted" not in page.locator("main").inner_text()
        assert not violations(page)  # the page as it answers the order
        tab_to(page, "e.id === 'press-text'")
        page.keyboard.type("Greetings, all.")
        tab_to(page, "e.tagName === 'BUTTON' && e.textContent.trim() === 'Send message'")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your message was sent." in page.locator("main").inner_text()
        assert "Greetings, all." in page.locator("#talk").inner_text()


def test_a_game_is_created_on_the_new_game_form_with_the_keyboard_alone(site: Any) -> None:
    with chromium() as browser:
        page = open_page(browser, site, 390)
        page.goto(site["base"] + "/")
        tab_to(page, "e.getAttribute('href') === '/new'")  # the lobby's "new game" link
        with page.expect_navigation():
            page.keyboard.press("Enter")
        tab_to(page, "e.textContent.trim().startsWith('Masons')")  # the game to play
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert page.locator("input[name=game]").get_attribute("value") == "masons"
        tab_to(page, "e.id === 'title'")
        page.keyboard.type("Keyboard club")
        for field, value in (("seat-0-name", "kira"), ("seat-0-player", "Kira"),
                             ("seat-0-email", "kira@example.org")):
            focus_and_type(page, field, value)
        tab_to(page, "e.id === 'open_seats'", presses=60)
        page.keyboard.press("Control+A")
        page.keyboard.type("2")
        tab_to(page, "e.id === 'master_email'", presses=60)
        page.keyboard.type("kira@example.org")
        tab_to(page, "e.tagName === 'BUTTON' && e.textContent.trim() === 'Create the game'",
               presses=60)
        with page.expect_navigation():
            page.keyboard.press("Enter")
        main = page.locator("main").inner_text()
        assert "was not created" not in main, main
        assert "/admin/games/" in page.url  # the new game's master page
        game_id = page.url.split("/admin/games/")[1].split("/")[0]
        meta = load_game(site["store"], game_id).meta
        assert meta.title == "Keyboard club" and meta.table is not None
        assert [s.player for s in meta.seats] == ["Kira"] and meta.table.open_seats == 2
        assert not violations(page)


def test_the_game_master_acts_on_the_master_page_with_the_keyboard_alone(site: Any) -> None:
    store: Store = site["store"]
    with site["app"].app_context():
        table = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org", "Anna")],
                          2, seed_hex=SEED, game_id="0c0d0f02", master_email="gm@example.org")
        join_table(store, table.meta.id, "Bruno", "bruno@example.org", "k1")
        path = f"/admin/games/{table.meta.id}/{master_signature(table.meta)}"
    with chromium() as browser:
        page = open_page(browser, site, 1280)
        page.goto(site["base"] + path)
        tab_to(page, "e.id === 'notices'")  # the table news mailed: outcome only
        page.keyboard.press("ArrowDown")
        tab_to(page, "e.tagName === 'BUTTON' && e.textContent.trim() === 'Keep'")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        table_now = load_game(store, table.meta.id).meta.table
        assert table_now is not None and table_now.master_notices == "outcome"
        tab_to(page, "e.id === 'uses'")
        page.keyboard.press("Control+A")
        page.keyboard.type("1")
        tab_to(page, "e.tagName === 'BUTTON' && e.textContent.trim() === "
                     "'Make an invitation link'")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "invite=" in page.locator("main").inner_text()
        assert not violations(page)  # the page as it shows the invitation
        tab_to(page, "e.type === 'checkbox' && e.name === 'confirm'")
        page.keyboard.press("Space")
        tab_to(page, "e.tagName === 'BUTTON' && e.textContent.trim() === 'Cancel the game'")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "cancelled" in page.locator("main").inner_text()
        row = store.get_game(table.meta.id)
        assert row is not None and row.status == "cancelled"
        with site["app"].app_context():
            other = open_game(store, "secret-masters",
                              [NewSeat("anna", "anna@example.org", "Anna")], 2, seed_hex=SEED,
                              game_id="0c0d0f03", master_email="gm@example.org")
            other_path = f"/admin/games/{other.meta.id}/{master_signature(other.meta)}"
        page.goto(site["base"] + other_path)
        tab_to(page, "e.tagName === 'BUTTON' && e.textContent.trim() === "
                     "'Start now, the house playing the empty seats'")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        started = load_game(store, other.meta.id).meta
        assert started.table is not None and not started.waiting_for_players
        assert len(started.house) == 2


def test_a_player_reports_and_mutes_and_the_operator_suspends_with_the_keyboard_alone(
        site: Any) -> None:
    store: Store = site["store"]
    with site["app"].app_context():
        loaded = new_game(store, "masons", game_id="0c0d0f04", press="grey",
                          master_email="gm@example.org")
        reader, other = loaded.meta.seat_names[:2]
        send_press(store, loaded.meta.id, other, PressRequest(None, "KEYS-you will lose"),
                   causation="keys")
        path = seat_path(site["app"], loaded, reader)
    with chromium() as browser:
        page = open_page(browser, site, 390)
        page.goto(site["base"] + path)
        # the message's report: its summary opens with Enter, its form is sent from its button
        tab_to(page, "e.tagName === 'SUMMARY' && e.textContent.trim() === 'Report this message'")
        page.keyboard.press("Enter")
        tab_to(page, "e.name === 'reason' && e.id.startsWith('report-')", presses=10)
        page.keyboard.type("A threat.")
        tab_to(page, "e.tagName === 'BUTTON' && e.textContent.trim() === 'Report'", presses=10)
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "Your report went to the game master" in page.locator("main").inner_text()
        [report] = [row for row in Moderation(store).newest(REPORT)
                    if row.game_id == loaded.meta.id]
        assert report.data["message"]["text"] == "KEYS-you will lose"
        assert report.data["reason"] == "A threat."
        tab_to(page, f"e.tagName === 'BUTTON' && e.textContent.trim() === 'Mute here' && "
                     f"e.form.other.value === '{other}'")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "KEYS-you will lose" not in page.locator("#talk").inner_text()
        assert not violations(page)  # the page as it tells of the mute
        page.goto(site["base"] + "/admin/moderation")
        tab_to(page, "e.id === 'suspend-address'")
        page.keyboard.type("rude@example.org")
        tab_to(page, "e.id === 'suspend-reason'", presses=5)
        page.keyboard.type("Threats in press.")
        tab_to(page, "e.tagName === 'BUTTON' && e.textContent.trim() === "
                     "'Suspend from open tables'", presses=5)
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert "is suspended from open tables" in page.locator("main").inner_text()
        assert [row.target for row in Moderation(store).active(SUSPEND)] == ["rude@example.org"]
        assert not violations(page)
