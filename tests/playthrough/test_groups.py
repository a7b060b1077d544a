"""The groups whose power has a rules effect, each taken and used once through the service from
a pinned seed: the Federal Reserve's transfers to any group, the I.R.S.'s tax, the Post
Office's upkeep, the Recyclers' paid draw and the Orbital Mind Control Lasers' changed
alignment; what it does to the game, and what its player and the other seat read."""
from __future__ import annotations

from typing import Any

from engine.illuminati import GAME
from engine.illuminati.cards import GROUPS, alignments, name_of, power
from engine.illuminati.state import Player
from service.game.loading import load_game
from service.store.store import Store
from tests.playthrough.table import Scenario, Table, reach, run, scenario

TURNS = 10
"""Turns passed at most while the group is drawn."""


def in_reach(group: str) -> Any:
    """Return an opening check: the group is uncontrolled, or near the top of the deck."""
    return lambda state: group in state.uncontrolled or group in state.deck[:TURNS]


def adjacent(player: Player, one: str, two: str) -> bool:
    """Return whether one of the two cards is the other's master."""
    a, b = player.placed(one), player.placed(two)
    assert a is not None and b is not None
    return a.master == two or b.master == one


def take(table: Table, seat: str, target: str, *, keep: int = 0, moving: int = 0) -> None:
    """Attack to control with the seat's Illuminati and all its money but `keep` MB, moving
    `moving` MB onto the new puppet; the attack must succeed."""
    own = table.state.player(seat)
    money = own.cards[0].money - keep
    table.order(seat, f"attack control {target} with {own.illuminati} spending {money} from "
                "illuminati" + (f" moving {moving}" if moving else ""))
    reach(target in table.settle().player(seat).groups, f"{name_of(target)} was not taken")


def taken(table: Table, group: str, **money: int) -> str:
    """Pass turns until the group is uncontrolled; the seat to move then takes it; return the
    seat."""
    state = table.until(lambda s: group in s.uncontrolled, TURNS, f"{group} never came up")
    seat = state.turn.seat
    take(table, seat, group, **money)
    return seat


def _federal_reserve(table: Table) -> dict[str, Any]:
    seat = taken(table, "federal-reserve")
    state = table.turn_of(seat)
    reserve = state.player(seat).placed("federal-reserve")
    assert reserve is not None
    reach(state.uncontrolled, "no group to take")
    group = min(state.uncontrolled, key=lambda g: (GROUPS[g].resistance, g))
    take(table, seat, group)
    player = table.state.player(seat)
    reach(not adjacent(player, "federal-reserve", group), "the two groups are adjacent")
    before = table.head
    table.order(seat, f"transfer 3 from federal reserve to {name_of(group)}")
    table.order(seat, "end")
    refused = table.write(seat, f"transfer 1 from {name_of(group)} to federal reserve")
    table.order(seat, f"transfer 2 from federal reserve to {name_of(group)}")
    return {"seat": seat, "group": group, "before": before, "money": reserve.money,
            "refused": refused}


def _irs(table: Table) -> dict[str, Any]:
    seat = taken(table, "irs")
    other = table.others(seat)[0]
    then = table.until(lambda s: s.turn.seat == other, 4, "no turn for the other seat")
    before = table.head
    table.end_turn()  # the other seat passes (5MB onto its Illuminati); the I.R.S.'s turn
    reach(table.state.turn.seat == seat, "the I.R.S.'s turn did not follow")
    return {"seat": seat, "before": before, "then": then}


def _post_office(table: Table) -> dict[str, Any]:
    seat = taken(table, "post-office")
    table.end_turn()
    then = table.state
    before = table.head
    table.turn_of(seat)
    return {"seat": seat, "before": before, "then": then}


def _recyclers(table: Table) -> dict[str, Any]:
    state = table.until(lambda s: "recyclers" in s.uncontrolled
                        and s.player(s.turn.seat).cards[0].money >= 9, TURNS,
                        "the Recyclers came up for nobody rich enough to pay them")
    seat = state.turn.seat
    take(table, seat, "recyclers", keep=5, moving=5)
    then = table.state
    before = table.head
    table.order(seat, "recycle")
    again = table.write(seat, "recycle")
    return {"seat": seat, "before": before, "then": then, "again": again}


def _lasers(table: Table) -> dict[str, Any]:
    lasers = "orbital-mind-control-lasers"
    seat = taken(table, lasers)
    state = table.state

    def fits(group: str) -> bool:
        return not {"communist", "government"} & set(alignments(group)) and power(group) < 6

    reach(any(fits(g) for g in state.uncontrolled), "no target the Lasers could change")
    target = next(g for g in state.uncontrolled if fits(g))
    before = table.head
    table.order(seat, f"laser {name_of(target)} add communist")
    table.order(seat, f"attack control {name_of(target)} with lasers")
    announced = next(e.seq for e in table.store.events(table.game_id, after_seq=before)
                     if e.type == "attack-announced")
    then = load_game(table.store, table.game_id, upto=announced).state
    other = table.others(seat)[0]
    table.settle()
    return {"seat": seat, "target": target, "before": before, "then": then,
            "attack": GAME.view(then, other)["attack"]}


GROUP_POWERS: dict[str, Scenario] = {
    name: scenario(index, fits=in_reach(group), label=f"group-{name}")(play)
    for name, group, index, play in (
        ("federal-reserve", "federal-reserve", 5, _federal_reserve),
        ("irs", "irs", 22, _irs),
        ("post-office", "post-office", 4, _post_office),
        ("recyclers", "recyclers", 9, _recyclers),
        ("lasers", "orbital-mind-control-lasers", 4, _lasers))}


def test_the_federal_reserve_sends_money_to_any_group_of_its_structure(store: Store) -> None:
    table, done = run(store, GROUP_POWERS["federal-reserve"])
    seat, group = done["seat"], done["group"]
    player = table.state.player(seat)
    assert not adjacent(player, "federal-reserve", group)
    reserve, puppet = player.placed("federal-reserve"), player.placed(group)
    assert reserve is not None and puppet is not None
    assert done["money"] >= 6 and reserve.money == done["money"] - 5 and puppet.money == 5
    moved = [e.payload["kind"] for e in store.events(table.game_id, after_seq=done["before"])
             if e.type == "money-transferred"]
    assert moved == ["action", "end"]
    refused = done["refused"]
    assert not refused.accepted and refused.code == "il.not-adjacent"
    assert "Federal Reserve" in refused.message
    for reader in (seat, table.others(seat)[0]):
        read = table.history(reader, after=done["before"])
        assert f"{seat} moves 3MB from Federal Reserve to {name_of(group)}." in read
        assert f"{seat} moves 2MB from Federal Reserve to {name_of(group)}." in read
        mine = next(p for p in table.view(reader)["players"] if p["seat"] == seat)
        money = {c["id"]: c["money"] for c in mine["structure"]}
        assert money["federal-reserve"] == reserve.money and money[group] == 5


def test_the_irs_taxes_every_opponent_2mb_in_its_owners_income(store: Store) -> None:
    table, done = run(store, GROUP_POWERS["irs"])
    seat, other = done["seat"], table.others(done["seat"])[0]
    then, now = done["then"].player(other), table.state.player(other)
    taxed = [e.payload for e in store.events(table.game_id, after_seq=done["before"])
             if e.type == "money-changed" and e.payload["why"] == "I.R.S. tax"]
    assert taxed == [{"seat": other, "card": now.illuminati, "amount": -2, "why": "I.R.S. tax"},
                     {"seat": seat, "card": "irs", "amount": 2, "why": "I.R.S. tax"}]
    assert now.cards[0].money == then.cards[0].money + 5 - 2
    irs = table.state.player(seat).placed("irs")
    assert irs is not None and irs.money == 2
    for reader in (seat, other):
        read = table.history(reader, after=done["before"])
        assert f"{other}: -2MB on {name_of(now.illuminati)} (I.R.S. tax)." in read
        assert f"{seat}: +2MB on I.R.S. (I.R.S. tax)." in read


def test_the_post_office_costs_1mb_upkeep_from_the_illuminati_when_it_has_none(
        store: Store) -> None:
    table, done = run(store, GROUP_POWERS["post-office"])
    seat = done["seat"]
    was = done["then"].player(seat)
    post = was.placed("post-office")
    assert post is not None and post.money == 0
    paid = [e.payload for e in store.events(table.game_id, after_seq=done["before"])
            if e.type == "money-changed" and e.payload["seat"] == seat]
    assert {"seat": seat, "card": was.illuminati, "amount": -1,
            "why": "Post Office upkeep"} in paid
    assert not any(p["card"] == "post-office" for p in paid)
    line = f"{seat}: -1MB on {name_of(was.illuminati)} (Post Office upkeep)."
    for reader in (seat, table.others(seat)[0]):
        assert line in table.history(reader, after=done["before"])


def test_the_recyclers_pay_5mb_of_their_own_for_one_more_draw_once_a_turn(
        store: Store) -> None:
    table, done = run(store, GROUP_POWERS["recyclers"])
    seat, other = done["seat"], table.others(done["seat"])[0]
    recyclers = done["then"].player(seat).placed("recyclers")
    assert recyclers is not None and recyclers.money == 5
    now = table.state.player(seat).placed("recyclers")
    assert now is not None and now.money == 0 and table.state.turn.recycled
    assert table.state.turn.actions == done["then"].turn.actions
    events = [e for e in store.events(table.game_id, after_seq=done["before"])
              if not e.type.startswith("order.")]
    assert [e.type for e in events][:2] == ["money-changed", "turn-flag"]
    drawn = [e.payload for e in events if e.type in ("special-drawn", "group-drawn")]
    assert len(drawn) == 1 and drawn[0]["seat"] == seat
    assert drawn[0]["card"] == done["then"].deck[0]
    assert not done["again"].accepted and done["again"].code == "il.recycle"
    card = drawn[0]["card"]
    for reader in (seat, other):
        read = table.history(reader, after=done["before"])
        assert f"{seat}: -5MB on Recyclers (extra draw)." in read
        if card in GROUPS:
            assert f"{seat} draws {name_of(card)}; it is uncontrolled." in read
    if card not in GROUPS:
        assert f"{seat} draws {name_of(card)}." in table.history(seat, after=done["before"])
        hidden = table.history(other, after=done["before"])
        assert f"{seat} drew a Special card." in hidden and name_of(card) not in hidden


def test_the_lasers_change_an_alignment_for_the_turn(store: Store) -> None:
    table, done = run(store, GROUP_POWERS["lasers"])
    seat, target = done["seat"], done["target"]
    attack = done["attack"]
    assert done["then"].turn.laser == (target, "add", "communist")
    assert ["alignments", 4] in attack["modifiers"]
    assert attack["needed"] == sum(value for _, value in attack["modifiers"])
    assert attack["group"] == name_of("orbital-mind-control-lasers")
    for reader in (seat, table.others(seat)[0]):
        read = table.history(reader, after=done["before"])
        assert (f"{seat} aims the Orbital Mind Control Lasers: {name_of(target)} gains "
                "communist for the rest of the turn.") in read
        assert f"(needed {attack['needed']} or less)" in read
    table.end_turn()
    state = table.end_turn()
    assert state.turn.seat != seat and state.turn.laser == ()
