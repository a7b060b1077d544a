"""Each Illuminati's special power used through the service from a pinned seed, in the turn it
matters: what it changes in the game, and what its player and the other seat read."""
from __future__ import annotations

from typing import Any

import pytest

from engine.illuminati import GAME
from engine.illuminati.cards import GROUPS, SIDES, alignments, name_of, power
from engine.illuminati.state import VECTORS, Phase, State
from service.game.loading import load_game
from service.store.store import Store
from tests.playthrough.table import Scenario, Table, dealt, reach, run, scenario


def _with(illuminati: str) -> Any:
    return lambda state: illuminati in dealt(state).values()


def _turn(table: Table, illuminati: str, ready: Any = lambda s: True) -> tuple[str, State]:
    """Pass until the seat of that Illuminati is to move and `ready` holds."""
    seat = table.seat_of(illuminati)
    state = table.until(lambda s: s.turn.seat == seat and ready(s), 12,
                        f"{illuminati} found no turn to use its power")
    return seat, state


def _take(table: Table, seat: str, target: str, *, spend: int = 0) -> None:
    """Attack to control with the seat's Illuminati (and `spend` MB, all when 0); the attack
    must succeed."""
    own = table.state.player(seat)
    money = spend or own.cards[0].money
    table.order(seat, f"attack control {target} with {own.illuminati} spending {money} "
                "from illuminati")
    reach(target in table.settle().player(seat).groups, f"{target} was not taken")


def _announced(table: Table, seat: str, text: str) -> dict[str, Any]:
    """Announce an attack; return the attack as the other seat saw it announced."""
    before = table.head
    table.order(seat, text)
    announced = next(e.seq for e in table.store.events(table.game_id, after_seq=before)
                     if e.type == "attack-announced")
    then = load_game(table.store, table.game_id, upto=announced).state
    assert then.attack is not None and not then.attack.roll
    return GAME.view(then, table.others(seat)[0])["attack"]  # type: ignore[no-any-return]


def _bavaria(table: Table) -> dict[str, Any]:
    seat, state = _turn(table, "bavaria", lambda s: not any(
        p.hand for p in s.players if p.illuminati != "bavaria"))
    before = table.head
    money = state.player(seat).cards[0].money
    target = state.uncontrolled[0]
    table.order(seat, f"attack control {target} with bavaria privileged by bavaria")
    table.settle()
    return {"seat": seat, "before": before, "money": money}


def _bermuda(table: Table) -> dict[str, Any]:
    seat, state = _turn(table, "bermuda")
    group = min(state.uncontrolled, key=lambda g: power(g))
    _take(table, seat, group)
    table.order(seat, "end")
    was = table.state.player(seat).placed(group)
    assert was is not None
    here = VECTORS.index((was.x, was.y))
    free = next(side for i, side in enumerate(SIDES)
                if i != here and table.write(seat, f"move {group} to bermuda at {side}").accepted)
    return {"seat": seat, "group": group, "was": was, "side": free}


def _gnomes(table: Table) -> dict[str, Any]:
    seat, state = _turn(table, "gnomes")
    group = min(state.uncontrolled, key=lambda g: power(g))
    _take(table, seat, group, spend=state.player(seat).cards[0].money - 3)
    table.order(seat, "end")
    before = table.head
    for _ in range(3):
        table.order(seat, f"transfer 1 from gnomes to {group}")
    return {"seat": seat, "group": group, "before": before}


def _discordia(table: Table) -> dict[str, Any]:
    seat, state = _turn(table, "discordia", lambda s: any(
        "weird" in alignments(g) for g in s.uncontrolled))
    target = next(g for g in state.uncontrolled if "weird" in alignments(g))
    return {"seat": seat, "attack": _announced(
        table, seat, f"attack control {target} with discordia"), "target": target}


def _cthulhu(table: Table) -> dict[str, Any]:
    seat, state = _turn(table, "cthulhu", lambda s: any(power(g) for g in s.uncontrolled))
    target = next(g for g in state.uncontrolled if power(g))
    return {"seat": seat, "attack": _announced(
        table, seat, f"attack destroy {target} with cthulhu"), "target": target}


def _assassins(table: Table) -> dict[str, Any]:
    seat = table.seat_of("assassins")
    other = table.others(seat)[0]
    state = table.until(lambda s: s.turn.seat == other, 4, "no turn for the other seat")
    target = min(state.uncontrolled, key=lambda g: power(g))
    _take(table, other, target)
    table.turn_of(seat)
    return {"seat": seat, "attack": _announced(
        table, seat, f"attack neutralize {target} with assassins"), "target": target}


def _network(table: Table) -> dict[str, Any]:
    table.settle()
    seat = table.seat_of("network")
    other = table.others(seat)[0]
    table.until(lambda s: s.turn.seat == other, 4, "no turn for the other seat")
    before = table.head
    table.end_turn()
    reach(table.state.turn.seat == seat, "the Network's turn did not follow")
    reach("special-drawn" in table.event_types(before), "the Network drew no Special")
    return {"seat": seat, "before": before}


def _ufos(table: Table) -> dict[str, Any]:
    seat, state = _turn(table, "ufos", lambda s: len(s.uncontrolled) >= 2)
    first, second = sorted(state.uncontrolled, key=lambda g: power(g))[:2]
    before = table.head
    _take(table, seat, first, spend=state.player(seat).cards[0].money // 2)
    _take(table, seat, second)
    return {"seat": seat, "before": before, "targets": (first, second)}


POWERS: dict[str, Scenario] = {
    name: scenario(index, fits=_with(name), label=f"power-{name}")(play)
    for name, index, play in (
        ("bavaria", 8, _bavaria), ("bermuda", 2, _bermuda), ("gnomes", 0, _gnomes),
        ("discordia", 3, _discordia), ("cthulhu", 0, _cthulhu),
        ("assassins", 1, _assassins), ("network", 0, _network),
        ("ufos", 0, _ufos))}


def test_bavaria_pays_5mb_for_privilege_so_nobody_may_interfere(store: Store) -> None:
    table, done = run(store, POWERS["bavaria"])
    seat, other = done["seat"], table.others(done["seat"])[0]
    events = [e for e in store.events(table.game_id, after_seq=done["before"])]
    paid = [e.payload for e in events if e.type == "money-changed"
            and e.payload["seat"] == seat and e.payload["amount"] == -5]
    assert paid and paid[0]["card"] == "bavaria"
    assert "window-skipped" in [e.type for e in events]
    assert "window-opened" not in [e.type for e in events]
    for reader in (seat, other):
        read = table.history(reader, after=done["before"])
        assert "privileged by The Bavarian Illuminati." in read
        assert f"{seat}: -5MB on The Bavarian Illuminati (privilege)." in read
        assert "No response window opens" in read


def test_the_bermuda_triangle_moves_groups_freely_at_the_end_of_its_turn(store: Store
                                                                         ) -> None:
    table, done = run(store, POWERS["bermuda"])
    seat, group = done["seat"], done["group"]
    state = table.state
    assert state.phase is Phase.END and state.turn.seat == seat
    now = state.player(seat).placed(group)
    assert now is not None and (now.x, now.y) != (done["was"].x, done["was"].y)
    for reader in (seat, table.others(seat)[0]):
        mine = next(p for p in table.view(reader)["players"] if p["seat"] == seat)
        cell = next(c for c in mine["structure"] if c["id"] == group)
        assert (cell["x"], cell["y"]) == (now.x, now.y)
        read = table.history(reader).split("ends the actions; end-of-turn transfers.")[-1]
        assert f"{seat}: {name_of(group)} placed (moved)." in read


def test_the_gnomes_move_money_freely_at_the_end_of_their_turn(store: Store) -> None:
    table, done = run(store, POWERS["gnomes"])
    seat = done["seat"]
    moved = [e for e in store.events(table.game_id, after_seq=done["before"])
             if e.type == "money-transferred"]
    assert len(moved) == 3 and table.state.phase is Phase.END
    assert table.state.turn.seat == seat
    line = f"{seat} moves 1MB from The Gnomes of Zurich to {name_of(done['group'])}."
    for reader in (seat, table.others(seat)[0]):
        assert table.history(reader, after=done["before"]).count(line) == 3


@pytest.mark.parametrize(("illuminati", "label", "bonus"), [
    ("discordia", "card abilities", 4), ("cthulhu", "card abilities", 2),
    ("assassins", "card abilities", 4)])
def test_an_illuminati_bonus_counts_in_the_target_number(store: Store, illuminati: str,
                                                         label: str, bonus: int) -> None:
    table, done = run(store, POWERS[illuminati])
    attack = done["attack"]
    assert [label, bonus] in attack["modifiers"]
    assert attack["needed"] == sum(value for _, value in attack["modifiers"])
    assert attack["target"] == name_of(done["target"])
    table.settle()
    assert f"(needed {attack['needed']} or less)" in table.history(table.others(done["seat"])[0])


def test_the_ufos_attack_twice_in_a_turn(store: Store) -> None:
    table, done = run(store, POWERS["ufos"])
    seat = done["seat"]
    announced = [e.payload for e in store.events(table.game_id, after_seq=done["before"])
                 if e.type == "attack-announced"]
    assert [a["group"] for a in announced] == ["ufos", "ufos"]
    assert set(done["targets"]) <= set(table.state.player(seat).groups)
    for reader in (seat, table.others(seat)[0]):
        read = table.history(reader, after=done["before"])
        assert read.count("with The UFOs") == 2


def test_the_network_draws_two_cards_a_turn(store: Store) -> None:
    table, done = run(store, POWERS["network"])
    seat = done["seat"]
    began = next(e.seq for e in store.events(table.game_id, after_seq=done["before"])
                 if e.type == "turn-began")
    drawn = [e.payload for e in store.events(table.game_id, after_seq=began)
             if e.type in ("special-drawn", "group-drawn")]
    assert len(drawn) == 2 and {d["seat"] for d in drawn} == {seat}
    other = table.history(table.others(seat)[0], after=began)
    for card in drawn:
        line = (f"{seat} draws {name_of(card['card'])}; it is uncontrolled."
                if card["card"] in GROUPS else f"{seat} drew a Special card.")
        assert line in other
    assert any(card["card"] not in GROUPS for card in drawn)
    assert all(name_of(card["card"]) not in other for card in drawn if card["card"] not in GROUPS)
