"""Secrets Man Was Not Meant To Know on every Special, and calling off an attack (rules 1.1).

Secrets cancels any other Special as it is played. By mail that needs a moment to answer, so
each Special played opens a short sealed window, sent alike to every player other than the one
who played it, in which anyone may play Secrets on it (the default is to pass). What waits
behind the window is carried out when it closes:

- a Special played as a free action (or Bribery, as an action): its effect, unless cancelled;
- Whispering Campaign, played with the announcement of an attack to destroy: the attack's
  response window; if the card is cancelled the attack fails at once (its money and action
  were committed with the announcement);
- Interference and Deep Agent, revealed when a response window closes: the window's result,
  without the cancelled card (cancelled Interference spends nothing; cancelled Deep Agent
  leaves the privilege standing).

Assassination and Murphy's Law keep the window of the supplement on the roll (rules_window).
No window opens once Secrets has been seen discarded: then nobody can hold it.
"""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng

from . import events as ev
from .cards import name_of
from .handling import (
    CarryOut,
    CloseWindow,
    Emitter,
    FailUnrolled,
    Next,
    OpenCounter,
    OpenWindow,
    refuse,
)
from .orders import CallOffOrder, PassOrder, PlayOrder
from .quiet import nobody_could_answer
from .state import Answer, Counter, Phase, State

SECRETS = "secrets"


def secrets_possible(state: State) -> bool:
    """Return whether a Secrets window opens for a Special played now: under the rules of 1.1,
    while Secrets has not been seen discarded (public knowledge only)."""
    return state.newer and not state.secrets_gone


def open_counter(em: Emitter, step: OpenCounter) -> Next | None:
    """Open the Secrets window on the plays of `step`; when none opens, carry on with what
    `step` says follows."""
    state = em.state
    plays, context = step.plays, step.context
    if not plays or not secrets_possible(state):
        return step.otherwise
    players = {play.seat for play in plays} if context != "response" else set()
    asked = tuple(seat for seat in state.active if seat not in players)
    if not asked:
        return step.otherwise
    if nobody_could_answer(state, asked, "counter"):
        em.emit(ev.WindowSkipped("counter"))
        return step.otherwise
    em.emit(ev.CounterOpened(plays, context, asked))
    counter = em.state.counter
    if counter is not None and not counter.waiting:
        return close_counter(em)
    return None


def _counter(state: State) -> Counter:
    assert state.counter is not None
    return state.counter


def check_counter(state: State, seat: str, order: Any) -> None:
    """Raise a violation unless the answer fits the Secrets window."""
    if isinstance(order, PassOrder):
        return
    assert isinstance(order, PlayOrder)
    plays = [play.card for play in _counter(state).plays]
    if order.card != SECRETS or order.target not in plays:
        names = " or ".join(name_of(card) for card in dict.fromkeys(plays))
        raise refuse(f"Now only Secrets Man Was Not Meant To Know may be played, on {names}.",
                     "secrets")
    if SECRETS not in state.player(seat).hand:
        raise refuse("You hold no Secrets Man Was Not Meant To Know.", "no-card")


def answer_counter(em: Emitter, seat: str, order: Any, rng: Rng) -> Next | None:
    """Seal the seat's answer; close the window when the last one is in."""
    if isinstance(order, PlayOrder):
        sealed = Answer(seat, play=SECRETS, cancels=order.target)
    else:
        sealed = Answer(seat)
    em.emit(ev.AnswerSealed(sealed))
    if not _counter(em.state).waiting:
        return close_counter(em)
    return None


def close_counter(em: Emitter) -> Next:
    """Show the answers, discard Secrets and the Special it cancels; then what the window
    interrupted follows."""
    counter = _counter(em.state)
    cancelling = next((a for a in counter.sealed if a.play == SECRETS
                       and SECRETS in em.state.player(a.seat).hand), None)
    cancelled = None
    if cancelling is not None:
        cancelled = next((p for p in counter.plays if p.card == cancelling.cancels), None)
    if cancelling is None or cancelled is None:
        em.emit(ev.CounterClosed(counter.sealed))
    else:
        em.emit(ev.CounterClosed(counter.sealed, cancelling.seat, cancelled.seat,
                                 cancelled.card))
        em.emit(ev.SpecialDiscarded(cancelling.seat, SECRETS, "played"))
        if cancelled.card in em.state.player(cancelled.seat).hand:
            em.emit(ev.SpecialDiscarded(cancelled.seat, cancelled.card, "cancelled by Secrets"))
    if counter.context == "announce":
        # A group of Power 0 cannot be destroyed without the cancelled Whispering Campaign.
        return FailUnrolled() if cancelled is not None else OpenWindow("response")
    if counter.context == "response":
        return CloseWindow(countered=True)
    return CarryOut(tuple(play for play in counter.plays if play != cancelled), resume=True)


def uncommitted(state: State) -> bool:
    """Return whether the attack under way may still be called off (rules 1.1): its attacker
    put no money down, nobody else has spent any, and the dice are not rolled; under the rules
    of 1.2 only if its attacker has called off no attack yet this turn."""
    attack = state.attack
    return (state.newer and state.phase is Phase.RESPONSE and attack is not None
            and not attack.committed and not attack.roll and not called_off_before(state))


def called_off_before(state: State) -> bool:
    """Return whether this turn's player called off an attack already and may not again
    (rules 1.2: one call-off per turn, as every announcement is mailed to everyone)."""
    return state.at_least("1.2") and state.turn.called_off


def check_call_off(state: State, seat: str, order: CallOffOrder) -> None:
    """Raise a violation unless `seat` may call off its attack now."""
    attack = state.attack
    if not state.newer:
        raise refuse("In games created under engine version 1.0 an announced attack is "
                     "committed: it cannot be called off.", "committed")
    if attack is None or seat != attack.attacker:
        raise refuse("Only the attacker calls off an attack, before anything is committed.",
                     "call-off")
    if called_off_before(state):
        raise refuse("You called off an attack this turn already; one call-off a turn is "
                     "allowed, so this attack goes on.", "call-off-again")
    if not uncommitted(state):
        raise refuse("The attack is committed (money was put down or the dice rolled): it can "
                     "no longer be called off.", "committed")


def call_off(em: Emitter, seat: str, order: CallOffOrder, rng: Rng) -> None:
    """Withdraw the attack: the sealed answers are dropped unseen; the action is not spent."""
    attack = em.state.attack
    assert attack is not None
    em.emit(ev.AttackCalledOff(seat, attack.target, "called off before anything was committed"))
