"""What the house player knows of Castle of the Devil besides its rules.

One proclamation ends the game, so a rollout mostly plays to it; where one is cut short, each
society's chance is read from the objects it needs that its members hold (Keys for the
Order, Goblets for the Brotherhood, the Bags of Secrets marked with them counting half), and a
seat's share is its society's, split among its members.

In a rollout, a claimant names the members of its society in the world being played (a
world the searching seat samples from its own information, so this reads nothing it may not
know): played at random, a proclamation names the wrong seats and fails, and the search would
never see what proclaiming with the objects together is worth. The real naming, when it
comes, is searched over the worlds like any decision.

The house's own plan (`plan_order`) takes the decisions search alone plays badly. A rollout of
80 decisions of random play rarely sees a trade, a duel won on tokens and a proclamation come
together, so search alone never trades or proclaims at a table that does nothing itself (seats
left to their deadline defaults spy, refuse every offer and support the defender). The plan
collects its society's objects by the one road such a table leaves open: offers (a refused
offer earns a duel token; an accepted one brings an object), then a duel with enough tokens,
Dagger, Thug and Poison Ring to beat or tie a table that all supports the defender (a win
takes the best object of the loser, a tie draws from the pile), the Clairvoyant and the
Diplomat where it has them; and it proclaims as soon as its own hand holds what its society
needs (or the Seal and three Keys and/or Goblets). It reads only the seat's own cards, tokens,
profession and the public duel; the world it is asked in is one the house player sampled from
the seat's information, so everything else it could read is a guess.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.house import shares
from engine.core.rng import Rng

from .cards import ATTACKER, BROTHERHOOD, DEFENDER, OBJECTS, ORDER, SOCIETY, TO_WIN
from .orders import (
    AcceptOrder,
    ClaimOrder,
    DoneOrder,
    DuelOrder,
    GiveOrder,
    LookOrder,
    NameOrder,
    OfferOrder,
    PassOrder,
    PlayOrder,
    RefuseOrder,
    TakeOrder,
    TokenOrder,
    TopOrder,
    UseOrder,
)
from .rules import bag_conflict, can_use, counts_as, role
from .rules_claims import SEAL, seal_ready
from .rules_duel_end import totals
from .state import Duel, Phase, State

HORIZON = 80
"""Decisions a rollout plays before it is scored by `estimate`."""
SPREAD = 1.0
"""A lead of one needed object makes a society's chance e times the other's."""
NEEDED = {ORDER: {"key": 1.0, "bag-key": 0.5}, BROTHERHOOD: {"goblet": 1.0, "bag-goblet": 0.5}}
"""What each object in a member's hand is worth to each society."""


def estimate(state: State) -> dict[str, float]:
    """Return each seat's share of the win: its society's chance, split among its members."""
    held = {society: sum(worth.get(obj, 0.0) for k, hand in enumerate(state.hands)
                         if state.societies[k] == society for obj in hand)
            for society, worth in NEEDED.items()}
    chances = shares(held, SPREAD)
    members = {society: sum(1 for soc in state.societies if soc == society)
               for society in NEEDED}
    return {seat: chances[soc] / members[soc] if soc in chances and members[soc] else 0.0
            for seat, soc in zip(state.seats, state.societies)}


def rollout_order(state: State, seat: str, rng: Rng) -> Any:
    """Return a claimant's naming of its fellow members in a rollout, else None."""
    claim = state.claim
    if state.phase is not Phase.CLAIM or claim is None or state.index(seat) != claim.claimant:
        return None
    members = [k for k in state.others(claim.claimant) if k not in claim.named
               and state.societies[k] == claim.society]
    if not members:
        return DoneOrder()
    return NameOrder(tuple(state.seats[k] for k in sorted(members)))


# -- the house's own plan ---------------------------------------------------------------------

KEEP = {"seal": 50.0, "ring": 30.0, "dagger": 30.0, "gloves": 8.0, "whip": 4.0, "knives": 4.0,
        "mirror": 2.0, "pearl": -20.0}
"""How much the plan wants to keep each object besides its society's (others: 3)."""
ATTACK_BONUS = ("dagger",)
"""Objects the attacker plays for +1."""


def worth(state: State, me: int, obj: str) -> float:
    """Return how much seat `me` wants to keep `obj`: its society's objects most, the Bag
    marked with them next (it counts once the pile is empty), the rival's objects some (held,
    they cannot be proclaimed with; with the Seal they count), the rival's Bag little (offered, it draws if accepted)."""
    wanted = SOCIETY[state.societies[me]].victory
    card = OBJECTS.get(obj)
    if counts_as(state, obj) == wanted:
        return 100.0
    if card is not None and card.bag:
        return 60.0 if card.becomes == wanted else 1.0
    if card is not None and card.victory:
        return 40.0 if "seal" in state.hands[me] else 10.0
    return KEEP.get(obj, 3.0)


def plan_order(world: State, seat: str, rng: Rng) -> Any:
    """Return the house's planned order for `seat` in the sampled `world`, or None (search)."""
    me = world.index(seat)
    if me < 0 or not world.societies[me]:
        return None
    phase = world.phase
    if phase is Phase.TURN:
        return _turn(world, me, rng)
    if phase is Phase.CLAIRVOYANT:
        return _top(world, me)
    if phase is Phase.ANSWER:
        return offer_answer(world, me)
    if phase is Phase.PLAY and world.duel is not None and world.duel.revealed:
        return duel_play(world, me, world.duel)
    if phase is Phase.CHOICE:
        return LookOrder("objects")
    if phase is Phase.TAKE and world.duel is not None and world.duel.loser is not None:
        loser = world.hands[world.duel.loser]
        return TakeOrder(max(sorted(set(loser)), key=lambda obj: worth(world, me, obj)))
    if phase is Phase.GIVE_BACK and world.duel is not None:
        hand = list(world.hands[me])
        hand.remove(world.duel.taken)
        return GiveOrder(_least(world, me, hand)) if hand else None
    if phase is Phase.GIFT:
        below = [k for k in world.others(me) if len(world.hands[k]) < world.limit]
        return GiveOrder(_least(world, me, world.hands[me]), world.seats[below[0]]) \
            if below else None
    if phase is Phase.CLAIM and world.claim is not None and world.claim.claimant == me:
        return DoneOrder()
    return None


def _least(state: State, me: int, hand: Sequence[str]) -> str:
    """Return the object of `hand` the seat wants least (the first in order on a tie)."""
    return min(sorted(hand), key=lambda obj: worth(state, me, obj))


def _own(state: State, me: int) -> int:
    """Return how many of its society's objects the seat holds itself."""
    wanted = SOCIETY[state.societies[me]].victory
    return sum(1 for obj in state.hands[me] if counts_as(state, obj) == wanted)


def _turn(state: State, me: int, rng: Rng) -> Any:
    """Proclaim when the seat's own hand wins; else use the Clairvoyant before a duel, duel
    when its tokens and bonuses beat or tie a table all on the defender's side, demand its
    society's object with the Diplomat, or offer its least wanted object."""
    hand = state.hands[me]
    if "pearl" not in hand:
        if seal_ready(state, me):
            return ClaimOrder(SEAL)
        if _own(state, me) >= TO_WIN:
            return ClaimOrder(state.societies[me])
    target = _duel_target(state, me, rng)
    attack = 1 + state.tokens[me] + sum(1 for obj in ATTACK_BONUS if obj in hand) + (
        1 if state.professions[me] == "thug" else 0)
    defence = state.players - 1
    if attack > defence or (attack == defence and "ring" in hand and not state.pile):
        return DuelOrder(state.seats[target])
    if attack == defence:
        if can_use(state, me, "clairvoyant") and state.pile:
            return UseOrder("clairvoyant")
        return DuelOrder(state.seats[target])
    if can_use(state, me, "diplomat") and hand:
        wanted = SOCIETY[state.societies[me]].victory
        return UseOrder("diplomat", state.seats[target], wanted)
    offerable = [obj for obj in hand if worth(state, me, obj) < 100.0]
    if not offerable:
        return None
    obj = _least(state, me, offerable)
    others = state.others(me)
    return OfferOrder(obj, state.seats[others[rng.randbelow(len(others))]])


def _duel_target(state: State, me: int, rng: Rng) -> int:
    """Return whom to challenge: a seat drawn by the objects it holds (a won duel takes the
    best of them; the seat does not remember whom it has seen, so it spreads its duels)."""
    others = [k for k in state.others(me) for _ in range(len(state.hands[k]))]
    return others[rng.randbelow(len(others))] if others else state.next_seat(me)


def _top(state: State, me: int) -> Any:
    """Return the Clairvoyant's choice: the seat's most wanted objects of the pile on top."""
    count = min(2, len(state.pile))
    ranked = sorted(sorted(state.pile), key=lambda obj: -worth(state, me, obj))
    return TopOrder(tuple(ranked[:count]))


def offer_answer(state: State, me: int) -> Any:
    """Accept an offer worth more to the seat than what it gives back, else refuse."""
    trade = state.trade
    if trade is None:
        return None
    gives = [obj for obj in state.hands[me] if not bag_conflict(trade.offered, obj)]
    if not gives:
        return RefuseOrder()
    give = _least(state, me, gives)
    if worth(state, me, trade.offered) > worth(state, me, give) or (
            OBJECTS.get(trade.offered) is not None and OBJECTS[trade.offered].must_accept):
        return AcceptOrder(give)
    return RefuseOrder()


def duel_play(state: State, me: int, duel: Duel) -> Any:
    """As a duellist after the reveal: play what turns the count its way, one thing a go
    (Dagger, Gloves or a Thug or Grand Master first, they cost nothing; then tokens; the
    Poison Ring on a tie), and pass once it has what it plays for or where nothing helps. The
    attacker plays for a tie while the pile has objects (a tie draws the top one, a win only
    takes one of the loser's few), and for a win once it is empty. A supporter's go is left to
    the search. It reads the seat's own hand, tokens and profession, the public duel and the
    size of the pile, so a standing answer may use it too (`plays: to win`)."""
    part = role(duel, me)
    if part not in (ATTACKER, DEFENDER):
        return None
    attack, defence = totals(duel)
    mine, theirs = (attack, defence) if part == ATTACKER else (defence, attack)
    played = {play.what for play in duel.plays if play.seat == me}
    hand = state.hands[me]
    ringed = any(play.what == "ring" for play in duel.plays)
    drawing = part == ATTACKER and bool(state.pile)
    if mine > theirs or (mine == theirs and (drawing or "ring" in played)):
        return PassOrder()
    prof = state.professions[me]
    boost = "thug" if part == ATTACKER else "grand-master"
    if prof == boost and prof not in played:
        return UseOrder(prof)
    free = "dagger" if part == ATTACKER else "gloves"
    if free in hand and free not in played:
        return PlayOrder(free)
    if mine == theirs and "ring" in hand and not ringed:
        return PlayOrder("ring")
    tokens = state.tokens[me]
    short = theirs - mine + (0 if drawing else 1)
    if tokens >= short:
        return TokenOrder(short)
    if tokens and mine + tokens == theirs and part == ATTACKER:
        return TokenOrder(tokens)
    return PassOrder()
