"""The orders a seat can give in Freimaurerei, each registered once with its canonical text, the
label and syntax of its form, and the player's words for its fields.

Pieces are named by id: `SM` is always the ordering seat's own Secret Master, Masons are M1, M2
and so on. Lodges are named by number; `None` stands for the unaffiliated zone.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.declare import DefaultOrder, OrderTypes

from .state import Alignment, Charter, Principality
from .tables import TABLES

ORDERS = OrderTypes("freimaurerei")


def lodge_text(lodge: int | None) -> str:
    """Return 'lodge 3', or 'unaffiliated' for None."""
    return "unaffiliated" if lodge is None else f"lodge {lodge}"


@ORDERS.register("outer", text=lambda o: f"outer {o.alignment.colour}",
                 label="Choose your SM's outer alignment", syntax="outer white|black",
                 fields={"alignment": "Colour"})
@dataclass(frozen=True)
class OuterOrder:
    """Setup: choose the SM's large pyramid, i.e. its outer alignment."""

    alignment: Alignment


@ORDERS.register("declare-end", text=lambda o: "declare end",
                 label="Declare the game over and score (it cannot be undone)",
                 syntax="declare end")
@dataclass(frozen=True)
class DeclareEndOrder:
    """At the start of the turn: declare the game over."""


@ORDERS.register("recruit", text=lambda o: "recruit", syntax="recruit",
                 label="Recruit Masons (pyramid die: one roll per lodge, then a final roll)")
@dataclass(frozen=True)
class RecruitOrder:
    """Action: Recruit Masons."""


@ORDERS.register("dues", text=lambda o: "dues", label="Assess Dues: 1 T per Mason",
                 syntax="dues")
@dataclass(frozen=True)
class DuesOrder:
    """Action: Assess Dues."""


@ORDERS.register("build", text=lambda o: "build lodge" + (
    " with " + " ".join(o.members) if o.members else ""),
    label=f"Build a Lodge ({TABLES.build_cost} T; members chosen after the card)",
    syntax="build lodge", fields={"members": "Charter members"})
@dataclass(frozen=True)
class BuildOrder:
    """Action: Build a Lodge (pay, turn up the card; the members are chosen next).

    `members`, when given, is the one-line form `build lodge with M1 M2 SM`: the charter members
    named in advance, placed as soon as the card is turned up.
    """

    members: tuple[str, ...] = ()


@ORDERS.register("reorganize", text=lambda o: "reorganize", syntax="reorganize",
                 label="Reorganize (first action only; moves follow)")
@dataclass(frozen=True)
class ReorganizeOrder:
    """First action only: Reorganize (the moves follow one by one)."""


@ORDERS.register("charter", text=lambda o: f"charter {o.charter.value.replace('-', ' ')}",
                 label=f"Charter a Rite ({TABLES.charter_cost} T)",
                 syntax="charter french|st andrews|perfection", fields={"charter": "Charter"})
@dataclass(frozen=True)
class CharterOrder:
    """Action: Charter a Rite (French, St Andrew's, or Perfection on top of either)."""

    charter: Charter


@ORDERS.register("advance", text=lambda o: "advance", syntax="advance",
                 label="Advance Initiates (initiations follow)")
@dataclass(frozen=True)
class AdvanceOrder:
    """Action: Advance Initiates (the initiations follow one by one)."""


@ORDERS.register("intrigue", text=lambda o: "intrigue", syntax="intrigue",
                 label="Intrigue (roll the Treehouse die)")
@dataclass(frozen=True)
class IntrigueOrder:
    """Action: Intrigue (roll the Treehouse die)."""


@ORDERS.register("place", text=lambda o: "place " + (
    "unaffiliated" if o.lodge is None else f"in lodge {o.lodge}"),
    label="Place the final roll's recruits", syntax="place in lodge <n> | place unaffiliated",
    fields={"lodge": "Where"})
@dataclass(frozen=True)
class PlaceOrder:
    """Recruitment: put the final roll's Masons in a lodge (None: leave them unaffiliated)."""

    lodge: int | None


@ORDERS.register("defect", text=lambda o: f"defect {o.piece}",
                 label="Bring a Mason over from the other principality",
                 syntax="defect <mason>", fields={"piece": "Mason"})
@dataclass(frozen=True)
class DefectOrder:
    """Recruitment: the bank lacks the rolled size; `piece` of the other side comes over."""

    piece: str


@ORDERS.register("decline", text=lambda o: "decline", syntax="decline",
                 label="Bring nobody over (that part of the roll fails)")
@dataclass(frozen=True)
class DeclineOrder:
    """Recruitment: bring nobody over for the size the bank lacks."""


@ORDERS.register("members", text=lambda o: "members " + " ".join(o.members),
                 label="Name the three charter members",
                 syntax="members <piece> <piece> <piece>",
                 fields={"members": "Three charter members"})
@dataclass(frozen=True)
class MembersOrder:
    """Build a Lodge: the three charter members, in canonical order."""

    members: tuple[str, ...]


@ORDERS.register("move", text=lambda o: f"move {o.piece} to {lodge_text(o.lodge)}",
                 label="Move one piece",
                 syntax="move <piece> to lodge <n> | move <piece> to unaffiliated",
                 fields={"piece": "Piece", "lodge": "To"})
@dataclass(frozen=True)
class MoveOrder:
    """Reorganize: move one piece to a lodge (None: unaffiliated)."""

    piece: str
    lodge: int | None


@ORDERS.register("initiate",
                 text=lambda o: f"advance {' '.join(o.candidates)} by {o.initiator}",
                 label="An initiator advances candidates in its lodge",
                 syntax="advance <candidate> [<candidate>] by <initiator>",
                 fields={"initiator": "Initiator", "candidates": "Candidates"})
@dataclass(frozen=True)
class InitiateOrder:
    """Advance Initiates: `initiator` advances the candidates (one large, up to two mediums,
    or one rite Mason to Perfection)."""

    initiator: str
    candidates: tuple[str, ...]


@ORDERS.register("done", text=lambda o: "done", label="Finish this action", syntax="done")
@dataclass(frozen=True)
class DoneOrder:
    """Finish a reorganization or an advancement."""


@ORDERS.register("accept", text=lambda o: "accept", label="Keep the rolled result",
                 syntax="accept")
@dataclass(frozen=True)
class AcceptOrder:
    """Intrigue: keep the rolled result."""


@ORDERS.register("reroll", text=lambda o: "reroll", syntax="reroll",
                 label=f"Pay {TABLES.reroll_cost} T and roll again")
@dataclass(frozen=True)
class RerollOrder:
    """Intrigue: pay 5 T and roll again."""


@ORDERS.register("swap", text=lambda o: f"swap {o.principality.value}",
                 label="SWAP: turn up a new ruler for a principality",
                 syntax="swap leichtberg|schwerheim", fields={"principality": "Principality"})
@dataclass(frozen=True)
class SwapOrder:
    """SWAP: attempt to change the ruler of a principality."""

    principality: Principality


@ORDERS.register("aim", text=lambda o: f"aim lodge {o.lodge}", syntax="aim lodge <n>",
                 label="AIM: turn up a new card for a lodge", fields={"lodge": "Lodge"})
@dataclass(frozen=True)
class AimOrder:
    """AIM: attempt to change the alignment of a lodge."""

    lodge: int


@ORDERS.register("dig", text=lambda o: f"dig {o.piece} {'inner' if o.inner else 'outer'}",
                 label="DIG: redraw a Perfect Initiate's outer alignment or plant a secret "
                       "inner one",
                 syntax="dig <piece> outer|inner",
                 fields={"piece": "Perfect Initiate", "inner": "Alignment"})
@dataclass(frozen=True)
class DigOrder:
    """DIG: redraw a Perfect Initiate's outer alignment, or plant a hidden inner one."""

    piece: str
    inner: bool


@ORDERS.register("tip", text=lambda o: f"tip {o.principality.value}",
                 label="TIP: a ruler suppresses the lodges opposed to it",
                 syntax="tip leichtberg|schwerheim", fields={"principality": "Principality"})
@dataclass(frozen=True)
class TipOrder:
    """TIP: incite a principality's ruler to suppress the lodges opposed to it."""

    principality: Principality


@ORDERS.register("hop", text=lambda o: f"hop {o.target} with {o.agent}",
                 label="HOP: inspire a Mason of the other principality to defect",
                 syntax="hop <target> with <agent>", fields={"target": "Target", "agent": "Agent"})
@dataclass(frozen=True)
class HopOrder:
    """HOP: `agent` inspires `target` from the other principality to defect."""

    target: str
    agent: str


@ORDERS.register("forgo", text=lambda o: "forgo", label="Let the result drop without effect",
                 syntax="forgo")
@dataclass(frozen=True)
class ForgoOrder:
    """Intrigue: let the kept result drop without effect."""


__all__ = [
    "ORDERS", "AcceptOrder", "AdvanceOrder", "AimOrder", "BuildOrder", "CharterOrder",
    "DeclareEndOrder", "DeclineOrder", "DefaultOrder", "DefectOrder", "DigOrder", "DoneOrder",
    "DuesOrder", "ForgoOrder", "HopOrder", "InitiateOrder", "IntrigueOrder", "MembersOrder", "MoveOrder", "OuterOrder",
    "PlaceOrder", "RecruitOrder", "ReorganizeOrder", "RerollOrder", "SwapOrder", "TipOrder",
    "lodge_text",
]
