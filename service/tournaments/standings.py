"""A tournament's standings: points from each game's ranks, byes, and the tie-breaks
(Buchholz, then wins, then sign-up order). Pure: the same tables and results give the same
standings."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from service.ratings.record import GameRecord


@dataclass(frozen=True)
class Entrant:
    """A player signed up: their key, sign-up number, name, and whether they withdrew."""

    player: str
    number: int
    name: str
    withdrawn: bool = False


@dataclass(frozen=True)
class Sitting:
    """One table of a round: the game (empty for the byes), and (seat, player) in order."""

    round: int
    number: int
    game_id: str
    seats: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Standing:
    """An entrant's line in the standings."""

    entrant: Entrant
    points: float
    buchholz: float
    wins: int
    games: int
    byes: int


def game_points(record: GameRecord, seats: Sequence[tuple[str, str]]) -> dict[str, float]:
    """Return each player's points from one game: 1 for every other seat ranked below theirs
    and 1/2 for every other seat ranked level (a two-player win is 1, a draw 1/2); the
    house's seats are not counted."""
    rank = {side.seat: side.rank for side in record.sides}
    points = {}
    for seat, player in seats:
        if seat not in rank:
            continue
        others = [r for s, r in rank.items() if s != seat]
        points[player] = sum(1.0 if rank[seat] < r else 0.5 if rank[seat] == r else 0.0
                             for r in others)
    return points


def standings(entrants: Sequence[Entrant], sittings: Sequence[Sitting],
              records: Mapping[str, GameRecord], seats_per_game: int) -> list[Standing]:
    """Return the standings, best first: points, then Buchholz (the points of the opponents
    met, once per game), then first places, then sign-up order. A bye is worth half of what
    beating every other seat of a table is; games not yet ended count nothing."""
    points = {e.player: 0.0 for e in entrants}
    wins = dict.fromkeys(points, 0)
    games = dict.fromkeys(points, 0)
    byes = dict.fromkeys(points, 0)
    opponents: dict[str, list[str]] = {p: [] for p in points}
    for sitting in sittings:
        if not sitting.game_id:
            for _, player in sitting.seats:
                points[player] += (seats_per_game - 1) / 2
                byes[player] += 1
            continue
        record = records.get(sitting.game_id)
        if record is None:
            continue
        people = [(seat, player) for seat, player in sitting.seats if player]  # not the house
        ranks = {side.seat: side.rank for side in record.sides}
        for player, got in game_points(record, people).items():
            points[player] += got
            games[player] += 1
        for seat, player in people:
            wins[player] += ranks.get(seat) == 1
            opponents[player] += [other for _, other in people if other != player]
    lines = [Standing(e, points[e.player], sum(points.get(o, 0.0) for o in opponents[e.player]),
                      wins[e.player], games[e.player], byes[e.player]) for e in entrants]
    return sorted(lines, key=lambda s: (-s.points, -s.buchholz, -s.wins, s.entrant.number))
