"""Orders worth trying now: the list random players and forms choose from, each one checked.

An attack's variants (groups, aiders, money) cannot all be listed; these are a fair sample of
them: each target with the strongest free group, with and without aid and money.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .cards import ATTACKS, power, transferable
from .grid import open_arrows
from .orders import (
    AbolishOrder,
    AttackOrder,
    AutoPassOrder,
    CallOffOrder,
    DefendOrder,
    EndOrder,
    GiveMoneyOrder,
    GoalOrder,
    InterfereOrder,
    PassOrder,
    PlayOrder,
    RaiseOrder,
    RecycleOrder,
    RollOrder,
    TransferOrder,
)
from .rules import accepts
from .rules_actions import goal_choices
from .rules_attack import capture_placement, leans_on_retry, repeat_of, uses_left
from .state import Phase, State


def legal(state: State, seat: str, orders: list[Any]) -> list[Any]:
    """Return the orders among `orders` that the open step accepts from `seat`."""
    return [item for item in dict.fromkeys(orders) if accepts(state, seat, item)]


class LastState:
    """Answers kept for the last few states asked about (states are frozen, so they stay
    true): prompts, forms, help and the sampler all ask about the same state."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self.items: list[tuple[State, dict[Any, Any]]] = []

    def get(self, state: State, key: Any, compute: Any) -> Any:
        """Return the answer for (`state`, `key`), computing it once."""
        answers = next((held for kept, held in self.items if kept is state), None)
        if answers is None:
            answers = {}
            self.items.append((state, answers))
            if len(self.items) > self.size:
                del self.items[0]
        if key not in answers:
            answers[key] = compute()
        return answers[key]


MEMO = LastState()


def listed(state: State, seat: str) -> list[Any]:
    """Return the checked candidates of `seat`."""
    return list(MEMO.get(state, ("listed", seat),
                         lambda: legal(state, seat, candidates(state, seat))))


def candidates(state: State, seat: str) -> list[Any]:
    """Return the orders worth trying for `seat` in the open step (unchecked)."""
    phase = state.phase
    if phase is Phase.GOAL:
        return [GoalOrder(goal) for goal in goal_choices(state)]
    if phase is Phase.TURN:
        standing = [AutoPassOrder("on")] if state.player(seat).auto_pass == "off" else []
        return [PassOrder(), EndOrder(), *attacks(state, seat), *transfers(state, seat),
                *plays(state, seat), RecycleOrder(), *standing, *gifts(state, seat)]
    if phase is Phase.END:
        return [EndOrder(), *transfers(state, seat)]
    if phase is Phase.RESPONSE:
        attack = state.attack
        if attack is not None and seat == attack.attacker:
            mode = state.player(seat).auto_pass
            return [CallOffOrder(), *[AutoPassOrder(m) for m in ("on", "off") if m != mode]]
        return [PassOrder(), *responses(state, seat), *plays(state, seat)]
    if phase is Phase.COUNTER:
        counter = state.counter
        cards = dict.fromkeys(p.card for p in counter.plays) if counter is not None else {}
        return [PassOrder(), *[PlayOrder("secrets", card) for card in cards]]
    if phase is Phase.RAISE:
        own = state.player(seat).cards[0].money
        return [RollOrder(), RaiseOrder(0, min(3, own))]
    played = [card for _, card in state.attack.played] if state.attack else []
    return [PassOrder(), PlayOrder("assassination"), PlayOrder("murphys-law"),
            *[PlayOrder("secrets", card) for card in played]]


def attacks(state: State, seat: str) -> list[AttackOrder]:
    """Return a sample of attacks: each target with the strongest free group, aided and with
    all the Illuminati's money; to control, also without aid or money; and the repeat of a
    failed first attack."""
    player = state.player(seat)
    targets = list(state.uncontrolled) + [g for p in state.players if p.seat != seat
                                          for g in p.groups[:2]]
    own = player.cards[0].money
    can_hold = {p.card for p in player.cards if open_arrows(player, p.card)}
    ranked = sorted((p.card for p in player.cards), key=lambda c: (-power(c), c))
    result = []
    for target in targets:
        free = [c for c in ranked if uses_left(state, c, target) > 0
                and not leans_on_retry(state, c, target)]
        for kind in ATTACKS:
            if kind == "neutralize" and target in state.uncontrolled:
                continue
            usable = [c for c in free if kind != "control" or c in can_hold]
            if not usable:
                continue
            group = usable[0]
            aiders = tuple(sorted(c for c in free if c != group and transferable(c) > 0))
            result.append(AttackOrder(kind, target, group, aiders, 0, own))
            if kind == "control":
                result.append(AttackOrder(kind, target, group, (), 0, 0))
                result += placings(state, seat, AttackOrder(kind, target, group, aiders, 0, own))
    repeat = repeat_of(state)
    if repeat is not None and state.at_least("1.3"):
        kind, target, group, aiders = repeat
        result.append(AttackOrder(kind, target, group, tuple(sorted(aiders)), 0, own))
    return result


def placings(state: State, seat: str, order: AttackOrder) -> list[AttackOrder]:
    """Return the attack with each other placing of a displaced puppet of its target (1.1)."""
    if not state.newer or not state.owner(order.target):
        return []
    placement = capture_placement(state, seat, order.target, order.group)
    if placement is None:
        return []
    return [replace(order, placing=((item.card, "", side),))
            for item in placement.displaced for side in item.open if side != item.side]


def transfers(state: State, seat: str) -> list[TransferOrder]:
    """Return a few transfers from a puppet with money to its master."""
    player = state.player(seat)
    return [TransferOrder(p.money, p.card, p.master) for p in player.cards[1:4] if p.money]


def plays(state: State, seat: str) -> list[PlayOrder]:
    """Return the Specials of the hand played on a sensible target."""
    player = state.player(seat)
    others = [s for s in state.active if s != seat]
    result = []
    for card in player.hand:
        if card in ("computer-espionage", "senate-investigating-committee") and others:
            result.append(PlayOrder(card, others[0]))
        elif card == "media-campaign" and state.dead:
            result.append(PlayOrder(card, state.dead[0]))
        elif card == "bribery" and state.uncontrolled:
            result += [PlayOrder(card, state.uncontrolled[0], p.card) for p in player.cards]
        else:
            result.append(PlayOrder(card))
    return result


def gifts(state: State, seat: str) -> list[GiveMoneyOrder]:
    """Return a gift of 1MB to the next player."""
    others = [s for s in state.active if s != seat]
    return [GiveMoneyOrder(1, others[0])] if others else []


def responses(state: State, seat: str) -> list[Any]:
    """Return defence, interference and abolition answers."""
    attack = state.attack
    assert attack is not None
    player = state.player(seat)
    own = player.cards[0].money
    target = player.placed(attack.target)
    result: list[Any] = []
    if seat == attack.defender:
        result.append(DefendOrder(min(2, target.money if target else 0), min(2, own)))
    else:
        result += [InterfereOrder(-min(2, own)), InterfereOrder(min(2, own)),
                   InterfereOrder(-min(2, own), True)]
    result.append(AbolishOrder(("deep-agent",)))
    if len(player.hand) >= 2:
        result.append(AbolishOrder(player.hand[:2]))
    return result
