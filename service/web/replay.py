"""The replay viewer: a game step by step, each event its own page, and the game's archive.

A finished game's replay is open to anyone who may see its public page: before the end each
step shows what a spectator saw, after it everything. A seat steps through its own past views
from its private link, during the game too. No scripts: every step is a link.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, abort, redirect, request, stream_with_context, url_for

from service.audit.archive import archive_lines, archive_name, header_for
from service.base.signing import kept_signer
from service.game.current import PageGame
from service.game.history import (
    HistoryLine,
    lines_before,
    page_reader_number,
    page_reader_seq,
    reader_number,
    reader_seq_of,
)
from service.game.loading import LoadedGame, load_game
from service.mail.compose import turn_label
from service.pdf.render import private_items
from service.seats.civility import muted_senders
from service.web.links import (
    authenticate_seat,
    authenticate_seat_page,
    config,
    page_game_or_404,
    store,
)
from service.web.render import inline_svg, page
from service.web.summary import outcome_text, summarize

bp = Blueprint("replay", __name__)
LINES_SHOWN = 40


@dataclass(frozen=True)
class Step:
    """Where a replay stands: this seq of how many, and the links around it."""

    seq: int
    last: int
    first_url: str
    back_url: str | None
    forward_url: str | None
    last_url: str
    jump_url: str


def _board(loaded: LoadedGame, view: dict[str, Any]) -> Any:
    """Return the board picture of a view, or None when the game draws none."""
    try:
        return inline_svg(loaded.game.render_board_svg(view), loaded.game.render_text(view))
    except NotImplementedError:
        return None


def _round_at(game_id: str, seq: int) -> int:
    """Return the round the public view shows just after event `seq` (0 if it shows none)."""
    loaded = load_game(store(), game_id, upto=seq)
    return int(loaded.game.view(loaded.state, None).get("round", 0) or 0)


def round_start(game_id: str, wanted: int, last: int) -> int:
    """Return the first seq at which the public view shows round `wanted` (or later).

    Rounds only grow along a log, so this is a binary search over a dozen or so loads.
    """
    low, high = load_game(store(), game_id).meta.first_seq, last
    while low < high:
        middle = (low + high) // 2
        if _round_at(game_id, middle) >= wanted:
            high = middle
        else:
            low = middle + 1
    if _round_at(game_id, low) < wanted:
        abort(404, description=f"The game has no round {wanted}; it ended in round "
                               f"{_round_at(game_id, last)}.")
    return low


def _wanted_round() -> int | None:
    """Return the round asked for in the query string, or None when there is none."""
    text = request.args.get("round", "").strip()
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) < 100_000:
        abort(400, description=f"A round is a whole number from 1 on, not {text[:20]!r}.")
    return int(text)


def _replay_page(now: PageGame, seq: int, seat: str | None, step: Step) -> str:
    """Return the page of one step (the event at `seq`, numbered `step.seq` for the reader)
    as `seat` (None: a spectator, everything after the end)."""
    loaded_now, game_id = now.loaded, now.row.id
    then = load_game(store(), game_id, row=now.row, upto=seq)
    view = then.game.view(then.state, seat)
    muted = muted_senders(store(), loaded_now.meta, seat) if seat else frozenset()
    lines = lines_before(store(), then, seat, LINES_SHOWN, muted)
    current: HistoryLine | None = lines[-1] if lines and lines[-1].seq == step.seq else None
    return page("replay.html", summary=summarize(loaded_now), meta=loaded_now.meta, seat=seat,
                step=step, board=_board(then, view), board_text=then.game.render_text(view),
                lines=list(reversed(lines)), current=current, turn=turn_label(view),
                private=private_items(view) if seat else [],
                ended=then.meta.finished, outcome=outcome_text(then),
                game_url=url_for("lobby.game_page", game_id=game_id))


def _step(seq: int, last: int, endpoint: str, first: int = 1, **args: Any) -> Step:
    """Return the navigation of step `seq` among `first` to `last`, with links to `endpoint`
    (an open game's steps begin at its game.created)."""
    def link(to: int) -> str:
        return url_for(endpoint, seq=to, **args)

    return Step(seq, last, link(first), link(seq - 1) if seq > first else None,
                link(seq + 1) if seq < last else None, link(last),
                url_for(endpoint.replace("_step", "_start"), **args))


def _in_range(seq: int, last: int, first: int = 1) -> None:
    """Answer 404 for a step the log does not have (or an open game's step before its start)."""
    if not first <= seq <= last:
        abort(404, description=f"The game's steps are events {first} to {last}; there is no "
                               f"step {seq}.")


def _finished_or_404(loaded: LoadedGame) -> None:
    """Answer 404 unless the game is over (its replay and archive open at the end)."""
    if not loaded.meta.finished:
        abort(404, description="The replay and the archive open when the game is over; "
                               "players can step through their own views from their seats.")


@bp.get("/games/<game_id>/replay")
def public_start(game_id: str) -> Any:
    """Go to the first step, or to the start of the round asked for."""
    loaded = page_game_or_404(game_id).loaded
    _finished_or_404(loaded)
    wanted = _wanted_round()
    seq = loaded.meta.first_seq if wanted is None else round_start(game_id, wanted, loaded.seq)
    return redirect(url_for("replay.public_step", game_id=game_id, seq=seq), 303)


@bp.get("/games/<game_id>/replay/<int:seq>")
def public_step(game_id: str, seq: int) -> str:
    """Show a finished game as it stood just after event `seq`."""
    game = page_game_or_404(game_id)
    loaded = game.loaded
    _finished_or_404(loaded)
    first = loaded.meta.first_seq
    _in_range(seq, loaded.seq, first)
    return _replay_page(game, seq, None,
                        _step(seq, loaded.seq, "replay.public_step", first, game_id=game_id))


@bp.get("/play/<game_id>/<seat>/<sig>/replay")
def seat_start(game_id: str, seat: str, sig: str) -> Any:
    """Go to the seat's first step, or the start of the round asked for."""
    game = authenticate_seat_page(game_id, seat, sig)
    loaded, last = game.loaded, page_reader_seq(store(), game, seat)
    wanted = _wanted_round()
    seq = loaded.meta.first_seq if wanted is None else round_start(game_id, wanted, last)
    step = reader_number(store(), loaded.meta, seat, seq)  # the seat's own number of it
    return redirect(url_for("replay.seat_step", game_id=game_id, seat=seat, sig=sig,
                            seq=max(step, 1)), 303)


@bp.get("/play/<game_id>/<seat>/<sig>/replay/<int:seq>")
def seat_step(game_id: str, seat: str, sig: str, seq: int) -> str:
    """Show the seat's own view as it stood just after its event `seq`: steps are the seat's
    own numbers, one for each event it may know of (`service.game.numbers`)."""
    game = authenticate_seat_page(game_id, seat, sig)
    meta = game.loaded.meta
    first = max(reader_number(store(), meta, seat, meta.first_seq), 1)
    last = page_reader_number(store(), game, seat)
    _in_range(seq, last, first)
    return _replay_page(game, reader_seq_of(store(), meta, seat, seq), seat,
                        _step(seq, last, "replay.seat_step", first,
                              game_id=game_id, seat=seat, sig=sig))


@bp.get("/play/<game_id>/<seat>/<sig>/archive")
def download(game_id: str, seat: str, sig: str) -> Response:
    """Return a finished game's archive to one of its players, streamed line by line.

    The log records every player's e-mail address (under the hash chain, so it cannot be left
    out), so the archive goes to the game's own players (mailed with the last emails, and here
    from their seat pages), not to anyone who knows the game's id."""
    loaded = authenticate_seat(game_id, seat, sig)
    _finished_or_404(loaded)
    name = archive_name(header_for(store(), game_id))
    lines = archive_lines(store(), game_id, signer=kept_signer(config()))
    return Response(stream_with_context(line.encode("utf-8") for line in lines),
                    mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})
