"""The ratings on the web: a leaderboard per title (a page of stored lines at a time), a page
per player (their rating in each title and their reliability record), and the same in the
API (/api/v1/ratings/<game>, /api/v1/players/<player>)."""
from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, abort, request

from engine.core import UnknownGame, all_games, get_game
from service.ratings.record import Tally
from service.ratings.stored import (
    leaderboard,
    lines_of_player,
    place_of,
    player_count,
    player_name,
    reliability_of,
)
from service.ratings.table import LIBRARY, Line, library_of
from service.web.links import store
from service.web.problems import problem
from service.web.render import page

bp = Blueprint("ratings", __name__)
api = Blueprint("ratings_api", __name__, url_prefix="/api/v1")
PAGE_LINES = 50
"""Players on one page of a leaderboard."""
MOST_LINES = 200
"""The most players one API answer lists."""
PLAYER = re.compile(r"^[0-9a-f]{16}$")


def _title(game: str) -> str:
    """Return the game's short name, or answer 404."""
    try:
        return get_game(game).name
    except UnknownGame:
        abort(404)


def _number(name: str, default: int, most: int) -> int:
    """Return a whole number from the query string, within 0..most (else the default)."""
    text = request.args.get(name, "")
    return min(int(text), most) if text.isdigit() and len(text) <= 9 else default


def line_json(line: Line, place: int) -> dict[str, Any]:
    """Return a leaderboard line as JSON."""
    return {"place": place, "player": line.player, "name": line.name,
            "rating": round(line.rating, 4), "mu": round(line.mu, 4),
            "sigma": round(line.sigma, 4), "games": line.games, "wins": line.wins}


def record_json(record: Tally | None) -> dict[str, int]:
    """Return a reliability record as JSON (zeros: none yet)."""
    record = record or Tally()
    return {"started": record.started, "finished": record.finished,
            "resigned": record.resigned, "replaced": record.replaced,
            "deadlines_missed": record.missed, "defaults_taken": record.defaults}


@bp.get("/ratings")
def titles_page() -> str:
    """List the titles, each with how many players its table has."""
    games = [(game, player_count(store(), game.name)) for game in all_games()]
    return page("ratings.html", games=games, library=LIBRARY)


@bp.get("/ratings/<game>")
def leaderboard_page(game: str) -> str:
    """Show one page of a title's leaderboard, best first (`page` from 1)."""
    name = _title(game)
    number = max(_number("page", 1, 1_000_000), 1)
    lines = leaderboard(store(), name, PAGE_LINES + 1, (number - 1) * PAGE_LINES)
    records = reliability_of(store(), [line.player for line in lines])
    return page("leaderboard.html", game=get_game(name), lines=lines[:PAGE_LINES],
                first=(number - 1) * PAGE_LINES + 1, number=number,
                more=len(lines) > PAGE_LINES, records=records, library=library_of(name))


@bp.get("/players/<player>")
def player_page(player: str) -> str:
    """Show a player's rating and place in each title and their reliability record."""
    name, lines, record = _player(player)
    if name is None:
        abort(404)
    places = {game: place_of(store(), game, line) for game, line in lines.items()}
    return page("player.html", player=player, name=name, lines=lines, places=places,
                record=record, library=LIBRARY)


def _player(player: str) -> tuple[str | None, dict[str, Line], Tally | None]:
    """Return a player's name (None: unknown), lines by title and reliability record."""
    if not PLAYER.match(player):
        return None, {}, None
    return (player_name(store(), player), lines_of_player(store(), player),
            reliability_of(store(), [player]).get(player))


@api.get("/ratings/<game>")
def leaderboard_json(game: str) -> Any:
    """Return a page of a title's leaderboard (`offset`, `limit`)."""
    try:
        name = get_game(game).name
    except UnknownGame:
        return problem(404, "unknown-title", "No such title", f"no game called {game!r}")
    offset = _number("offset", 0, 100_000_000)
    limit = _number("limit", PAGE_LINES, MOST_LINES)
    lines = leaderboard(store(), name, limit, offset)
    records = reliability_of(store(), [line.player for line in lines])
    return {"game": name, "library": library_of(name), "players": player_count(store(), name),
            "lines": [{**line_json(line, offset + index),
                       "record": record_json(records.get(line.player))}
                      for index, line in enumerate(lines, 1)]}


@api.get("/players/<player>")
def player_json(player: str) -> Any:
    """Return a player's ratings by title and their reliability record."""
    name, lines, record = _player(player)
    if name is None:
        return problem(404, "unknown-player", "No such player",
                       f"no player {player!r} has ended a game here")
    return {"player": player, "name": name, "record": record_json(record),
            "ratings": {game: line_json(line, place_of(store(), game, line))
                        for game, line in lines.items()}}
