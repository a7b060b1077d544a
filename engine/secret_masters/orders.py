"""The orders a seat can give in Secret Masters, each registered once with its canonical text (the
form the grammar reads back unchanged), the label and syntax of its form, and its fields' words."""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.declare import OrderTypes

from .state import Colour, Markers

ORDERS = OrderTypes("secret-masters")


@ORDERS.register("place", text=lambda o: f"place {o.colour.value} {o.region}",
                 label="Place an agent from the pool on a card",
                 syntax="place <colour> <card region>",
                 fields={"colour": "Agent from the pool", "region": "Card (named by its region)"})
@dataclass(frozen=True)
class PlaceOrder:
    """Put an agent of `colour` from the pool on the region card showing `region`."""

    colour: Colour
    region: str


@ORDERS.register("move", text=lambda o: f"move {o.colour.value} {o.from_region}",
                 label="Move an agent from the board onto the open card",
                 syntax="move <colour> <from region>",
                 fields={"colour": "Agent to move", "from_region": "Region it leaves"})
@dataclass(frozen=True)
class MoveOrder:
    """Second seat only: move an agent of `colour` from `from_region` onto the open card."""

    colour: Colour
    from_region: str


@ORDERS.register("vote", text=lambda o: " ".join(["vote", *o.markers.as_words()]),
                 label="Seal your vote",
                 syntax="vote <marker> <marker> <marker>  (markers: red, white, orange)",
                 fields={"markers": "Three of your markers"})
@dataclass(frozen=True)
class VoteOrder:
    """Put these markers in the bag (exactly three of the seat's own)."""

    red: int
    white: int
    orange: int

    @property
    def markers(self) -> Markers:
        """Return the vote as markers."""
        return Markers(self.red, self.white, self.orange)


@ORDERS.register("redeploy",
                 text=lambda o: f"redeploy {o.colour.value} {o.from_region} {o.to_region}",
                 label="Move one agent to a region of lower value",
                 syntax="redeploy <colour> <from region> <to region>",
                 fields={"colour": "Agent to redeploy", "from_region": "Region it leaves",
                         "to_region": "Region of lower value it goes to"})
@dataclass(frozen=True)
class RedeployOrder:
    """Grand Master at the Redeploy card: move one agent to a region of lower value."""

    colour: Colour
    from_region: str
    to_region: str


@ORDERS.register("pass", text=lambda o: "pass", label="Pass", syntax="pass")
@dataclass(frozen=True)
class PassOrder:
    """Decline the Redeploy move, or leave a card empty when no agent can legally go there."""
