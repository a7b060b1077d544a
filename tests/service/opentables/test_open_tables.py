"""Open tables: players join, leave, the last seat starts the game, the game master starts or
cancels it, it expires, invitations lead to a private table; all of it in the game's log."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest

from service.audit.rerun import audit
from service.audit.verify import verify
from service.base import clock
from service.cli.selfplay import play_to_end
from service.game.loading import load_game
from service.game.seating import seating
from service.opentables.lifecycle import (
    close_table,
    expire_tables,
    join_table,
    leave_table,
    make_invitation,
    open_game,
    revoke_invitation,
    start_table,
)
from service.orders.creation import NewSeat
from service.orders.results import ServiceError
from service.store.store import Store

SEED = "7ab1e" * 12 + "0123"
ANNA = NewSeat("anna", "anna@example.org", "Anna")


def opened(store: Store, open_seats: int = 2, **kwargs: object) -> str:
    """Open a Secret Masters table with anna named and `open_seats` for whoever joins."""
    return open_game(store, "secret-masters", [ANNA], open_seats, seed_hex=SEED,
                     **kwargs).meta.id  # type: ignore[arg-type]


def test_the_last_seat_taken_starts_the_game_in_the_order_drawn_from_the_seed(
        store: Store) -> None:
    game_id = opened(store)
    assert store.get_game(game_id).status == "open"  # type: ignore[union-attr]
    assert join_table(store, game_id, "Bruno Brandt", "bruno@example.org", "l1") == \
        "bruno-brandt"
    waiting = load_game(store, game_id)
    assert not waiting.meta.started and waiting.state is None
    assert waiting.meta.seat_names == ("anna", "bruno-brandt")
    join_table(store, game_id, "Carla", "carla@example.org", "l2")
    loaded = load_game(store, game_id)
    assert loaded.meta.started and store.get_game(game_id).status == "active"  # type: ignore
    created_seq = next(e.seq for e in store.events(game_id) if e.type == "game.created")
    drawn = seating(bytes.fromhex(SEED), game_id, created_seq, waiting.meta.seats
                    + load_game(store, game_id, upto=created_seq - 2).meta.seats[2:])
    assert loaded.meta.seat_names == tuple(seat.name for seat in drawn)
    kinds = {(row.recipient, row.kind) for row in store.outbox_for_game(game_id)}
    assert {("anna", "turn"), ("bruno-brandt", "turn"), ("carla", "turn")} <= kinds
    assert ("carla", "table-joined") not in kinds  # the last to join gets the start at once
    assert verify(store, game_id).ok


def test_an_open_game_played_to_its_end_passes_the_audit(store: Store) -> None:
    game_id = opened(store)
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    join_table(store, game_id, "Carla", "carla@example.org", "l2")
    play_to_end(store, load_game(store, game_id), bytes.fromhex(SEED))
    report = audit(store, game_id)
    assert report.finished and report.orders > 0


def test_a_forged_seating_fails_the_audit(store: Store) -> None:
    from service.audit.rerun import AuditFailure, rerun_log

    game_id = opened(store)
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    join_table(store, game_id, "Carla", "carla@example.org", "l2")
    entries = [dict(vars(event)) for event in store.iter_events(game_id)]
    created = next(e for e in entries if e["type"] == "game.created")
    created["payload"] = {**created["payload"], "seats": created["payload"]["seats"][::-1]}
    with pytest.raises(AuditFailure, match="order drawn from the seed"):
        rerun_log(game_id, SEED, entries, require_finished=False)


def test_bad_joins_get_clear_answers(store: Store) -> None:
    game_id = opened(store)
    with pytest.raises(ServiceError, match="plays seat anna") as already:
        join_table(store, game_id, "Anna again", "ANNA@example.org", "l0")
    assert already.value.code == "already-joined"
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    join_table(store, game_id, "Carla", "carla@example.org", "l2")
    with pytest.raises(ServiceError) as started:
        join_table(store, game_id, "Dora", "dora@example.org", "l3")
    assert started.value.code == "started"


def test_one_link_takes_one_seat(store: Store) -> None:
    game_id = opened(store)
    join_table(store, game_id, "Bruno", "bruno@example.org", "same")
    with pytest.raises(ServiceError) as again:
        join_table(store, game_id, "Bruno", "bruno2@example.org", "same")
    assert again.value.code == "link-used"


def test_two_players_racing_for_the_last_seat_get_one_seat(store: Store) -> None:
    game_id = opened(store, open_seats=2)
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")

    def join(n: int) -> str:
        try:
            return join_table(store, game_id, f"P{n}", f"p{n}@example.org", f"race{n}")
        except ServiceError as exc:
            return exc.code

    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(join, range(4)))
    assert len([a for a in answers if a.startswith("p")]) == 1
    refused = [a for a in answers if not a.startswith("p")]
    assert len(refused) == 3 and set(refused) <= {"full", "started"}
    loaded = load_game(store, game_id)
    assert loaded.meta.started and len(loaded.meta.seats) == 3


def test_a_player_may_leave_before_the_start(store: Store) -> None:
    game_id = opened(store)
    seat = join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    leave_table(store, game_id, seat)
    assert load_game(store, game_id).meta.seat_names == ("anna",)
    join_table(store, game_id, "Bruno", "bruno@example.org", "l2")
    with pytest.raises(ServiceError) as gone:
        leave_table(store, game_id, "zed")
    assert gone.value.code == "unknown-seat"


def test_the_game_master_starts_with_enough_players_or_cancels(store: Store) -> None:
    game_id = open_game(store, "masons", [ANNA], 3, seed_hex=SEED).meta.id
    with pytest.raises(ServiceError) as few:
        start_table(store, game_id, "game-master")
    assert few.value.code == "too-few"
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    join_table(store, game_id, "Carla", "carla@example.org", "l2")
    loaded = start_table(store, game_id, "game-master")  # three of four
    assert loaded.meta.started and len(loaded.meta.seats) == 3
    with pytest.raises(ServiceError) as late:
        close_table(store, game_id, "cancelled")
    assert late.value.code == "started"
    other = opened(store, game_id="5ec0d000")
    join_table(store, other, "Bruno", "bruno@example.org", "l3")
    close_table(store, other, "cancelled")
    assert store.get_game(other).status == "cancelled"  # type: ignore[union-attr]
    told = {(r.recipient, r.kind) for r in store.outbox_for_game(other)}
    assert {("anna", "table-closed"), ("bruno", "table-closed")} <= told
    with pytest.raises(ServiceError, match="cancelled"):
        join_table(store, other, "Carla", "carla@example.org", "l4")


def test_a_table_that_does_not_fill_expires_and_its_players_are_told(store: Store) -> None:
    game_id = opened(store, open_days=3)
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    assert expire_tables(store) == []
    clock.set_now(clock.now() + timedelta(days=3, minutes=1))
    try:
        with pytest.raises(ServiceError) as late:
            join_table(store, game_id, "Carla", "carla@example.org", "l2")
        assert late.value.code == "expired"
        notices = expire_tables(store)
        assert len(notices) == 2 and expire_tables(store) == []
    finally:
        clock.set_now(None)
    assert store.get_game(game_id).status == "expired"  # type: ignore[union-attr]
    assert load_game(store, game_id).meta.table.status == "expired"  # type: ignore[union-attr]


def test_a_private_table_is_joined_by_invitation_only(store: Store) -> None:
    game_id = open_game(store, "masons", [ANNA], 3, seed_hex=SEED, listed=False).meta.id
    with pytest.raises(ServiceError) as private:
        join_table(store, game_id, "Bruno", "bruno@example.org", "l1")
    assert private.value.code == "private"
    once = make_invitation(store, game_id, uses=1)
    join_table(store, game_id, "Bruno", "bruno@example.org", "l1", once)
    with pytest.raises(ServiceError) as used_up:
        join_table(store, game_id, "Carla", "carla@example.org", "l2", once)
    assert used_up.value.code == "invitation-used-up"
    any_number = make_invitation(store, game_id)
    revoke_invitation(store, game_id, any_number)
    with pytest.raises(ServiceError) as revoked:
        join_table(store, game_id, "Carla", "carla@example.org", "l2", any_number)
    assert revoked.value.code == "invitation-revoked"
    with pytest.raises(ServiceError):
        revoke_invitation(store, game_id, "nope")


def test_tables_must_fit_the_game(store: Store) -> None:
    with pytest.raises(ServiceError) as crowded:
        open_game(store, "secret-masters", [ANNA], 9, seed_hex=SEED)
    assert crowded.value.code == "bad-seat-count"
    with pytest.raises(ServiceError) as none_open:
        open_game(store, "secret-masters", [ANNA], 0, seed_hex=SEED)
    assert none_open.value.code == "bad-seat-count"
    with pytest.raises(ServiceError) as forever:
        opened(store, open_days=365)
    assert forever.value.code == "bad-expiry"
