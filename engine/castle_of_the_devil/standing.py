"""The recurring decisions of Castle of the Devil a seat may answer in advance.

    offers: refuse               refuse every object offered (a Black Pearl or Shattered Mirror
                                 must be accepted, so then the seat is asked)
    look: society | objects      what a duel's winner looks at
    doctor: let stand            let every duel's result stand (the Doctor is not used)

A challenge may answer the rest of its turn ahead: `duel bruno, then look objects`.
"""
from __future__ import annotations

from engine.core.standing import Answer, Topic

from .orders import LookOrder, PassOrder, RefuseOrder

TOPICS: tuple[Topic, ...] = (
    Topic("offers", ("answer",), (
        Answer("refuse", "refuse every object offered to you", order=RefuseOrder(),
               aliases=("no", "never", "decline", "reject")),),
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
)
