"""The standings sweep, every minute: the ratings catch up with the games that ended since the
last run (each recorded and applied once, by the database's keys), then every tournament whose
round is over is seated for its next round, or finished."""
from __future__ import annotations

from typing import Protocol

from service.ratings.stored import RatingsStore, catch_up
from service.tournaments.running import TournamentStore, advance


class StandingsStore(RatingsStore, TournamentStore, Protocol):
    """The store as the sweep uses it: finished games' logs, the ratings' and tournaments'
    tables, and new games."""


def sweep_standings(store: StandingsStore) -> dict[str, int]:
    """Bring the ratings, reliability records and tournaments up to date; return what was
    done."""
    recorded = catch_up(store)
    return {"recorded": recorded, "rounds": advance(store)}
