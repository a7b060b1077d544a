"""A whole Secret Masters game in headless Chromium: create it, open each seat, play to the end."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from .browser import browser_app, chromium, follow, free_port, live_server, screenshot

SEATS = ("anna", "bruno", "carla")
MAX_ROUNDS = 400



@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The site on a free port, deciding orders in-process, mail left for a worker."""
    port = free_port()
    app = browser_app(tmp_path, monkeypatch, {"RATE_SUBMIT": "10000/60"}, links_port=port)
    with live_server(app, port) as base:
        yield base


def create_game(page: Any, base: str) -> list[str]:
    """Create a Secret Masters game through the form; return the seat links it shows."""
    page.goto(f"{base}/new?game=secret-masters")
    page.fill("input[name=title]", "Browser game")
    for index, seat in enumerate(SEATS):
        page.fill(f"input[name=seat-{index}-name]", seat)
        page.fill(f"input[name=seat-{index}-player]", seat.title())
        page.fill(f"input[name=seat-{index}-email]", f"{seat}@example.org")
    follow(page, "text=Create the game")
    assert page.locator("text=The game is created").is_visible()
    links = [page.locator(f"a:text-is('{seat}')").get_attribute("href") for seat in SEATS]
    assert all(link and "/play/" in link for link in links)
    return [str(link) for link in links]


def see_a_rejection(page: Any) -> None:
    """Write an order the game cannot read and check the engine's answer next to the form."""
    page.fill("textarea[name=text]", "place purple moon")
    follow(page, "text=Send order")
    alert = page.locator("[role=alert]")
    assert "Not accepted" in alert.inner_text() and "unreadable-order" not in alert.inner_text()
    assert page.input_value("textarea[name=text]") == "place purple moon"
    screenshot(page, "seat-rejected.png")


def play_with_fields(page: Any, rng: random.Random) -> None:
    """Give an order by clicking through one of the generated forms."""
    forms = page.locator("form.order:has(input[name=mode][value=form])")
    form = forms.nth(rng.randrange(forms.count()))
    for group in form.locator("fieldset").all():
        radios = group.locator("input[type=radio]")
        if radios.count():
            radios.nth(rng.randrange(radios.count())).check()
        select = group.locator("select")
        if select.count():
            options = [o for o in select.locator("option").all_inner_texts() if o != "choose…"]
            select.select_option(rng.choice(options))
        boxes = group.locator("input[type=checkbox]")
        if boxes.count():
            boxes.nth(0).check()
    follow(page, form.locator("button[type=submit]"))


def play_by_text(page: Any, rng: random.Random) -> None:
    """Give one of the legal orders listed on the page by writing it."""
    legal = page.locator("ul.legal li").all_inner_texts()
    page.fill("textarea[name=text]", rng.choice(legal))
    follow(page, "text=Send order")


def take_turn(page: Any, link: str, rng: random.Random) -> bool:
    """Act for one seat if it has a decision; return whether it did."""
    page.goto(link)
    if not page.locator("#decide").count():
        return False
    play_with_fields(page, rng)
    if page.locator("[role=alert]").count():
        play_by_text(page, rng)
    assert page.locator("text=Accepted:").count(), page.locator("main").inner_text()[:600]
    return True


def step_through_the_replay(page: Any, base: str, link: str) -> None:
    """Step through the finished game's replay to its end, and audit its downloaded archive."""
    from service.audit.restore import audit_archive

    game_id = link.split("/play/")[1].split("/")[0]
    page.goto(f"{base}/games/{game_id}")
    final_board = page.locator("section.board").inner_html()
    follow(page, "text=Step through the game")
    heading = page.locator("h1")
    assert "event 1 of" in heading.inner_text()
    follow(page, "#forward")
    assert "event 2 of" in heading.inner_text() and page.url.endswith("/replay/2")
    follow(page, "#back")
    assert "event 1 of" in heading.inner_text()
    page.fill("input[name=round]", "1")
    follow(page, "button:text-is('Jump')")
    assert "Round 1" in page.locator(".title-row").inner_text()
    follow(page, "#last")
    assert page.locator("text=the end: everything shown").count()
    assert page.locator("section.board").inner_html() == final_board
    screenshot(page, "replay-end.png")
    page.goto(link)
    with page.expect_download() as info:
        page.click("text=Download the game's archive")
    assert audit_archive(info.value.path()).finished


def test_a_whole_game_in_the_browser(site: str) -> None:
    rng = random.Random(11)
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        links = create_game(page, site)
        for seat, link in zip(SEATS, links):
            page.goto(link)
            assert page.locator("section.board svg").count() == 1
            assert "Only you see this" in page.content()
            screenshot(page, f"seat-{seat}.png")
        first = next(link for link in links if page.goto(link) and page.locator("#decide").count())
        page.goto(first)
        see_a_rejection(page)
        for _ in range(MAX_ROUNDS):
            if page.goto(links[0]) and page.locator("text=The game is over").count():
                break
            for link in links:
                take_turn(page, link, rng)
        else:
            pytest.fail("the game did not end")
        screenshot(page, "seat-final.png")
        follow(page, "text=see everything and verify the game")
        follow(page, "button:text-is('Verify')")
        report = page.locator("[role=status]:has(h2:text-is('Verification'))").inner_text()
        assert "Audit passed" in report, report
        step_through_the_replay(page, site, links[0])
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.goto(links[1])
        screenshot(phone, "seat-phone.png")
