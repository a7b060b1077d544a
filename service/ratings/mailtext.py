"""The ratings by mail, at the public address: `ratings TITLE` (the best of a title) and `me`
(the sender's ratings and reliability record)."""
from __future__ import annotations

from service.ratings.record import player_key
from service.ratings.stored import (
    leaderboard,
    lines_of_player,
    place_of,
    player_count,
    reliability_of,
)
from service.ratings.table import library_of
from service.store.roles import Connections

MAILED_LINES = 20
"""How many of the best players `ratings TITLE` lists."""


def title_text(store: Connections, game: str, base_url: str) -> str:
    """Return the best players of a title, with where to see the whole table."""
    lines = leaderboard(store, game, MAILED_LINES)
    if not lines:
        return f"No rated game of {game} has ended yet."
    count = player_count(store, game)
    out = [f"Ratings of {game} ({library_of(game)}): the best {len(lines)} of {count}",
           f"{'#':>3}  {'rating':>7}  {'games':>5}  {'wins':>4}  name (player)"]
    out += [f"{place:>3}  {line.rating:7.2f}  {line.games:>5}  {line.wins:>4}  {line.name} "
            f"({line.player})" for place, line in enumerate(lines, 1)]
    out.append(f"The whole table: {base_url}/ratings/{game}")
    return "\n".join(out)


def me_text(store: Connections, email: str, base_url: str) -> str:
    """Return the ratings and reliability record of the player at `email`."""
    player = player_key(email)
    record = reliability_of(store, [player]).get(player)
    lines = lines_of_player(store, player)
    out = [f"Your player key is {player} (the same from any archive of your games)."]
    if record is None:
        out.append("You have no ended game here yet.")
    else:
        out.append(f"Reliability: started {record.started} games that ended, finished "
                   f"{record.finished}; resigned {record.resigned}, replaced {record.replaced}; "
                   f"{record.missed} deadlines missed, {record.defaults} default orders taken.")
    for game, line in lines.items():
        out.append(f"{game}: rating {line.rating:.2f} (mu {line.mu:.2f}, sigma "
                   f"{line.sigma:.2f}), place {place_of(store, game, line)}, {line.games} "
                   f"games, {line.wins} wins")
    if record is not None and not lines:
        out.append("No rated game yet.")
    out.append(f"Your page: {base_url}/players/{player}")
    return "\n".join(out)
