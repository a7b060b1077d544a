"""The recurring decisions of Freimaurerei a seat may answer in advance.

    roll: accept                 keep every Intrigue roll as it falls (never pay to re-roll)
    defection: decline           take nobody over from the other principality
    defection: bring             bring over the first Mason that may defect
    recruits: unaffiliated       the final roll's recruits stay unaffiliated
    recruits: smallest lodge     the final roll's recruits join the lodge with fewest members
    members: fewest broken       charter members that break up as few lodges as possible
    target: best                 the Intrigue result that helps your own score, as you see it
    target: forgo                let every Intrigue result drop

An action may answer the rest of its turn ahead, in the same mail: the second action
(`recruit, then dues`), the steps of either action (`intrigue, then roll accept`, `build lodge
then members SM M8 M30`), the moves of a reorganization and the initiations of an advancement
(`advance, then advance M9 M10 by M7, then done`) and an Intrigue's target (`then target best`).
Each waits, kept private, for the decision of its kind in this turn; one not legal then is
dropped and the seat is told why, privately, and asked.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core.standing import Answer, Standing, Topic

from .board import final_lodge_alignment, final_ruler_alignment
from .orders import (
    AcceptOrder,
    AimOrder,
    DeclineOrder,
    DefectOrder,
    DigOrder,
    ForgoOrder,
    HopOrder,
    MembersOrder,
    PlaceOrder,
    SwapOrder,
    TipOrder,
)
from .state import REALMS, SM, State, other
from .steps import default_members


def fewest_broken(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the charter members breaking up as few lodges as possible (the deadline's)."""
    return MembersOrder(default_members(state.realms[index]))


def first_defector(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the first Mason listed that may come over, else the decline."""
    return next((o for o in legal if isinstance(o, DefectOrder)), DeclineOrder())


def smallest_lodge(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the recruits placed in the lodge with the fewest pieces (the lowest number on
    a tie), where they can be advanced and keep it above the quorum; unaffiliated without
    a lodge."""
    realm = state.realms[index]
    lodges = sorted(realm.lodges, key=lambda x: (len(realm.members(x.number)), x.number))
    wanted = PlaceOrder(lodges[0].number) if lodges else PlaceOrder(None)
    return wanted if wanted in legal else PlaceOrder(None)


def best_target(state: State, index: int, legal: Sequence[Any]) -> Any:
    """Return the Intrigue result that helps the seat's own score as the seat sees it, from
    the public board and its own SM's inner alignment only: a Defection it may inspire, its
    own ruler or a lodge of its own that counts against it turned over, an opposite lodge of
    the other principality suppressed, its own Perfect Initiate of the wrong colour redrawn;
    else the result is let drop."""
    realm = state.realms[index]
    mine = realm.pieces[SM].inner
    hops = [o for o in legal if isinstance(o, HopOrder)]
    if hops:
        return hops[0]
    if mine is not None and final_ruler_alignment(state, index) is not mine:
        swap = SwapOrder(REALMS[index])
        if swap in legal:
            return swap
    for lodge in realm.lodges:
        if mine is not None and final_lodge_alignment(state, index, lodge) not in (mine, None):
            aim = AimOrder(lodge.number)
            if aim in legal:
                return aim
    for piece in realm.pieces.values():
        if piece.perfect and not piece.is_master and mine is not None and (
                piece.outer is not mine and piece.inner_by is None):  # nobody planted one
            dig = DigOrder(piece.id, False)
            if dig in legal:
                return dig
    tip = TipOrder(REALMS[other(index)])
    if tip in legal and state.realms[other(index)].lodges:
        return tip
    return ForgoOrder()


ADVICE = ("Recommended, to play a turn in one mail: `standing roll accept / defection bring / "
          "recruits smallest lodge / members fewest broken / target best`, and write the whole "
          "turn in the mail of its first action: `recruit, then dues`, `advance, then advance "
          "M9 M10 by M7, then build lodge`, `reorganize, then move SM to lodge 2, then done, "
          "then advance`.")
"""What `help standing` recommends: the answers a player would choose, and the turn written
in one mail."""

ACTIONS = ("declare", "recruit", "dues", "build", "reorganize", "charter", "advance",
           "intrigue")
STEPS_AHEAD = ("move", "initiate", "done")
RESULTS = ("swap", "aim", "dig", "tip", "hop", "forgo")

TOPICS: tuple[Topic, ...] = (
    Topic("roll", ("intrigue-roll",), (
        Answer("accept", "keep the Intrigue roll as it falls, never pay to re-roll",
               order=AcceptOrder(), aliases=("keep", "no-reroll", "never")),),
        kinds=("accept", "reroll"), aliases=("rolls", "intrigue", "reroll")),
    Topic("defection", ("defection",), (
        Answer("decline", "bring nobody over from the other principality", order=DeclineOrder(),
               aliases=("none", "no", "never")),
        Answer("bring", "bring over the first Mason that may defect", pick=first_defector,
               aliases=("yes", "any", "first", "accept")),),
        kinds=("defect", "decline"), aliases=("defect", "defections")),
    Topic("recruits", ("place-recruits",), (
        Answer("unaffiliated", "the final roll's recruits stay unaffiliated",
               order=PlaceOrder(None), aliases=("none", "loose", "nowhere")),
        Answer("smallest-lodge", "the final roll's recruits join your lodge with the fewest "
               "members", pick=smallest_lodge, aliases=("smallest", "lodge")),),
        kinds=("place",), aliases=("recruit", "place")),
    Topic("members", ("build-members",), (
        Answer("fewest-broken", "charter members that break up as few lodges as possible",
               pick=fewest_broken, aliases=("fewest", "default")),),
        kinds=("members",), aliases=("charter-members", "member")),
    Topic("target", ("intrigue-target",), (
        Answer("best", "the Intrigue result that helps your own score as you see it (a "
               "Defection, your ruler or lodge of the wrong colour turned over, the other "
               "principality's lodges suppressed), else it drops", pick=best_target,
               aliases=("helpful", "mine")),
        Answer("forgo", "let every Intrigue result drop", order=ForgoOrder(),
               aliases=("drop", "none", "never")),),
        kinds=RESULTS, aliases=("targets", "result", "results")),
    Topic("action", ("action",), (), kinds=ACTIONS, aliases=("actions", "second")),
    Topic("steps", ("reorganize", "advance"), (), kinds=STEPS_AHEAD,
          aliases=("moves", "initiations")),
)


THEN_ENTRY = re.compile(r"(^|[,;/\n])\s*then\s+", re.IGNORECASE)
"""A `then` beginning an entry of answers ahead, as in `recruit, then dues, then done`."""


def refile(entries: Sequence[Standing]) -> tuple[Standing, ...]:
    """Return `entries` with an initiation or a move written with an action's word
    (`advance M9 by M7`, `reorganize M3 to lodge 2`) filed for the steps of the action, not
    for an action (the action's word alone begins an action), and `build lodge` filed as
    the action it begins (its members are `members ...`)."""
    found = []
    for entry in entries:
        said = entry.written.lower().split()
        if entry.topic == "members" and said and said[0] == "build":
            entry = Standing("action", written=entry.written, until=entry.until)
        if entry.topic == "action" and said and said[0] in (
                "advance", "initiate", "reorganize", "reorganise", "reaffiliate") and (
                [w for w in said[1:] if w not in ("initiates", "the", "now")]):
            entry = Standing("steps", written=entry.written, until=entry.until)
        found.append(entry)
    return tuple(found)
