"""The orders a seat can give in Freimaurerei, and their canonical text.

Pieces are named by id: `SM` is always the ordering seat's own Secret Master, Masons are M1, M2
and so on. Lodges are named by number; `None` stands for the unaffiliated zone.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import order

from .state import Alignment, Charter, Principality


@order("outer")
@dataclass(frozen=True)
class OuterOrder:
    """Setup: choose the SM's large pyramid, i.e. its outer alignment."""

    alignment: Alignment


@order("declare-end")
@dataclass(frozen=True)
class DeclareEndOrder:
    """At the start of the turn: declare the game over."""


@order("recruit")
@dataclass(frozen=True)
class RecruitOrder:
    """Action: Recruit Masons."""


@order("dues")
@dataclass(frozen=True)
class DuesOrder:
    """Action: Assess Dues."""


@order("build")
@dataclass(frozen=True)
class BuildOrder:
    """Action: Build a Lodge (pay, turn up the card; the members are chosen next).

    `members`, when given, is the one-line form `build lodge with M1 M2 SM`: the charter members
    named in advance, placed as soon as the card is turned up.
    """

    members: tuple[str, ...] = ()


@order("reorganize")
@dataclass(frozen=True)
class ReorganizeOrder:
    """First action only: Reorganize (the moves follow one by one)."""


@order("charter")
@dataclass(frozen=True)
class CharterOrder:
    """Action: Charter a Rite (French, St Andrew's, or Perfection on top of either)."""

    charter: Charter


@order("advance")
@dataclass(frozen=True)
class AdvanceOrder:
    """Action: Advance Initiates (the initiations follow one by one)."""


@order("intrigue")
@dataclass(frozen=True)
class IntrigueOrder:
    """Action: Intrigue (roll the Treehouse die)."""


@order("place")
@dataclass(frozen=True)
class PlaceOrder:
    """Recruitment: put the final roll's Masons in a lodge (None: leave them unaffiliated)."""

    lodge: int | None


@order("members")
@dataclass(frozen=True)
class MembersOrder:
    """Build a Lodge: the three charter members, in canonical order."""

    members: tuple[str, ...]


@order("move")
@dataclass(frozen=True)
class MoveOrder:
    """Reorganize: move one piece to a lodge (None: unaffiliated)."""

    piece: str
    lodge: int | None


@order("initiate")
@dataclass(frozen=True)
class InitiateOrder:
    """Advance Initiates: `initiator` advances the candidates (one large, up to two mediums,
    or one rite Mason to Perfection)."""

    initiator: str
    candidates: tuple[str, ...]


@order("done")
@dataclass(frozen=True)
class DoneOrder:
    """Finish a reorganization or an advancement."""


@order("accept")
@dataclass(frozen=True)
class AcceptOrder:
    """Intrigue: keep the rolled result."""


@order("reroll")
@dataclass(frozen=True)
class RerollOrder:
    """Intrigue: pay 5 T and roll again."""


@order("swap")
@dataclass(frozen=True)
class SwapOrder:
    """SWAP: attempt to change the ruler of a principality."""

    principality: Principality


@order("aim")
@dataclass(frozen=True)
class AimOrder:
    """AIM: attempt to change the alignment of a lodge."""

    lodge: int


@order("dig")
@dataclass(frozen=True)
class DigOrder:
    """DIG: redraw a Perfect Initiate's outer alignment, or plant a hidden inner one."""

    piece: str
    inner: bool


@order("tip")
@dataclass(frozen=True)
class TipOrder:
    """TIP: incite a principality's ruler to suppress the lodges opposed to it."""

    principality: Principality


@order("hop")
@dataclass(frozen=True)
class HopOrder:
    """HOP: `agent` inspires `target` from the other principality to defect."""

    target: str
    agent: str


@order("forgo")
@dataclass(frozen=True)
class ForgoOrder:
    """Intrigue: let the kept result drop without effect."""


@order("default")
@dataclass(frozen=True)
class DefaultOrder:
    """What a missed setup deadline submits: a random outer alignment."""


ORDER_TYPES: tuple[type, ...] = (
    OuterOrder, DeclareEndOrder, RecruitOrder, DuesOrder, BuildOrder, ReorganizeOrder,
    CharterOrder, AdvanceOrder, IntrigueOrder, PlaceOrder, MembersOrder, MoveOrder, InitiateOrder,
    DoneOrder, AcceptOrder, RerollOrder, SwapOrder, AimOrder, DigOrder, TipOrder, HopOrder,
    ForgoOrder, DefaultOrder,
)


def lodge_text(lodge: int | None) -> str:
    """Return 'lodge 3', or 'unaffiliated' for None."""
    return "unaffiliated" if lodge is None else f"lodge {lodge}"


_FIXED: dict[type, str] = {
    DeclareEndOrder: "declare end", RecruitOrder: "recruit", DuesOrder: "dues",
    BuildOrder: "build lodge", ReorganizeOrder: "reorganize", AdvanceOrder: "advance",
    IntrigueOrder: "intrigue", DoneOrder: "done", AcceptOrder: "accept", RerollOrder: "reroll",
    ForgoOrder: "forgo", DefaultOrder: "default",
}


def canonical_text(value: object) -> str:
    """Return the canonical text of an order, the form the grammar reads back unchanged."""
    if isinstance(value, BuildOrder) and value.members:
        return "build lodge with " + " ".join(value.members)
    fixed = _FIXED.get(type(value))
    if fixed is not None:
        return fixed
    if isinstance(value, OuterOrder):
        return f"outer {value.alignment.colour}"
    if isinstance(value, CharterOrder):
        return f"charter {value.charter.value.replace('-', ' ')}"
    if isinstance(value, PlaceOrder):
        return "place " + ("unaffiliated" if value.lodge is None else f"in lodge {value.lodge}")
    if isinstance(value, MembersOrder):
        return "members " + " ".join(value.members)
    if isinstance(value, MoveOrder):
        return f"move {value.piece} to {lodge_text(value.lodge)}"
    if isinstance(value, InitiateOrder):
        return f"advance {' '.join(value.candidates)} by {value.initiator}"
    return _intrigue_text(value)


def _intrigue_text(value: object) -> str:
    """Return the canonical text of an Intrigue target order."""
    if isinstance(value, SwapOrder):
        return f"swap {value.principality.value}"
    if isinstance(value, AimOrder):
        return f"aim lodge {value.lodge}"
    if isinstance(value, DigOrder):
        return f"dig {value.piece} {'inner' if value.inner else 'outer'}"
    if isinstance(value, TipOrder):
        return f"tip {value.principality.value}"
    if isinstance(value, HopOrder):
        return f"hop {value.target} with {value.agent}"
    raise TypeError(f"not a Freimaurerei order: {value!r}")
