"""What one finished game gives the ratings and the reliability records, read from its log.

A pure function of the events (from the store or from a verified archive alike), so the
service and anyone holding the archives derive the same record (docs/ratings.md).
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import Game, UnknownGame, get_game
from service.game.events import (
    DEADLINE_ACTOR,
    HOUSE_ACTOR,
    SERVICE_EVENTS,
    GameCreated,
    GameFinished,
    GameRated,
    OrderAccepted,
    SeatHouse,
    SeatReplaced,
    SeatResigned,
    is_service_event,
)
from service.game.meta import normal_address
from service.store.records import StoredEvent

MIN_SHARE = 0.2
"""A player who held a seat for less than this share of its decisions is left out of its
rating (partial play); the others of the seat are rated as one side, weighted by share."""
GAME_MASTER_END = "game-master"


def player_key(email: str) -> str:
    """Return a player's public identity: 16 hex digits of the SHA-256 of their address as
    compared (anyone with an archive computes it; no page shows the address)."""
    return hashlib.sha256(f"pbem-player:{normal_address(email)}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Tally:
    """One player's part in one game, for the reliability record."""

    started: int = 0
    finished: int = 0
    resigned: int = 0
    replaced: int = 0
    missed: int = 0
    defaults: int = 0


@dataclass(frozen=True)
class Side:
    """One seat as the rating sees it: its players with their weights, its rank, and the
    team the end of the game revealed it in (numbered from 1, the winners' first; 0: the
    seat played for itself)."""

    players: tuple[str, ...]
    weights: tuple[float, ...]
    rank: int
    seat: str = ""
    team: int = 0


def reveals_teams(game: str) -> bool:
    """Return whether a title's end may reveal teams (then its games are rated as teams)."""
    try:
        return get_game(game).reveals_teams()
    except UnknownGame:
        return False


@dataclass(frozen=True)
class GameRecord:
    """A finished game: its title, when it ended, why it is unrated (empty: it is rated), its
    sides, the players' names and each player's tally."""

    game_id: str
    game: str
    finished_at: str
    unrated: str
    sides: tuple[Side, ...]
    names: Mapping[str, str]
    tallies: Mapping[str, Tally] = field(default_factory=dict)

    @property
    def order_key(self) -> tuple[str, str]:
        """Return where the game falls in the ratings' order: its end, then its id."""
        return (self.finished_at, self.game_id)


@dataclass
class _Holding:
    """A seat's players in turn: (player key, decisions while held) and its own counters."""

    players: list[list[Any]]
    house: bool = False


def game_record(events: Iterable[StoredEvent]) -> GameRecord | None:
    """Return the record of a finished game from its log, or None if it has not ended."""
    reader = _Reader()
    for item in events:
        reader.take(item)
    return reader.record()


class _Reader:
    """Folds a log into a GameRecord, one event at a time."""

    def __init__(self) -> None:
        self.game_id = self.game = ""
        self.rated = self.house = False
        self.seats: dict[str, _Holding] = {}
        self.names: dict[str, str] = {}
        self.tallies: dict[str, dict[str, int]] = {}
        self.finished: GameFinished | None = None
        self.finished_at = ""
        self.rules: Game[Any] | None = None
        self.state: Any = None

    def take(self, stored: StoredEvent) -> None:
        """Fold one stored event (the game's own only where its end may reveal teams)."""
        if not is_service_event(stored.type):
            if self.rules is not None:
                self.state = self.rules.evolve(self.state, self.rules.events.load(
                    stored.type, stored.payload, stored.schema_version))
            return
        item = SERVICE_EVENTS.load(stored.type, stored.payload, stored.schema_version)
        if isinstance(item, GameCreated):
            self.game_id, self.game = stored.game_id, item.game
            self._rules(item)
            for seat in item.seats:
                self._hold(seat.name, seat.email, seat.player)
        elif isinstance(item, OrderAccepted):
            self._order(item.seat, stored.actor)
        elif isinstance(item, SeatReplaced):
            self._count(self._holder(item.seat), "replaced")
            self._hold(item.seat, item.email, item.player)
        elif isinstance(item, SeatResigned):
            self._count(self._holder(item.seat), "resigned")
        elif isinstance(item, SeatHouse) and item.house:
            self.house = True
        elif isinstance(item, GameRated):
            self.rated = item.rated
        elif isinstance(item, GameFinished):
            self.finished, self.finished_at = item, stored.recorded_at

    def _rules(self, created: GameCreated) -> None:
        """Fold the game's state too when its end may reveal teams, to read them at the end
        (every event is public once the game is over: the archive's reader folds the same)."""
        if not reveals_teams(created.game):
            return
        self.rules = get_game(created.game, created.engine_version)
        self.state = self.rules.initial_state(tuple(seat.name for seat in created.seats),
                                              created.options)

    def _hold(self, seat: str, email: str, player: str) -> None:
        """Hand a seat to a player (no address: the house's seat)."""
        holding = self.seats.setdefault(seat, _Holding([]))
        if not email:
            holding.house = self.house = True
            return
        key = player_key(email)
        holding.players.append([key, 0])
        self.names[key] = player
        self.tallies.setdefault(key, {"started": 1})

    def _holder(self, seat: str) -> str | None:
        """Return the key of the player holding a seat now (None: the house's seat)."""
        holding = self.seats.get(seat)
        return holding.players[-1][0] if holding and holding.players else None

    def _count(self, key: str | None, what: str) -> None:
        if key is not None:
            self.tallies[key][what] = self.tallies[key].get(what, 0) + 1

    def _order(self, seat: str, actor: str) -> None:
        """Count a decision of the seat for its holder; a deadline's or the house's order is
        a default the holder took (a deadline's is also a missed deadline)."""
        holding = self.seats.get(seat)
        if holding is None or not holding.players:
            return
        holding.players[-1][1] += 1
        if actor in (DEADLINE_ACTOR, HOUSE_ACTOR):
            self._count(holding.players[-1][0], "defaults")
        if actor == DEADLINE_ACTOR:
            self._count(holding.players[-1][0], "missed")

    def record(self) -> GameRecord | None:
        """Return the record, or None for a game that has not ended."""
        if self.finished is None:
            return None
        resigned = {key for key, counts in self.tallies.items() if counts.get("resigned")}
        for seat in self.seats:
            holder = self._holder(seat)
            if holder is not None and holder not in resigned:
                self._count(holder, "finished")
        sides = self._teamed(tuple(self._sides()))
        tallies = {key: Tally(**counts) for key, counts in self.tallies.items()}
        return GameRecord(self.game_id, self.game, self.finished_at, self._unrated(sides),
                          sides, dict(self.names), tallies)

    def _unrated(self, sides: tuple[Side, ...]) -> str:
        """Return why the game is not rated (empty: it is)."""
        assert self.finished is not None
        if not self.rated:
            return "not rated at creation"
        if self.house:
            return "the house played a seat"
        if self.finished.termination == GAME_MASTER_END:
            return "ended by the game master"
        if len({p for side in sides for p in side.players}) < 2:
            return "fewer than two rated players"
        teams = {side.team or -number for number, side in enumerate(sides, 1)}
        if any(side.team for side in sides) and len(teams) < 2:
            return "fewer than two rated teams"
        return ""

    def _teamed(self, sides: tuple[Side, ...]) -> tuple[Side, ...]:
        """Return the sides with the teams the end revealed (unchanged when it revealed none:
        each seat played for itself)."""
        teams = self.rules.revealed_teams(self.state) if self.rules is not None else None
        number = {seat: index for index, seats in enumerate(teams or (), 1) for seat in seats}
        if not number:
            return sides
        return tuple(replace(side, team=number.get(side.seat, 0)) for side in sides)

    def _sides(self) -> Iterable[Side]:
        """Yield each seat with players as a side, ranked by the outcome."""
        assert self.finished is not None
        ranks = outcome_ranks(list(self.seats), self.finished.winners, self.finished.scores)
        for seat, holding in self.seats.items():
            total = sum(count for _, count in holding.players) or 1
            kept = [(key, count / total) for key, count in holding.players
                    if count / total >= MIN_SHARE or len(holding.players) == 1]
            if holding.house or not kept:
                continue
            yield Side(tuple(k for k, _ in kept), tuple(round(w, 6) for _, w in kept),
                       ranks[seat], seat)


def outcome_ranks(seats: list[str], winners: Iterable[str],
                  scores: Mapping[str, int]) -> dict[str, int]:
    """Return each seat's rank: 1 for the winners (shared wins tie), then the others by
    score, highest first, equal scores tied; without scores every other seat ties second."""
    won = set(winners)
    others = sorted({scores.get(seat, 0) for seat in seats if seat not in won}, reverse=True)
    place = {score: index + 2 for index, score in enumerate(others)}
    base = 1 if won else 0
    return {seat: 1 if seat in won else place[scores.get(seat, 0)] - 1 + base
            for seat in seats}
