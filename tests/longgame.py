"""Long archives built quickly: real rules and a real hash chain, without a store per order.

A Secret Masters game is created through the service, then played on straight from the rules:
random legal orders until a sealed vote is half cast, then the seats that voted change their
minds again and again (each change an accepted order and a `vote-cast` event, as a player
revising a sealed vote by mail would cause). Every order is decided by the engine with the
game's own random stream and every event is chained as the store chains it, so the archive
passes the full audit and imports; it only skips the store's per-order transaction, which is
what makes a 100,000-event game cheap to build.
"""
from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import IO, Any

from engine.core import Rng, canonical_json, sha256_hex
from engine.core.contract import TypeTable
from engine.core.harness import chooser_for
from service.audit.archive import ArchiveHeader, archive_lines, header_for
from service.game.events import SERVICE_EVENTS, OrderAccepted
from service.game.loading import load_game
from service.orders.creation import create_game
from service.store.store import Store
from tests.archives import seats_for

GAME = "secret-masters"
SEED = "5a" * 32
RECORDED_AT = "2026-01-01T00:00:00.000000Z"


_quoted = cache(canonical_json)


class _Log:
    """The events written so far: their count and the hash the next one links to."""

    def __init__(self, game_id: str, seq: int, prev_hash: str, out: IO[bytes]) -> None:
        self.game_id, self.seq, self.prev_hash, self.out = game_id, seq, prev_hash, out
        self.payloads: dict[Any, str] = {}

    def write(self, table: TypeTable, item: Any, actor: str, key: Any = None) -> None:
        """Chain one event and write its archive line (its hashed text with the hash put in).

        The line is the canonical JSON of the event's fields, assembled from the canonical
        JSON of its parts (a revised vote repeats the same payloads thousands of times); `key`
        names the payload where the item itself cannot be hashed.
        """
        self.seq += 1
        payload = self._payload(table, item, item if key is None else key)
        head = f'{{"actor":{_quoted(actor)},"causation":null,"game_id":{_quoted(self.game_id)},'
        tail = (f'"payload":{payload},"prev_hash":"{self.prev_hash}",'
                f'"recorded_at":"{RECORDED_AT}","schema_version":{table.version_of(item)},'
                f'"seq":{self.seq},"type":{_quoted(table.name_of(item))}}}')
        self.prev_hash = sha256_hex(head + tail)
        self.out.write(f'{head}"hash":"{self.prev_hash}",{tail}\n'.encode())

    def _payload(self, table: TypeTable, item: Any, key: Any) -> str:
        """Return the canonical JSON of the item's payload, kept by `key` when it hashes."""
        try:
            payload = self.payloads.get(key)
        except TypeError:  # an event holding a dict: encoded every time
            return canonical_json(table.dump(item)[1])
        if payload is None:
            payload = self.payloads[key] = canonical_json(table.dump(item)[1])
        return payload


class _Players:
    """The seats' choices: random legal play, then endless revisions of a half-cast vote."""

    def __init__(self, game: Any) -> None:
        self.game, self.chooser = game, chooser_for(b"long")
        self.revising: dict[str, tuple[str, list[Any]]] = {}

    def order(self, state: Any) -> tuple[str, Any, str]:
        """Return the next seat to act, its order and the key of the prompt it answers."""
        if not self.revising:
            prompts = self.game.prompts(state)
            voted = [p for p in prompts if p.simultaneous and p.submitted]
            if not voted or len(voted) == len(prompts):
                prompt = self.chooser.choice(prompts)
                legal = list(self.game.legal_orders(state, prompt.seat))
                return prompt.seat, self.chooser.choice(legal), prompt.key
            self.revising = {p.seat: (p.key, list(self.game.legal_orders(state, p.seat)))
                             for p in voted}
        seat = self.chooser.choice(sorted(self.revising))
        key, legal = self.revising[seat]
        return seat, self.chooser.choice(legal), key


def build(folder: Path, sizes: tuple[int, ...]) -> dict[int, Path]:
    """Write archives of one running game cut at (about) each of `sizes` events, ascending,
    its secret seed included so they can be audited and imported; return them by size."""
    store = Store(f"sqlite:///{folder / 'opening.db'}")
    store.create_schema()
    try:
        loaded = create_game(store, GAME, seats_for(GAME, 3), seed_hex=SEED)
        game_id, game = loaded.meta.id, loaded.game
        header = header_for(store, game_id, with_secrets=True)
        opening = "".join(list(archive_lines(store, game_id, with_secrets=True))[1:])
        state = load_game(store, game_id).state
    finally:
        store.dispose()
    body, cuts = folder / "body.jsonl", {}
    players, seed = _Players(game), bytes.fromhex(SEED)
    with body.open("wb") as out:
        out.write(opening.encode("utf-8"))
        log = _Log(game_id, header.events, header.last_hash, out)
        while len(cuts) < len(sizes):
            seat, order, key = players.order(state)
            events, state = game.decide_and_fold(
                state, seat, order, Rng.for_position(seed, game_id, log.seq + 1))
            accepted = OrderAccepted(seat, game.order_to_json(order), game.format_order(order),
                                     key)
            log.write(SERVICE_EVENTS, accepted, seat, (seat, order, key))
            for item in events:
                log.write(game.events, item, seat)
            if log.seq >= sizes[len(cuts)]:
                cuts[sizes[len(cuts)]] = (log.seq, log.prev_hash)
    return {size: _with_header(folder / f"long-{size}.pbem.jsonl", body,
                               dataclasses.replace(header, events=seq, last_hash=last))
            for size, (seq, last) in cuts.items()}


def _with_header(path: Path, body: Path, header: ArchiveHeader) -> Path:
    """Write the header, then the body's first `header.events` lines, to `path`."""
    with path.open("wb") as out, body.open("rb") as lines:
        out.write((canonical_json(header.as_json()) + "\n").encode("utf-8"))
        for _, line in zip(range(header.events), lines):
            out.write(line)
    return path
