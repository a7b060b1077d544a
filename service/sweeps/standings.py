"""The standings sweep: the ratings catch up with the games that ended since the last run
(each recorded and applied once, by the database's keys), every minute."""
from __future__ import annotations

from service.ratings.stored import RatingsStore, catch_up


def sweep_standings(store: RatingsStore) -> dict[str, int]:
    """Bring the ratings and reliability records up to date; return what was done."""
    return {"recorded": catch_up(store)}
