"""The parts of a game package that the kit wires into the game contract.

Every game package has the same files (`engine/README.md`), and a file name means the same thing
in every game. A `KitGame` names its modules once, in `PARTS`, and the kit answers the standard
hooks from them: the open step from `steps.step`, a seat's view from `view.seat_view`, the
pictures from `text.render_text` and `render.render_board_svg`, the secrecy hooks from
`secrecy`, the recurring decisions from `standing.TOPICS`. Each part is a protocol that the
module itself satisfies, so the type checker holds a module to the names the kit reads.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .contract import Canaries
from .declare import EventTypes, OrderTypes
from .ordertext import Grammar
from .rng import Rng
from .standing import Topic


class EventsPart(Protocol):
    """`events.py`: the game's event types."""

    @property
    def EVENTS(self) -> EventTypes[Any]: ...


class OrdersPart(Protocol):
    """`orders.py`: the game's order kinds."""

    @property
    def ORDERS(self) -> OrderTypes: ...


class GrammarPart(Protocol):
    """`grammar.py`: the order grammar."""

    @property
    def GRAMMAR(self) -> Grammar: ...


class StepsPart(Protocol):
    """`steps.py`: every decision point, and which one is open."""

    @property
    def STEPS(self) -> Collection[Any] | Mapping[Any, Any]: ...

    def step(self, state: Any, /) -> Any:
        """Return the `Step` open in `state`, or None once the game is over."""


class ViewPart(Protocol):
    """`view.py`: what a seat may see."""

    def seat_view(self, state: Any, seat: str | None, /) -> dict[str, Any]:
        """Return the game's part of what `seat` may see (None: a spectator)."""


class TextPart(Protocol):
    """`text.py`: the plain-text picture of a view."""

    def render_text(self, view: Mapping[str, Any], /) -> str:
        """Return a plain-text picture of `view`."""


class RenderPart(Protocol):
    """`render.py`: the board picture of a view."""

    def render_board_svg(self, view: Mapping[str, Any], /) -> str:
        """Return the board picture of `view` as a standalone SVG document."""


class SecrecyPart(Protocol):
    """`secrecy.py`: the hooks of the secrecy tests, for a game that hides information."""

    def plant_canaries(self, state: Any, canaries: Canaries, /) -> Any:
        """Return `state` with every hidden item replaced by a canary."""

    def hidden_variant(self, state: Any, seat: str | None, rng: Rng, /) -> Any:
        """Return `state` with what `seat` may not know reshuffled, or None."""

    def probe_words(self) -> tuple[str, ...]:
        """Return the names players write (cards, places, pieces), for the secrecy probes."""


class StandingPart(Protocol):
    """`standing.py`: the recurring decisions a seat may answer in advance.

    A game that keeps some topics as its own state (`Topic.kept`) also gives there
    `kept(state, seat)`, the seat's entries of those topics, and `keep(state, seat, entries)`,
    the private events making them `entries`; the kit answers `kept_standing` and
    `keep_standing` with them.
    """

    @property
    def TOPICS(self) -> tuple[Topic, ...]: ...


class HousePart(Protocol):
    """`house.py`: what the house player (`core/house.py`) knows of the game besides its
    rules: how far a rollout plays, and how a state it stops in stands for each seat.

    A game may also give there `rollout_order(state, seat, rng)`, the order a rollout plays
    for a seat where it has a policy better than a random legal order (None: a random one).
    It reads only what a player of that seat could know of a sampled world (the world is
    already one the searching seat cannot tell from the true one). And it may give
    `plan_order(world, seat, rng)`, the house player's own order for `seat` where the game
    has a plan better than search (None: search), asked in one world sampled from the seat's
    information.
    """

    @property
    def HORIZON(self) -> int: ...

    def estimate(self, state: Any, /) -> Mapping[str, float]:
        """Return each seat's estimated share of the win in an unfinished `state`."""


@dataclass(frozen=True, kw_only=True)
class Parts:
    """The modules of one game package (and its state class) that the kit reads.

    `secrecy` is required of a game that declares hidden information (the completeness check
    says so) and `standing` of a game with decisions to answer in advance; `house` is what
    the house player knows of the game (without it, rollouts play to the end at random).
    """

    state: type
    events: EventsPart
    orders: OrdersPart
    grammar: GrammarPart
    steps: StepsPart
    view: ViewPart
    text: TextPart
    render: RenderPart
    secrecy: SecrecyPart | None = None
    standing: StandingPart | None = None
    house: HousePart | None = None

    def step_list(self) -> tuple[Any, ...]:
        """Return every decision point, in the order the steps module lists them."""
        steps = self.steps.STEPS
        return tuple(steps.values()) if isinstance(steps, Mapping) else tuple(steps)
