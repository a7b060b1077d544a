"""Large stores built quickly: a real game padded with well-chained press events, and many
games cloned from one real game (each clone's hash chain recomputed for its own id)."""
from __future__ import annotations

from dataclasses import asdict
from typing import Any

from engine.core import canonical_json
from service.game.loading import fold_rows, snapshot_of
from service.orders.creation import NewSeat, create_game
from service.store.records import Append, NewEvent, StoredEvent
from service.store.schema import deadlines as deadlines_t
from service.store.schema import events as events_t
from service.store.schema import games as games_t
from service.store.schema import outbox as outbox_t
from service.store.store import CHECKPOINT_EVERY, Store, event_hash

SEATS = [NewSeat(name, f"{name}@example.org", name.capitalize())
         for name in ("anna", "bruno", "carla")]
BATCH = 2000
FAR = "2099-01-01T00:00:00Z"


def long_game(store: Store, events: int, seed: int = 1) -> str:
    """Return a real Secret Masters game whose log holds `events` events (press fills it).

    Every press event has a sent email in the outbox, as a played game would, and there is a
    snapshot after every CHECKPOINT_EVERY events and at the end, as the service keeps them.
    """
    loaded = create_game(store, "secret-masters", SEATS, {"long": "yes"},
                         seed_hex=f"{seed:064x}")
    game_id, seq = loaded.meta.id, loaded.seq
    names = [seat.name for seat in SEATS]
    while seq < events:
        count = min(CHECKPOINT_EVERY - seq % CHECKPOINT_EVERY, events - seq)
        batch = [NewEvent("press.sent", {"sender": names[i % 3], "recipients": [],
                                         "text": f"Press message {seq + i + 1}.",
                                         "anonymous": False, "to_all": True},
                          actor=names[i % 3]) for i in range(count)]
        stored = store.append(Append(game_id, seq, batch))
        _sent_outbox(store, game_id, stored, names)
        seq = stored[-1].seq
        loaded = fold_rows(loaded, game_id, store.event_rows(game_id, loaded.seq, seq))
        store.save_snapshot(game_id, seq, loaded.game.version, snapshot_of(loaded, stored[-1].hash))
    return game_id


def _sent_outbox(store: Store, game_id: str, stored: list[StoredEvent],
                 names: list[str]) -> None:
    """Write one delivered press email per event, as the worker would have left it."""
    rows = [{"game_id": game_id, "seq": item.seq, "recipient": names[(item.seq + 1) % 3],
             "kind": "press", "payload": "{}", "status": "sent", "attempts": 1,
             "created_at": item.recorded_at} for item in stored]
    with store._writer.begin() as conn:
        conn.execute(outbox_t.insert(), rows)


def many_games(store: Store, count: int, real: int = 5) -> tuple[list[str], list[str]]:
    """Fill the store with `count` running games: `real` made by the service, the rest their
    clones. Return (ids of the real ones, ids of all). The clones' deadlines are far off, each
    has delivered emails, and its seats' addresses are its own."""
    made = [create_game(store, "freimaurerei", SEATS[:2], seed_hex=f"{n + 1:064x}",
                        deadline_hours=48).meta.id for n in range(real)]
    template = store.events(made[0])
    row = store.get_game(made[0])
    assert row is not None
    ids = list(made)
    for start in range(real, count, BATCH):
        clones = [f"{number:08x}" for number in range(start, min(count, start + BATCH))]
        _insert_clones(store, row, template, clones)
        ids += clones
    return made, ids


def _own_addresses(created: dict[str, Any], game_id: str) -> dict[str, Any]:
    """Return a game's opening event with its seats played from addresses of the clone's own
    (so that an address plays the real games only, as on a server of many players)."""
    seats = [seat | {"email": f"{seat['name']}@{game_id}.example.org"}
             for seat in created["seats"]]
    return created | {"seats": seats}


def _insert_clones(store: Store, row: Any, template: list[StoredEvent],
                   clones: list[str]) -> None:
    """Insert games, chained events, far-off deadlines and sent emails for each clone id."""
    games, events, deadlines, outbox = [], [], [], []
    for game_id in clones:
        prev = template[0].prev_hash
        for item in template:
            payload = _own_addresses(item.payload, game_id) if item.seq == 1 else item.payload
            digest = event_hash(game_id, item.seq, item.type, item.schema_version,
                                payload, item.actor, item.causation, item.recorded_at, prev)
            values = asdict(item) | {"game_id": game_id, "prev_hash": prev, "hash": digest,
                                     "payload": canonical_json(payload)}
            events.append(values)
            prev = digest
        games.append({**asdict(row), "id": game_id, "head_seq": template[-1].seq,
                      "head_hash": prev})
        deadlines += [{"game_id": game_id, "seat": seat.name, "prompt_key": "k", "due": FAR,
                       "seq": template[-1].seq, "next_at": FAR} for seat in SEATS[:2]]
        outbox += [{"game_id": game_id, "seq": template[-1].seq, "recipient": seat.name,
                    "kind": "turn", "payload": "{}", "status": "sent", "attempts": 1,
                    "created_at": row.created_at} for seat in SEATS[:2]]
    with store._writer.begin() as conn:
        conn.execute(games_t.insert(), games)
        conn.execute(events_t.insert(), events)
        conn.execute(deadlines_t.insert(), deadlines)
        conn.execute(outbox_t.insert(), outbox)
