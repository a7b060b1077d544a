"""The lobby and the join pages in Chromium at a phone's and a desktop's width: nothing scrolls
sideways, no text is cut off, every field and button can be reached, and a newcomer takes an
open game's seat, an offered seat and an invited seat by filling the form, following the
mailed link and pressing its button."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.game.loading import load_game
from service.opentables.joining import invitation_token
from service.opentables.lifecycle import make_invitation, open_game
from service.orders.creation import NewSeat
from service.seats import master
from service.store.store import Store

from .browser import browser_app, chromium, follow, free_port, live_server, screenshot
from .conftest import SEED, new_game
from .test_open_games import mails

TITLE = "Thursday Correspondence Circle of the Lower Wickham Historical Society"
NAMED = "Maximiliane Featherstonehaugh-Cholmondeley"
LONG_NAME = "Konstantinopolitanischerdudelsackpfeifenmacher"
"""A name with no place to break it, as some players write theirs."""

LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const name = e => e.tagName + (typeof e.className === 'string' && e.className
                                 ? '.' + e.className.split(' ')[0] : '');
  const all = [...document.body.querySelectorAll('*')];
  const wide = all.filter(e => e.getBoundingClientRect().right > width + 1).map(name);
  const clipped = all.filter(e => {
    const style = getComputedStyle(e);
    const hides = v => v !== 'visible';
    return ((hides(style.overflowX) && e.scrollWidth > e.clientWidth + 1)
            || (hides(style.overflowY) && e.scrollHeight > e.clientHeight + 1)
            || style.textOverflow === 'ellipsis');
  }).map(name);
  return {page: document.documentElement.scrollWidth, width,
          wide: wide.slice(0, 5), clipped: clipped.slice(0, 5)};
}"""

CONTROLS = """() => {
  const width = document.documentElement.clientWidth;
  const controls = [...document.querySelectorAll(
    'main input:not([type=hidden]), main button, main select, main textarea, main a.button')];
  return controls.map(e => {
    e.scrollIntoView({block: 'center', inline: 'nearest'});
    const box = e.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const label = e.id ? document.querySelector(`label[for="${e.id}"]`) : null;
    return {what: e.outerHTML.slice(0, 80), left: box.left, right: box.right,
            width: box.width, height: box.height,
            shown: getComputedStyle(e).visibility === 'visible' && box.width > 0,
            covered: hit !== null && hit !== e && !e.contains(hit),
            labelled: e.tagName !== 'INPUT' || (label !== null
                      && label.getBoundingClientRect().width > 0)};
  });
}"""


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The site with an open game, a private one with its invitation, a running game with an
    offered seat and another running game; mail written to the mail folder at once."""
    port = free_port()
    app: Flask = browser_app(tmp_path, monkeypatch, {"INLINE_MAIL": True}, links_port=port)
    store: Store = app.extensions["pbem.store"]
    with app.app_context():
        listed = open_game(store, "secret-masters", [NewSeat("maxi", "maxi@example.org", NAMED)],
                           2, title=TITLE, seed_hex=SEED, game_id="0a0b0c01").meta.id
        private = open_game(store, "masons", [NewSeat("anna", "anna@example.org", "Anna")], 2,
                            seed_hex=SEED, game_id="0a0b0c02", listed=False).meta.id
        invitation = make_invitation(store, private, uses=2)
        running = new_game(store, game_id="0a0b0c03").meta.id
        master.offer_seat(store, running, "bruno")
        new_game(store, "illuminati", game_id="0a0b0c04")
    token = invitation_token(app.config["PBEM"].secret_key(), private, invitation)
    with live_server(app, port) as base:
        yield {"base": base, "app": app, "store": store, "listed": listed, "private": private,
               "invite": f"/games/{private}/join?invite={token}", "running": running}


def check_layout(page: Any, width: int, name: str) -> None:
    """Fail when the page scrolls sideways, cuts text off, or hides or covers a control."""
    screenshot(page, f"{name}-{width}.png")
    found = page.evaluate(LAYOUT)
    assert found["page"] <= width + 1 and not found["wide"], (name, width, found)
    assert not found["clipped"], (name, width, found)
    for control in page.evaluate(CONTROLS):
        assert control["shown"] and control["left"] >= 0 and control["right"] <= width + 1, \
            (name, width, control)
        assert control["height"] >= 24 and not control["covered"], (name, width, control)
        assert control["labelled"], (name, width, control)


def mailed_link(app: Flask, address: str) -> str:
    """Return the path of the newest confirmation link mailed to `address`."""
    links = [m for to, _, body in mails(app) if address in to
             for m in re.findall(r"https?://[^/\s]+(/join/[a-z2-7]+)", body)]
    assert links, f"no confirmation link for {address}"
    return links[-1]


def ask_for_a_seat(page: Any, width: int, name: str, player: str, email: str) -> None:
    """Fill the join form shown, send it, and check the page says the link is mailed."""
    check_layout(page, width, name)
    page.fill("#player", player)
    page.fill("#email", email)
    follow(page, page.locator("main form button[type=submit]"))
    notice = page.locator("main .notice.ok[role=status]")
    assert notice.is_visible() and "Check your mail" in notice.inner_text()
    assert page.locator("#player").count() == 0
    check_layout(page, width, f"{name}-mailed")


def take_the_seat(page: Any, site: Any, width: int, name: str, email: str) -> str:
    """Open the link mailed to `email`, press its button; return what the page then says."""
    page.goto(site["base"] + mailed_link(site["app"], email))
    button = page.locator("main form button", has_text="Confirm and take the seat")
    assert button.is_visible()
    check_layout(page, width, f"{name}-confirm")
    follow(page, button)
    check_layout(page, width, f"{name}-joined")
    return str(page.locator("main .notice.ok").inner_text())


@pytest.mark.parametrize("width", [390, 1280])
def test_the_lobby_lists_open_games_offered_seats_and_games_in_play(site: Any,
                                                                    width: int) -> None:
    with chromium() as browser:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(site["base"] + "/")
        check_layout(page, width, "lobby")
        open_row = page.locator("#open-games + .table-wrap tr", has_text=TITLE)
        assert open_row.is_visible() and "1 of 3 taken" in open_row.inner_text()
        assert open_row.locator("a.button", has_text="Join").is_visible()
        offered = page.locator("#replacements + .table-wrap tr", has_text="bruno")
        assert offered.locator("a.button", has_text="Take over").is_visible()
        playing = page.locator("h2:text-is('Games in play') + .table-wrap").inner_text()
        assert site["running"] in playing and "0a0b0c04" in playing
        assert site["private"] not in page.locator("main").inner_text()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_newcomer_joins_an_open_game_and_gives_the_seat_back(site: Any, width: int) -> None:
    email = f"newcomer{width}@example.org"
    with chromium() as browser:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(site["base"] + "/")
        follow(page, page.locator("#open-games + .table-wrap tr", has_text=TITLE).locator(
            "a.button"))
        assert page.url.endswith(f"/games/{site['listed']}/join")
        ask_for_a_seat(page, width, "join-open", LONG_NAME, email)
        said = take_the_seat(page, site, width, "join-open", email)
        assert "2 of 3 seats are taken" in said
        meta = load_game(site["store"], site["listed"]).meta
        [seat] = [s for s in meta.seats if s.email == email]
        assert seat.player == LONG_NAME
        page.goto(f"{site['base']}/games/{site['listed']}/join")
        assert LONG_NAME in page.locator("main .facts").inner_text()
        check_layout(page, width, "join-open-after")
        [leave] = [m for to, _, body in mails(site["app"]) if email in to
                   for m in re.findall(r"https?://[^/\s]+(/games/\S+/leave/\S+)", body)]
        page.goto(site["base"] + leave)
        check_layout(page, width, "leave")
        follow(page, page.locator("main form button", has_text="Leave the game"))
        assert "free again" in page.locator("main .notice.ok").inner_text()
        check_layout(page, width, "left")
        assert seat.name not in load_game(site["store"], site["listed"]).meta.seat_names


@pytest.mark.parametrize("width", [390, 1280])
def test_a_newcomer_takes_over_an_offered_seat(site: Any, width: int) -> None:
    email = f"erik{width}@example.org"
    with chromium() as browser:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(site["base"] + "/")
        follow(page, page.locator("#replacements + .table-wrap tr", has_text="bruno").locator(
            "a.button"))
        assert page.locator("main h1").inner_text() == "Take over seat bruno"
        ask_for_a_seat(page, width, "join-offered", "Erik", email)
        said = take_the_seat(page, site, width, "join-offered", email)
        assert "You play seat bruno" in said
        meta = load_game(site["store"], site["running"]).meta
        assert meta.seat("bruno").email == email and "bruno" not in meta.offered


@pytest.mark.parametrize("width", [390, 1280])
def test_an_invited_player_joins_a_private_table(site: Any, width: int) -> None:
    email = f"ines{width}@example.org"
    with chromium() as browser:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(site["base"] + site["invite"])
        assert page.locator("main input[name=invite]").count() == 1
        ask_for_a_seat(page, width, "join-invited", "Ines", email)
        said = take_the_seat(page, site, width, "join-invited", email)
        assert "You have seat ines" in said
        meta = load_game(site["store"], site["private"]).meta
        assert meta.seat("ines").email == email
