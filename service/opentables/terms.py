"""A table's terms for joining: the least share of finished games and the least rating its
game master asked for, checked against the player's reliability record and rating."""
from __future__ import annotations

from service.game.meta import GameMeta
from service.orders.results import ServiceError
from service.ratings.record import player_key
from service.ratings.stored import line_of, reliability_of
from service.ratings.table import MODEL
from service.store.roles import Connections


def check_terms(store: Connections, meta: GameMeta, email: str) -> None:
    """Raise ServiceError, saying what the table asks and what the player has, unless the
    player at `email` meets the table's terms. A player with no ended game has no record yet
    and meets any least share; a player with no rated game of the title has the first rating."""
    terms = meta.table.terms if meta.table is not None else None
    if terms is None:
        return
    player = player_key(email)
    if terms.min_finished:
        record = reliability_of(store, [player]).get(player)
        if record is not None and record.started:
            share = 100 * record.finished // record.started
            if share < terms.min_finished:
                raise ServiceError(
                    f"game {meta.id} takes players who finished at least {terms.min_finished}% "
                    f"of the games they started; you finished {record.finished} of "
                    f"{record.started} ({share}%)", "terms-reliability")
    if terms.min_rating is not None:
        line = line_of(store, meta.game, player)
        rating = line.rating if line is not None else MODEL.mu - 3 * MODEL.sigma
        if rating < terms.min_rating:
            raise ServiceError(
                f"game {meta.id} takes players rated at least {terms.min_rating:.2f} in "
                f"{meta.game}; your rating there is {rating:.2f}"
                + ("" if line else " (no rated game yet)"), "terms-rating")
