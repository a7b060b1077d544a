"""A player's calendar feed: every deadline of theirs across their games, as iCalendar.

The feed sits behind a private link: a random token signed for the purpose "calendar",
kept in the store only as its SHA-256 (`store/links.py`) with the address it stands for, so
the link is shown once, when it is made. Making a new one revokes the old; revoking leaves
none. The feed says what the seat's "my games" line says (the game, the seat, that a
decision is due and when), never the decision itself, since calendars are often shared.
"""
from __future__ import annotations

import hashlib
from datetime import timedelta

from icalendar import Alarm, Calendar, Event

from service.base import clock
from service.base.tokens import link_token, link_token_signed
from service.game.current import GameLists, games_at_rows
from service.game.meta import normal_address, parse_time
from service.seats.identity import MAX_GAMES_LISTED
from service.store.links import MailLinks
from service.store.roles import Connections

CALENDAR = "calendar"
"""The purpose of a calendar feed link."""
FEED_DAYS = 3650
"""How long a calendar link lasts unless revoked (ten years: a calendar polls it for good)."""
REMIND_MINUTES = 60
"""The alarm each deadline carries, before it."""


def new_calendar_link(store: Connections, key: bytes, email: str) -> str:
    """Return the token of a new calendar link for the address; any earlier one stops
    working."""
    links = MailLinks(store)
    links.forget(normal_address(email), CALENDAR)
    token = link_token(key, CALENDAR)
    links.add(token, CALENDAR, normal_address(email), {}, FEED_DAYS * 86400)
    return token


def revoke_calendar_links(store: Connections, email: str) -> bool:
    """Make every calendar link of the address stop working; return whether there was one."""
    return MailLinks(store).forget(normal_address(email), CALENDAR) > 0


def calendar_address(store: Connections, key: bytes, token: str) -> str | None:
    """Return the address a calendar token stands for, or None (forged, revoked, expired)."""
    if not link_token_signed(key, token, CALENDAR):
        return None
    link = MailLinks(store).read(token, CALENDAR)
    return None if link is None else link.address


def calendar_feed(store: GameLists, email: str, base_url: str, domain: str) -> bytes:
    """Return the iCalendar feed of every open deadline of the address's seats."""
    wanted = normal_address(email)
    feed = Calendar()
    feed.add("prodid", f"-//pbem//{domain}//EN")
    feed.add("version", "2.0")
    feed.add("x-wr-calname", "pbem: my deadlines")
    rows = store.games_of_address(wanted, MAX_GAMES_LISTED)
    games = games_at_rows(store, rows)
    stamp = clock.now()
    for row in rows:
        loaded = games.get(row.id)
        if loaded is None or not loaded.meta.started or loaded.meta.finished \
                or loaded.meta.paused:
            continue
        meta = loaded.meta
        for seat in meta.seats:
            deadline = meta.deadlines.get(seat.name)
            prompt = loaded.game.prompt_for(loaded.state, seat.name)
            if (normal_address(seat.email) != wanted or deadline is None or prompt is None
                    or prompt.submitted or deadline.prompt_key != prompt.key):
                continue
            due = parse_time(deadline.due)
            uid = hashlib.sha256(f"{meta.id}|{seat.name}|{prompt.key}".encode()).hexdigest()
            event = Event()
            event.add("uid", f"{uid[:32]}@{domain}")
            event.add("dtstamp", stamp)
            event.add("dtstart", due)
            event.add("dtend", due + timedelta(minutes=15))
            event.add("summary", f"{meta.title}: your decision is due (seat {seat.name})")
            event.add("description", f"{meta.title}, game {meta.id}, seat {seat.name}: a "
                      f"decision of yours is due. Answer by mail, or from {base_url}/me")
            event.add("url", f"{base_url}/games/{meta.id}")
            alarm = Alarm()
            alarm.add("action", "DISPLAY")
            alarm.add("description", f"{meta.title}: your decision is due in an hour")
            alarm.add("trigger", timedelta(minutes=-REMIND_MINUTES))
            event.add_component(alarm)
            feed.add_component(event)
    return bytes(feed.to_ical())
