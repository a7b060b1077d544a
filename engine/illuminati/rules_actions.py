"""The turn's other actions: transfers, moves, gifts, drops, passing, ending, the UFOs' goal."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng

from . import events as ev
from .cards import ILLUMINATI, name_of
from .flow import begin_turn, check_victory, end_turn, knock_outs
from .grid import attach, cells_without, first_open, layout_of, neighbour, place, world_arrows
from .handling import Emitter, refuse
from .orders import (
    DefaultOrder,
    DropOrder,
    EndOrder,
    GiveGroupOrder,
    GiveMoneyOrder,
    GiveSpecialOrder,
    GoalOrder,
    MoveOrder,
    PassOrder,
    TransferOrder,
)
from .state import Phase, Player, State, subtree

PASS_MONEY = 5
"""What a player who passes the turn takes into its Illuminati treasury."""


def goal_choices(state: State) -> list[str]:
    """Return the Illuminati whose goal the UFOs may choose: any of the other seven (rules
    1.2), or under the earlier reading only those in play."""
    if state.at_least("1.2"):
        return sorted(card for card in ILLUMINATI if card != "ufos")
    return sorted(p.illuminati for p in state.players if p.illuminati != "ufos")


def check_goal(state: State, seat: str, order: GoalOrder) -> None:
    """Raise a violation unless the UFOs may pursue that goal."""
    if order.goal not in goal_choices(state):
        names = ", ".join(name_of(c) for c in goal_choices(state))
        which = ("one of the other seven Illuminati" if state.at_least("1.2")
                 else "an Illuminati in play")
        raise refuse(f"Choose the goal of {which}: {names}.", "goal")


def choose_goal(em: Emitter, seat: str, order: Any, rng: Rng) -> None:
    """Record the UFOs' secret goal (a random one by default) and start the first turn."""
    goal = rng.choice(goal_choices(em.state)) if isinstance(order, DefaultOrder) else order.goal
    em.emit(ev.GoalChosen(seat, goal))
    begin_turn(em, em.state.order[0], 1)


def _adjacent(player: Player, source: str, dest: str) -> bool:
    a, b = player.placed(source), player.placed(dest)
    return a is not None and b is not None and (a.master == dest or b.master == source)


def transfer_kind(state: State, seat: str, order: TransferOrder) -> str:
    """Return how a transfer is counted now: action, end or free."""
    player = state.player(seat)
    if state.phase is Phase.END:
        return "free" if player.illuminati == "gnomes" or state.turn.free_money else "end"
    return "free" if state.turn.free_money else "action"


def check_transfer(state: State, seat: str, order: TransferOrder) -> None:
    """Raise a violation unless the transfer is allowed now."""
    player = state.player(seat)
    source = player.placed(order.source)
    if source is None or player.placed(order.dest) is None or order.source == order.dest:
        raise refuse("Transfer between two different cards of your power structure.",
                     "not-yours")
    if not 0 < order.amount <= source.money:
        raise refuse(f"{name_of(order.source)} holds {source.money}MB.", "money")
    kind = transfer_kind(state, seat, order)
    if kind == "action" and state.turn.actions <= 0:
        raise refuse("Both regular actions are used; transfers follow at the end of the "
                     "turn.", "no-action")
    if kind == "end" and state.turn.transfers <= 0:
        raise refuse("Both end-of-turn transfers are used.", "no-transfer")
    anywhere = kind == "free" or order.source == "federal-reserve"
    if not anywhere and not _adjacent(player, order.source, order.dest):
        raise refuse("Money moves only between a master and its puppet (the Federal "
                     "Reserve's to any group).", "not-adjacent")


def transfer(em: Emitter, seat: str, order: TransferOrder, rng: Rng) -> None:
    """Move the money."""
    kind = transfer_kind(em.state, seat, order)
    em.emit(ev.MoneyTransferred(seat, order.source, order.dest, order.amount, kind))
    check_victory(em)


def move_is_free(state: State, seat: str) -> bool:
    """Return whether a move costs nothing now (the Bermuda Triangle at the end of its turn)."""
    return state.phase is Phase.END and state.player(seat).illuminati == "bermuda"


def move_side(player: Player, order: MoveOrder) -> int:
    """Return the arrow the moved group goes to (-1 when none is open)."""
    leaving = subtree(player, order.group)
    master = player.placed(order.master)
    if master is None or order.master in leaving:
        return -1
    cells = cells_without(player, leaving)
    open_sides = [s for s in world_arrows(master) if neighbour(master, s) not in cells]
    if order.arrow >= 0:
        return order.arrow if order.arrow in open_sides else -1
    return open_sides[0] if open_sides else -1


def check_move(state: State, seat: str, order: MoveOrder) -> None:
    """Raise a violation unless the group can be moved to that arrow."""
    player = state.player(seat)
    if order.group not in player.groups:
        raise refuse(f"{name_of(order.group)} is not one of your groups.", "not-yours")
    if not move_is_free(state, seat) and state.turn.actions <= 0:
        raise refuse("Both regular actions of this turn are used.", "no-action")
    if player.placed(order.master) is None or order.master in subtree(player, order.group):
        raise refuse("Move a group to another card of your structure, not below itself.",
                     "bad-master")
    if move_side(player, order) < 0:
        raise refuse(f"{name_of(order.master)} has no such open arrow.", "no-arrow")


def move(em: Emitter, seat: str, order: MoveOrder, rng: Rng) -> None:
    """Re-attach the group with its puppets; those that do not fit become uncontrolled."""
    player = em.state.player(seat)
    side = move_side(player, order)
    money = {p.card: p.money for p in player.cards}
    placement = attach(player, order.group, order.master, side, layout_of(player), money,
                       subtree(player, order.group))
    if not move_is_free(em.state, seat):
        em.emit(ev.ActionTaken(seat, True))
    em.emit(ev.GroupsPlaced(seat, placement.placed, placement.lost, "moved"))
    knock_outs(em)
    check_victory(em)


def check_give_group(state: State, seat: str, order: GiveGroupOrder) -> None:
    """Raise a violation unless the group can be given to that player."""
    if order.group not in state.player(seat).groups:
        raise refuse(f"{name_of(order.group)} is not one of your groups.", "not-yours")
    if state.turn.actions <= 0:
        raise refuse("Both regular actions of this turn are used.", "no-action")
    if order.to not in state.active or order.to == seat:
        raise refuse("Give it to another player still in the game.", "bad-player")
    if first_open(state.player(order.to)) is None:
        raise refuse(f"{order.to} has no open arrow to take it.", "no-arrow")


def give_group(em: Emitter, seat: str, order: GiveGroupOrder, rng: Rng) -> None:
    """Attach the group, with its puppets and money, at the receiver's first open arrow."""
    giver = em.state.player(seat)
    receiver = em.state.player(order.to)
    spot = first_open(receiver)
    assert spot is not None
    money = {p.card: p.money for p in giver.cards}
    over = receiver.placed(spot[0])
    assert over is not None
    placement = place({(p.x, p.y) for p in receiver.cards}, order.group, over, spot[1],
                      layout_of(giver), money)
    em.emit(ev.ActionTaken(seat, True))
    em.emit(ev.GroupsPlaced(order.to, placement.placed, placement.lost, "given"))
    knock_outs(em)
    check_victory(em)


def check_drop(state: State, seat: str, order: DropOrder) -> None:
    """Raise a violation unless the group is the seat's."""
    if order.group not in state.player(seat).groups:
        raise refuse(f"{name_of(order.group)} is not one of your groups.", "not-yours")


def drop(em: Emitter, seat: str, order: DropOrder, rng: Rng) -> None:
    """Release the group and its puppets; their money goes to the bank."""
    em.emit(ev.ActionTaken(seat, False))
    em.emit(ev.GroupsReleased(seat, subtree(em.state.player(seat), order.group), "dropped"))
    knock_outs(em)
    if em.state.player(seat).out:
        if not check_victory(em):
            end_turn(em)
        return
    check_victory(em)


def check_gift(state: State, seat: str, order: Any) -> None:
    """Raise a violation unless the money or Special can be given."""
    if order.to not in state.active or order.to == seat:
        raise refuse("Give to another player still in the game.", "bad-player")
    player = state.player(seat)
    if isinstance(order, GiveMoneyOrder):
        if not 0 < order.amount <= player.cards[0].money:
            raise refuse(f"Your Illuminati treasury holds {player.cards[0].money}MB.",
                         "money")
    elif order.card not in player.hand:
        raise refuse(f"You hold no {name_of(order.card)}.", "no-card")


def gift(em: Emitter, seat: str, order: Any, rng: Rng) -> None:
    """Hand over the money (Illuminati to Illuminati) or the Special."""
    em.emit(ev.ActionTaken(seat, False))
    if isinstance(order, GiveMoneyOrder):
        receiver = em.state.player(order.to).illuminati
        em.emit(ev.MoneyChanged(seat, em.state.player(seat).illuminati, -order.amount, "gift"),
                ev.MoneyChanged(order.to, receiver, order.amount, "gift"))
    else:
        assert isinstance(order, GiveSpecialOrder)
        em.emit(ev.SpecialGiven(seat, order.to, order.card))
    check_victory(em)


def check_pass(state: State, seat: str, order: PassOrder) -> None:
    """Raise a violation unless nothing at all was done this turn."""
    if state.turn.acted:
        raise refuse("Only a player who has done nothing this turn may pass for 5MB; "
                     "write end instead.", "acted")


def pass_turn(em: Emitter, seat: str, order: PassOrder, rng: Rng) -> None:
    """Take 5MB onto the Illuminati card and end the turn."""
    illuminati = em.state.player(seat).illuminati
    em.emit(ev.MoneyChanged(seat, illuminati, PASS_MONEY, "passed"))
    end_turn(em, passed=True)


def end(em: Emitter, seat: str, order: EndOrder, rng: Rng) -> None:
    """End the actions (then the end-of-turn transfers) or end the turn."""
    if em.state.phase is Phase.TURN and em.state.player(seat).groups:
        em.emit(ev.ActionsEnded(seat))
        return
    end_turn(em)


def illuminati_name(seat_player: Player) -> str:
    """Return the printed name of the player's Illuminati."""
    return ILLUMINATI[seat_player.illuminati].name
