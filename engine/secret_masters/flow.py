"""The rules that run by themselves: setup, the start of a turn, counting the vote, the redraw,
passing the turn and starting a new round. Random outcomes are drawn here and written into
events."""
from __future__ import annotations

from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import events as ev
from .state import ANTARCTICA, COLOURS, MAP, MARKERS_PER_VOTE, REGION_IDS, Markers, State, points

TURNS_PER_ROUND = 3


def grand_master_opens_rounds(em: Emitter[State]) -> bool:
    """Return whether the rules are the reading of version 1.0, where every new Grand Master
    also became the first active seat of the round."""
    return bool(getattr(em.game, "grand_master_opens_rounds", False))


def set_up(em: Emitter[State], rng: Rng) -> None:
    """Place the starting agents, deal the factions and begin round one."""
    state = em.state
    start = dict(zip(MAP.start_regions, rng.shuffled(COLOURS)))
    factions = rng.shuffled(COLOURS)
    grand_master = rng.choice(state.seats)
    em.emit(ev.GameSetUp(state.seats, grand_master, start))
    for seat, faction in zip(state.seats, factions):
        em.emit(ev.FactionDealt(seat, faction))
    em.emit(ev.FactionSetAside(factions[len(state.seats)]))
    start_round(em, 1, grand_master, grand_master, rng)


def start_round(em: Emitter[State], number: int, grand_master: str, active: str,
                rng: Rng) -> None:
    """Begin round `number`: its Grand Master shuffles the deck; `active` takes the turn."""
    if grand_master_opens_rounds(em):
        em.emit(ev.RoundStarted(number, grand_master))
    else:
        em.emit(ev.RoundBegan(number, grand_master, active))
    em.emit(ev.DeckShuffled(number, tuple(rng.shuffled(REGION_IDS))))
    begin_turn(em)


def begin_turn(em: Emitter[State]) -> None:
    """Check for a win, reveal the two region cards and refill the pool from Antarctica if low."""
    state = em.state
    seat = state.seats[state.active]
    faction = state.factions[state.active]
    if faction is not None:
        score = points(state.board)[faction]
        if score >= state.goal:
            em.emit(ev.GameWon(seat, faction, score), _reveal_all(state))
            return
    em.emit(ev.CardsRevealed(seat, state.deck[0], state.deck[1]))
    state = em.state
    stranded = state.board[ANTARCTICA]
    if sum(state.pool) <= 2 and sum(stranded) > 0:
        em.emit(ev.AntarcticaReturned(stranded))


def _reveal_all(state: State) -> ev.FactionsRevealed:
    """Return the event showing every faction card at the end."""
    factions = {seat: faction for seat, faction in zip(state.seats, state.factions)
                if faction is not None}
    return ev.FactionsRevealed(factions, state.set_aside)


def skip_vote(em: Emitter[State]) -> None:
    """Both cards are empty: no vote and no redraw; the turn ends."""
    em.emit(ev.VoteSkipped(em.state.round, em.state.turn))
    end_turn(em)


def resolve_vote(em: Emitter[State], rng: Rng) -> None:
    """Count the bag, send the agents where the vote says, redraw markers and end the turn."""
    state = em.state
    totals = Markers()
    for vote in state.votes:
        if vote is not None:
            totals = totals + vote
    red_to, white_to = destinations(state, totals)
    em.emit(ev.VoteResolved(state.seats[state.active], totals, state.red_agent, red_to,
                            state.white_agent, white_to))
    redraw(em, rng)
    end_turn(em)


def destinations(state: State, totals: Markers) -> tuple[str | None, str | None]:
    """Return where the red card's and the white card's agents go (None: no agent there)."""
    red_to: str | None = state.red_card
    white_to: str | None = state.white_card
    if totals.red > totals.white:
        white_to = ANTARCTICA
    elif totals.white > totals.red:
        red_to = ANTARCTICA
    return (red_to if state.red_agent is not None else None,
            white_to if state.white_agent is not None else None)


def redraw(em: Emitter[State], rng: Rng) -> None:
    """Each seat, the active one first and then clockwise, draws three markers from the bag."""
    index = em.state.active
    for _ in em.state.seats:
        bag = em.state.bag.as_words()
        drawn = Markers.from_words(rng.sample(bag, min(MARKERS_PER_VOTE, len(bag))))
        em.emit(ev.MarkersDrawn(em.state.seats[index], drawn))
        index = em.state.next_seat(index)


def end_turn(em: Emitter[State]) -> None:
    """Discard the cards; the next seat becomes active, or the Redeploy card comes up."""
    state = em.state
    if state.turn < TURNS_PER_ROUND:
        following = state.next_seat(state.active)
        em.emit(ev.TurnPassed(state.seats[following], state.round, state.turn + 1))
        begin_turn(em)
    else:
        em.emit(ev.RedeployStarted(state.seats[state.grand_master], state.round))


def end_round(em: Emitter[State], rng: Rng) -> None:
    """Pass the Grand Master marker clockwise and start the next round; the turn goes on to the
    seat after the last active one (the new Grand Master under version 1.0)."""
    state = em.state
    grand_master = state.seats[state.next_seat(state.grand_master)]
    active = state.seats[state.next_seat(state.active)]
    start_round(em, state.round + 1, grand_master, active, rng)
