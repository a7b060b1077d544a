"""The orders a player can give in Illuminati, and their canonical texts."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.declare import DefaultOrder, OrderTypes

from .cards import SIDES

ORDERS = OrderTypes("illuminati")
__all__ = ["ORDERS", "DefaultOrder"]


def _money_from(group: int, illuminati: int) -> str:
    parts = [f"{group} from group"] if group else []
    parts += [f"{illuminati} from illuminati"] if illuminati else []
    return " ".join(parts)


@ORDERS.register("goal", text=lambda o: o.text(),
                 label='Choose the goal the UFOs pursue (secret)',
                 syntax='goal <illuminati>')
@dataclass(frozen=True)
class GoalOrder:
    """The UFOs choose the Illuminati whose special goal they pursue."""

    goal: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"goal {self.goal}"


@ORDERS.register("attack", text=lambda o: o.text(),
                 label='Attack a group',
                 syntax=('attack <control|neutralize|destroy> <target> with <group> [aided by '
                         '<group> and <group>] [spending <MB> from group <MB> from illuminati] '
                         '[privileged by <special>|bavaria] [at <side>] [whispering] '
                         '[moving <MB>] [placing <puppet> at <side> [and <puppet> at <side>]]'))
@dataclass(frozen=True)
class AttackOrder:
    """Announce an attack to control, neutralize or destroy `target` with `group`."""

    purpose: str
    target: str
    group: str
    aiders: tuple[str, ...] = ()
    from_group: int = 0
    from_illuminati: int = 0
    privilege: str = ""
    arrow: int = -1
    whisper: bool = False
    moving: int = 0
    placing: tuple[tuple[str, str, int], ...] = ()
    """Where displaced puppets of the target go: (puppet, its master or '', world side)."""

    def text(self) -> str:
        """Return the canonical text."""
        words = [f"attack {self.purpose} {self.target} with {self.group}"]
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
        if self.moving:
            words.append(f"moving {self.moving}")
        if self.placing:
            words.append("placing " + " and ".join(
                f"{puppet} at {SIDES[side]}" + (f" of {master}" if master else "")
                for puppet, master, side in self.placing))
        return " ".join(words)


@ORDERS.register("call-off", text=lambda o: o.text(),
                 label='Call off your attack (nothing is committed yet)',
                 syntax='call off')
@dataclass(frozen=True)
class CallOffOrder:
    """Withdraw the attack just announced, before any money is committed or the dice roll."""

    def text(self) -> str:
        """Return the canonical text."""
        return "call off"


@ORDERS.register("transfer", text=lambda o: o.text(),
                 label='Transfer money',
                 syntax='transfer <MB> from <card> to <card>')
@dataclass(frozen=True)
class TransferOrder:
    """Move money between two cards of your structure."""

    amount: int
    source: str
    dest: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"transfer {self.amount} from {self.source} to {self.dest}"


@ORDERS.register("move", text=lambda o: o.text(),
                 label='Move a group',
                 syntax='move <group> to <card> [at <side>]')
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


@ORDERS.register("give-group", text=lambda o: o.text(),
                 label='Give a group away',
                 syntax='give group <group> to <player>')
@dataclass(frozen=True)
class GiveGroupOrder:
    """Give one of your groups, with its puppets, to another player."""

    group: str
    to: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"give group {self.group} to {self.to}"


@ORDERS.register("give-money", text=lambda o: o.text(),
                 label='Give money',
                 syntax='give <MB> to <player>')
@dataclass(frozen=True)
class GiveMoneyOrder:
    """Give money from your Illuminati treasury to another player's."""

    amount: int
    to: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"give {self.amount} to {self.to}"


@ORDERS.register("give-special", text=lambda o: o.text(),
                 label='Give a Special',
                 syntax='give special <special> to <player>')
@dataclass(frozen=True)
class GiveSpecialOrder:
    """Give a Special from your hand to another player."""

    card: str
    to: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"give special {self.card} to {self.to}"


@ORDERS.register("drop", text=lambda o: o.text(),
                 label='Drop a group',
                 syntax='drop <group>')
@dataclass(frozen=True)
class DropOrder:
    """Let one of your groups, with its puppets, go to the uncontrolled area."""

    group: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"drop {self.group}"


@ORDERS.register("play", text=lambda o: o.text(),
                 label='Play a Special',
                 syntax='play <special> [on <target>] [at <card> [<side>]]')
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


@ORDERS.register("recycle", text=lambda o: o.text(),
                 label='Recyclers: pay 5MB for an extra draw',
                 syntax='recycle')
@dataclass(frozen=True)
class RecycleOrder:
    """Pay 5MB from the Recyclers for one more draw."""

    def text(self) -> str:
        """Return the canonical text."""
        return "recycle"


@ORDERS.register("laser", text=lambda o: o.text(),
                 label='Orbital Mind Control Lasers',
                 syntax='laser <group> <add|remove|reverse> <alignment>')
@dataclass(frozen=True)
class LaserOrder:
    """Orbital Mind Control Lasers: add, remove or reverse one alignment of a group this turn."""

    group: str
    mode: str
    alignment: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"laser {self.group} {self.mode} {self.alignment}"


@ORDERS.register("pass", text=lambda o: o.text(),
                 label='Pass',
                 syntax='pass')
@dataclass(frozen=True)
class PassOrder:
    """In your turn: take 5MB for doing nothing at all. In a window: answer nothing."""

    def text(self) -> str:
        """Return the canonical text."""
        return "pass"


@ORDERS.register("end", text=lambda o: o.text(),
                 label='End',
                 syntax='end')
@dataclass(frozen=True)
class EndOrder:
    """Finish the actions of your turn, or the end-of-turn transfers."""

    def text(self) -> str:
        """Return the canonical text."""
        return "end"


@ORDERS.register("defend", text=lambda o: o.text(),
                 label='Defend your group',
                 syntax='defend <MB> from target <MB> from illuminati')
@dataclass(frozen=True)
class DefendOrder:
    """Spend money against the attack: from the target (-2 per MB) and the Illuminati (-1)."""

    from_target: int
    from_illuminati: int = 0

    def text(self) -> str:
        """Return the canonical text."""
        return f"defend {self.from_target} from target {self.from_illuminati} from illuminati"


@ORDERS.register("interfere", text=lambda o: o.text(),
                 label='Interfere',
                 syntax='interfere <for|against> <MB> [with interference]')
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


@ORDERS.register("abolish", text=lambda o: o.text(),
                 label='Abolish privilege',
                 syntax='abolish with deep agent | abolish with <special> and <special>')
@dataclass(frozen=True)
class AbolishOrder:
    """Abolish the attack's privilege with Deep Agent or by discarding two Specials."""

    cards: tuple[str, ...]

    def text(self) -> str:
        """Return the canonical text."""
        return "abolish with " + " and ".join(self.cards)


@ORDERS.register("raise", text=lambda o: o.text(),
                 label='Raise the attack',
                 syntax='raise <MB> from group <MB> from illuminati')
@dataclass(frozen=True)
class RaiseOrder:
    """Add money to your attack, from the attacking group and the Illuminati."""

    from_group: int
    from_illuminati: int = 0

    def text(self) -> str:
        """Return the canonical text."""
        return f"raise {self.from_group} from group {self.from_illuminati} from illuminati"


@ORDERS.register("roll", text=lambda o: o.text(),
                 label='Roll the dice',
                 syntax='roll')
@dataclass(frozen=True)
class RollOrder:
    """Add nothing more: roll the dice."""

    def text(self) -> str:
        """Return the canonical text."""
        return "roll"


AUTO_PASS_MODES = ("off", "on", "unless-attacked", "pass-only")
"""`pass-only` answers a window only where, as everyone can tell, the seat could only pass
(`quiet.could_answer`); the mode new games start with unless their creator chose otherwise."""


@ORDERS.register("auto-pass", text=lambda o: o.text(),
                 label='Standing order for windows',
                 syntax='auto-pass <on|off|unless-attacked>')
@dataclass(frozen=True)
class AutoPassOrder:
    """Set your standing answer to windows: off, on, or on unless your groups are attacked."""

    mode: str

    def text(self) -> str:
        """Return the canonical text."""
        return f"auto-pass {self.mode}"


@ORDERS.register("resign", text=lambda o: o.text(),
                 label='Resign',
                 syntax='resign')
@dataclass(frozen=True)
class ResignOrder:
    """Leave the game: your groups become uncontrolled."""

    def text(self) -> str:
        """Return the canonical text."""
        return "resign"


def format_order(value: Any) -> str:
    """Return the canonical text of an order."""
    return ORDERS.text(value)
