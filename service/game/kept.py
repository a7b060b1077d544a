"""The games this process folded lately, each at one head of its log: (game id, seq, hash).

Pages read a game at its head from here when its row names the same head
(`service.game.current`); a worker that has just appended to a game keeps the state it decided
here (`remember_game`), so the mail that append caused is composed from it without folding the
log again. The hash names the whole log up to the seq, so an entry is never served for another
state of the game. Light on purpose: the orders path of the embedded store imports it without
the database library.
"""
from __future__ import annotations

from dataclasses import replace

from service.base.lru import LruCache
from service.game.loading import LoadedGame

GAMES_KEPT = 64

games: LruCache[tuple[str, int, str], LoadedGame] = LruCache(GAMES_KEPT)


def remember_game(loaded: LoadedGame) -> None:
    """Keep the game as an append has just left it, under its new head.

    A copy is kept: the caller may go on folding into its own (a submission of several lines
    appends once per line), while what is kept stays the state at this head. The copy has no
    registry row: the row it was read with names an older head."""
    if loaded.head_hash:
        games.put((loaded.meta.id, loaded.seq, loaded.head_hash), replace(loaded, row=None))


def forget_games() -> None:
    """Drop every kept game (tests, and after a restore that reuses game ids)."""
    games.clear()
