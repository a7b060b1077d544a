"""evolve: apply one event to the state. Total, deterministic, no checks and no draws."""
from __future__ import annotations

from engine.core.contract import replace

from . import events as ev
from . import evolve_duel  # noqa: F401  (registers the duel evolvers)
from .cards import DUEL_TOKENS, object_name, profession_name, society_name
from .events import evolves
from .state import (
    Ability,
    Claim,
    Phase,
    Sextant,
    State,
    Trade,
    move_object,
    note,
    object_list,
    set_at,
    with_object,
    without_object,
)


def initial_state(seats: tuple[str, ...]) -> State:
    """Return the state before the opening events: nobody holds anything yet."""
    count = len(seats)
    return State(seats=tuple(seats), societies=("",) * count, professions=("",) * count,
                 face_up=(False,) * count, hands=((),) * count, tokens=(0,) * count,
                 notes=((),) * count, revealed=(False,) * count, token_pile=DUEL_TOKENS)


# -- setting up -------------------------------------------------------------------------------

@evolves(ev.GameSetUp)
def _game_set_up(state: State, event: ev.GameSetUp) -> State:
    return replace(state, active=state.index(event.first))


@evolves(ev.SocietyDealt)
def _society_dealt(state: State, event: ev.SocietyDealt) -> State:
    return replace(state, societies=set_at(state.societies, state.index(event.seat),
                                           event.society))


@evolves(ev.SocietyRemoved)
def _society_removed(state: State, event: ev.SocietyRemoved) -> State:
    return replace(state, removed=event.society)


@evolves(ev.ProfessionDealt)
def _profession_dealt(state: State, event: ev.ProfessionDealt) -> State:
    return replace(state, professions=set_at(state.professions, state.index(event.seat),
                                             event.profession))


@evolves(ev.ProfessionsSetAside)
def _professions_set_aside(state: State, event: ev.ProfessionsSetAside) -> State:
    return replace(state, unused=tuple(sorted(event.professions)))


@evolves(ev.ObjectDealt)
def _object_dealt(state: State, event: ev.ObjectDealt) -> State:
    index = state.index(event.seat)
    return replace(state, hands=set_at(state.hands, index,
                                       with_object(state.hands[index], event.obj)))


@evolves(ev.PileShuffled)
def _pile_shuffled(state: State, event: ev.PileShuffled) -> State:
    return replace(state, pile=event.objects)


@evolves(ev.TurnStarted)
def _turn_started(state: State, event: ev.TurnStarted) -> State:
    return replace(state, active=state.index(event.seat), turn=event.turn, phase=Phase.TURN,
                   trade=None, pending=(), sextant=None, giver=-1, duel=None)


# -- spying and professions outside duels -----------------------------------------------------

@evolves(ev.Spied)
def _spied(state: State, event: ev.Spied) -> State:
    name = object_name(event.obj)
    state = note(state, state.index(event.spy), f"you spied on {event.target} and saw the "
                 f"{name}.")
    state = note(state, state.index(event.target), f"{event.spy} spied on you and saw your "
                 f"{name}.")
    return replace(state, phase=Phase.FLOW)


@evolves(ev.ProfessionRevealed)
def _profession_revealed(state: State, event: ev.ProfessionRevealed) -> State:
    return replace(state, face_up=set_at(state.face_up, state.index(event.seat), True))


@evolves(ev.PileSearched)
def _pile_searched(state: State, event: ev.PileSearched) -> State:
    return replace(state, phase=Phase.CLAIRVOYANT)


@evolves(ev.PileArranged)
def _pile_arranged(state: State, event: ev.PileArranged) -> State:
    rest: tuple[str, ...] = state.pile
    for obj in event.top:
        rest = without_object(rest, obj)
    state = note(state, state.index(event.seat), "you put " + object_list(event.top)
                 + " on top of the pile (topmost first).")
    return replace(state, pile=event.top + rest, phase=Phase.TURN)


@evolves(ev.DiplomatDemanded)
def _diplomat_demanded(state: State, event: ev.DiplomatDemanded) -> State:
    if not event.held:
        return replace(state, phase=Phase.FLOW)
    trade = Trade(state.index(event.target), state.index(event.seat), event.obj, diplomat=True)
    return replace(state, trade=trade, phase=Phase.DIPLOMAT)


# -- trades -----------------------------------------------------------------------------------

@evolves(ev.TradeOffered)
def _trade_offered(state: State, event: ev.TradeOffered) -> State:
    trade = Trade(state.index(event.offerer), state.index(event.target), event.obj)
    return replace(state, trade=trade, phase=Phase.ANSWER)


@evolves(ev.TradeRefused)
def _trade_refused(state: State, event: ev.TradeRefused) -> State:
    if event.token:
        index = state.index(event.offerer)
        state = replace(state, tokens=set_at(state.tokens, index, state.tokens[index] + 1),
                        token_pile=state.token_pile - 1)
    return replace(state, trade=None, phase=Phase.FLOW)


@evolves(ev.TradeAccepted)
def _trade_accepted(state: State, event: ev.TradeAccepted) -> State:
    offerer, target = state.index(event.offerer), state.index(event.target)
    state = move_object(state, offerer, target, event.offered)
    state = move_object(state, target, offerer, event.returned)
    pending = ((Ability(event.offered, offerer, target),) if event.offered_fires else ()) + (
        (Ability(event.returned, target, offerer),) if event.returned_fires else ())
    given, got = object_name(event.offered), object_name(event.returned)
    state = note(state, offerer, f"you traded the {given} to {event.target} for the {got}.")
    state = note(state, target, f"{event.offerer} traded you the {given}; you gave the {got}.")
    return replace(state, trade=None, pending=pending, phase=Phase.FLOW)


@evolves(ev.AbilityOffered)
def _ability_offered(state: State, event: ev.AbilityOffered) -> State:
    return replace(state, phase=Phase.ABILITY)


@evolves(ev.AbilityUsed)
def _ability_used(state: State, event: ev.AbilityUsed) -> State:
    return replace(state, pending=state.pending[1:], phase=Phase.FLOW)


@evolves(ev.AbilityDeclined)
def _ability_declined(state: State, event: ev.AbilityDeclined) -> State:
    return replace(state, pending=state.pending[1:], phase=Phase.FLOW)


@evolves(ev.ObjectDrawn)
def _object_drawn(state: State, event: ev.ObjectDrawn) -> State:
    index = state.index(event.seat)
    state = replace(state, pile=state.pile[1:],
                    hands=set_at(state.hands, index, with_object(state.hands[index], event.obj)))
    return note(state, index, f"you drew the {object_name(event.obj)} from the pile.")


@evolves(ev.SocietyShown)
def _society_shown(state: State, event: ev.SocietyShown) -> State:
    return note(state, state.index(event.viewer), f"{event.seat} belongs to the "
                f"{society_name(event.society)}.")


@evolves(ev.HandShown)
def _hand_shown(state: State, event: ev.HandShown) -> State:
    state = note(state, state.index(event.viewer), f"{event.seat} showed you their objects: "
                 f"{object_list(event.objects)}.")
    if event.cause == "duel":
        return replace(state, phase=Phase.TAKE)
    return state


@evolves(ev.ProfessionExchanged)
def _profession_exchanged(state: State, event: ev.ProfessionExchanged) -> State:
    index = state.index(event.seat)
    unused = list(state.unused)
    if event.new in unused:
        unused.remove(event.new)
    state = replace(state, professions=set_at(state.professions, index, event.new),
                    face_up=set_at(state.face_up, index, False),
                    unused=tuple(sorted(unused + [event.old])))
    return note(state, index, f"with the Coat you exchanged the {profession_name(event.old)} "
                f"for the {profession_name(event.new)}.")


@evolves(ev.ProfessionsSwapped)
def _professions_swapped(state: State, event: ev.ProfessionsSwapped) -> State:
    seat, partner = state.index(event.seat), state.index(event.partner)
    professions = set_at(set_at(state.professions, seat, event.seat_gets), partner,
                         event.partner_gets)
    face_up = set_at(set_at(state.face_up, seat, False), partner, False)
    state = replace(state, professions=professions, face_up=face_up)
    state = note(state, seat, f"with the Tome you swapped professions with {event.partner}: "
                 f"you are now the {profession_name(event.seat_gets)}, {event.partner} the "
                 f"{profession_name(event.partner_gets)}.")
    return note(state, partner, f"{event.seat} swapped professions with you (Tome): you are "
                f"now the {profession_name(event.partner_gets)}, {event.seat} the "
                f"{profession_name(event.seat_gets)}.")


@evolves(ev.PassingStarted)
def _passing_started(state: State, event: ev.PassingStarted) -> State:
    sextant = Sextant(state.index(event.seat), event.direction, ("",) * state.players)
    return replace(state, sextant=sextant, phase=Phase.SEXTANT)


@evolves(ev.PassingChosen)
def _passing_chosen(state: State, event: ev.PassingChosen) -> State:
    assert state.sextant is not None
    choices = set_at(state.sextant.choices, state.index(event.seat), event.obj)
    return replace(state, sextant=replace(state.sextant, choices=choices))


@evolves(ev.ObjectPassed)
def _object_passed(state: State, event: ev.ObjectPassed) -> State:
    giver, receiver = state.index(event.giver), state.index(event.receiver)
    state = move_object(state, giver, receiver, event.obj)
    name = object_name(event.obj)
    state = note(state, giver, f"you passed the {name} to {event.receiver} (Sextant).")
    return note(state, receiver, f"{event.giver} passed you the {name} (Sextant).")


@evolves(ev.PassingEnded)
def _passing_ended(state: State, event: ev.PassingEnded) -> State:
    return replace(state, sextant=None, phase=Phase.FLOW)


@evolves(ev.HandOverLimit)
def _hand_over_limit(state: State, event: ev.HandOverLimit) -> State:
    return replace(state, giver=state.index(event.seat), phase=Phase.GIFT)


@evolves(ev.ObjectGiven)
def _object_given(state: State, event: ev.ObjectGiven) -> State:
    giver, receiver = state.index(event.giver), state.index(event.receiver)
    state = move_object(state, giver, receiver, event.obj)
    name = object_name(event.obj)
    state = note(state, giver, f"over the hand limit, you gave the {name} to {event.receiver}.")
    state = note(state, receiver, f"{event.giver} was over the hand limit and gave you the "
                 f"{name}.")
    return replace(state, giver=-1, phase=Phase.FLOW)


# -- victory ----------------------------------------------------------------------------------

@evolves(ev.VictoryProclaimed)
def _victory_proclaimed(state: State, event: ev.VictoryProclaimed) -> State:
    claim = Claim(state.index(event.seat), event.society)
    return replace(state, claim=claim, phase=Phase.CLAIM)


@evolves(ev.CardsShown)
def _cards_shown(state: State, event: ev.CardsShown) -> State:
    index = state.index(event.seat)
    return replace(state, revealed=set_at(state.revealed, index, True),
                   face_up=set_at(state.face_up, index, True))


@evolves(ev.PlayersNamed)
def _players_named(state: State, event: ev.PlayersNamed) -> State:
    assert state.claim is not None
    named = state.claim.named + tuple(state.index(seat) for seat in event.named)
    return replace(state, claim=replace(state.claim, named=named))


@evolves(ev.ClaimJudged)
def _claim_judged(state: State, event: ev.ClaimJudged) -> State:
    return replace(state, winners=event.winners, reason=event.reason, phase=Phase.OVER)


@evolves(ev.AllRevealed)
def _all_revealed(state: State, event: ev.AllRevealed) -> State:
    count = state.players
    return replace(state, revealed=(True,) * count, phase=Phase.OVER)


