"""How a seat leaves an Illuminati game or wins it, played through the service from a pinned
seed: the Servants of Cthulhu destroy a player's last group (a kill that knocks the player out
and counts twice toward their goal), a conspiracy reaches the basic goal, and a player resigns
in the middle of a three-player game, which goes on without them; what each seat then reads.
The win by the basic goal, the longest game here, also runs on PostgreSQL."""
from __future__ import annotations

from typing import Any

from engine.core import Termination
from engine.illuminati.cards import name_of, power
from engine.illuminati.state import Phase, State
from service.audit.rerun import audit
from service.store.store import Store
from tests.playthrough.players import conquer
from tests.playthrough.table import THREE, Table, dealt, reach, run, scenario

RICH = ("gnomes", "ufos")
"""Illuminati whose goal a passing player could reach (money)."""


def _seized(table: Table, seat: str) -> str:
    """In the seat's turn, take the weakest group with some Power with its Illuminati and all
    its money; return the group."""
    state = table.turn_of(seat)
    own = state.player(seat)
    targets = [g for g in state.uncontrolled if power(g)]
    reach(targets, "no group with Power to take")
    group = min(targets, key=lambda g: (power(g), g))
    table.order(seat, f"attack control {group} with {own.illuminati} spending "
                f"{own.cards[0].money} from illuminati")
    reach(group in table.settle().player(seat).groups, "the group was not taken")
    return group


@scenario(1, seats=THREE, fits=lambda state: "cthulhu" in dealt(state).values(),
          label="cthulhu-kill")
def _cthulhu_kill(table: Table) -> dict[str, Any]:
    state = table.settle()
    cthulhu = table.seat_of("cthulhu")
    victim = next(s for s in state.order if s != cthulhu)
    group = _seized(table, victim)
    state = table.turn_of(cthulhu)
    reach(state.player(victim).groups == (group,), "the victim holds more than one group")
    before = table.head
    kills = state.player(cthulhu).kills
    table.order(cthulhu, f"attack destroy {name_of(group)} with cthulhu spending "
                f"{state.player(cthulhu).cards[0].money} from illuminati")
    reach(group in table.settle().dead, "the attack to destroy failed")
    return {"cthulhu": cthulhu, "victim": victim, "group": group, "before": before,
            "kills": kills}


def test_cthulhu_destroys_a_players_last_group_and_knocks_them_out(store: Store) -> None:
    table, done = run(store, _cthulhu_kill)
    cthulhu, victim, group = done["cthulhu"], done["victim"], done["group"]
    onlooker = next(s for s in table.seats if s not in (cthulhu, victim))
    state = table.state
    assert state.phase is not Phase.OVER and state.active == tuple(
        s for s in state.order if s != victim)
    player = state.player(victim)
    assert player.out and player.groups == () and player.hand == () and player.money == 0
    assert state.player(cthulhu).kills == done["kills"] + 2  # the group and the player
    knocked = [e.payload for e in store.events(table.game_id, after_seq=done["before"])
               if e.type == "knocked-out"]
    assert knocked == [{"seat": victim, "by": cthulhu}]
    for reader in (cthulhu, victim, onlooker):
        read = table.history(reader, after=done["before"])
        assert f"The attack to destroy {name_of(group)} succeeds" in read
        assert f"{victim} is knocked out of the game." in read
        view = table.view(reader)
        seen = {p["seat"]: p for p in view["players"]}
        assert seen[victim]["out"] and seen[victim]["controlled"] == 1
        assert seen[cthulhu]["kills"] == done["kills"] + 2
        assert seen[cthulhu]["goal_progress"] == done["kills"] + 2
        assert name_of(group) in str(view["dead"])
        assert f"{victim}: The Servants" not in table.board(reader)
        assert f"{victim}: {seen[victim]['illuminati_name']} (out)" in table.board(reader)
    assert table.state.turn.seat != victim
    for _ in range(len(table.seats)):  # the game goes on without the knocked-out seat
        state = table.end_turn()
        assert state.turn.seat != victim and state.phase is not Phase.OVER


def _basic_fits(state: State) -> bool:
    first = state.order[0] if state.order else ""
    return not any(i in RICH for s, i in dealt(state).items() if s != first)


@scenario(0, options={"goal-adjust": -3}, fits=_basic_fits, label="basic-goal")
def _basic_goal(table: Table) -> tuple[str, State]:
    seat = table.settle().turn.seat
    state = conquer(table, seat, lambda s, t, g: 1)
    reach(state.winners == (seat,), f"{state.winners} won, not {seat}")
    reach(state.reason.startswith(f"{seat}: basic goal"), f"won otherwise: {state.reason}")
    return seat, state


def test_a_conspiracy_wins_by_the_basic_goal(each_store: Store) -> None:
    store = each_store  # the longest play-through, on SQLite and on PostgreSQL
    table, (seat, state) = run(store, _basic_goal)
    other = table.others(seat)[0]
    assert state.basic_goal() == 10 and len(state.player(seat).cards) == 10
    assert state.reason == f"{seat}: basic goal: controls 10 cards"
    loaded = table.loaded
    assert loaded.meta.finished and loaded.meta.termination == Termination.GOAL.value
    for reader in (seat, other):
        view = table.view(reader)
        assert view["winners"] == [seat] and "basic goal: controls 10 cards" in view["reason"]
        assert "basic goal: controls 10 cards" in table.history(reader)
        mine = next(p for p in view["players"] if p["seat"] == seat)
        assert mine["controlled"] == 10
    audit(store, table.game_id)


@scenario(0, seats=THREE, label="resign-mid-game")
def _resign_mid_game(table: Table) -> dict[str, Any]:
    state = table.settle()
    seat = state.order[0]
    group = _seized(table, seat)
    state = table.until(lambda s: s.turn.seat != seat, 3, "the seat is to move again")
    state = table.turn_of(seat)  # a player resigns when it has something to decide
    before = table.head
    money = table.state.player(seat).money
    table.order(seat, "resign")
    return {"seat": seat, "group": group, "before": before, "money": money, "then": state}


def test_a_player_resigns_mid_game_and_the_others_play_on(store: Store) -> None:
    table, done = run(store, _resign_mid_game)
    seat, group = done["seat"], done["group"]
    state = table.state
    assert state.phase is not Phase.OVER and seat not in state.active
    order = done["then"].order
    assert len(state.active) == 2
    assert state.turn.seat == order[(order.index(seat) + 1) % len(order)]
    player = state.player(seat)
    assert player.out and player.money == 0 and player.groups == ()
    assert group in state.uncontrolled and done["money"] > 0
    for reader in table.seats:
        read = table.history(reader, after=done["before"])
        assert f"{seat} resigns." in read
        mine = next(p for p in table.view(reader)["players"] if p["seat"] == seat)
        assert mine["out"] and mine["controlled"] == 1
        assert name_of(group) in str(table.view(reader)["uncontrolled"])
    assert not table.write(seat, "pass").accepted
    seen = set()
    for _ in range(4):  # the turns pass between the two left
        state = table.end_turn()
        seen.add(state.turn.seat)
    assert seen == set(state.active) and state.phase is not Phase.OVER
    second = state.turn.seat
    table.order(second, "resign")
    last = table.state
    assert last.phase is Phase.OVER and last.winners == tuple(
        s for s in last.order if s not in (seat, second))
    assert table.loaded.meta.termination == Termination.LAST_STANDING.value
