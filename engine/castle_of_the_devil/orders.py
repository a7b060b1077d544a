"""The orders a player can give in Castle of the Devil, and their canonical texts."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.contract import order


@order("spy")
@dataclass(frozen=True)
class SpyOrder:
    """Your action: draw one object at random from `target`, look at it, give it back."""

    target: str


@order("offer")
@dataclass(frozen=True)
class OfferOrder:
    """Your action: offer `obj` face down to `target`."""

    obj: str
    target: str


@order("duel")
@dataclass(frozen=True)
class DuelOrder:
    """Your action: challenge `target` to a duel."""

    target: str


@order("accept")
@dataclass(frozen=True)
class AcceptOrder:
    """Accept the offered object and give `give` back, face down."""

    give: str


@order("refuse")
@dataclass(frozen=True)
class RefuseOrder:
    """Refuse the offered object; the offerer takes a duel token."""


@order("support")
@dataclass(frozen=True)
class SupportOrder:
    """Duel: support the attacker or the defender (sealed until every side is in)."""

    side: str


@order("play")
@dataclass(frozen=True)
class PlayOrder:
    """Duel: play the object `obj` face up."""

    obj: str


@order("use")
@dataclass(frozen=True)
class UseOrder:
    """Use a profession or a trade ability (`target`: a seat, side or direction; `item`)."""

    name: str
    target: str = ""
    item: str = ""


@order("token")
@dataclass(frozen=True)
class TokenOrder:
    """Duel: put `count` of your duel tokens on the side you are on."""

    count: int


@order("pass")
@dataclass(frozen=True)
class PassOrder:
    """Play nothing now, decline a trade ability, or let a duel go ahead."""


@order("look")
@dataclass(frozen=True)
class LookOrder:
    """Duel winner: look at the loser's `society` card, or at their `objects` to take one."""

    what: str


@order("take")
@dataclass(frozen=True)
class TakeOrder:
    """Duel winner: take `obj` from the loser's objects."""

    obj: str


@order("give")
@dataclass(frozen=True)
class GiveOrder:
    """Hand over `obj`: to `to` over the hand limit, else to whom the rules say."""

    obj: str
    to: str = ""


@order("top")
@dataclass(frozen=True)
class TopOrder:
    """Clairvoyant: put these objects on top of the pile, the first topmost."""

    objects: tuple[str, ...]


@order("claim")
@dataclass(frozen=True)
class ClaimOrder:
    """Proclaim victory for `society` (order or brotherhood), or alone with the Seal (seal).

    `names`, when given, is the one-line form: proclaim, name these players at once, and stop
    naming (`claim order anna bruno`). Without it, naming follows as separate orders.
    """

    society: str
    names: tuple[str, ...] = ()


@order("name")
@dataclass(frozen=True)
class NameOrder:
    """Claim: name these players as holders of the needed objects; they show their cards."""

    seats: tuple[str, ...]


@order("done")
@dataclass(frozen=True)
class DoneOrder:
    """Claim: name nobody more; the claim is judged as it stands."""


@order("default")
@dataclass(frozen=True)
class DefaultOrder:
    """What a missed deadline submits where the default is random; decided with the stream."""


ORDER_TYPES: tuple[type, ...] = (
    SpyOrder, OfferOrder, DuelOrder, AcceptOrder, RefuseOrder, SupportOrder, PlayOrder, UseOrder,
    TokenOrder, PassOrder, LookOrder, TakeOrder, GiveOrder, TopOrder, ClaimOrder, NameOrder,
    DoneOrder, DefaultOrder,
)


def canonical_text(value: object) -> str:
    """Return the canonical text of an order, the form the grammar reads back unchanged."""
    text = _TEXTS.get(type(value))
    if text is None:
        raise TypeError(f"not a Castle of the Devil order: {value!r}")
    return text(value)


def _use_text(value: UseOrder) -> str:
    """Return e.g. 'use hypnotist anna' or 'use diplomat bruno key'."""
    return " ".join(part for part in ("use", value.name, value.target, value.item) if part)


def _give_text(value: GiveOrder) -> str:
    """Return e.g. 'give key' or 'give key to bruno'."""
    return f"give {value.obj} to {value.to}" if value.to else f"give {value.obj}"


_TEXTS: dict[type, Callable[[Any], str]] = {
    SpyOrder: lambda o: f"spy {o.target}",
    OfferOrder: lambda o: f"offer {o.obj} to {o.target}",
    DuelOrder: lambda o: f"duel {o.target}",
    AcceptOrder: lambda o: f"accept give {o.give}",
    RefuseOrder: lambda o: "refuse",
    SupportOrder: lambda o: f"support {o.side}",
    PlayOrder: lambda o: f"play {o.obj}",
    UseOrder: _use_text,
    TokenOrder: lambda o: f"token {o.count}",
    PassOrder: lambda o: "pass",
    LookOrder: lambda o: f"look {o.what}",
    TakeOrder: lambda o: f"take {o.obj}",
    GiveOrder: _give_text,
    TopOrder: lambda o: " ".join(("top", *o.objects)),
    ClaimOrder: lambda o: " ".join(("claim", o.society, *o.names)),
    NameOrder: lambda o: " ".join(("name", *o.seats)),
    DoneOrder: lambda o: "done",
    DefaultOrder: lambda o: "default",
}


def legal_text(orders: list[Any], limit: int = 10) -> str:
    """Return 'You can write: ...' for a list of legal orders."""
    if not orders:
        return "You have nothing to decide now."
    texts = [canonical_text(item) for item in orders[:limit]]
    more = f" (and {len(orders) - limit} more; write help for all)" if len(orders) > limit else ""
    return "You can write: " + "; ".join(texts) + more + "."
