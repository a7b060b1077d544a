"""Specials played as free actions (or Bribery as an action), the Recyclers, the Orbital Mind
Control Lasers, standing orders and resignation."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng

from . import events as ev
from .cards import ALIGNMENTS, GROUPS, OPPOSITE, name_of
from .evolve import waiting_for
from .flow import check_victory, collect_income, draw, end_turn
from .grid import open_arrows, place
from .handling import (
    CarryOut,
    CloseCounter,
    CloseWindow,
    Emitter,
    Next,
    OpenCounter,
    PassCounter,
    PassWindow,
    refuse,
)
from .orders import AUTO_PASS_MODES, AutoPassOrder, LaserOrder, PlayOrder, RecycleOrder
from .state import Phase, Play, State

MONEY_CARDS = {"slush-fund": 15, "swiss-bank-account": 25}
WHITE_COLLAR_BONUS = 5
RECYCLE_COST = 5
FREE_ANY_TIME = ("slush-fund", "swiss-bank-account", "white-collar-crime", "media-campaign",
                 "computer-espionage", "senate-investigating-committee")
OWN_TURN = ("market-manipulation", "bribery")
ANSWER_PHASES = (Phase.RESPONSE, Phase.REACTION, Phase.SECRETS)


def own_turn(state: State, seat: str) -> bool:
    """Return whether it is `seat`'s turn with no attack under way."""
    return state.phase in (Phase.TURN, Phase.END) and state.turn.seat == seat


def check_play(state: State, seat: str, order: PlayOrder) -> None:
    """Raise a violation unless the Special may be played now, on that target."""
    player = state.player(seat)
    if order.card not in player.hand:
        raise refuse(f"You hold no {name_of(order.card)}.", "no-card")
    if order.card in OWN_TURN and not (state.phase is Phase.TURN and state.turn.seat == seat):
        raise refuse(f"{name_of(order.card)} is played in your own turn.", "timing")
    if order.card not in FREE_ANY_TIME + OWN_TURN:
        raise refuse(f"{name_of(order.card)} is not played this way; see help.", "timing")
    _check_target(state, seat, order)


def _check_target(state: State, seat: str, order: PlayOrder) -> None:
    player = state.player(seat)
    card = order.card
    if card == "market-manipulation" and state.turn.acted:
        raise refuse("Market Manipulation is played first thing in your turn.", "timing")
    if card == "white-collar-crime" and order.target and player.placed(order.target) is None:
        raise refuse("Put the 5MB on a card of your own structure.", "not-yours")
    if card == "media-campaign" and order.target not in state.dead:
        raise refuse("Media Campaign brings back a group from the dead pile.", "bad-target")
    if card in ("computer-espionage", "senate-investigating-committee") and (
            order.target not in state.active or order.target == seat):
        raise refuse(f"Play {name_of(card)} on another player still in the game.",
                     "bad-player")
    if card == "bribery":
        _check_bribery(state, seat, order)


def _check_bribery(state: State, seat: str, order: PlayOrder) -> None:
    player = state.player(seat)
    if state.turn.actions <= 0:
        raise refuse("Bribery takes a regular action, and both are used.", "no-action")
    if order.target not in state.uncontrolled:
        raise refuse("Bribery takes an uncontrolled group.", "bad-target")
    arrows = open_arrows(player, order.place)
    if not arrows or (order.arrow >= 0 and order.arrow not in arrows):
        raise refuse("Name a card of yours with an open arrow: play bribery on <group> at "
                     "<your card>.", "no-arrow")


def play(em: Emitter, seat: str, order: PlayOrder, rng: Rng) -> Next:
    """Discard the Special; what it does follows, at once or (rules 1.1) once the window for
    Secrets Man Was Not Meant To Know has passed without cancelling it."""
    card = order.card
    if em.state.turn.seat == seat and em.state.phase in (Phase.TURN, Phase.END):
        em.emit(ev.ActionTaken(seat, card == "bribery"))
    em.emit(ev.SpecialDiscarded(seat, card, "played"))
    played = (Play(seat, card, order.target, order.place, order.arrow),)
    return OpenCounter(played, "free", CarryOut(played, resume=False))


def carry_out_plays(em: Emitter, step: CarryOut) -> Next | None:
    """Do what the Specials of `step` do and check victory; then, when the window for Secrets
    interrupted an attack's window whose answers are all in, that window closes."""
    for played in step.plays:
        carry_out(em, played)
    if check_victory(em) or not step.resume:
        return None
    attack = em.state.attack
    if em.state.phase in ANSWER_PHASES and attack is not None and not attack.waiting:
        return CloseWindow()
    return None


def carry_out(em: Emitter, order: Play) -> None:
    """Do what a Special played (already discarded) does."""
    card, seat = order.card, order.seat
    player = em.state.player(seat)
    if card in MONEY_CARDS:
        em.emit(ev.MoneyChanged(seat, player.illuminati, MONEY_CARDS[card], name_of(card)))
    elif card == "white-collar-crime":
        em.emit(ev.MoneyChanged(seat, order.target or player.illuminati, WHITE_COLLAR_BONUS,
                                name_of(card)))
        if own_turn(em.state, seat):
            em.emit(ev.TurnFlag(seat, "free-money"))
    elif card == "media-campaign":
        em.emit(ev.GroupRevived(seat, order.target))
    elif card == "computer-espionage":
        em.emit(ev.EspionageSeen(seat, order.target, em.state.player(order.target).hand))
    elif card == "senate-investigating-committee":
        em.emit(ev.SenateCalled(seat, order.target))
    elif card == "market-manipulation":
        em.emit(ev.TurnFlag(seat, "market"))
        collect_income(em, seat, market=True)
    elif card == "bribery":
        over = player.placed(order.place)
        assert over is not None
        arrows = open_arrows(player, order.place)
        side = order.arrow if order.arrow in arrows else arrows[0]
        placement = place({(p.x, p.y) for p in player.cards}, order.target, over, side, {},
                          {})
        em.emit(ev.GroupsPlaced(seat, placement.placed, placement.lost, "bribed"))


def check_recycle(state: State, seat: str, order: RecycleOrder) -> None:
    """Raise a violation unless the Recyclers can pay for an extra draw now."""
    placed = state.player(seat).placed("recyclers")
    if placed is None or state.turn.recycled or placed.money < RECYCLE_COST:
        raise refuse("The Recyclers pay 5MB of their own for one extra draw, once a turn.",
                     "recycle")


def recycle(em: Emitter, seat: str, order: RecycleOrder, rng: Rng) -> None:
    """Pay 5MB from the Recyclers and draw a card."""
    em.emit(ev.MoneyChanged(seat, "recyclers", -RECYCLE_COST, "extra draw"))
    em.emit(ev.TurnFlag(seat, "recycled"))
    draw(em, seat)


def check_laser(state: State, seat: str, order: LaserOrder) -> None:
    """Raise a violation unless the Lasers may change that alignment this turn."""
    lasers = "orbital-mind-control-lasers"
    if lasers not in state.player(seat).groups or state.turn.laser:
        raise refuse("The Orbital Mind Control Lasers change one alignment once in your "
                     "turn.", "laser")
    in_play = order.group in state.uncontrolled or bool(state.owner(order.group))
    if order.group not in GROUPS or order.group == lasers or not in_play:
        raise refuse("Aim the Lasers at another group in play.", "bad-target")
    has = order.alignment in GROUPS[order.group].alignments
    ok = order.alignment in ALIGNMENTS and (
        (order.mode == "add" and not has) or (order.mode == "remove" and has)
        or (order.mode == "reverse" and has and order.alignment in OPPOSITE))
    if not ok:
        raise refuse("Add an alignment the group lacks, or remove or reverse one it has.",
                     "alignment")


def laser(em: Emitter, seat: str, order: LaserOrder, rng: Rng) -> None:
    """Change the alignment for the rest of the turn."""
    em.emit(ev.TurnFlag(seat, "laser", (order.group, order.mode, order.alignment)))


def check_auto_pass(state: State, seat: str, order: AutoPassOrder) -> None:
    """Raise a violation unless the mode is known."""
    if order.mode not in AUTO_PASS_MODES:
        raise refuse("auto-pass on, auto-pass off, auto-pass unless-attacked or auto-pass "
                     "pass-only.", "mode")


def auto_pass(em: Emitter, seat: str, order: AutoPassOrder, rng: Rng) -> Next | None:
    """Set the standing order; the seat's pass to the open window follows when it now
    applies."""
    em.emit(ev.AutoPassSet(seat, order.mode))
    counter = em.state.counter
    if em.state.phase is Phase.COUNTER and counter is not None:
        if seat in counter.waiting and order.mode != "off":
            return PassCounter(seat)
        return None
    attack = em.state.attack
    if attack is None or seat not in attack.waiting:
        return None
    if seat not in waiting_for(em.state, em.state.phase.value):
        return PassWindow(seat)
    return None


def resign(em: Emitter, seat: str, order: Any, rng: Rng) -> Next | None:
    """Leave the game; the game goes on without the seat (a window it was the last to answer
    closes)."""
    state = em.state
    em.emit(ev.Resigned(seat))
    if check_victory(em):
        return None
    attack = em.state.attack
    counter = em.state.counter
    if state.turn.seat == seat:
        end_turn(em)
    elif state.phase is Phase.COUNTER and counter is not None:
        if not counter.waiting:
            return CloseCounter()
    elif attack is not None and state.phase is not Phase.RAISE and not attack.waiting:
        return CloseWindow()
    return None
