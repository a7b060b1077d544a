"""Power structures changed through the service from a pinned seed: a group taken, moved to
another arrow, then given away or dropped, which knocks its player out and ends a two-player
game; what both seats then see."""
from __future__ import annotations

import pytest

from engine.core import Termination
from engine.illuminati.cards import SIDES, name_of, power
from engine.illuminati.state import VECTORS, Phase
from service.store.store import Store
from tests.playthrough.table import Table, reach, run, scenario


def _last_group(table: Table, parting: str) -> tuple[str, str, str]:
    """The first player takes the weakest group, moves it to another arrow, then parts with
    it by `parting` (give or drop); return (seat, other seat, group)."""
    state = table.settle()
    seat = state.turn.seat
    own = state.player(seat)
    group = min(state.uncontrolled, key=lambda g: power(g))
    table.order(seat, f"attack control {group} with {own.illuminati} spending "
                f"{own.cards[0].money} from illuminati")
    reach(group in table.settle().player(seat).groups, "the group was not taken")
    state = table.turn_of(seat)
    placed = state.player(seat).placed(group)
    assert placed is not None
    side = next(s for i, s in enumerate(SIDES) if VECTORS[i] != (placed.x, placed.y))
    table.order(seat, f"move {group} to {own.illuminati} at {side}")
    moved = table.state.player(seat).placed(group)
    assert moved is not None and VECTORS[SIDES.index(side)] == (moved.x, moved.y)
    assert table.state.turn.actions == 1
    other = table.others(seat)[0]
    table.before = table.head
    table.order(seat, f"give group {group} to {other}" if parting == "give" else
                f"drop {group}")
    return seat, other, group


CASES = {parting: scenario(index, label=f"last-group-{parting}")(
    lambda table, parting=parting: _last_group(table, parting))
    for parting, index in (("give", 1), ("drop", 0))}


@pytest.mark.parametrize("parting", sorted(CASES))
def test_parting_with_the_last_group_knocks_the_player_out(store: Store, parting: str
                                                           ) -> None:
    table, (seat, other, group) = run(store, CASES[parting])
    state = table.state
    assert state.phase is Phase.OVER and state.player(seat).out
    assert state.winners == (other,)
    assert (group in state.player(other).groups) == (parting == "give")
    assert (group in state.uncontrolled) == (parting == "drop")
    assert table.loaded.meta.termination == Termination.LAST_STANDING.value
    for reader in (seat, other):
        read = table.history(reader, after=table.before)
        assert f"{seat} is knocked out of the game." in read
        view = table.view(reader)
        mine = next(p for p in view["players"] if p["seat"] == seat)
        assert mine["out"] and mine["controlled"] == 1
        theirs = next(p for p in view["players"] if p["seat"] == other)
        assert (group in [c["id"] for c in theirs["structure"]]) == (parting == "give")
        assert view["winners"] == [other]
    assert name_of(group) in table.history(other, after=table.before)
