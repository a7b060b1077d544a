"""The automatic steps: setup, income, the draw, refilling targets, turns, knock-outs, victory."""
from __future__ import annotations

from engine.core.rng import Rng

from . import events as ev
from .cards import ILLUMINATI, deck_cards, income, is_special
from .goals import reached
from .handling import Emitter
from .state import Phase, State

IRS_TAX = 2
UNCONTROLLED_TARGETS = 2
STARTING_GROUPS = 4


def set_up(em: Emitter, rng: Rng) -> None:
    """Deal the Illuminati, shuffle the deck, turn up 4 Groups, roll for the first player."""
    seats = em.state.seats
    dealt = rng.sample(sorted(ILLUMINATI), len(seats))
    em.emit(*[ev.IlluminatiDealt(seat, card) for seat, card in zip(seats, dealt)])
    em.emit(ev.DeckShuffled(tuple(rng.shuffled(deck_cards()))))
    while len(em.state.uncontrolled) < STARTING_GROUPS and em.state.deck:
        top = em.state.deck[0]
        em.emit(ev.SpecialSetAside(top, True) if is_special(top) else ev.GroupTurnedUp(top))
    em.emit(_first_player(seats, rng))
    if em.state.phase is not Phase.GOAL:
        begin_turn(em, em.state.order[0], 1)


def _first_player(seats: tuple[str, ...], rng: Rng) -> ev.FirstPlayerChosen:
    """Return the rolls for the first turn (ties among the highest roll again)."""
    rolls: list[tuple[str, int]] = []
    rolling = list(seats)
    while len(rolling) > 1:
        this = [(seat, rng.roll(6) + rng.roll(6)) for seat in rolling]
        rolls.extend(this)
        best = max(value for _, value in this)
        rolling = [seat for seat, value in this if value == best]
    first = rolling[0]
    start = seats.index(first)
    return ev.FirstPlayerChosen(tuple(rolls), seats[start:] + seats[:start])


def next_seat(state: State, seat: str) -> str:
    """Return the next seat still in the game after `seat` in playing order."""
    order = state.order
    start = order.index(seat) if seat in order else -1
    for step in range(1, len(order) + 1):
        candidate = order[(start + step) % len(order)]
        if not state.player(candidate).out:
            return candidate
    return seat


def begin_turn(em: Emitter, seat: str, number: int) -> None:
    """Start `seat`'s turn: skip it for a Senate Committee, else income and the draw."""
    while seat in em.state.skip:
        em.emit(ev.TurnSkipped(seat))
        seat = next_seat(em.state, seat)
    em.emit(ev.TurnBegan(seat, number))
    collect_income(em, seat, market=False)
    draws = 2 if em.state.player(seat).illuminati == "network" else 1
    for _ in range(draws):
        draw(em, seat)


def collect_income(em: Emitter, seat: str, market: bool) -> None:
    """Pay every card its income; the I.R.S. taxes and the Post Office pays once per turn."""
    player = em.state.player(seat)
    for item in player.cards:
        amount = income(item.card)
        if amount > 0:
            em.emit(ev.MoneyChanged(seat, item.card, amount, "income"))
    if market:
        return
    if "post-office" in player.groups:
        post_office_upkeep(em, seat)
    if "irs" in player.groups:
        for other in em.state.active:
            if other != seat:
                irs_tax(em, seat, other)


def post_office_upkeep(em: Emitter, seat: str) -> None:
    """Take the Post Office's 1MB from its own treasury, else from the Illuminati, else none."""
    player = em.state.player(seat)
    for card in ("post-office", player.illuminati):
        placed = player.placed(card)
        if placed is not None and placed.money > 0:
            em.emit(ev.MoneyChanged(seat, card, -1, "Post Office upkeep"))
            return


def irs_tax(em: Emitter, seat: str, payer: str) -> None:
    """Move up to 2MB from `payer` (Illuminati, else richest group) onto the I.R.S."""
    player = em.state.player(payer)
    source = player.cards[0]
    if source.money <= 0:
        richest = max(player.cards[1:], key=lambda p: p.money, default=None)
        if richest is None or richest.money <= 0:
            return
        source = richest
    amount = min(IRS_TAX, source.money)
    em.emit(ev.MoneyChanged(payer, source.card, -amount, "I.R.S. tax"),
            ev.MoneyChanged(seat, "irs", amount, "I.R.S. tax"))


def draw(em: Emitter, seat: str) -> None:
    """Draw the top card: a Special to the hand, a Group to the uncontrolled area."""
    if not em.state.deck:
        return
    top = em.state.deck[0]
    em.emit(ev.SpecialDrawn(seat, top) if is_special(top) else ev.GroupDrawn(seat, top))


def refill(em: Emitter) -> None:
    """Draw until two Groups are uncontrolled, discarding the Specials drawn."""
    while len(em.state.uncontrolled) < UNCONTROLLED_TARGETS and em.state.deck:
        top = em.state.deck[0]
        em.emit(ev.SpecialSetAside(top, False) if is_special(top) else ev.GroupTurnedUp(top))


def end_turn(em: Emitter, passed: bool = False) -> None:
    """End the turn: refill targets, check victory, start the next player's turn."""
    seat = em.state.turn.seat
    refill(em)
    em.emit(ev.TurnEnded(seat, passed))
    if check_victory(em):
        return
    begin_turn(em, next_seat(em.state, seat), em.state.turn.number + 1)


def knock_outs(em: Emitter, by: str = "") -> None:
    """Knock out every player who once had a group and has none now."""
    for seat in em.state.active:
        player = em.state.player(seat)
        if player.ever_controlled and not player.groups:
            em.emit(ev.KnockedOut(seat, by if by != seat else ""))


def check_victory(em: Emitter) -> bool:
    """End the game if anyone meets a goal (or one player is left); return whether it ended."""
    if em.state.phase is Phase.OVER:
        return True
    goals = [(seat, goal) for seat in em.state.active
             for goal in [reached(em.state, seat)] if goal]
    if not goals and len(em.state.active) == 1:
        goals = [(em.state.active[0], "last player left")]
    if not goals and not em.state.active:
        em.emit(ev.GameWon((), (("nobody", "every player left the game"),)))
        return True
    if goals:
        em.emit(ev.GameWon(tuple(seat for seat, _ in goals), tuple(goals)))
        return True
    return False

