"""Creating a game from the lobby's form: seats named and open, options, deadlines."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import redirect, request, url_for

from engine.core import Game, UnknownGame, all_games, get_game
from service.opentables.lifecycle import MAX_OPEN_DAYS, open_game
from service.orders.creation import (
    SEAT_NAME,
    NewSeat,
    create_game,
    quiet_option_defaults,
    seat_email,
)
from service.orders.results import ServiceError
from service.web.handoff import announce
from service.web.links import master_signature, store
from service.web.render import page
from service.web.security import visitor_creates


@dataclass(frozen=True)
class SeatEntry:
    """One row of the seats table as typed in."""

    name: str
    player: str
    email: str


def chosen_game() -> Game[Any]:
    """Return the game named in the request (?game= or the form), or the first one."""
    name = request.values.get("game") or all_games()[0].name
    try:
        return get_game(name)
    except UnknownGame:
        return all_games()[0]


def seat_entries(game: Game[Any], form: Mapping[str, str]) -> list[SeatEntry]:
    """Return the seat rows of the form (as many as the game's largest table)."""
    return [SeatEntry(form.get(f"seat-{i}-name", "").strip().lower(),
                      form.get(f"seat-{i}-player", "").strip(),
                      form.get(f"seat-{i}-email", "").strip())
            for i in range(game.max_players)]


def new_game_form(error: str = "", status: int = 200) -> Any:
    """Render the new game form (with the values typed so far)."""
    game = chosen_game()
    form = request.form if request.method == "POST" else {}
    return page("new.html", game=game, games=all_games(), form=form,
                seats=seat_entries(game, form), error=error,
                option_defaults=quiet_option_defaults(game),
                visitor_rule=VISITOR_RULE if visitor_creates() else ""), status


def read_seats(entries: list[SeatEntry]) -> list[NewSeat]:
    """Return the filled-in seats, or raise ServiceError naming the first bad row."""
    seats = []
    for entry in entries:
        if not (entry.name or entry.player or entry.email):
            continue
        if not SEAT_NAME.match(entry.name):
            raise ServiceError(f"seat name {entry.name!r}: a letter, then up to 23 letters, "
                               "digits, '-' or '_'", "bad-seat")
        seats.append(NewSeat(entry.name, seat_email(entry.name, entry.email),
                             entry.player or entry.name))
    return seats


def read_options(game: Game[Any], form: Mapping[str, str]) -> dict[str, str]:
    """Return the option texts of the form, as `pbem new --option` would take them."""
    values = {}
    for spec in game.options:
        if spec.kind == "bool":
            values[spec.name] = "yes" if form.get(f"opt-{spec.name}") else "no"
        elif form.get(f"opt-{spec.name}", "").strip():
            values[spec.name] = form[f"opt-{spec.name}"].strip()
    return values


def read_hours(text: str, what: str) -> int | None:
    """Return hours from '48', '48h' or '3d' (None when empty), or raise ServiceError."""
    value = text.strip().lower()
    if not value:
        return None
    factor = 24 if value.endswith("d") else 1
    digits = value.rstrip("dh").strip()
    if not digits.isdigit() or not 1 <= int(digits) * factor <= 24 * 365:
        raise ServiceError(f"{what} takes hours or days, such as 48h or 3d, not {text!r}",
                           "bad-deadline")
    return int(digits) * factor


def read_reminders(text: str) -> tuple[int, ...]:
    """Return reminder lead times in hours from '24, 1' (empty: none)."""
    parts = [part.strip().rstrip("hH") for part in text.split(",") if part.strip()]
    if not all(part.isdigit() and 0 < int(part) < 24 * 365 for part in parts):
        raise ServiceError(f"reminders take whole hours separated by commas, not {text!r}",
                           "bad-reminders")
    return tuple(int(part) for part in parts)


def read_days(text: str) -> int:
    """Return a whole number of days from the form, or raise ServiceError."""
    value = text.strip() or "14"
    if not value.isdigit():
        raise ServiceError(f"the absence limit takes whole days, not {text!r}", "bad-absence")
    return int(value)


def read_count(text: str, what: str, most: int) -> int:
    """Return a whole number from 0 to `most` typed in the form (empty: 0)."""
    value = text.strip() or "0"
    if not value.isdigit() or int(value) > most:
        raise ServiceError(f"{what} takes a whole number from 0 to {most}, not {text!r}",
                           "bad-number")
    return int(value)


HOUSE_NAMES = tuple(f"house{number}" for number in range(1, 10))
"""The names of the house's seats in a game against the house, in clockwise order."""


def _against_house(game: Game[Any], seats: list[NewSeat], settings: dict[str, Any],
                   options: dict[str, str], count: int, open_seats: int) -> Any:
    """Create a practice game: the one seat filled in, and `count` house seats after it."""
    if len(seats) != 1 or open_seats:
        raise ServiceError("a game against the house has one player: fill in your own seat "
                           "only, with no open seats", "bad-seat")
    names = [name for name in HOUSE_NAMES if name != seats[0].name][:max(count, 1)]
    loaded = create_game(store(), game.name, seats, options, **settings, house=names)
    announce(loaded.meta.id)
    return redirect(url_for("admin.master", game_id=loaded.meta.id,
                            sig=master_signature(loaded.meta), created=1), 303)


def read_terms(form: Any) -> dict[str, Any]:
    """Return the terms for joining an open table the form asks (least share of finished
    games, least rating), or raise ServiceError."""
    least = form.get("min_rating", "").strip()
    try:
        rating = float(least) if least else None
    except ValueError:
        raise ServiceError(f"the least rating is a number such as 5 or 12.5, not {least!r}",
                           "bad-terms") from None
    return {"min_finished": read_count(form.get("min_finished", "") or "0",
                                       "the least share of finished games", 100),
            "min_rating": rating}


VISITOR_RULE = ("On this site anyone may create a game, so the service mails no address its "
                "creator types: leave the players' and the game master's addresses empty and "
                "open the seats instead. Every player, you too, then takes a seat by the game's "
                "join link and confirms it from their own address. The game master's page is "
                "the link you are shown once the game is made: keep it.")
"""Why a visitor of an open site may create only open tables (`security.visitor_creates`)."""


def check_visitor_game(seats: list[NewSeat], settings: dict[str, Any], open_seats: int,
                       against_house: bool) -> None:
    """Raise ServiceError unless a game a visitor of an open site asks for mails nobody: no
    named seat, no game master's address, no practice game (its one seat is named), and its
    seats open to join links (which go only to addresses that ask, within the budget of mail
    to strangers)."""
    if seats or settings.get("master_email") or against_house or not open_seats:
        raise ServiceError(VISITOR_RULE, "visitor-addresses")


def create_from_form() -> Any:
    """Create the game the posted form describes, or show the form again with the problem."""
    game = chosen_game()
    form = request.form
    try:
        seats = read_seats(seat_entries(game, form))
        settings: dict[str, Any] = {
            "title": form.get("title", "").strip() or None,
            "deadline_hours": read_hours(form.get("deadline", ""), "the deadline"),
            "reminder_hours": read_reminders(form.get("reminders", "24,1")),
            "press": form.get("press", "private"),
            "absence_days": read_days(form.get("absence_days", "14")),
            "master_email": form.get("master_email", "").strip()[:200],
            "offer_resigned": bool(form.get("offer_resigned")),
            "notify": form.get("notify", "act"),
            "time_bank_hours": read_hours(form.get("time_bank", ""), "the time bank") or 0,
            "vacation": not form.get("no_vacation")}
        open_seats = read_count(form.get("open_seats", ""), "open seats", game.max_players)
        if visitor_creates():
            check_visitor_game(seats, settings, open_seats, bool(form.get("against_house")))
        if form.get("against_house"):
            return _against_house(game, seats, settings, read_options(game, form),
                                  read_count(form.get("house_seats", ""), "house players",
                                             game.max_players - 1), open_seats)
        rated = bool(form.get("rated"))
        if rated and form.get("against_house"):
            raise ServiceError("a game against the house is never rated", "bad-rated")
        if open_seats:
            loaded = open_game(store(), game.name, seats, open_seats, read_options(game, form),
                               listed=not form.get("private"),
                               open_days=read_count(form.get("open_days", "") or "14",
                                                    "the days to wait", MAX_OPEN_DAYS),
                               rated=rated, **read_terms(form), **settings)
        else:
            loaded = create_game(store(), game.name, seats, read_options(game, form),
                                 **settings, rated=rated)
    except ServiceError as exc:
        return new_game_form(exc.message, 400)
    announce(loaded.meta.id)
    return redirect(url_for("admin.master", game_id=loaded.meta.id,
                            sig=master_signature(loaded.meta), created=1), 303)
