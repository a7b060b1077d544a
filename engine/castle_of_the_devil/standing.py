"""The recurring decisions of Castle of the Devil a seat may answer in advance.

    offers: refuse               refuse every object offered (a Black Pearl or Shattered Mirror
                                 must be accepted, so then the seat is asked)
    offers: better               accept an object worth more to the seat's society than the one
                                 it would give back (giving its least wanted), else refuse
    plays: pass-as-supporter     a supporter in a duel passes at each of its goes (a duellist
                                 is asked)
    plays: to-win                a duellist plays what turns the count its way, one thing a go
                                 (the house player's plan), and passes once it has enough or
                                 nothing helps; a supporter passes
    sides: friend                support a duellist whose society card the seat was shown and
                                 found to be its own, or the other side of one shown to be the
                                 rival's; else the defender (a defender lets the duel go ahead);
                                 a seat that can use the Priest is asked
    take: most-wanted            a duel's winner takes the loser's object its society wants most
    abilities: renew             a trader uses a traded Coat or Tome when its own once-only
                                 profession lies face up (spent), else declines; it declines
                                 the Sextant
    sextant: least-wanted        every seat passes its least wanted object at a Sextant
    return: least-wanted         a winner who must give one back gives its least wanted
    look: society | objects      what a duel's winner looks at
    doctor: let stand            let every duel's result stand (the Doctor is not used)

A challenge may answer the rest of its turn ahead: `duel bruno, then look objects`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.standing import Answer, Topic

from .cards import ATTACKER, DEFENDER, is_once, trade_ability
from .house import duel_play, offer_answer, worth
from .orders import GiveOrder, LookOrder, PassOrder, RefuseOrder, SupportOrder, TakeOrder, UseOrder
from .rules import role
from .secrecy import shown_societies
from .state import State


def better_offer(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the house player's answer to an offer (`house.offer_answer`): accept, giving back its
    least wanted object, when the object offered is worth more to the seat's own society;
    else refuse. It reads only the seat's own society and hand and the offer."""
    chosen = offer_answer(state, index)
    return chosen if chosen in legal else None


def supporter_passes(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return a pass where the seat supports a side in the duel (None for a duellist)."""
    duel = state.duel
    if duel is None or role(duel, index) in (ATTACKER, DEFENDER):
        return None
    return PassOrder() if PassOrder() in legal else None


def plays_to_win(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return a duellist's go as the house player plans it (`house.duel_play`: its own hand,
    tokens and profession against the public count), or a supporter's pass."""
    duel = state.duel
    if duel is None:
        return None
    if role(duel, index) not in (ATTACKER, DEFENDER):
        return supporter_passes(state, index, legal)
    chosen = duel_play(state, index, duel)
    return chosen if chosen in legal else None


def friend_side(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the side of a friend: the duellist the seat was shown to be of its own society,
    or the other duellist where one was shown to be of the rival society; where it knows
    neither or both alike, the defender. The defender lets the duel go ahead. A seat that can
    use the Priest now is asked (None). It reads only the seat's own society and the society
    cards shown to it."""
    duel = state.duel
    if duel is None or any(isinstance(order, UseOrder) for order in legal):
        return None
    if PassOrder() in legal:
        return PassOrder()
    known = shown_societies(state, index)
    mine = state.societies[index]

    def stance(seat: int) -> int:
        society = known.get(state.seats[seat])
        return 0 if society is None else (1 if society == mine else -1)

    side = ATTACKER if stance(duel.attacker) > stance(duel.defender) else DEFENDER
    chosen = SupportOrder(side)
    return chosen if chosen in legal else None


def _fixed_side(side: str) -> Any:
    """Return a pick supporting `side` always (the defender lets the duel go ahead; a seat that
    can use the Priest is asked)."""
    def pick(state: State, index: int, legal: Sequence[Any]) -> Any:
        if any(isinstance(order, UseOrder) for order in legal):
            return None
        if PassOrder() in legal:
            return PassOrder()
        chosen = SupportOrder(side)
        return chosen if chosen in legal else None
    return pick


def most_wanted(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the take of the loser's object the seat's society wants most (`house.worth`;
    the first in order on a tie)."""
    takes = sorted((o for o in legal if isinstance(o, TakeOrder)), key=lambda o: o.obj)
    return max(takes, key=lambda o: worth(state, index, o.obj)) if takes else None


def least_wanted(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the giving back of the object the seat wants least (the first on a tie)."""
    gives = sorted((o for o in legal if isinstance(o, GiveOrder)), key=lambda o: o.obj)
    return min(gives, key=lambda o: worth(state, index, o.obj)) if gives else None


def renew(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the use of a traded Coat or Tome where the seat's own profession is once-only and
    spent (face up), which turns a fresh one face down; else, and at a Sextant, decline. It
    reads only the seat's own profession and the object traded."""
    if not state.pending:
        return None
    obj = state.pending[0].obj
    spent = is_once(state.professions[index]) and state.face_up[index]
    chosen = UseOrder(obj) if trade_ability(obj) in ("coat", "tome") and spent else PassOrder()
    return chosen if chosen in legal else None


ADVICE = ("Recommended, to be asked only on your own turns: `standing offers better / sides "
          "friend / plays to win / look objects / take most wanted / return least wanted / "
          "doctor let stand / abilities renew / sextant least wanted`; they read only your own "
          "cards and what you were shown. A challenge may take its spoils ahead: `duel bruno, "
          "then look objects, then take key`.")
"""What `help standing` recommends: the answers a player playing to win would choose (what the
house player does), so that a seat answers mail only on its own turn."""


TOPICS: tuple[Topic, ...] = (
    Topic("offers", ("answer",), (
        Answer("refuse", "refuse every object offered to you", order=RefuseOrder(),
               aliases=("no", "never", "decline", "reject")),
        Answer("better", "accept an object worth more to your society than the one you give"
               " back (your least wanted), else refuse", pick=better_offer,
               aliases=("worth", "wanted", "best")),),
        kinds=("accept", "refuse"), aliases=("offer", "trades", "trade")),
    Topic("look", ("choice",), (
        Answer("society", "a duel's winner looks at the loser's society card",
               order=LookOrder("society"), aliases=("card", "society-card")),
        Answer("objects", "a duel's winner looks at the loser's objects to take one",
               order=LookOrder("objects"), aliases=("object", "take"))),
        kinds=("look",), aliases=("choice", "see")),
    Topic("doctor", ("doctor",), (
        Answer("let-stand", "let a duel's result stand (the Doctor is not used)",
               order=PassOrder(), aliases=("pass", "stand", "no", "never")),),
        aliases=("doctors",)),
    Topic("plays", ("play",), (
        Answer("pass-as-supporter", "as a supporter in a duel pass at each of your goes (as a"
               " duellist you are asked)", pick=supporter_passes,
               aliases=("supporter-pass", "supporters-pass", "pass")),
        Answer("to-win", "as a duellist play what turns the count your way, one thing a go, and"
               " pass once you have enough or nothing helps; as a supporter pass",
               pick=plays_to_win, aliases=("win", "best", "plan"))),
        aliases=("play", "duel-plays")),
    Topic("sides", ("sides",), (
        Answer("friend", "support a duellist you were shown to be of your society, or the other"
               " side of one shown to be the rival's; else the defender (you are asked when you"
               " can use the Priest)", pick=friend_side,
               aliases=("friends", "ally", "allies", "known")),
        Answer("defender", "support the defender (as the defender, let the duel go ahead; you"
               " are asked when you can use the Priest)", pick=_fixed_side(DEFENDER)),
        Answer("attacker", "support the attacker (as the defender, let the duel go ahead; you"
               " are asked when you can use the Priest)", pick=_fixed_side(ATTACKER))),
        aliases=("side", "support")),
    Topic("take", ("take",), (
        Answer("most-wanted", "as a duel's winner take the loser's object your society wants"
               " most", pick=most_wanted, aliases=("best", "most", "wanted")),),
        kinds=("take",), aliases=("taking",)),
    Topic("abilities", ("ability",), (
        Answer("renew", "use a Coat or Tome you traded when your once-only profession lies face"
               " up (spent), else decline; decline the Sextant", pick=renew,
               aliases=("renewal", "fresh")),
        Answer("decline", "decline every trade ability that asks you (Coat, Tome, Sextant)",
               order=PassOrder(), aliases=("pass", "never", "no"))),
        aliases=("ability", "trade-abilities")),
    Topic("sextant", ("sextant",), (
        Answer("least-wanted", "at a Sextant pass on the object you want least",
               pick=least_wanted, aliases=("least", "worst")),),
        aliases=("passing", "pass-on")),
    Topic("return", ("give-back",), (
        Answer("least-wanted", "give back the object you want least when a duel's winner must"
               " give one back", pick=least_wanted, aliases=("least", "worst")),),
        aliases=("give-back", "giveback", "returns")),
)
