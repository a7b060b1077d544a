"""Proclaiming victory: for your own society or the rival one, or alone with the Seal of the Lodge;
naming the holders, who show their cards; a right claim wins, a wrong one loses."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Rng

from . import events as ev
from .cards import BROTHERHOOD, ORDER, SEAL_OBJECTS, SOCIETY, other_society, society_name
from .flow import Emitter
from .orders import ClaimOrder, DoneOrder, NameOrder
from .rules import counts_as, needed, refuse, victory_objects
from .state import Claim, Phase, State

SEAL = "seal"
SEAL_NEEDS = ("To win alone you need the Seal of the Lodge and at least 3 Keys and/or Goblets in "
              "your own hand.")


def claim_orders(state: State, seat: int) -> list[Any]:
    """Return the proclamations open to the seat at the start of its turn."""
    hand = state.hands[seat]
    if "pearl" in hand:
        return []
    own = state.societies[seat]
    orders: list[Any] = [ClaimOrder(society) for society in (ORDER, BROTHERHOOD)
                         if society != own or victory_objects(state, (seat,), own) > 0]
    if seal_ready(state, seat):
        orders.append(ClaimOrder(SEAL))
    return orders


def seal_ready(state: State, seat: int) -> bool:
    """Return whether the seat holds the Seal and at least 3 Keys and/or Goblets."""
    hand = state.hands[seat]
    wanted = {SOCIETY[society].victory for society in (ORDER, BROTHERHOOD)}
    count = sum(1 for obj in hand if counts_as(state, obj) in wanted)
    return "seal" in hand and count >= SEAL_OBJECTS


def proclaim(em: Emitter, seat: int, order: ClaimOrder, rng: Rng) -> None:
    """Proclaim victory; in the one-line form, name the given holders and stop naming."""
    _proclaim(em, seat, order)
    if order.names and em.state.phase is Phase.CLAIM:
        name(em, seat, name_in_order(em.state, seat, order.names), rng)
        if em.state.phase is Phase.CLAIM:
            name(em, seat, DoneOrder(), rng)


def _proclaim(em: Emitter, seat: int, order: ClaimOrder) -> None:
    """Proclaim victory; a claim for your own society shows your cards first."""
    state = em.state
    me = state.seats[seat]
    if order.society == SEAL:
        em.emit(ev.VictoryProclaimed(me, SEAL, True), _shown(state, seat))
        _finish(em, True, (me,), f"{me} holds the Seal of the Lodge and 3 Keys and/or Goblets "
                "and wins alone.")
        return
    em.emit(ev.VictoryProclaimed(me, order.society, False))
    if order.society == state.societies[seat]:
        em.emit(_shown(state, seat))
    judge(em)


def _shown(state: State, seat: int) -> ev.CardsShown:
    """Return the event of `seat` turning up all its cards."""
    return ev.CardsShown(state.seats[seat], state.societies[seat], state.professions[seat],
                         state.hands[seat])


def name_orders(state: State, seat: int) -> list[Any]:
    """Return every group of players not yet named, and done."""
    claim = state.claim
    assert claim is not None
    left = [other for other in state.others(seat) if other not in claim.named]
    left.sort()
    groups = [tuple(state.seats[k] for bit, k in enumerate(left) if mask >> bit & 1)
              for mask in range(1, 1 << len(left))]
    return [NameOrder(group) for group in groups] + [DoneOrder()]


def name_in_order(state: State, seat: int, names: tuple[str, ...]) -> NameOrder:
    """Return the naming of `names` in the form name_orders lists (seat order, each once)."""
    known = [other for other in state.seats if other in names]
    if len(known) != len(names) or len(set(names)) != len(names):
        return NameOrder(tuple(names))
    return NameOrder(tuple(known))


def name(em: Emitter, seat: int, order: NameOrder | DoneOrder, rng: Rng) -> None:
    """The named players show their cards; the claim is judged once it is settled."""
    if isinstance(order, DoneOrder):
        _conclude(em, False)
        return
    em.emit(ev.PlayersNamed(em.state.seats[seat], order.seats))
    state = em.state
    em.emit(*[_shown(state, state.index(other)) for other in order.seats])
    judge(em)


def verdict(state: State, claim: Claim) -> bool | None:
    """Return True (right), False (wrong) or None (not settled: the claimant may name more)."""
    society = claim.society
    if any(state.societies[k] != society for k in claim.named):
        return False
    holders = list(claim.named)
    if state.societies[claim.claimant] == society:
        holders.append(claim.claimant)
    if victory_objects(state, holders, society) >= needed(state, society):
        return True
    if len(claim.named) == state.players - 1:
        return False
    return None


def judge(em: Emitter) -> None:
    """Settle the claim if it can be settled now."""
    claim = em.state.claim
    assert claim is not None
    result = verdict(em.state, claim)
    if result is not None:
        _conclude(em, result)


def _conclude(em: Emitter, right: bool) -> None:
    """End the game: a right claim wins for the claimant's society, a wrong one for the other."""
    state = em.state
    claim = state.claim
    assert claim is not None
    own = state.societies[claim.claimant]
    winning = own if right else other_society(own)
    winners = tuple(seat for seat, soc in zip(state.seats, state.societies) if soc == winning)
    me, named = state.seats[claim.claimant], ", ".join(state.seats[k] for k in claim.named)
    about = "its own" if claim.society == own else "the rival"
    verb = "was right" if right else "was wrong"
    reason = (f"{me} proclaimed that the {society_name(claim.society)} ({about} society) holds "
              f"its objects, naming {named or 'nobody'}, and {verb}: the "
              f"{society_name(winning)} wins.")
    _finish(em, right, winners, reason, winning)


def _finish(em: Emitter, right: bool, winners: tuple[str, ...], reason: str,
            society: str = SEAL) -> None:
    """Record the judgement and turn up every card."""
    state = em.state
    me = state.seats[state.active]
    em.emit(ev.ClaimJudged(me, right, society, winners, reason))
    em.emit(ev.AllRevealed(dict(zip(state.seats, state.societies)),
                           dict(zip(state.seats, state.professions)),
                           dict(zip(state.seats, state.hands)), state.removed, state.unused))


def revealed_societies(state: State) -> tuple[tuple[str, ...], ...] | None:
    """Return the two societies, the winning one first, once a claim for a society decided
    the game (every card is turned up at its end); None for a Seal of the Lodge win alone, or
    before the end."""
    claim = state.claim
    if state.phase is not Phase.OVER or claim is None or claim.society == SEAL \
            or not state.winners:
        return None
    winning = state.societies[state.index(state.winners[0])]
    teams = tuple(tuple(seat for seat, soc in zip(state.seats, state.societies) if soc == side)
                  for side in (winning, other_society(winning)))
    return teams if all(teams) else None


def check_claim(state: State, seat: int, order: ClaimOrder) -> None:
    """A proclamation at the start of your turn (with the holders named, in one line)."""
    if "pearl" in state.hands[seat]:
        refuse("Whoever holds the Black Pearl cannot proclaim victory.", "cd.black-pearl")
    if order.society == SEAL:
        if not seal_ready(state, seat):
            refuse(SEAL_NEEDS, "cd.seal")
    elif order.society not in (ORDER, BROTHERHOOD):
        refuse("Claim order, claim brotherhood or claim seal.", "cd.bad-society")
    elif order.society == state.societies[seat] and not victory_objects(state, (seat,),
                                                                         order.society):
        wanted = SOCIETY[order.society].victory.capitalize()
        refuse(f"To proclaim for your own society you must hold a {wanted} yourself.",
               "cd.hold-one")
    others = [name for name in order.names if name != state.seats[seat]]
    if len(set(others)) != len(order.names) or not set(order.names) <= set(state.seats):
        refuse("Name other players, each once, not yourself: claim "
               f"{order.society} <player> [<player> ...].", "cd.bad-name")


def check_name(state: State, seat: int, order: NameOrder | DoneOrder) -> None:
    """Naming holders: other players not yet named, each once, in seat order; or done."""
    if isinstance(order, DoneOrder):
        return
    claim = state.claim
    assert claim is not None
    named = [state.index(name) for name in order.seats]
    left = [k for k in state.others(seat) if k not in claim.named]
    if not named or any(k not in left for k in named) or named != sorted(set(named)):
        refuse("Name other players not yet named, each once: name <player> [<player> ...].",
               "cd.bad-name")
