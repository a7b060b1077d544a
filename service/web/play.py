"""Seat pages, reached by the seat's private link: the board, secrets, news and the order form."""
from __future__ import annotations

import re
import secrets
from typing import Any

from flask import Blueprint, Response, abort, redirect, request, session, url_for

from ..audit import history
from ..games import SubmissionResult
from ..irreversible import help_irreversible_last, is_irreversible
from ..loading import LoadedGame
from ..mail.compose import turn_label
from ..pdf import private_items, render_snapshot_pdf
from ..store import Submission
from ..witness import head_at
from .links import authenticate_seat, seat_signature, store
from .orderforms import form_views, legal_texts, order_text
from .render import inline_svg, page
from .security import limited
from .submitting import take_order
from .summary import due_text, outcome_text, summarize
from .talk import talk_context

bp = Blueprint("play", __name__, url_prefix="/play/<game_id>/<seat>/<sig>")
WEB_SOURCE = "web"
NONCE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
FIRST_VISIT_LINES = 8
SEEN_KEY = "seen"
UNCONFIRMED = "unconfirmed"
UNSENT = "unsent"


def board_markup(loaded: LoadedGame, view: dict[str, Any]) -> Any:
    """Return the board picture of a view for inline use, or None when the game has none."""
    try:
        return inline_svg(loaded.game.render_board_svg(view))
    except NotImplementedError:
        return None


def news_since_last_visit(loaded: LoadedGame, seat: str) -> tuple[list[Any], bool]:
    """Return the history lines the seat has not seen here yet, and whether it visited before."""
    seen: dict[str, int] = dict(session.get(SEEN_KEY) or {})
    key = f"{loaded.meta.id}:{seat}"
    last = seen.get(key)
    lines = history(store(), loaded.meta.id, seat, after=last or 0)
    seen[key] = loaded.seq
    session[SEEN_KEY] = dict(list(seen.items())[-20:])
    return (lines if last is not None else lines[-FIRST_VISIT_LINES:]), last is not None


def own_submission(game_id: str, seat: str, submission_id: str | None) -> Submission | None:
    """Return the seat's own web submission with that id, or None (another seat's never)."""
    if not submission_id or len(submission_id) > 64:
        return None
    sub = store().get_submission(submission_id)
    if sub is None or sub.source != WEB_SOURCE or sub.game_id != game_id or sub.seat != seat:
        return None
    return sub


@bp.get("")
def seat_page(game_id: str, seat: str, sig: str) -> Any:
    """Show the seat's page: board, private information, news, the order form."""
    loaded = authenticate_seat(game_id, seat, sig)
    game, state = loaded.game, loaded.state
    view = game.view(state, seat)
    prompt = game.prompt_for(state, seat)
    sub = own_submission(game_id, seat, request.args.get("sub"))
    result = SubmissionResult.from_submission(sub) if sub and sub.status != "received" else None
    news, returning = news_since_last_visit(loaded, seat)
    deadline = loaded.meta.deadlines.get(seat)
    return page(
        "seat.html", summary=summarize(loaded), meta=loaded.meta, seat=seat,
        player=loaded.meta.seat(seat).player, turn=turn_label(view),
        board=board_markup(loaded, view), board_text=game.render_text(view),
        private=private_items(view), news=news, returning=returning, prompt=prompt,
        help_text=help_irreversible_last(game.help(prompt)) if prompt else "",
        forms=form_views(prompt), unconfirmed=session.pop(UNCONFIRMED, None),
        legal=legal_texts(game, state, seat) if prompt else [],
        deadline=due_text(deadline.due) if deadline and prompt else "",
        sub=sub, result=result,
        kept=sub.body if sub and result and not result.accepted else session.pop(UNSENT, ""),
        nonce=secrets.token_urlsafe(16), outcome=outcome_text(loaded), sig=sig,
        refresh=sub is not None and sub.status == "received",
        head=head_at(store(), game_id, loaded.seq), **talk_context(loaded, seat))


@bp.post("/orders")
def submit(game_id: str, seat: str, sig: str) -> Any:
    """Store the posted order as a submission, hand it over, and show the seat its fate."""
    loaded = authenticate_seat(game_id, seat, sig)
    if limited("SUBMIT", f"{game_id}:{seat}"):
        abort(429)
    nonce = request.form.get("nonce", "")
    text = posted_order(loaded, seat)
    if is_irreversible(text) and request.form.get("confirm") != "yes":
        session[UNCONFIRMED], session[UNSENT] = text, text
        return redirect(url_for("play.seat_page", game_id=game_id, seat=seat, sig=sig,
                                _anchor="decide"), 303)
    sub = take_order(loaded, seat, text, source=WEB_SOURCE,
                     key=nonce if NONCE.match(nonce) else None,
                     prompt_key=request.form.get("prompt_key"), sender=request.remote_addr)
    return redirect(url_for("play.seat_page", game_id=game_id, seat=seat, sig=sig,
                            sub=sub.id, _anchor="result"), 303)


def posted_order(loaded: LoadedGame, seat: str) -> str:
    """Return the order text of the posted form: the free text, or the chosen fields."""
    if request.form.get("mode") != "form":
        return request.form.get("text", "")
    prompt = loaded.game.prompt_for(loaded.state, seat)
    if prompt is None:
        return request.form.get("kind", "")
    try:
        index = int(request.form.get("form", "-1"))
    except ValueError:
        index = -1
    return order_text(loaded.game, loaded.state, seat, prompt, index,
                      request.form.to_dict(flat=False))


@bp.get("/history")
def history_page(game_id: str, seat: str, sig: str) -> Any:
    """Show the whole history the seat may read (everything once the game is over)."""
    loaded = authenticate_seat(game_id, seat, sig)
    lines = history(store(), game_id, seat)
    return page("history.html", summary=summarize(loaded), meta=loaded.meta, seat=seat,
                sig=sig, lines=lines, outcome=outcome_text(loaded))


@bp.get("/snapshot.pdf")
def snapshot(game_id: str, seat: str, sig: str) -> Response:
    """Return the seat's board snapshot as the PDF its emails carry."""
    loaded = authenticate_seat(game_id, seat, sig)
    view = loaded.game.view(loaded.state, seat)
    news = [line.text for line in history(store(), game_id, seat)][-12:]
    pdf = render_snapshot_pdf(loaded.game, view, game_title=loaded.meta.title,
                              game_id=game_id, seat=seat, turn_label=turn_label(view),
                              history=news)
    name = f"{game_id}-{loaded.seq}-{seat}.pdf"
    return Response(pdf, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def link_for(loaded: LoadedGame, seat: str) -> str:
    """Return the path of a seat's page (for the game master's and dev pages)."""
    return url_for("play.seat_page", game_id=loaded.meta.id, seat=seat,
                   sig=seat_signature(loaded.meta, seat))
