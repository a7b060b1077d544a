"""Tournaments on the web: the list, a tournament's page (standings, rounds, sign-up), the
organiser's form for a new one, and the confirmation of a sign-up by its mailed link."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, request, url_for

from engine.core import all_games
from service.game.meta import normal_address
from service.mail.entrylink import mail_entry_link
from service.orders.results import ServiceError
from service.tournaments.running import (
    FORMATS,
    current_standings,
    list_tournaments,
    new_tournament,
    sittings,
    tournament,
)
from service.tournaments.signup import UnknownEntryLink, ask_to_enter, confirm_entry
from service.web.links import config, store
from service.web.render import page
from service.web.security import limited

bp = Blueprint("tournaments", __name__)


@bp.get("/tournaments")
def list_page() -> str:
    """List the tournaments, newest first."""
    return page("tournaments.html", tournaments=list_tournaments(store()))


@bp.get("/tournaments/new")
def new_form(error: str = "", status: int = 200) -> Any:
    """Show the organiser's form for a new tournament."""
    return page("tournament_new.html", games=all_games(), formats=FORMATS, error=error,
                form=request.form), status


@bp.post("/tournaments/new")
def create() -> Any:
    """Create the tournament the form describes, or show the form again with the problem."""
    form = request.form
    try:
        made = new_tournament(
            store(), form.get("game", ""), format=form.get("format", "swiss"),
            rounds=_whole(form.get("rounds", ""), "rounds"),
            seats_per_game=_whole(form.get("seats_per_game", ""), "seats per game"),
            entrants=_whole(form.get("players", ""), "players"),
            name=form.get("name", "")[:80], house_allowed=bool(form.get("house")),
            rated=bool(form.get("rated")))
    except ServiceError as exc:
        return new_form(exc.message, 400)
    return redirect(url_for("tournaments.tournament_page", tournament_id=made.id), 303)


def _whole(text: str, what: str) -> int:
    """Return a whole number typed in a form, or raise ServiceError."""
    if not text.strip().isdigit() or len(text.strip()) > 6:
        raise ServiceError(f"{what} takes a whole number, not {text!r}", "bad-number")
    return int(text)


def _held_or_404(tournament_id: str) -> Any:
    try:
        return tournament(store(), tournament_id[:16])
    except ServiceError:
        abort(404)


@bp.get("/tournaments/<tournament_id>")
def tournament_page(tournament_id: str, error: str = "", status: int = 200) -> Any:
    """Show a tournament's standings with their tie-breaks, its rounds and, while it takes
    entrants, the sign-up form."""
    held = _held_or_404(tournament_id)
    return page("tournament.html", held=held, standings=current_standings(store(), held),
                sittings=sittings(store(), held.id), error=error,
                asked=request.args.get("asked"), form=request.form), status


@bp.post("/tournaments/<tournament_id>/enter")
def ask(tournament_id: str) -> Any:
    """Mail a confirmation link to the given address; the player is entered once it is
    followed."""
    held = _held_or_404(tournament_id)
    email = request.form.get("email", "").strip()[:200]
    # Limited by what is asked for, never by the network asked from (a club shares one), as
    # joining a game is: the requests one tournament receives, the mails one address receives.
    if limited("JOIN_GAME", f"tournament:{held.id}") or limited(
            "JOIN", f"address:{normal_address(email)}"):
        return tournament_page(held.id, "Too many requests to sign up for this tournament or "
                               "for this address: wait an hour and try again.", 429)
    try:
        asked = ask_to_enter(store(), config().secret_key(), held.id,
                             request.form.get("name", "")[:200], email)
    except ServiceError as exc:
        return tournament_page(held.id, exc.message[0].upper() + exc.message[1:] + ".", 409)
    mail_entry_link(store(), config(), asked)
    return redirect(url_for("tournaments.tournament_page", tournament_id=held.id, asked=1), 303)


@bp.get("/tournaments/entry/<token>")
def confirm_form(token: str) -> Any:
    """Show the button that confirms a sign-up (a link opened by a mail scanner enters
    nobody)."""
    return page("tournament_entry.html", token=token[:64], error="", held=None, entrant=None)


@bp.post("/tournaments/entry/<token>")
def confirm(token: str) -> Any:
    """Enter the player a confirmation link names, once."""
    try:
        held, entrant = confirm_entry(store(), config().secret_key(), token[:64])
    except UnknownEntryLink:
        abort(404)
    except ServiceError as exc:
        return page("tournament_entry.html", token="", error=exc.message, held=None,
                    entrant=None), 409
    return page("tournament_entry.html", token="", error="", held=held, entrant=entrant)
