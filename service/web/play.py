"""Seat pages, reached by the seat's private link: the board, secrets, news and the order form."""
from __future__ import annotations

import re
import secrets
from typing import Any

from flask import Blueprint, Response, abort, redirect, request, session, url_for

from engine.core.standing import topics_help
from service.game.current import PageGame
from service.game.history import history_page as history_page_of
from service.game.history import news_since, page_reader_number, reader_head
from service.game.loading import LoadedGame
from service.orders.irreversible import is_irreversible
from service.orders.results import ServiceError, SubmissionResult
from service.pdf.seat_pdf import seat_pdf
from service.seats.civility import muted_senders, mutes_of
from service.seats.standing import standing_command, standing_list
from service.store.store import Submission
from service.web.links import (
    authenticate_seat,
    authenticate_seat_page,
    seat_signature,
    signed,
    store,
)
from service.web.orderforms import order_text
from service.web.render import page, seq_arg
from service.web.seatparts import seat_parts
from service.web.security import limited
from service.web.submitting import take_order
from service.web.summary import due_text, outcome_text, summarize
from service.web.talk import talk_context

bp = Blueprint("play", __name__, url_prefix="/play/<game_id>/<seat>/<sig>")
WEB_SOURCE = "web"
NONCE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
FIRST_VISIT_LINES = 8
SEEN_KEY = "seen"
UNCONFIRMED = "unconfirmed"
UNSENT = "unsent"
STANDING_NOTE = "standing-note"


def news_since_last_visit(game: PageGame, seat: str, muted: frozenset[str],
                          ) -> tuple[list[Any], bool, bool]:
    """Return the history lines the seat has not seen here yet (at most a page; without the
    press of the seats in `muted`), whether it visited before, and whether more happened
    since than the lines shown."""
    seen: dict[str, int] = dict(session.get(SEEN_KEY) or {})
    key = f"{game.row.id}:{seat}"
    last = seen.get(key)
    lines, more = news_since(store(), game, seat, last, FIRST_VISIT_LINES, muted)
    head = page_reader_number(store(), game, seat)  # the session is the browser's to read
    if last != head:  # an unchanged session is not signed and sent again
        seen[key] = head
        session[SEEN_KEY] = dict(list(seen.items())[-20:])
    return lines, last is not None, more


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
    game = authenticate_seat_page(game_id, seat, sig)
    loaded, parts = game.loaded, seat_parts(game, seat)
    sub = own_submission(game_id, seat, request.args.get("sub"))
    result = SubmissionResult.from_submission(sub) if sub and sub.status != "received" else None
    mutes = mutes_of(store(), loaded.meta, seat)  # one indexed read: whose press it muted
    news, returning, more_news = news_since_last_visit(game, seat, frozenset(mutes))
    deadline = loaded.meta.deadlines.get(seat)
    head = reader_head(store(), game, seat)
    return page(
        "seat.html", summary=parts.summary, meta=loaded.meta, seat=seat,
        player=loaded.meta.seat(seat).player, turn=parts.turn, board=parts.board,
        board_text=parts.board_text, private=parts.private, news=news, returning=returning,
        more_news=more_news, prompt=parts.prompt, help_text=parts.help_text,
        forms=parts.forms, unconfirmed=session.pop(UNCONFIRMED, None), legal=parts.legal,
        deadline=due_text(deadline.due) if deadline and parts.prompt else "",
        sub=sub, result=result,
        kept=sub.body if sub and result and not result.accepted else session.pop(UNSENT, ""),
        nonce=secrets.token_urlsafe(16), outcome=parts.outcome, sig=sig,
        refresh=sub is not None and sub.status == "received",
        head=head, signed_head=signed(game_id, head), standing=standing_list(loaded, seat),
        standing_topics=topics_help(loaded.game.standing_topics()),
        standing_note=session.pop(STANDING_NOTE, ""),
        **talk_context(loaded, seat, parts.conversations, mutes))


@bp.post("/standing")
def post_standing(game_id: str, seat: str, sig: str) -> Any:
    """Set the posted standing answers, or clear them all, as the `standing` mail command."""
    authenticate_seat(game_id, seat, sig)
    if limited("SUBMIT", f"{game_id}:{seat}"):
        abort(429)
    nonce = request.form.get("nonce", "")
    causation = (f"web:{seat}:{nonce}-standing" if NONCE.match(nonce)
                 else f"web:{seat}:{secrets.token_hex(8)}")
    text = "clear" if request.form.get("clear") == "yes" else request.form.get("text", "")[:500]
    try:
        session[STANDING_NOTE] = standing_command(store(), game_id, seat, text, causation)
    except ServiceError as exc:
        session[STANDING_NOTE] = f"Not saved: {exc.message}"
    return redirect(url_for("play.seat_page", game_id=game_id, seat=seat, sig=sig,
                            _anchor="standing"), 303)


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
    """Show a page of the history the seat may read (everything once the game is over):
    the newest page, or the one before `before` or after `after`."""
    game = authenticate_seat_page(game_id, seat, sig)
    shown = history_page_of(store(), game, seat, before=seq_arg("before"),
                            after=seq_arg("after"),
                            muted=muted_senders(store(), game.loaded.meta, seat))
    return page("history.html", summary=summarize(game.loaded), meta=game.loaded.meta,
                seat=seat, sig=sig, lines=shown.lines, shown=shown,
                outcome=outcome_text(game.loaded))


@bp.get("/snapshot.pdf")
def snapshot(game_id: str, seat: str, sig: str) -> Response:
    """Return the seat's board snapshot as the PDF its emails carry (rendered once per head)."""
    game = authenticate_seat_page(game_id, seat, sig)
    pdf = seat_pdf(store(), game, seat, muted_senders(store(), game.loaded.meta, seat))
    name = f"{game_id}-{page_reader_number(store(), game, seat)}-{seat}.pdf"
    return Response(pdf, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def link_for(loaded: LoadedGame, seat: str) -> str:
    """Return the path of a seat's page (for the game master's and dev pages)."""
    return url_for("play.seat_page", game_id=loaded.meta.id, seat=seat,
                   sig=seat_signature(loaded.meta, seat))
