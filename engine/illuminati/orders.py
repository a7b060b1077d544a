"""The orders a player can give in Illuminati, and their canonical texts."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.contract import order

from .cards import SIDES


def _money_from(group: int, illuminati: int) -> str:
    parts = [f"{group} from group"] if group else []
    parts += [f"{illuminati} from illuminati"] if illuminati else []
    return " ".join(parts)


@order("goal")
@dataclass(frozen=True)
class GoalOrder:
    """The UFOs choose the Illuminati whose special goal they pursue."""

    goal: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"goal {self.goal}"


@order("attack")
@dataclass(frozen=True)
class AttackOrder:
    """Announce an attack to control, neutralize or destroy `target` with `group`."""

    kind: str
    target: str
    group: str
    aiders: tuple[str, ...] = ()
    from_group: int = 0
    from_illuminati: int = 0
    privilege: str = ""
    arrow: int = -1
    whisper: bool = False

    def text(self) -> str:
        """Return the canonical text."""
        words = [f"attack {self.kind} {self.target} with {self.group}"]
        if self.aiders:
            words.append("aided by " + " and ".join(self.aiders))
        if self.from_group or self.from_illuminati:
            words.append("spending " + _money_from(self.from_group, self.from_illuminati))
        if self.privilege:
            words.append(f"privileged by {self.privilege}")
        if self.arrow >= 0:
            words.append(f"at {SIDES[self.arrow]}")
        if self.whisper:
            words.append("whispering")
        return " ".join(words)


@order("transfer")
@dataclass(frozen=True)
class TransferOrder:
    """Move money between two cards of your structure."""

    amount: int
    source: str
    dest: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"transfer {self.amount} from {self.source} to {self.dest}"


@order("move")
@dataclass(frozen=True)
class MoveOrder:
    """Re-attach one of your groups, with its puppets, to another open arrow."""

    group: str
    master: str
    arrow: int = -1

    def text(self) -> str:
        """Return the canonical text."""
        side = f" at {SIDES[self.arrow]}" if self.arrow >= 0 else ""
        return f"move {self.group} to {self.master}{side}"


@order("give-group")
@dataclass(frozen=True)
class GiveGroupOrder:
    """Give one of your groups, with its puppets, to another player."""

    group: str
    to: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"give group {self.group} to {self.to}"


@order("give-money")
@dataclass(frozen=True)
class GiveMoneyOrder:
    """Give money from your Illuminati treasury to another player's."""

    amount: int
    to: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"give {self.amount} to {self.to}"


@order("give-special")
@dataclass(frozen=True)
class GiveSpecialOrder:
    """Give a Special from your hand to another player."""

    card: str
    to: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"give special {self.card} to {self.to}"


@order("drop")
@dataclass(frozen=True)
class DropOrder:
    """Let one of your groups, with its puppets, go to the uncontrolled area."""

    group: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"drop {self.group}"


@order("play")
@dataclass(frozen=True)
class PlayOrder:
    """Play a Special from your hand, on a target where it takes one."""

    card: str
    target: str = ""
    place: str = ""
    arrow: int = -1

    def text(self) -> str:
        """Return the canonical text."""
        words = [f"play {self.card}"]
        if self.target:
            words.append(f"on {self.target}")
        if self.place:
            words.append(f"at {self.place}")
        if self.arrow >= 0:
            words.append(SIDES[self.arrow])
        return " ".join(words)


@order("recycle")
@dataclass(frozen=True)
class RecycleOrder:
    """Pay 5MB from the Recyclers for one more draw."""

    def text(self) -> str:
        """Return the canonical text."""
        return "recycle"


@order("laser")
@dataclass(frozen=True)
class LaserOrder:
    """Orbital Mind Control Lasers: add, remove or reverse one alignment of a group this turn."""

    group: str
    mode: str
    alignment: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"laser {self.group} {self.mode} {self.alignment}"


@order("pass")
@dataclass(frozen=True)
class PassOrder:
    """In your turn: take 5MB for doing nothing at all. In a window: answer nothing."""

    def text(self) -> str:
        """Return the canonical text."""
        return "pass"


@order("end")
@dataclass(frozen=True)
class EndOrder:
    """Finish the actions of your turn, or the end-of-turn transfers."""

    def text(self) -> str:
        """Return the canonical text."""
        return "end"


@order("defend")
@dataclass(frozen=True)
class DefendOrder:
    """Spend money against the attack: from the target (-2 per MB) and the Illuminati (-1)."""

    from_target: int
    from_illuminati: int = 0

    def text(self) -> str:
        """Return the canonical text."""
        return f"defend {self.from_target} from target {self.from_illuminati} from illuminati"


@order("interfere")
@dataclass(frozen=True)
class InterfereOrder:
    """Spend Illuminati money for (+1 per MB) or against (-1 per MB) the attack."""

    amount: int
    card: bool = False

    def text(self) -> str:
        """Return the canonical text."""
        side = "for" if self.amount > 0 else "against"
        extra = " with interference" if self.card else ""
        return f"interfere {side} {abs(self.amount)}{extra}"


@order("abolish")
@dataclass(frozen=True)
class AbolishOrder:
    """Abolish the attack's privilege with Deep Agent or by discarding two Specials."""

    cards: tuple[str, ...]

    def text(self) -> str:
        """Return the canonical text."""
        return "abolish with " + " and ".join(self.cards)


@order("raise")
@dataclass(frozen=True)
class RaiseOrder:
    """Add money to your attack, from the attacking group and the Illuminati."""

    from_group: int
    from_illuminati: int = 0

    def text(self) -> str:
        """Return the canonical text."""
        return f"raise {self.from_group} from group {self.from_illuminati} from illuminati"


@order("roll")
@dataclass(frozen=True)
class RollOrder:
    """Add nothing more: roll the dice."""

    def text(self) -> str:
        """Return the canonical text."""
        return "roll"


@order("auto-pass")
@dataclass(frozen=True)
class AutoPassOrder:
    """Set your standing answer to windows: off, on, or on unless your groups are attacked."""

    mode: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"auto-pass {self.mode}"


@order("resign")
@dataclass(frozen=True)
class ResignOrder:
    """Leave the game: your groups become uncontrolled."""

    def text(self) -> str:
        """Return the canonical text."""
        return "resign"


@order("default")
@dataclass(frozen=True)
class DefaultOrder:
    """The deadline default where it is drawn at random."""

    def text(self) -> str:
        """Return the canonical text."""
        return "default"


ORDER_TYPES: tuple[type, ...] = (
    GoalOrder, AttackOrder, TransferOrder, MoveOrder, GiveGroupOrder, GiveMoneyOrder,
    GiveSpecialOrder, DropOrder, PlayOrder, RecycleOrder, LaserOrder, PassOrder, EndOrder,
    DefendOrder, InterfereOrder, AbolishOrder, RaiseOrder, RollOrder, AutoPassOrder,
    ResignOrder, DefaultOrder,
)


def format_order(value: Any) -> str:
    """Return the canonical text of an order."""
    return str(value.text())
