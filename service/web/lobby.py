"""The lobby: the games on this server, a game's public page, its rules, spectators, new games."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import markdown
from flask import Blueprint, Response, abort, current_app, redirect, request, session, url_for

from engine.core import UnknownGame, all_games, get_game
from service.audit.rerun import AuditRefused, audit
from service.audit.verify import verify
from service.base.ids import is_game_id
from service.base.templating import templates_dir
from service.game.current import PageGame
from service.game.history import history_page
from service.game.loading import LoadedGame
from service.store.records import GameRow
from service.tournaments.running import list_tournaments
from service.web.links import page_game_or_404, store
from service.web.lobbylines import summaries
from service.web.render import inline_svg, page, seq_arg
from service.web.seatparts import spectator_parts
from service.web.security import client_address, limited, local_client
from service.web.summary import GameSummary, summarize

bp = Blueprint("lobby", __name__)
RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"


WATCH_LINES = 30
"""History lines on the spectator page (from the newest page of events)."""
LISTED = 200
"""The API lists the newest games, up to this many."""
PAGE = 25
"""The lobby shows the newest games this many to a page, each page linking to the older."""
OPEN_LISTED = 25
"""The lobby lists the newest open tables, up to this many, on its first page."""


def all_summaries(limit: int = LISTED, before: GameRow | None = None) -> list[GameSummary]:
    """Return the newest games' summaries (created before `before`), newest first: one read
    of their rows, one of their stored lines, and one batched read of the games that moved
    since a line was made for them."""
    return summaries(store(), store().newest_games(limit, before))


@bp.get("/")
def index() -> str:
    """List the open games to join, the seats open for a replacement, and a page of the games
    on this server with their state, whose turn and deadlines (an open table that did not
    start is listed only under "Open games", and an unlisted one nowhere); `before` names the
    last game of the newer page."""
    before = _page_start(request.args.get("before", ""))
    rows = store().newest_games(PAGE + 1, before)
    games = summaries(store(), rows[:PAGE])
    older = rows[PAGE - 1].id if len(rows) > PAGE else ""
    waiting: list[GameSummary] = []
    if before is None:
        tables = store().newest_games(OPEN_LISTED, status="open")
        waiting = [g for g in summaries(store(), tables)
                   if g.status == "open" and g.table and g.table.listed]
    signing_up = (list_tournaments(store(), OPEN_LISTED, status="signup")
                  if before is None else [])
    return page("lobby.html", games=[g for g in games if g.table is None or g.status not in
                                     ("open", "cancelled", "expired")],
                open_games=waiting, offered=[g for g in games if g.offered],
                hosted=all_games(), older=older, newer=before is not None,
                tournaments=signing_up)


def _page_start(game_id: str) -> GameRow | None:
    """Return the row of the game a page of older games starts after (None: the first page)."""
    if not game_id:
        return None
    if not is_game_id(game_id):
        abort(404)
    row = store().get_game(game_id)
    if row is None:
        abort(404)
    return row


@bp.get("/style.css")
def stylesheet() -> Response:
    """Return the site's stylesheet."""
    css = (templates_dir() / "web" / "style.css").read_text(encoding="utf-8")
    return Response(css, mimetype="text/css", headers={"Cache-Control": "public, max-age=3600"})


@bp.get("/games/<game_id>")
def game_page(game_id: str) -> Any:
    """Show a game's public page: players, whose turn, deadlines, the end and its audit; once
    the game is over, a page of its history (the newest, or the one before `before` or after
    `after`)."""
    game = page_game_or_404(game_id)
    if not game.loaded.meta.started:
        from service.web.opentables import join_page

        return join_page(game.loaded)
    return public_page(game, report=None)


def public_page(game: PageGame, report: dict[str, Any] | None) -> str:
    """Return the public page of a game, with the report of an audit when there is one."""
    loaded = game.loaded
    shown = (history_page(store(), game, None, before=seq_arg("before"),
                          after=seq_arg("after")) if loaded.meta.finished else None)
    board = _public_board(loaded) if loaded.meta.finished or loaded.meta.spectators else None
    return page("game.html", summary=summarize(loaded), meta=loaded.meta,
                lines=shown.lines if shown else [], shown=shown, board=board, report=report)


def _public_board(loaded: LoadedGame) -> Any:
    """Return the spectator's board picture, or None when the game draws none."""
    try:
        view = loaded.game.view(loaded.state, None)
        return inline_svg(loaded.game.render_board_svg(view), loaded.game.render_text(view))
    except NotImplementedError:
        return None


@bp.get("/games/<game_id>/watch")
def watch(game_id: str) -> str:
    """Show the spectator page: public information only, when the game master allows it."""
    game = page_game_or_404(game_id)
    if not game.loaded.meta.spectators:
        abort(404, description="This game is not open to spectators; its game master can "
                               "open it.")
    parts = spectator_parts(game)
    lines = history_page(store(), game, None).lines[-WATCH_LINES:]
    return page("watch.html", summary=parts.summary, meta=game.loaded.meta, board=parts.board,
                board_text=parts.board_text, lines=lines)


@bp.post("/games/<game_id>/audit")
def audit_game(game_id: str) -> str:
    """Verify the log's chain and, for a finished game, re-run it against the revealed seed."""
    game = page_game_or_404(game_id)
    if limited("AUDIT", client_address()):
        abort(429)
    checked = verify(store(), game_id)
    try:
        report: Any = audit(store(), game_id)
        problem = ""
    except AuditRefused as exc:
        report, problem = None, str(exc)
    return public_page(game, {"verify": checked, "audit": report, "problem": problem})


@lru_cache(maxsize=16)
def rules_html(name: str) -> str:
    """Return a game's rules page (docs/rules/<game>.md) as HTML."""
    text = (RULES_DIR / f"{name}.md").read_text(encoding="utf-8")
    return str(markdown.markdown(text, extensions=["tables", "fenced_code", "toc"]))


@bp.get("/rules/<game>")
def rules(game: str) -> str:
    """Show a game's rules."""
    try:
        rules_of = get_game(game)
    except UnknownGame:
        abort(404)
    if not (RULES_DIR / f"{game}.md").exists():
        abort(404)
    return page("rules.html", game=rules_of, html=inline_rules(game))


def inline_rules(game: str) -> Any:
    """Return the rules HTML, marked safe (it is the project's own documentation)."""
    from markupsafe import Markup

    return Markup(rules_html(game))  # our own docs, rendered by Markdown


def may_create() -> bool:
    """Return whether this visitor may create games.

    Closed by default: with OPEN_CREATION anyone may; with an admin token, whoever signed in
    with it; with neither, only a visitor on this machine (the embedded default).
    """
    if current_app.config["OPEN_CREATION"]:
        return True
    if current_app.config["ADMIN_TOKEN"]:
        return bool(session.get("admin"))
    return local_client()


@bp.route("/new", methods=["GET", "POST"])
def new_game() -> Any:
    """Show the form for a new game, or create the game it describes."""
    from service.web.creation import create_from_form, new_game_form

    if not may_create():
        if not current_app.config["ADMIN_TOKEN"]:
            abort(403, description="Creating games is closed on this site. Its operator can "
                                   "open it with an admin token (PBEM_ADMIN_TOKEN) or to "
                                   "everyone (PBEM_OPEN_CREATION=yes).")
        return redirect(url_for("admin.login", next=request.path))
    if request.method == "POST":
        return create_from_form()
    return new_game_form()
