"""The orders a player can give in Castle of the Devil, and their canonical texts."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.declare import DefaultOrder, OrderTypes

ORDERS = OrderTypes("castle-of-the-devil")
"""Every order of the game, each registered once with its text and its form."""
FIELDS = {
    "obj": "object",
    "target": "player",
    "give": "object given back",
    "side": "side",
    "name": "profession or object",
    "item": "object",
    "count": "tokens",
    "what": "look at",
    "to": "player",
    "objects": "objects",
    "seats": "players",
    "society": "society",
}
"""The words players use for the fields of the orders."""


@ORDERS.register(
    "spy",
    text=lambda o: f"spy {o.target}",
    label="Spy: look at one random object of a player",
    syntax="spy <player>",
    fields=FIELDS,
)
@dataclass(frozen=True)
class SpyOrder:
    """Your action: draw one object at random from `target`, look at it, give it back."""

    target: str


@ORDERS.register(
    "offer",
    text=lambda o: f"offer {o.obj} to {o.target}",
    label="Trade: offer one of your objects face down",
    syntax="offer <object> to <player>",
    fields=FIELDS,
)
@dataclass(frozen=True)
class OfferOrder:
    """Your action: offer `obj` face down to `target`."""

    obj: str
    target: str


@ORDERS.register(
    "duel",
    text=lambda o: f"duel {o.target}",
    label="Duel: challenge a player",
    syntax="duel <player>",
    fields=FIELDS,
)
@dataclass(frozen=True)
class DuelOrder:
    """Your action: challenge `target` to a duel."""

    target: str


@ORDERS.register(
    "accept",
    text=lambda o: f"accept give {o.give}",
    label="Accept, giving one of your objects back",
    syntax="accept give <object>",
    fields=FIELDS,
)
@dataclass(frozen=True)
class AcceptOrder:
    """Accept the offered object and give `give` back, face down."""

    give: str


@ORDERS.register(
    "refuse", text=lambda o: "refuse", label="Refuse the offer", syntax="refuse", fields=FIELDS
)
@dataclass(frozen=True)
class RefuseOrder:
    """Refuse the offered object; the offerer takes a duel token."""


@ORDERS.register(
    "support",
    text=lambda o: f"support {o.side}",
    label="Support a side (sealed until all sides are in)",
    syntax="support <attacker|defender>",
    fields=FIELDS,
)
@dataclass(frozen=True)
class SupportOrder:
    """Duel: support the attacker or the defender (sealed until every side is in)."""

    side: str


@ORDERS.register(
    "play",
    text=lambda o: f"play {o.obj}",
    label="Play an object face up",
    syntax="play <object>",
    fields=FIELDS,
)
@dataclass(frozen=True)
class PlayOrder:
    """Duel: play the object `obj` face up."""

    obj: str


@ORDERS.register(
    "use",
    text=lambda o: _use_text(o),
    label="Use your profession or the traded object's ability",
    syntax="use <name> [<player|side|direction>] [<object>]",
    fields=FIELDS,
)
@dataclass(frozen=True)
class UseOrder:
    """Use a profession or a trade ability (`target`: a seat, side or direction; `item`)."""

    name: str
    target: str = ""
    item: str = ""


@ORDERS.register(
    "token",
    text=lambda o: f"token {o.count}",
    label="Put duel tokens on your side",
    syntax="token <count>",
    fields=FIELDS,
)
@dataclass(frozen=True)
class TokenOrder:
    """Duel: put `count` of your duel tokens on the side you are on."""

    count: int


@ORDERS.register("pass", text=lambda o: "pass", label="Pass", syntax="pass", fields=FIELDS)
@dataclass(frozen=True)
class PassOrder:
    """Play nothing now, decline a trade ability, or let a duel go ahead."""


@ORDERS.register(
    "look",
    text=lambda o: f"look {o.what}",
    label="Look at the loser's society card, or at their objects",
    syntax="look <society|objects>",
    fields=FIELDS,
)
@dataclass(frozen=True)
class LookOrder:
    """Duel winner: look at the loser's `society` card, or at their `objects` to take one."""

    what: str


@ORDERS.register(
    "take",
    text=lambda o: f"take {o.obj}",
    label="Take one of the loser's objects",
    syntax="take <object>",
    fields=FIELDS,
)
@dataclass(frozen=True)
class TakeOrder:
    """Duel winner: take `obj` from the loser's objects."""

    obj: str


@ORDERS.register(
    "give",
    text=lambda o: _give_text(o),
    label="Give an object",
    syntax="give <object> [to <player>]",
    fields=FIELDS,
)
@dataclass(frozen=True)
class GiveOrder:
    """Hand over `obj`: to `to` over the hand limit, else to whom the rules say."""

    obj: str
    to: str = ""


@ORDERS.register(
    "top",
    text=lambda o: " ".join(("top", *o.objects)),
    label="Put objects on top of the pile, topmost first",
    syntax="top <object> <object>",
    fields=FIELDS,
)
@dataclass(frozen=True)
class TopOrder:
    """Clairvoyant: put these objects on top of the pile, the first topmost."""

    objects: tuple[str, ...]


@ORDERS.register(
    "claim",
    text=lambda o: " ".join(("claim", o.society, *o.names)),
    label="Proclaim victory (before your action)",
    syntax="claim <order|brotherhood|seal> [<holder> ...]",
    fields=FIELDS,
)
@dataclass(frozen=True)
class ClaimOrder:
    """Proclaim victory for `society` (order or brotherhood), or alone with the Seal (seal).

    `names`, when given, is the one-line form: proclaim, name these players at once, and stop
    naming (`claim order anna bruno`). Without it, naming follows as separate orders.
    """

    society: str
    names: tuple[str, ...] = ()


@ORDERS.register(
    "name",
    text=lambda o: " ".join(("name", *o.seats)),
    label="Name the holders of the objects (they show their cards)",
    syntax="name <player> [<player> ...]",
    fields=FIELDS,
)
@dataclass(frozen=True)
class NameOrder:
    """Claim: name these players as holders of the needed objects; they show their cards."""

    seats: tuple[str, ...]


@ORDERS.register(
    "done",
    text=lambda o: "done",
    label="Name nobody more: the claim is judged as it stands",
    syntax="done",
    fields=FIELDS,
)
@dataclass(frozen=True)
class DoneOrder:
    """Claim: name nobody more; the claim is judged as it stands."""


def _use_text(value: UseOrder) -> str:
    """Return e.g. 'use hypnotist anna' or 'use diplomat bruno key'."""
    return " ".join(part for part in ("use", value.name, value.target, value.item) if part)


def _give_text(value: GiveOrder) -> str:
    """Return e.g. 'give key' or 'give key to bruno'."""
    return f"give {value.obj} to {value.to}" if value.to else f"give {value.obj}"


__all__ = ["ORDERS", "DefaultOrder"]
