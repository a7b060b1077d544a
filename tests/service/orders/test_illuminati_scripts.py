"""Illuminati turn scripts by mail: after an attack the attacker writes the rest of its turn in
the same mail (`then end, end`, `then attack ...`); the script is private, waits for the
attack's windows to close, is applied then, and an order not legal then is dropped with a
private reason while the seat is asked as usual."""
from __future__ import annotations

from pathlib import Path

from engine.illuminati.state import Phase, State
from service.game.history import history
from service.game.loading import load_game
from tests.service.tablemail import Table, open_table

GAME_ID = "11a5e7a1"


def _to_first_attack(table: Table) -> tuple[str, State]:
    """Play to the first turn with actions; return its seat and the state."""
    for _ in range(5):
        loaded = load_game(table.store, table.game_id)
        state = loaded.state
        seat = loaded.game.prompts(state)[0].seat
        if state.phase is Phase.TURN and state.turn.actions > 0 and not state.turn.acted:
            return seat, state
        order = loaded.game.legal_orders(state, seat)[0]
        table.write(seat, loaded.game.format_order(order) + "\n")
    raise AssertionError("no turn began")


def _attack(state: State, seat: str) -> str:
    own = state.player(seat)
    return (f"attack control {state.uncontrolled[0]} with {own.illuminati} spending "
            f"{own.cards[0].money} from illuminati")


def _answer_windows(table: Table, attacker: str) -> None:
    """The others pass every window of the attack until its turn decision comes back."""
    for _ in range(12):
        loaded = load_game(table.store, table.game_id)
        open_ = [p for p in loaded.game.prompts(loaded.state) if not p.submitted]
        if not open_ or open_[0].seat == attacker or loaded.state.turn.seat != attacker:
            return
        table.write(open_[0].seat, "pass\n")


def test_an_attack_and_the_end_of_the_turn_in_one_mail(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="illuminati", game_id=GAME_ID, notify="act")
    seat, state = _to_first_attack(table)
    result = table.write(seat, _attack(state, seat) + ", then end, end\n")
    assert result.accepted and len(result.orders) == 1
    others = [s for s in ("anna", "bruno", "carla") if s != seat]
    for reader in others:  # the script is private
        assert not any("turn: end" in line.text
                       for line in history(table.store, table.game_id, reader))
    _answer_windows(table, seat)
    after = load_game(table.store, table.game_id)
    assert after.state.turn.seat != seat  # the turn ended when the windows closed
    ended = [row for row in table.store.events(table.game_id)
             if row.type == "order.accepted" and row.payload["seat"] == seat]
    assert [(row.actor, row.payload["text"]) for row in ended][-2:] == [
        ("standing", "end"), ("standing", "end")]
    assert not after.meta.standing.get(seat)  # used up


def test_a_scripted_order_not_legal_then_is_dropped_privately(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="illuminati", game_id=GAME_ID, notify="act")
    seat, state = _to_first_attack(table)
    # the same target again: once the first attack is resolved it is no longer uncontrolled
    # or the action is spent, so the second attack cannot be given as written
    second = _attack(state, seat).replace(f" spending {state.player(seat).cards[0].money}",
                                          " spending 99")
    assert table.write(seat, _attack(state, seat) + f", then {second}\n").accepted
    _answer_windows(table, seat)
    after = load_game(table.store, table.game_id)
    dropped = [row for row in table.store.events(table.game_id)
               if row.type == "standing.dropped"]
    assert dropped and dropped[-1].payload["seat"] == seat
    assert dropped[-1].payload["reason"]
    prompt = after.game.prompt_for(after.state, seat)
    assert prompt is not None and not prompt.submitted  # asked as usual
    for reader in [s for s in ("anna", "bruno", "carla") if s != seat]:
        assert all(line.seq != dropped[-1].seq
                   for line in history(table.store, table.game_id, reader))
