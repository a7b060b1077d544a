"""The windows of an attack by mail: sealed responses, the attacker's raise, reactions to the
roll and Secrets Man Was Not Meant To Know."""
from __future__ import annotations

from typing import Any

from engine.core.contract import replace
from engine.core.rng import Rng

from . import events as ev
from .cards import name_of
from .evolve import asked_for
from .handling import (
    CloseWindow,
    Emitter,
    Next,
    OpenCounter,
    Resolve,
    RollDice,
    SettleRoll,
    refuse,
)
from .orders import (
    AbolishOrder,
    DefendOrder,
    InterfereOrder,
    PassOrder,
    PlayOrder,
    RaiseOrder,
    RollOrder,
)
from .quiet import nobody_could_answer
from .state import Answer, Attack, Phase, Play, State

MAX_ROUNDS = 3
REACTIONS = ("assassination", "murphys-law")
ASSASSINATED, MURPHY = 2, 12


def open_window(em: Emitter, phase: str) -> Next | None:
    """Open a window; close it at once when every seat answers by standing order. Under the
    rules of 1.2 a window nobody could answer but by passing is not opened: the attack goes on
    as if everyone had passed."""
    if nobody_could_answer(em.state, asked_for(em.state, phase), phase):
        em.emit(ev.WindowSkipped(phase))
        return RollDice() if phase == "response" else SettleRoll()
    em.emit(ev.WindowOpened(phase))
    attack = em.state.attack
    if attack is not None and not attack.waiting:
        return close_window(em)
    return None


def _attack(state: State) -> Attack:
    assert state.attack is not None
    return state.attack


def privileged(attack: Attack) -> bool:
    """Return whether the attack is privileged now (declared and not abolished)."""
    return bool(attack.privilege) and not attack.abolished


def check_answer(state: State, seat: str, order: Any) -> None:
    """Raise a violation unless `order` answers the open window legally."""
    attack = _attack(state)
    player = state.player(seat)
    if isinstance(order, DefendOrder):
        _check_defence(state, seat, order)
    elif isinstance(order, InterfereOrder):
        if seat == attack.defender:
            raise refuse("You defend your own group: defend <MB> from target <MB> from "
                         "illuminati.", "defender")
        if order.amount == 0 or abs(order.amount) > player.cards[0].money:
            raise refuse(f"Interfere with 1 to {player.cards[0].money}MB of your Illuminati "
                         "treasury.", "money")
        if privileged(attack) and not order.card:
            raise refuse("The attack is privileged: only a player who plays Interference "
                         "may interfere.", "privileged")
        if order.card and (not privileged(attack) or "interference" not in player.hand):
            raise refuse("Interference is played from your hand in a privileged attack.",
                         "no-card")
    elif isinstance(order, AbolishOrder):
        _check_abolish(state, seat, order)


def _check_defence(state: State, seat: str, order: DefendOrder) -> None:
    attack = _attack(state)
    player = state.player(seat)
    if seat != attack.defender:
        raise refuse("Only the player whose group is attacked defends it; you may "
                     "interfere.", "not-defender")
    target = player.placed(attack.target)
    target_money = target.money if target is not None else 0
    if order.from_target < 0 or order.from_illuminati < 0 or not (
            order.from_target or order.from_illuminati):
        raise refuse("Defend with some money: defend <MB> from target <MB> from illuminati.",
                     "money")
    if order.from_target > target_money or order.from_illuminati > player.cards[0].money:
        raise refuse(f"The target holds {target_money}MB and your Illuminati "
                     f"{player.cards[0].money}MB.", "money")


def _check_abolish(state: State, seat: str, order: AbolishOrder) -> None:
    attack = _attack(state)
    hand = list(state.player(seat).hand)
    if not privileged(attack):
        raise refuse("Only a privileged attack can have its privilege abolished.",
                     "not-privileged")
    if order.cards != ("deep-agent",) and len(order.cards) != 2:
        raise refuse("Abolish privilege with Deep Agent, or by discarding two Specials.",
                     "abolish")
    for card in order.cards:
        if card not in hand:
            raise refuse(f"You hold no {name_of(card)} to discard.", "no-card")
        hand.remove(card)


def answer(em: Emitter, seat: str, order: Any, rng: Rng) -> Next | None:
    """Seal the seat's answer; close the window when the last one is in."""
    if isinstance(order, DefendOrder):
        sealed = Answer(seat, defend_target=order.from_target,
                        defend_illuminati=order.from_illuminati)
    elif isinstance(order, InterfereOrder):
        sealed = Answer(seat, interfere=order.amount,
                        play="interference" if order.card else "")
    elif isinstance(order, AbolishOrder):
        sealed = Answer(seat, abolish=order.cards)
    elif isinstance(order, PlayOrder):
        sealed = Answer(seat, play=order.card, cancels=order.target)
    else:
        assert isinstance(order, PassOrder)
        sealed = Answer(seat)
    em.emit(ev.AnswerSealed(sealed))
    if not _attack(em.state).waiting:
        return close_window(em)
    return None


def _spend(em: Emitter, item: Answer) -> Answer:
    """Take the money of one answer (never more than is there); return what was taken."""
    player = em.state.player(item.seat)
    attack = _attack(em.state)
    own = player.cards[0]
    target = player.placed(attack.target)
    from_target = min(item.defend_target, target.money if target is not None else 0)
    from_own = min(item.defend_illuminati + abs(item.interfere), own.money)
    if from_target:
        em.emit(ev.MoneyChanged(item.seat, attack.target, -from_target, "defence"))
    if from_own:
        em.emit(ev.MoneyChanged(item.seat, own.card, -from_own, "attack window"))
    sign = 1 if item.interfere >= 0 else -1
    interfere = sign * min(abs(item.interfere), from_own)
    return Answer(item.seat, from_target, min(item.defend_illuminati, from_own), interfere,
                  item.abolish, item.play, item.cancels)


def response_plays(state: State, attack: Attack) -> tuple[Play, ...]:
    """Return the Specials played in the sealed answers of a response window (Interference,
    Deep Agent), in playing order: Secrets may cancel them before they count (rules 1.1)."""
    found = {a.seat: a for a in attack.sealed}
    plays = []
    for seat in state.order:
        item = found.get(seat)
        if item is None:
            continue
        if item.play == "interference":
            plays.append(Play(seat, "interference"))
        if item.abolish == ("deep-agent",):
            plays.append(Play(seat, "deep-agent"))
    return tuple(plays)


def _held(state: State, item: Answer) -> Answer:
    """Return the answer without the Specials its seat no longer holds (one spent meanwhile in
    a window for Secrets): what only such a card allowed does not count."""
    hand = list(state.player(item.seat).hand)
    if item.play and item.play not in hand:
        item = replace(item, play="", cancels="",
                       interfere=0 if item.play == "interference" else item.interfere)
    for card in item.abolish:
        if card not in hand:
            return replace(item, abolish=())
        hand.remove(card)
    return item


def close_window(em: Emitter, countered: bool = False) -> Next | None:
    """Show the answers, take the money and cards, then go on to the next step; under the
    rules of 1.1 a response window in which Specials were played first opens the window for
    Secrets Man Was Not Meant To Know on them (`countered`: it has passed)."""
    attack = _attack(em.state)
    phase = em.state.phase
    if phase is Phase.RESPONSE and not countered:
        return OpenCounter(response_plays(em.state, attack), "response",
                           CloseWindow(countered=True))
    sealed = attack.sealed
    if em.state.newer:
        sealed = tuple(_held(em.state, item) for item in sealed)
    taken = tuple(_spend(em, item) for item in sealed)
    for item in taken:
        for card in item.abolish + ((item.play,) if item.play else ()):
            if card in em.state.player(item.seat).hand:
                em.emit(ev.SpecialDiscarded(item.seat, card, "played"))
    abolished = any(item.abolish for item in taken) and privileged(attack)
    em.emit(ev.WindowClosed(taken, abolished))
    if phase is Phase.RESPONSE:
        return _after_response(em, taken, abolished)
    if phase is Phase.REACTION and any(item.play for item in taken) and (
            not em.state.newer or not em.state.secrets_gone):
        return open_window(em, "secrets")
    return SettleRoll()


def _after_response(em: Emitter, taken: tuple[Answer, ...], abolished: bool) -> Next | None:
    """Reopen after an abolished privilege, ask for a raise after spending, else roll."""
    attack = _attack(em.state)
    spent = any(a.defend_target or a.defend_illuminati or a.interfere for a in taken)
    if abolished:
        return open_window(em, "response")
    if spent and attack.round < MAX_ROUNDS:
        em.emit(ev.RaiseAsked(attack.attacker))
        return None
    return RollDice()


def settle_roll(em: Emitter) -> Next:
    """Apply Assassination or Murphy's Law (both: the roll stands), Secrets cancelling one;
    the attack's result follows."""
    attack = _attack(em.state)
    if not attack.played:
        return Resolve()
    cancelled = {a.cancels for a in _secrets_answers(em)}
    effective = {card for _, card in attack.played
                 if card in REACTIONS and card not in cancelled}
    roll = attack.roll
    if effective == {"assassination"}:
        roll = ASSASSINATED
    elif effective == {"murphys-law"}:
        roll = MURPHY
    em.emit(ev.RollChanged(attack.played, roll))
    return Resolve()


def _secrets_answers(em: Emitter) -> list[Answer]:
    """Return the answers that played Secrets Man Was Not Meant To Know in this decision."""
    return [a for e in em.events if isinstance(e, ev.WindowClosed)
            for a in e.answers if a.play == "secrets"]


def check_reaction(state: State, seat: str, order: PlayOrder) -> None:
    """Raise a violation unless the Special may be played in this reaction window."""
    attack = _attack(state)
    hand = state.player(seat).hand
    if state.phase is Phase.REACTION:
        if order.card not in REACTIONS:
            raise refuse("Now only Assassination or Murphy's Law may be played on the roll.",
                         "reaction")
    elif order.card != "secrets" or order.target not in [c for _, c in attack.played]:
        raise refuse("Now only Secrets Man Was Not Meant To Know may be played, on a "
                     "Special played on the roll.", "secrets")
    if order.card not in hand:
        raise refuse(f"You hold no {name_of(order.card)}.", "no-card")


def check_raise(state: State, seat: str, order: Any) -> None:
    """Raise a violation unless the raise can be paid."""
    if isinstance(order, RollOrder):
        return
    assert isinstance(order, RaiseOrder)
    attack = _attack(state)
    player = state.player(seat)
    group = player.placed(attack.group)
    own = player.cards[0].money
    if order.from_group < 0 or order.from_illuminati < 0 or not (
            order.from_group or order.from_illuminati):
        raise refuse("Raise by some money, or roll.", "money")
    if attack.group == player.illuminati:
        if order.from_group + order.from_illuminati > own:
            raise refuse(f"Your Illuminati treasury holds only {own}MB.", "money")
    elif group is None or order.from_group > group.money or order.from_illuminati > own:
        raise refuse("The attacking group or the Illuminati does not hold that much.", "money")


def raise_or_roll(em: Emitter, seat: str, order: Any, rng: Rng) -> Next | None:
    """Add the raise and reopen the response window, or roll the dice."""
    if isinstance(order, RollOrder):
        return RollDice()
    attack = _attack(em.state)
    player = em.state.player(seat)
    if order.from_group:
        em.emit(ev.MoneyChanged(seat, attack.group, -order.from_group, "raise"))
    if order.from_illuminati:
        em.emit(ev.MoneyChanged(seat, player.illuminati, -order.from_illuminati, "raise"))
    em.emit(ev.AttackRaised(seat, order.from_group + order.from_illuminati))
    return open_window(em, "response")
