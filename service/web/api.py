"""The JSON API, /api/v1: games, a seat's view and prompts, orders, history a page at a time.

A seat is authenticated by a bearer token: the signature at the end of its private link.
Errors are application/problem+json documents carrying the service's or engine's stable code.
"""
from __future__ import annotations

from typing import Any
from uuid import uuid4

from flask import Blueprint, Response, json, request
from marshmallow import Schema, ValidationError

from engine.core import canonical_json
from service.base.ids import GAME_ID
from service.game.current import PageGame, read_game
from service.game.history import history_page, page_reader_number, reader_number
from service.game.loading import LoadedGame, UnknownGameId, load_game
from service.orders.results import ServiceError, SubmissionResult
from service.seats.civility import muted_senders
from service.seats.standing import standing_command, standing_list
from service.store.store import Submission
from service.web import openapi
from service.web.jsonbody import BadJson, read_json
from service.web.links import SEAT, config, seat_signature, store
from service.web.orderforms import form_views, legal_texts
from service.web.problems import problem
from service.web.render import seq_arg
from service.web.schemas import OrderRequest, StandingRequest
from service.web.security import client_address, count_bad_token, limited, same
from service.web.submitting import KEY, take_order
from service.web.summary import GameSummary, due_text, summarize

bp = Blueprint("api", __name__, url_prefix="/api/v1")
API_SOURCE = "api"


class Refusal(Exception):
    """A request the API answers with a problem document."""

    def __init__(self, response: Response) -> None:
        super().__init__(response.status)
        self.response = response


@bp.errorhandler(Refusal)
def refused(exc: Refusal) -> Response:
    """Return the problem document of a refusal."""
    return exc.response


def summary_json(summary: GameSummary) -> dict[str, Any]:
    """Return a game's public summary as JSON."""
    return {"id": summary.id, "title": summary.title, "game": summary.game,
            "game_title": summary.game_title, "status": summary.status, "turn": summary.turn,
            "waiting_for": summary.waiting_for, "outcome": summary.outcome,
            "termination": summary.termination,
            "seats": [{"name": s.name, "player": s.player, "waiting": s.waiting,
                       "deadline": s.deadline, "time_bank_hours": s.bank_hours,
                       "house": s.house} for s in summary.seats],
            "open_table": None if summary.table is None or summary.status != "open" else {
                "taken": summary.table.taken, "needed": summary.table.needed,
                "since": summary.table.since, "expires": summary.table.expires,
                "join": f"{config().base_url}/games/{summary.id}/join"},
            "offered_seats": list(summary.offered)}


def publicly_listed(summary: GameSummary) -> bool:
    """Return whether a game is listed to all: any but an unlisted table not started."""
    return summary.table is None or summary.table.listed or summary.status not in (
        "open", "cancelled", "expired")


def public_game(game_id: str) -> LoadedGame:
    """Return the game, or refuse with 404."""
    if not GAME_ID.match(game_id):
        raise Refusal(problem(404, "unknown-game", "No such game", f"no game {game_id!r}"))
    try:
        return load_game(store(), game_id)
    except UnknownGameId:
        raise Refusal(problem(404, "unknown-game", "No such game",
                              f"no game {game_id!r}")) from None


def seat_game(game_id: str, seat: str) -> LoadedGame:
    """Return the game when the bearer token is the seat's; refuse with 401, 404 or 429.

    Only wrong tokens count against the client, and only they are refused with 429.
    """
    loaded = public_game(game_id)
    check_token(loaded, seat)
    if not loaded.meta.started:
        raise Refusal(problem(404, "not-started", "Not started",
                              f"game {game_id} waits for its players"))
    return loaded


def seat_page_game(game_id: str, seat: str) -> PageGame:
    """Return the game read for a page (its head row, and the game folded at that head, kept
    while the head does not move) when the bearer token is the seat's; else refuse."""
    if not GAME_ID.match(game_id):
        raise Refusal(problem(404, "unknown-game", "No such game", f"no game {game_id!r}"))
    try:
        game = read_game(store(), game_id)
    except UnknownGameId:
        raise Refusal(problem(404, "unknown-game", "No such game",
                              f"no game {game_id!r}")) from None
    check_token(game.loaded, seat)
    if not game.loaded.meta.started:
        raise Refusal(problem(404, "not-started", "Not started",
                              f"game {game_id} waits for its players"))
    return game


def check_token(loaded: LoadedGame, seat: str) -> None:
    """Refuse with 401 (counting the wrong token) unless the bearer token is the seat's."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refusal(unauthorized("a bearer token is needed: the end of the seat's link"))
    if not SEAT.match(seat) or seat not in loaded.meta.seat_names or not same(
            token.strip(), seat_signature(loaded.meta, seat)):
        count_bad_token()
        raise Refusal(unauthorized("the token is not this seat's (it may have been renewed)"))


def unauthorized(detail: str) -> Response:
    """Return a 401 problem asking for the seat's bearer token."""
    response = problem(401, "unauthorized", "Not this seat's token", detail)
    response.headers["WWW-Authenticate"] = 'Bearer realm="pbem"'
    return response


@bp.get("/openapi.json")
def openapi_document() -> Response:
    """Return the OpenAPI document of this API."""
    return Response(json.dumps(openapi.document()), mimetype="application/json")


@bp.get("/games")
def list_games() -> dict[str, Any]:
    """List the games on this server."""
    from service.web.lobby import all_summaries

    return {"games": [summary_json(summary) for summary in all_summaries()
                      if publicly_listed(summary)]}


@bp.get("/games/<game_id>")
def game(game_id: str) -> dict[str, Any]:
    """Return a game's public summary."""
    return summary_json(summarize(public_game(game_id)))


@bp.get("/games/<game_id>/seats/<seat>")
def seat_view(game_id: str, seat: str) -> dict[str, Any]:
    """Return what the seat sees and what it may decide now."""
    game = seat_page_game(game_id, seat)  # kept while the head does not move, as a page's
    loaded = game.loaded
    game_rules, state = loaded.game, loaded.state
    prompt = game_rules.prompt_for(state, seat)
    deadline = loaded.meta.deadlines.get(seat)
    return {"game": game_id, "seat": seat, "seq": page_reader_number(store(), game, seat),
            "view": game_rules.view(state, seat), "prompt": prompt_json(loaded, seat),
            "legal": legal_texts(game_rules, state, seat, 500) if prompt else [],
            "deadline": due_text(deadline.due) if deadline and prompt else "",
            "time_bank_hours": loaded.meta.bank(seat),
            "standing": standing_list(loaded, seat)}


def prompt_json(loaded: LoadedGame, seat: str) -> dict[str, Any] | None:
    """Return the seat's open decision as JSON, or None."""
    prompt = loaded.game.prompt_for(loaded.state, seat)
    if prompt is None:
        return None
    forms = [{"kind": form.kind, "label": form.label, "syntax": form.syntax,
              "examples": list(form.examples),
              "fields": [{"name": f.name, "label": f.label, "widget": f.widget,
                          "options": list(f.options), "min": f.min, "max": f.max}
                         for f in form.fields]} for form in form_views(prompt)]
    return {"key": prompt.key, "summary": prompt.summary, "simultaneous": prompt.simultaneous,
            "submitted": prompt.submitted, "default": prompt.default_summary,
            "help": loaded.game.help(prompt), "forms": forms}


def read_request(schema: Schema | None = None) -> dict[str, Any]:
    """Return the validated order request (or one of `schema`), or refuse with 400."""
    try:
        data = read_json(request.get_data(cache=True))
    except BadJson as exc:
        raise Refusal(problem(400, "invalid-request", "Not a readable JSON document",
                              str(exc))) from None
    if not isinstance(data, dict):
        raise Refusal(problem(400, "invalid-request", "Not a JSON object",
                              "send a JSON object with text or order"))
    try:
        loaded: dict[str, Any] = (schema or OrderRequest()).load(data)
    except ValidationError as exc:
        raise Refusal(problem(400, "invalid-request", "Invalid order request"
                              if schema is None else "Invalid request",
                              "the request does not match the schema",
                              errors=exc.normalized_messages())) from None  # type: ignore[no-untyped-call]
    return loaded


@bp.post("/games/<game_id>/seats/<seat>/orders")
def submit(game_id: str, seat: str) -> Any:
    """Take an order; 200 accepted, 202 queued, 422 rejected with the engine's reason."""
    loaded = seat_game(game_id, seat)
    data = read_request()
    key = request.headers.get("Idempotency-Key")
    if key is not None and not KEY.match(key):
        raise Refusal(problem(400, "invalid-request", "Bad Idempotency-Key",
                              "an Idempotency-Key is 1 to 128 printable ASCII characters "
                              "(no spaces); this order was not taken"))
    if limited("SUBMIT", f"{game_id}:{seat}"):
        raise Refusal(problem(429, "too-many-orders", "Too many orders in a short time"))
    body = data["text"] if "text" in data else canonical_json(data["order"])
    sub = take_order(loaded, seat, body, source=API_SOURCE, key=key,
                     prompt_key=data.get("prompt_key"), sender=client_address())
    return submission_answer(loaded, seat, sub)


def seen_seq(loaded: LoadedGame, seat: str, seq: int) -> int:
    """Return the log's seq `seq` as the seat may know it: its number of its newest event
    then (`service.game.numbers`)."""
    return reader_number(store(), loaded.meta, seat, seq)


@bp.post("/games/<game_id>/seats/<seat>/standing")
def set_standing(game_id: str, seat: str) -> Any:
    """Set, change or clear the seat's standing answers as the `standing` mail command does
    (`text`: `windows: unless attacked`, `clear windows`, `clear`); return them all."""
    loaded = seat_game(game_id, seat)
    text = read_request(StandingRequest())["text"]
    if limited("SUBMIT", f"{game_id}:{seat}"):
        raise Refusal(problem(429, "too-many-orders", "Too many orders in a short time"))
    if not loaded.game.standing_topics():
        raise Refusal(problem(422, "no-standing", "No standing answers in this game",
                              f"{loaded.game.title} has no decisions to answer in advance."))
    try:
        message = standing_command(store(), game_id, seat, text,
                                   f"api:{seat}:{uuid4().hex}-standing")
    except ServiceError as exc:
        raise Refusal(problem(422, exc.code, "Not set", exc.message)) from None
    return {"game": game_id, "seat": seat, "message": message,
            "standing": standing_list(load_game(store(), game_id), seat)}


def submission_answer(loaded: LoadedGame, seat: str, sub: Submission) -> Any:
    """Return the answer for a submission: its result, or that it is queued."""
    if sub.status == "received":
        return {"submission": sub.id, "status": "received"}, 202
    result = SubmissionResult.from_submission(sub)
    seq = seen_seq(loaded, seat, result.seq)
    if result.accepted:
        return {"submission": sub.id, "status": "accepted", "orders": list(result.orders),
                "seq": seq}, 200
    if result.status == "help":
        return {"submission": sub.id, "status": "help", "orders": [], "seq": seq,
                "legal": result.legal}, 200
    return problem(422, result.code or "rejected", "The order was not accepted",
                   result.message, legal=result.legal, submission=sub.id)


@bp.get("/games/<game_id>/seats/<seat>/submissions/<submission_id>")
def submission(game_id: str, seat: str, submission_id: str) -> Any:
    """Return the fate of one of the seat's own orders."""
    loaded = seat_game(game_id, seat)
    sub = store().get_submission(submission_id) if len(submission_id) <= 64 else None
    if sub is None or sub.game_id != game_id or sub.seat != seat or sub.source != API_SOURCE:
        raise Refusal(problem(404, "unknown-submission", "No such order of this seat"))
    result = SubmissionResult.from_submission(sub)
    return {"submission": sub.id, "status": sub.status, "code": result.code,
            "message": result.message, "legal": result.legal, "orders": list(result.orders),
            "seq": seen_seq(loaded, seat, result.seq)}


@bp.get("/games/<game_id>/seats/<seat>/history")
def seat_history(game_id: str, seat: str) -> dict[str, Any]:
    """Return a page of the history the seat may read (everything once the game is over):
    the newest events, or those before number `before` or after number `after`; `older` and
    `newer` are the numbers to ask for next (null at either end). Every `seq` is the seat's
    own number: its n-th event is n (`service.game.numbers`); the log's seqs once the game
    is over."""
    game = seat_page_game(game_id, seat)
    for name in ("before", "after"):
        if name in request.args and seq_arg(name) is None:
            raise Refusal(problem(400, "bad-seq", f"{name!r} must be an event's seq: a whole "
                                  "number of at most 10 digits"))
    shown = history_page(store(), game, seat, before=seq_arg("before"), after=seq_arg("after"),
                         muted=muted_senders(store(), game.loaded.meta, seat))
    return {"game": game_id, "seat": seat, "older": shown.older, "newer": shown.newer,
            "lines": [{"seq": line.seq, "recorded_at": line.recorded_at, "actor": line.actor,
                       "text": line.text} for line in shown.lines]}
