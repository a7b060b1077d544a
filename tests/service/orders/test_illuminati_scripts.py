"""Illuminati turn scripts by mail: after an attack the attacker writes the rest of its turn in
the same mail (`then end, end`, `then attack ...`); the script is private, waits for the
attack's windows to close, is applied then, and an order not legal then is dropped with a
private reason while the seat is asked as usual."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.illuminati.state import Phase, State
from service.game.history import history
from service.game.loading import load_game
from tests.service.tablemail import Table, open_table, text_of

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


def _scripted(table: Table, seat: str) -> list[str]:
    """Return the orders the seat's script gave (actor `standing`), in order."""
    return [row.payload["text"] for row in table.store.events(table.game_id)
            if row.type == "order.accepted" and row.actor == "standing"
            and row.payload["seat"] == seat]


def _outcome(table: Table) -> bool:
    [resolved] = [row for row in table.store.events(table.game_id)
                  if row.type == "attack-resolved"]
    return bool(resolved.payload["success"])


@pytest.mark.parametrize(("spending", "success"), [(16, True), (0, False)])
def test_the_branch_of_how_the_attack_ended_is_used(tmp_path: Path, spending: int,
                                                    success: bool) -> None:
    table = open_table(tmp_path, game="illuminati", game_id=GAME_ID, notify="act")
    seat, _ = _to_first_attack(table)
    target = "survivalists" if success else "fbi"
    attack = f"attack control {target} with illuminati spending {spending} from illuminati"
    other = next(s for s in ("anna", "bruno", "carla") if s != seat)
    result = table.write(seat, f"{attack}, at the roll pass, if it fails then give 1 to "
                               f"{other}, if it succeeds then end, then end, end\n")
    assert result.accepted and len(result.orders) == 1  # the attack; the rest is private
    _answer_windows(table, seat)
    assert _outcome(table) is success
    after = load_game(table.store, table.game_id)
    assert after.state.turn.seat != seat  # the script ended the turn either way
    # then `end, end` as far as the turn still needs them
    assert _scripted(table, seat)[:2] == (["end", "end"] if success
                                          else [f"give 1 to {other}", "end"])
    assert not [row for row in table.store.events(table.game_id)
                if row.type == "standing.dropped"]  # the branch not taken is not an error


def test_the_branch_of_a_called_off_attack_is_used(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="illuminati", game_id=GAME_ID, notify="act")
    seat, _ = _to_first_attack(table)
    other = next(s for s in ("anna", "bruno", "carla") if s != seat)
    assert table.write(seat, f"attack control survivalists with illuminati, if it fails then "
                             f"end, if it is called off then give 2 to {other}, then end, "
                             "end\n").accepted
    loaded = load_game(table.store, table.game_id)
    assert loaded.state.phase is Phase.RESPONSE  # the window is open: it may be called off
    assert table.write(seat, "call off\n").accepted
    after = load_game(table.store, table.game_id)
    assert after.state.turn.seat != seat
    assert _scripted(table, seat)[:2] == [f"give 2 to {other}", "end"]


def test_a_branch_not_legal_then_is_dropped_privately_and_the_others_with_it(
        tmp_path: Path) -> None:
    table = open_table(tmp_path, game="illuminati", game_id=GAME_ID, notify="act")
    seat, _ = _to_first_attack(table)
    again = "attack control fbi with illuminati spending 99 from illuminati"
    assert table.write(seat, f"attack control fbi with illuminati, if it fails then {again}, "
                             f"if it succeeds then {again}, then end, end\n").accepted
    _answer_windows(table, seat)
    after = load_game(table.store, table.game_id)
    [dropped] = [row for row in table.store.events(table.game_id)
                 if row.type == "standing.dropped"]
    assert dropped.payload["seat"] == seat and dropped.payload["reason"]
    assert dropped.payload["entry"].startswith("turn: if it fails then attack")
    assert [e.written for e in after.meta.standing[seat]] == ["end", "end"]  # the other went
    prompt = after.game.prompt_for(after.state, seat)
    assert prompt is not None and not prompt.submitted  # asked as usual
    for reader in [s for s in ("anna", "bruno", "carla") if s != seat]:
        assert all(line.seq != dropped.seq
                   for line in history(table.store, table.game_id, reader))
        assert not any("if it" in line.text
                       for line in history(table.store, table.game_id, reader))


def test_a_branch_must_follow_an_attack(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="illuminati", game_id=GAME_ID, notify="act")
    seat, _ = _to_first_attack(table)
    result = table.write(seat, "transfer 1 from illuminati to illuminati, if it fails then "
                               "end\n")
    assert not result.accepted
    assert "a branch follows an attack" in (result.message or "")
    result = table.write(seat, "attack control fbi with illuminati, if it explodes then end\n")
    assert not result.accepted and "not a condition" in (result.message or "")
    assert "if it fails | if it is called off" in result.legal


def _others_read(table: Table, seat: str) -> dict[str, Any]:
    """Return what each other seat reads: its history (numbers and lines) and its view."""
    loaded = load_game(table.store, table.game_id)
    return {other: ([(line.seq, line.text) for line in history(table.store, table.game_id,
                                                                other)],
                    loaded.game.view(loaded.state, other))
            for other in ("anna", "bruno", "carla") if other != seat}


def _play_turn(table: Table, seat: str) -> None:
    """Answer every decision until the seat's turn is over: the others pass, the seat too."""
    for _ in range(20):
        loaded = load_game(table.store, table.game_id)
        if loaded.state.turn.seat != seat:
            return
        open_ = [p for p in loaded.game.prompts(loaded.state) if not p.submitted]
        table.write(open_[0].seat, "end\n" if loaded.state.phase in (Phase.TURN, Phase.END)
                    else "pass\n")
    raise AssertionError("the turn did not end")


def test_branches_show_every_other_seat_the_same_as_a_script_without(tmp_path: Path) -> None:
    """Twins: a script with branches, and a script giving the same orders without them (each
    writes its script in the same append, so the dice are drawn at the same positions);
    every other seat reads the same history, line for line and number for number, and the
    same view in both, though the branches are used up in private events of the first."""
    read, seqs = [], []
    branches = (", at the roll pass, if it fails then end, if it succeeds then end, if it is "
                "called off then end, then end")
    for twin, script in (("branches", branches),
                         ("plain", ", then end, end")):
        table = open_table(tmp_path / twin, game="illuminati", game_id=GAME_ID,
                           notify="every")
        seat, _ = _to_first_attack(table)
        assert table.write(seat, f"attack control fbi with illuminati{script}\n").accepted
        _play_turn(table, seat)
        read.append(_others_read(table, seat))
        seqs.append(load_game(table.store, table.game_id).seq)
    assert seqs[0] > seqs[1]  # the branches were used up, in events the others do not see
    assert read[0] == read[1]


@pytest.mark.parametrize("asked", ["help script", "help attack", "help call off"])
def test_help_tells_turn_scripts_and_their_branches(tmp_path: Path, asked: str) -> None:
    table = open_table(tmp_path, game="illuminati", game_id=GAME_ID, notify="act")
    result = table.write("anna", f"{asked}\n")
    said = result.notes[0] if result.notes else text_of(table.answers[-1])
    assert "Turn script" in said and "if it fails" in said and "at the roll" in said
