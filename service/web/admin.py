"""The game master: sign in with the admin token, and run a game from its master link."""
from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, current_app, redirect, request, session, url_for

from service.game.events import SERVICE_EVENTS, describe_service_event, is_service_event
from service.game.history import decoded_events, readable_text
from service.game.loading import LoadedGame
from service.opentables import lifecycle
from service.opentables.joining import invitation_token
from service.orders.results import ServiceError
from service.seats import master as tools
from service.seats.civility import report_genuine
from service.store.moderation import REPORT, Moderation
from service.web.handoff import announce
from service.web.links import authenticate_master, config, master_signature, seat_url, store
from service.web.render import inline_svg, page
from service.web.security import count_bad_token, dev_inbox_open, same
from service.web.summary import summarize

bp = Blueprint("admin", __name__, url_prefix="/admin")


def safe_next(target: str | None) -> str:
    """Return a local path to go on to after signing in (never another site)."""
    if target and target.startswith("/") and not target.startswith("//"):
        return target
    return url_for("lobby.index")


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    """Ask for the admin token; a correct one lets this browser create games."""
    token = current_app.config["ADMIN_TOKEN"]
    if not token:
        return redirect(safe_next(request.values.get("next")))
    error = ""
    if request.method == "POST":
        if same(request.form.get("token"), token):
            session["admin"] = True
            return redirect(safe_next(request.form.get("next")), 303)
        count_bad_token()
        error = "That is not the admin token."
    return page("login.html", error=error, next=request.values.get("next", "")), (
        401 if error else 200)


@bp.post("/logout")
def logout() -> Any:
    """Forget this browser's admin sign-in."""
    session.pop("admin", None)
    return redirect(url_for("lobby.index"), 303)


def master_page(loaded: LoadedGame, sig: str, message: str = "", error: str = "",
                status: int = 200) -> Any:
    """Render the game master's page of a game."""
    links = ([(seat, seat_url(loaded.meta, seat)) for seat in loaded.meta.seat_names]
             if dev_inbox_open() and loaded.meta.started else [])
    if request.args.get("renewed") and not message:
        message = ("This is the game master's new link; keep it. The old one stopped "
                   "working.")
    key, table = config().secret_key(), loaded.meta.table
    invitations = [(inv, made, (f"{config().base_url}/games/{loaded.meta.id}/join?invite="
                                f"{invitation_token(key, loaded.meta.id, inv)}"))
                   for inv, made in (table.invitations.items() if table else ())]
    board, board_text = spectator_board(loaded)
    return page("master.html", summary=summarize(loaded), meta=loaded.meta, sig=sig,
                invitations=invitations, board=board, board_text=board_text,
                table_news=table_news(loaded), master_notices=MASTER_NOTICE_WORDS,
                reports=[(row, report_genuine(key, row)) for row in Moderation(store()).active(
                    REPORT, game_id=loaded.meta.id) if row.game_id == loaded.meta.id],
                seat_links=links, created=bool(request.args.get("created")),
                failed=store().failed_submissions(loaded.meta.id),
                failed_mail=store().failed_outbox(loaded.meta.id),
                message=message, error=error, nonce=secrets.token_urlsafe(12)), status


MASTER_NOTICE_WORDS = (("every", "every join and leave, the start and the end"),
                       ("outcome", "only the start, the expiry or the cancellation"),
                       ("off", "none: I look at this page"))
"""The game master's choices of table news by mail, as the master page words them."""


def table_news(loaded: LoadedGame) -> list[tuple[str, str]]:
    """Return the news of an open table, oldest first: (when, what), the same that the game
    master is mailed (joins, leaves, the start, the expiry or cancellation)."""
    if loaded.meta.table is None:
        return []
    news = []
    for line in store().events(loaded.meta.id, upto=loaded.meta.table.started_seq or None):
        if line.type in ("table.joined", "table.left", "table.started", "table.closed",
                         "table.opened"):
            item = SERVICE_EVENTS.load(line.type, line.payload, line.schema_version)
            news.append((line.recorded_at[:16].replace("T", " ") + " UTC",
                         describe_service_event(item)))
    return news


def spectator_board(loaded: LoadedGame) -> tuple[Any, str]:
    """Return the board as a spectator sees it: its picture (None when the game draws none)
    and its text; nothing before an open table starts."""
    if loaded.state is None or not loaded.meta.started:
        return None, ""
    view = loaded.game.view(loaded.state, None)
    try:
        board = inline_svg(loaded.game.render_board_svg(view), loaded.game.render_text(view))
    except NotImplementedError:
        board = None
    return board, loaded.game.render_text(view)


@bp.get("/games/<game_id>/<sig>")
def master(game_id: str, sig: str) -> Any:
    """Show the game master's page: state, seats, and what can be done."""
    return master_page(authenticate_master(game_id, sig), sig)


def _pause(game_id: str) -> str:
    tools.pause_game(store(), game_id, request.form.get("reason", ""))
    return "The game is paused."


def _resume(game_id: str) -> str:
    tools.resume_game(store(), game_id)
    return "The game goes on; open deadlines moved by the length of the pause."


def _replace(game_id: str) -> str:
    seat = request.form.get("seat", "")
    player = request.form.get("player", "").strip()
    if not player:
        raise ServiceError("give the new player's name", "bad-seat")
    tools.replace_seat(store(), game_id, seat, player, request.form.get("email", "").strip())
    return f"{player} now plays {seat}; a welcome email with the new link is on its way."


def _rotate(game_id: str) -> str:
    seat = request.form.get("seat", "")
    tools.rotate_token(store(), game_id, seat)
    return f"{seat} has a new private link and reply address; the old ones stopped working."


def _spectators(game_id: str) -> str:
    enabled = request.form.get("enabled") == "yes"
    tools.set_spectators(store(), game_id, enabled)
    return "Spectators may watch now." if enabled else "The game is closed to spectators."


def _extend(game_id: str) -> str:
    seat = request.form.get("seat", "")
    hours = request.form.get("hours", "").strip().rstrip("hH")
    if not hours.isdigit():
        raise ServiceError("give the extension in whole hours, such as 24", "bad-extension")
    due = tools.extend_deadline(store(), game_id, seat, int(hours))
    return f"{seat} now has until {due[:16].replace('T', ' ')} UTC."


def _default(game_id: str) -> str:
    seat = request.form.get("seat", "")
    before = store().last_seq(game_id)
    result = tools.apply_default_now(store(), game_id, seat)
    if not result.accepted:
        raise ServiceError(f"the default order of {seat} was refused: {result.message}",
                           result.code)
    done = "; ".join(what_happened(game_id, before, result.seq))
    return (f"{seat}'s default was played: {done}." if done else
            f"{seat}'s default was played; nothing of it shows to anyone but {seat}.")


def what_happened(game_id: str, after: int, upto: int) -> list[str]:
    """Return the game's events after seq `after` up to `upto` as a spectator reads them (the
    game master's page shows no seat's secrets)."""
    game, events = decoded_events(store(), game_id, upto, after)
    lines = (readable_text(game, row.type, item, None, False) for row, item in events
             if not is_service_event(row.type))
    return [line.rstrip(".") for line in lines if line]


def _end(game_id: str) -> str:
    if request.form.get("confirm") != "end":
        raise ServiceError("Tick the box to confirm: ending a game cannot be undone.",
                           "not-confirmed")
    tools.end_game(store(), game_id, request.form.get("reason", "")[:200])
    return "The game is over; every player is told and the seed is revealed."


def _message(game_id: str) -> str:
    nonce = request.form.get("nonce", "")[:64] or request.form.get("text", "")[:64]
    tools.message_all(store(), game_id, request.form.get("text", ""), f"master:{nonce}")
    return "Your message is on its way to every player."


def _start(game_id: str) -> str:
    house = bool(request.form.get("house"))
    lifecycle.start_table(store(), game_id, "game-master", house=house)
    return ("The game has started" + (" with the house in its empty seats" if house else "")
            + "; every player gets a welcome email with their first turn.")


def _cancel(game_id: str) -> str:
    if request.form.get("confirm") != "cancel":
        raise ServiceError("Tick the box to confirm: a cancelled game cannot be opened again.",
                           "not-confirmed")
    lifecycle.close_table(store(), game_id, "cancelled")
    return "The game is cancelled; those who joined are told."


def _notices(game_id: str) -> str:
    lifecycle.set_master_notices(store(), game_id, request.form.get("notices", ""))
    return "Your choice of table news by mail is kept."


def _invite(game_id: str) -> str:
    uses = request.form.get("uses", "").strip() or "0"
    if not uses.isdigit():
        raise ServiceError("an invitation is good for a whole number of players (0: any)",
                           "bad-uses")
    lifecycle.make_invitation(store(), game_id, int(uses))
    return "A new invitation link is listed below: send it to whom you like."


def _revoke(game_id: str) -> str:
    lifecycle.revoke_invitation(store(), game_id, request.form.get("invitation", "")[:16])
    return "The invitation link no longer works."


def _offer(game_id: str) -> str:
    seat = request.form.get("seat", "")
    offered = request.form.get("offered", "yes") == "yes"
    tools.offer_seat(store(), game_id, seat, offered)
    return (f"Seat {seat} is listed in the lobby, open for a replacement." if offered
            else f"Seat {seat} is no longer offered.")


def _house(game_id: str) -> str:
    seat = request.form.get("seat", "")
    house = request.form.get("house", "yes") == "yes"
    tools.house_seat(store(), game_id, seat, house)
    return (f"The house plays {seat} from now on." if house else
            f"The house no longer plays {seat}: hand the seat to a player, or offer it.")


ACTIONS: dict[str, Callable[[str], str]] = {
    "pause": _pause, "resume": _resume, "replace": _replace, "rotate": _rotate,
    "spectators": _spectators, "extend": _extend, "default": _default, "end": _end,
    "message": _message, "start": _start, "cancel": _cancel, "invite": _invite,
    "revoke": _revoke, "offer": _offer, "house": _house, "notices": _notices}


@bp.post("/games/<game_id>/<sig>/renew-master")
def renew_master(game_id: str, sig: str) -> Any:
    """Renew the game master's link and go to the new one; the old one stops working."""
    authenticate_master(game_id, sig)
    renewed = tools.renew_master_link(store(), game_id)
    return redirect(url_for("admin.master", game_id=game_id,
                            sig=master_signature(renewed.meta), renewed=1), 303)


@bp.post("/games/<game_id>/<sig>/<action>")
def act(game_id: str, sig: str, action: str) -> Any:
    """Carry out one game master action (recorded as an event) and show the result."""
    authenticate_master(game_id, sig)
    if action not in ACTIONS:
        abort(404)
    try:
        message = ACTIONS[action](game_id)
    except ServiceError as exc:
        loaded = authenticate_master(game_id, sig)
        return master_page(loaded, sig, error=exc.message, status=400)
    announce(game_id)
    return master_page(authenticate_master(game_id, sig), sig, message=message)
