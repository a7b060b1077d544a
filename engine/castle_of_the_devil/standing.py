"""The recurring decisions of Castle of the Devil a seat may answer in advance.

    offers: refuse               refuse every object offered (a Black Pearl or Shattered Mirror
                                 must be accepted, so then the seat is asked)
    offers: better               accept an object worth more to the seat's society than the one
                                 it would give back (giving its least wanted), else refuse
    plays: pass-as-supporter     a supporter in a duel passes at each of its goes (a duellist
                                 is asked)
    look: society | objects      what a duel's winner looks at
    doctor: let stand            let every duel's result stand (the Doctor is not used)

A challenge may answer the rest of its turn ahead: `duel bruno, then look objects`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.standing import Answer, Topic

from .cards import ATTACKER, DEFENDER
from .house import offer_answer
from .orders import LookOrder, PassOrder, RefuseOrder
from .rules import role
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
               aliases=("supporter-pass", "supporters-pass", "pass")),),
        aliases=("play", "duel-plays")),
)
