"""The recurring decisions of Freimaurerei a seat may answer in advance.

    roll: accept                 keep every Intrigue roll as it falls (never pay to re-roll)
    defection: decline           take nobody over from the other principality
    recruits: unaffiliated       the final roll's recruits stay unaffiliated
    members: fewest broken       charter members that break up as few lodges as possible

An action may answer the rest of its turn ahead: `intrigue, then roll accept` (or written out,
`build lodge then members SM M8 M30`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.standing import Answer, Topic

from .orders import AcceptOrder, DeclineOrder, MembersOrder, PlaceOrder
from .state import State
from .steps import default_members


def fewest_broken(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the charter members breaking up as few lodges as possible (the deadline's)."""
    return MembersOrder(default_members(state.realms[index]))


TOPICS: tuple[Topic, ...] = (
    Topic("roll", ("intrigue-roll",), (
        Answer("accept", "keep the Intrigue roll as it falls, never pay to re-roll",
               order=AcceptOrder(), aliases=("keep", "no-reroll", "never")),),
        kinds=("accept", "reroll"), aliases=("rolls", "intrigue", "reroll")),
    Topic("defection", ("defection",), (
        Answer("decline", "bring nobody over from the other principality", order=DeclineOrder(),
               aliases=("none", "no", "never")),),
        kinds=("defect", "decline"), aliases=("defect", "defections")),
    Topic("recruits", ("place-recruits",), (
        Answer("unaffiliated", "the final roll's recruits stay unaffiliated",
               order=PlaceOrder(None), aliases=("none", "loose", "nowhere")),),
        kinds=("place",), aliases=("recruit", "place")),
    Topic("members", ("build-members",), (
        Answer("fewest-broken", "charter members that break up as few lodges as possible",
               pick=fewest_broken, aliases=("fewest", "default")),),
        kinds=("members",), aliases=("charter-members", "member")),
)
