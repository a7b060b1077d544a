"""The calendar feed of "my games": a private link made on the page and shown once, whose
iCalendar feed lists every open deadline of the address across its games (parsed back with
icalendar), and that stops working when revoked or replaced."""
from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from flask.testing import FlaskClient
from icalendar import Calendar

from service.base import clock
from service.store.store import Store

from .conftest import new_game
from .helpers import post_form

START = datetime(2026, 11, 23, 12, tzinfo=UTC)


@pytest.fixture
def signed_in(client: FlaskClient) -> Iterator[FlaskClient]:
    """The client signed in as anna's address, on a fixed clock."""
    clock.set_now(START)
    with client.session_transaction() as session:
        session["me"] = "anna@example.org"
    yield client
    clock.set_now(None)


def make_link(client: FlaskClient) -> str:
    """Make a new calendar link on "my games" and return its path, read from the page."""
    answer = post_form(client, "/me/calendar", {}, "/me")
    assert answer.status_code == 303
    page = client.get("/me").get_data(as_text=True)
    match = re.search(r'<a href="[^"]*?(/calendar/[a-z2-7]{42})"', page)
    assert match, "the new link is shown"
    assert match.group(1) not in client.get("/me").get_data(as_text=True), "shown once"
    return match.group(1)


def test_the_feed_lists_every_open_deadline_of_the_address(signed_in: FlaskClient,
                                                           store: Store) -> None:
    first = new_game(store, deadline_hours=48, game_id="ca1e0001")
    second = new_game(store, "freimaurerei", deadline_hours=72, game_id="ca1e0002")
    path = make_link(signed_in)
    answer = signed_in.get(path)
    assert answer.status_code == 200 and answer.mimetype == "text/calendar"
    feed = Calendar.from_ical(answer.get_data())
    events = {str(e["summary"]): e for e in feed.walk("VEVENT")}
    expected = {}
    for loaded, hours in ((first, 48), (second, 72)):
        prompt = loaded.game.prompt_for(loaded.state, "anna")
        if prompt is not None and not prompt.submitted:
            expected[f"{loaded.meta.title}: your decision is due (seat anna)"] = hours
    assert set(events) == set(expected) and expected
    for summary, hours in expected.items():
        due = events[summary].decoded("dtstart")
        assert due == START.replace(day=23 + hours // 24)
        assert "/games/ca1e000" in str(events[summary]["url"])
        assert [a["action"] for a in events[summary].walk("VALARM")] == ["DISPLAY"]


def test_a_new_or_revoked_link_ends_the_old_one(signed_in: FlaskClient, store: Store) -> None:
    new_game(store, deadline_hours=48)
    old = make_link(signed_in)
    new = make_link(signed_in)
    assert signed_in.get(old).status_code == 404
    assert signed_in.get(new).status_code == 200
    post_form(signed_in, "/me/calendar/revoke", {}, "/me")
    assert signed_in.get(new).status_code == 404
    forged = new[:-1] + ("a" if new[-1] != "a" else "b")
    assert signed_in.get(forged).status_code == 404
