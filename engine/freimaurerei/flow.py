"""The automatic steps of the game: setup, revealing the SMs, the end of each action and turn.
Random outcomes are drawn here and written into events."""
from __future__ import annotations

from engine.core.kit import Emitter
from engine.core.rng import Rng

from . import events as ev
from .board import below_quorum
from .cards import is_consort, lodge_cards, ruler_cards
from .state import REALMS, Alignment, Principality, Recruit, Size, State, other
from .tables import TABLES


def draw_from_bag(state: State, size: Size, rng: Rng) -> Alignment | None:
    """Return the colour of a pyramid of `size` drawn blind from the bag (None: there is none)."""
    white = state.bag.count(Alignment.ROSICRUCIAN, size)
    black = state.bag.count(Alignment.ILLUMINATI, size)
    if white + black == 0:
        return None
    return Alignment.ROSICRUCIAN if rng.randbelow(white + black) < white else Alignment.ILLUMINATI


# -- setup ---------------------------------------------------------------------------------

def set_up(em: Emitter[State], rng: Rng) -> None:
    """Assign the principalities, shuffle both packs, turn up the rulers, hand out Masons."""
    seats = rng.shuffled(em.state.seats)
    em.emit(ev.PrincipalitiesAssigned(seats[0], seats[1]))
    options = em.state.options
    em.emit(ev.DecksShuffled(tuple(rng.shuffled(lodge_cards(options))),
                             tuple(rng.shuffled(ruler_cards(options)))))
    for principality in REALMS:
        turn_up_ruler(em, principality, None)
    for principality in REALMS:
        recruits: list[Recruit] = []
        for size in TABLES.starting_masons:
            recruits.append(Recruit(f"M{em.state.next_mason + len(recruits)}", size))
        em.emit(ev.StartingMasonsTaken(principality, tuple(recruits)))


def turn_up_ruler(em: Emitter[State], principality: Principality, seat: str | None) -> None:
    """Turn up the top Ruler card for `principality`.

    At setup, an Empress or Emperor on the way is laid beside the ruler and the next card is
    turned up; a SWAP turns up one card only.
    """
    while em.state.ruler_deck:
        top = em.state.ruler_deck[0]
        if not is_consort(em.state.options, top):
            em.emit(ev.RulerTurnedUp(principality, top, seat))
            return
        em.emit(ev.ConsortTurnedUp(principality, top, seat))
        if seat is not None:
            return


def reveal_masters(em: Emitter[State], rng: Rng) -> None:
    """Both outer alignments are in: show them, draw the inner ones, start the first turn."""
    choices = em.state.choices
    assert choices[0] is not None and choices[1] is not None
    em.emit(ev.OuterAlignmentsShown(choices[0], choices[1]))
    for realm in em.state.realms:
        drawn = draw_from_bag(em.state, Size.SMALL, rng)
        if drawn is not None:
            em.emit(ev.InnerAlignmentDrawn(realm.seat, drawn))
    em.emit(ev.TurnStarted(em.state.realms[0].seat, 1, 1))


# -- the end of an action ------------------------------------------------------------------

def dissolve_below_quorum(em: Emitter[State]) -> None:
    """Dissolve every lodge, in either principality, left with fewer than three members."""
    for index, principality in enumerate(REALMS):
        realm = em.state.realms[index]
        for lodge in below_quorum(realm):
            members = tuple(p.id for p in realm.members(lodge.number))
            em.emit(ev.LodgeDissolved(principality, lodge.number, lodge.cards, members))


def finish_action(em: Emitter[State]) -> None:
    """Close the action under way; after the turn's last action the other seat's turn begins."""
    dissolve_below_quorum(em)
    state = em.state
    seat = state.active_seat
    em.emit(ev.ActionCompleted(seat, state.turn, state.action))
    if state.action >= state.actions:
        following = em.state.realms[other(state.active)].seat
        em.emit(ev.TurnStarted(following, state.turn + 1, 2))

