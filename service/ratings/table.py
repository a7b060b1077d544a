"""Ratings: one game applied with openskill's Plackett-Luce model, a title's head (how many
games, in which order), and the table printed the same from the store or from archives."""
from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from importlib.metadata import version

from openskill.models import PlackettLuce

from service.ratings.record import GameRecord, Side, Tally, reveals_teams

MODEL = PlackettLuce()
"""The model, at the library's default parameters (mu 25, sigma 25/3, beta 25/6, tau 25/300,
weights normalised to 1..2 within a side)."""
LIBRARY = f"openskill {version('openskill')}, Plackett-Luce, default parameters"
TEAMS = "revealed teams rated as teams"
"""The reading of a title whose end may reveal teams (docs/ratings.md, Teams)."""
NO_GAMES = "0" * 64


@dataclass(frozen=True)
class Line:
    """A player's rating in one title."""

    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def rating(self) -> float:
        """Return the rating shown and ranked by: mu - 3 sigma (openskill's ordinal)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Head:
    """A title's ratings so far: how many games, the last one's place in the order, and a
    digest of the game ids in the order they were applied."""

    game: str
    games: int = 0
    last_key: str = ""
    digest: str = NO_GAMES

    def after(self, record: GameRecord) -> Head:
        """Return the head once `record` is applied."""
        digest = hashlib.sha256(f"{self.digest}:{record.game_id}".encode()).hexdigest()
        return Head(self.game, self.games + 1, order_text(record), digest)


def order_text(record: GameRecord) -> str:
    """Return a record's place in the order as text that sorts the same (end, then id)."""
    return f"{record.finished_at}|{record.game_id}"


def new_line(player: str, name: str) -> Line:
    """Return the line of a player before their first game."""
    return Line(player, name, MODEL.mu, MODEL.sigma, 0, 0)


def reading_of(game: str) -> str:
    """Return how a title's games are read: "teams" where its end may reveal teams, else
    empty (every seat for itself); kept with the stored head, so a title read another way
    before is folded again."""
    return "teams" if reveals_teams(game) else ""


def library_of(game: str) -> str:
    """Return what a title's ratings are computed with: the library, and for a title whose
    end may reveal teams, that they are rated as teams."""
    return f"{LIBRARY}, {TEAMS}" if reading_of(game) else LIBRARY


def rating_teams(record: GameRecord) -> list[list[Side]]:
    """Return a record's sides as openskill teams, in the order of the sides: the seats of a
    team the end revealed together, every other seat a team of its own."""
    teams: list[list[Side]] = []
    joined: dict[int, list[Side]] = {}
    for side in record.sides:
        if side.team in joined:
            joined[side.team].append(side)
            continue
        teams.append([side])
        if side.team:
            joined[side.team] = teams[-1]
    return teams


def rate_game(record: GameRecord, lines: Mapping[str, Line]) -> list[Line]:
    """Return the new lines of the players of a rated game, from their lines before it
    (a player missing from `lines` starts anew). A team holds the players of all its seats,
    each weighted by their share of their seat, and ranks as its best seat."""
    teams = rating_teams(record)
    before = [[lines.get(p) or new_line(p, record.names[p])
               for side in team for p in side.players] for team in teams]
    ratings = [[MODEL.rating(mu=line.mu, sigma=line.sigma) for line in team]
               for team in before]
    shares = [[w for side in team for w in side.weights] for team in teams]
    weights = shares if any(len(team) > 1 for team in before) else None
    ranks = [min(side.rank for side in team) for team in teams]
    rated = MODEL.rate(ratings, ranks=[float(rank) for rank in ranks], weights=weights)
    return [replace(line, name=record.names[line.player], mu=after.mu, sigma=after.sigma,
                    games=line.games + 1, wins=line.wins + (rank == 1))
            for rank, team, new in zip(ranks, before, rated, strict=True)
            for line, after in zip(team, new, strict=True)]


def ranked(lines: Iterable[Line]) -> list[Line]:
    """Return lines best first: by rating, then by player key."""
    return sorted(lines, key=lambda line: (-line.rating, line.player))


def add_tally(total: Tally, part: Tally) -> Tally:
    """Return two reliability tallies added."""
    return Tally(*(a + b for a, b in zip(_fields(total), _fields(part), strict=True)))


def _fields(tally: Tally) -> tuple[int, ...]:
    return (tally.started, tally.finished, tally.resigned, tally.replaced, tally.missed,
            tally.defaults)


def reliability_text(tally: Tally | None) -> str:
    """Return a record in a few characters: finished/started, e.g. 9/10."""
    return "-" if tally is None else f"{tally.finished}/{tally.started}"


def format_table(head: Head, lines: Sequence[Line], tallies: Mapping[str, Tally]) -> list[str]:
    """Return a title's table as printed lines: what it was computed with, the games in
    their order (count, last, digest), then one line per player, best first."""
    order = (f"{head.games} rated games, in the order they ended (then by id); last "
             f"{head.last_key or '-'}; order digest {head.digest}")
    columns = (f"{'rank':>4}  {'player':16}  {'rating':>7}  {'mu':>6}  {'sigma':>5}  "
               f"{'games':>5}  {'wins':>4}  {'finished':>8}  name")
    out = [f"Ratings of {head.game}: {library_of(head.game)}", order, columns]
    for place, line in enumerate(ranked(lines), 1):
        out.append(f"{place:>4}  {line.player:16}  {line.rating:7.2f}  {line.mu:6.2f}  "
                   f"{line.sigma:5.2f}  {line.games:>5}  {line.wins:>4}  "
                   f"{reliability_text(tallies.get(line.player)):>8}  {line.name}")
    return out


class Book:
    """Ratings and reliability held in memory, folded from records in the ratings' order
    (the rebuild from archives, and the service's rebuild of a title)."""

    def __init__(self) -> None:
        self.heads: dict[str, Head] = {}
        self.lines: dict[str, dict[str, Line]] = {}
        self.tallies: dict[str, Tally] = {}

    def take(self, record: GameRecord) -> None:
        """Apply one finished game (rated or not: every game counts for reliability)."""
        for player, tally in record.tallies.items():
            self.tallies[player] = add_tally(self.tallies.get(player, Tally()), tally)
        if record.unrated:
            return
        lines = self.lines.setdefault(record.game, {})
        for line in rate_game(record, lines):
            lines[line.player] = line
        self.heads[record.game] = self.heads.get(record.game, Head(record.game)).after(record)

    def table(self, game: str) -> list[str]:
        """Return a title's printed table."""
        return format_table(self.heads.get(game, Head(game)),
                            list(self.lines.get(game, {}).values()), self.tallies)


def fold(records: Iterable[GameRecord]) -> Book:
    """Return the book of every record, applied in the ratings' order."""
    book = Book()
    for record in sorted(records, key=order_text):
        book.take(record)
    return book
