"""Private links: a seat's page is reached by a signature over (game, seat, generation, "web").

Every way a link can be wrong (no such game, no such seat, a signature of another seat, an old
generation) gets the same 404, and counts against the client's allowance of wrong tokens.
"""
from __future__ import annotations

import re
from typing import NoReturn

from flask import abort, current_app

from service.base.config import Config
from service.base.ids import GAME_ID
from service.base.signedhead import SignedHead
from service.base.tokens import signature
from service.game.current import PageGame, read_game
from service.game.loading import LoadedGame, UnknownGameId, load_game
from service.game.meta import GameMeta
from service.game.witness import Head, signed_head
from service.store.store import Store
from service.web.security import count_bad_token, same

WEB = "web"
MASTER = "admin"
MASTER_SEAT = "*"
"""The game master's link is signed for a name no seat can have, with its own purpose."""
SEAT = re.compile(r"^[a-z][a-z0-9_-]{0,23}$")
SIGNATURE = re.compile(r"^[a-z2-7]{16}$")


def config() -> Config:
    """Return the service configuration of the running app."""
    value: Config = current_app.config["PBEM"]
    return value


def store() -> Store:
    """Return the running app's store."""
    value: Store = current_app.extensions["pbem.store"]
    return value


def signed(game_id: str, head: Head | None) -> SignedHead | None:
    """Return a head shown on a page signed by the service (noted as shown), or None."""
    from service.base.signing import kept_signer

    if head is None:
        return None
    return signed_head(store(), kept_signer(config()), game_id, head)


def seat_signature(meta: GameMeta, seat: str) -> str:
    """Return the seat's current web signature (also its API bearer token)."""
    return signature_of(meta.id, seat, meta.generation(seat))


def signature_of(game_id: str, seat: str, generation: int) -> str:
    """Return a seat's web signature for one generation of its links."""
    return signature(config().secret_key(), game_id, seat, generation, WEB)


def master_signature(meta: GameMeta) -> str:
    """Return the signature of the game master's current link of a game."""
    return signature(config().secret_key(), meta.id, MASTER_SEAT, meta.master_generation,
                     MASTER)


def seat_url(meta: GameMeta, seat: str) -> str:
    """Return the seat's private link, absolute."""
    return f"{config().base_url}/play/{meta.id}/{seat}/{seat_signature(meta, seat)}"


def master_url(meta: GameMeta) -> str:
    """Return the game master's private link, absolute."""
    return f"{config().base_url}/admin/games/{meta.id}/{master_signature(meta)}"


def page_game_or_404(game_id: str) -> PageGame:
    """Return the game read for a page (cached at an unchanged head), or 404."""
    if not GAME_ID.match(game_id):
        abort(404)
    try:
        return read_game(store(), game_id)
    except UnknownGameId:
        abort(404)


def refuse() -> NoReturn:
    """Count a wrong token and answer the one 404 every wrong link gets (429 when too many)."""
    count_bad_token()
    abort(404)


def authenticate_seat(game_id: str, seat: str, given: str) -> LoadedGame:
    """Return the game when `given` is the seat's current signature; else 404 (or 429)."""
    if not (GAME_ID.match(game_id) and SEAT.match(seat) and SIGNATURE.match(given)):
        refuse()
    try:
        loaded = load_game(store(), game_id)
    except UnknownGameId:
        refuse()
    if (seat not in loaded.meta.seat_names or not loaded.meta.started
            or not same(given, seat_signature(loaded.meta, seat))):
        refuse()
    return loaded


def authenticate_master(game_id: str, given: str) -> LoadedGame:
    """Return the game when `given` is its game master's signature; else 404 (or 429)."""
    if not (GAME_ID.match(game_id) and SIGNATURE.match(given)):
        refuse()
    try:
        loaded = load_game(store(), game_id)
    except UnknownGameId:
        refuse()
    if not same(given, master_signature(loaded.meta)):
        refuse()
    return loaded


def authenticate_seat_page(game_id: str, seat: str, given: str) -> PageGame:
    """Return the game read for a page (one read; cached at an unchanged head) when `given` is
    the seat's current signature; else 404 (or 429)."""
    if not (GAME_ID.match(game_id) and SEAT.match(seat) and SIGNATURE.match(given)):
        refuse()
    try:
        game = read_game(store(), game_id)
    except UnknownGameId:
        refuse()
    meta = game.loaded.meta
    if (seat not in meta.seat_names or not meta.started  # a table's seats have no page yet
            or not same(given, seat_signature(meta, seat))):
        refuse()
    return game
