"""The state of a Freimaurerei game: frozen dataclasses and enums, small enough to copy often."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Principality(str, Enum):
    """One of the two neighbouring states; Leichtberg moves first."""

    LEICHTBERG = "leichtberg"
    SCHWERHEIM = "schwerheim"

    @property
    def label(self) -> str:
        """Return the name as written on the board."""
        return self.value.capitalize()


REALMS: tuple[Principality, ...] = (Principality.LEICHTBERG, Principality.SCHWERHEIM)


class Alignment(str, Enum):
    """A secret society: white pyramids and red suits are Rosicrucian, black ones Illuminati."""

    ROSICRUCIAN = "rosicrucian"
    ILLUMINATI = "illuminati"

    @property
    def colour(self) -> str:
        """Return the pyramid colour of the alignment."""
        return "white" if self is Alignment.ROSICRUCIAN else "black"

    @property
    def opposite(self) -> Alignment:
        """Return the other society."""
        return Alignment.ILLUMINATI if self is Alignment.ROSICRUCIAN else Alignment.ROSICRUCIAN


class Size(str, Enum):
    """The size of a pyramid (one, two or three pips)."""

    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"


SIZES: tuple[Size, ...] = (Size.SMALL, Size.MEDIUM, Size.LARGE)


class Rite(str, Enum):
    """A high-degree rite: French (red markers) or St Andrew's (green markers)."""

    FRENCH = "french"
    ST_ANDREWS = "st-andrews"

    @property
    def colour(self) -> str:
        """Return the marker colour of the rite."""
        return "red" if self is Rite.FRENCH else "green"

    @property
    def label(self) -> str:
        """Return the rite's name in prose."""
        return "French" if self is Rite.FRENCH else "St Andrew's"


class Charter(str, Enum):
    """What Charter a Rite puts on the SM: a rite's medium, or the purple of Perfection."""

    FRENCH = "french"
    ST_ANDREWS = "st-andrews"
    PERFECTION = "perfection"

    @property
    def rite(self) -> Rite | None:
        """Return the rite chartered (None for Perfection)."""
        return None if self is Charter.PERFECTION else Rite(self.value)


class Face(str, Enum):
    """A face of the Treehouse die, read as an Intrigue result."""

    SWAP = "swap"
    AIM = "aim"
    DIG = "dig"
    TIP = "tip"
    HOP = "hop"
    WILD = "wild"


RESULTS: tuple[Face, ...] = (Face.SWAP, Face.AIM, Face.DIG, Face.TIP, Face.HOP)
"""The five Intrigue results a WILD may stand for."""


class Phase(str, Enum):
    """Where the game stands: setup, an action or one step inside an action, or over."""

    SETUP = "setup"
    ACTION = "action"
    PLACE_RECRUITS = "place-recruits"
    DEFECTION = "defection"
    BUILD_MEMBERS = "build-members"
    REORGANIZE = "reorganize"
    ADVANCE = "advance"
    INTRIGUE_ROLL = "intrigue-roll"
    INTRIGUE_TARGET = "intrigue-target"
    OVER = "over"


SM = "SM"
"""The id of each principality's Secret Master among its pieces."""


@dataclass(frozen=True)
class Piece:
    """A Secret Master or a Mason with everything stacked on or nested under it.

    For the SM, `outer` is the large pyramid's colour and `inner` the small hidden inside it. For
    a Mason, `rite` is its marker (a medium on a large Mason, a small on a medium one), `perfect`
    the purple on top, `outer` the medium alignment pyramid of a Perfect Initiate and `inner` a
    small one planted by Intrigue, known to the seat `inner_by` only.
    """

    id: str
    size: Size
    lodge: int | None = None
    rite: Rite | None = None
    perfect: bool = False
    outer: Alignment | None = None
    inner: Alignment | None = None
    inner_by: str | None = None

    @property
    def is_master(self) -> bool:
        """Return whether this piece is a Secret Master."""
        return self.id == SM

    @property
    def is_perfect_initiate(self) -> bool:
        """Return whether the piece carries the purple of the Rite of Perfection."""
        return self.perfect

    @property
    def true_alignment(self) -> Alignment | None:
        """Return the innermost alignment: the small one when present, else the outer one."""
        return self.inner if self.inner is not None else self.outer

    @property
    def plain(self) -> bool:
        """Return whether this is a Mason with nothing stacked on it."""
        return not self.is_master and self.rite is None and not self.perfect


@dataclass(frozen=True)
class Lodge:
    """A lodge card stack: the founding card first, the card showing now last."""

    number: int
    cards: tuple[str, ...]

    @property
    def card(self) -> str:
        """Return the card on top, which gives the lodge's alignment."""
        return self.cards[-1]


@dataclass(frozen=True)
class Realm:
    """One principality: its player, rulers, lodges, pieces and the player's money."""

    seat: str
    rulers: tuple[str, ...] = ()
    consorts: tuple[str, ...] = ()
    lodges: tuple[Lodge, ...] = ()
    pieces: dict[str, Piece] = field(default_factory=dict)
    money: int = 0

    @property
    def ruler(self) -> str | None:
        """Return the ruler card on top."""
        return self.rulers[-1] if self.rulers else None

    def lodge(self, number: int) -> Lodge | None:
        """Return the lodge numbered `number`, if it is in this principality."""
        for item in self.lodges:
            if item.number == number:
                return item
        return None

    def members(self, number: int | None) -> list[Piece]:
        """Return the pieces in lodge `number` (None: the unaffiliated ones), by id."""
        return sorted((p for p in self.pieces.values() if p.lodge == number), key=piece_order)


def piece_order(piece: Piece) -> tuple[int, int]:
    """Return the sort key of a piece: the SM first, then Masons by number."""
    return (0, 0) if piece.is_master else (1, int(piece.id[1:]))


def id_order(piece_id: str) -> tuple[int, int]:
    """Return the sort key of a piece id."""
    return (0, 0) if piece_id == SM else (1, int(piece_id[1:]))


@dataclass(frozen=True)
class Bank:
    """The pieces not in play: Masons by size and the high-degree markers."""

    small: int = 0
    medium: int = 0
    large: int = 0
    red_medium: int = 0
    red_small: int = 0
    green_medium: int = 0
    green_small: int = 0
    purple: int = 0

    def masons(self, size: Size) -> int:
        """Return how many Masons of `size` are left."""
        return int(getattr(self, size.value))

    def markers(self, rite: Rite, size: Size) -> int:
        """Return how many markers of `rite` in `size` are left."""
        return int(getattr(self, f"{rite.colour}_{size.value}"))


@dataclass(frozen=True)
class Bag:
    """The opaque alignment bag: small and medium pyramids of both colours."""

    white_small: int = 0
    white_medium: int = 0
    black_small: int = 0
    black_medium: int = 0

    def count(self, alignment: Alignment, size: Size) -> int:
        """Return how many pyramids of that alignment and size are in the bag."""
        return int(getattr(self, f"{alignment.colour}_{size.value}"))

    def total(self, size: Size) -> int:
        """Return how many pyramids of `size` are in the bag."""
        return self.count(Alignment.ROSICRUCIAN, size) + self.count(Alignment.ILLUMINATI, size)


@dataclass(frozen=True)
class Recruit:
    """A Mason joining by recruitment: a new one from the bank, or a defector (same id)."""

    id: str
    size: Size
    defector: bool = False


@dataclass(frozen=True)
class Offer:
    """A recruitment roll waiting for the player: the bank has no Mason of `sizes[at]`, and
    the player may bring one over from the other principality or decline."""

    sizes: tuple[Size, ...]
    lodge: int | None
    final: bool
    recruits: tuple[Recruit, ...]
    failed: tuple[Size, ...]
    at: int
    lodges_left: tuple[int, ...]

    @property
    def size(self) -> Size:
        """Return the size the bank lacks."""
        return self.sizes[self.at]


@dataclass(frozen=True)
class Pending:
    """What the action under way has done so far."""

    recruits: tuple[Recruit, ...] = ()
    card: str | None = None
    moved: frozenset[str] = frozenset()
    initiators: tuple[str, ...] = ()
    face: Face | None = None
    rolls: int = 0
    steps: int = 0
    offer: Offer | None = None


@dataclass(frozen=True)
class Options:
    """The variants in play (all off by default)."""

    tarot: bool = False
    ruler_joker: bool = False
    lodge_joker: bool = False
    hermit: bool = False
    magician: bool = False
    empress_emperor: bool = False
    tower: bool = False
    world: bool = False

    @property
    def tarot_deck(self) -> bool:
        """Return whether the Tarot is used (asked for, or implied by a trump addition)."""
        return (self.tarot or self.hermit or self.magician or self.empress_emperor
                or self.tower or self.world)


@dataclass(frozen=True)
class Result:
    """The final reckoning: points and tie-break counts per seat, the winners and why."""

    points: dict[str, int]
    lodges: dict[str, int]
    perfect_initiates: dict[str, int]
    masons: dict[str, int]
    winners: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class State:
    """Everything the rules need; principalities are referred to by their index in REALMS."""

    seats: tuple[str, ...]
    options: Options
    realms: tuple[Realm, ...]
    bank: Bank
    bag: Bag
    lodge_deck: tuple[str, ...] = ()
    ruler_deck: tuple[str, ...] = ()
    phase: Phase = Phase.SETUP
    turn: int = 0
    action: int = 0
    actions: int = 0
    active: int = 0
    pending: Pending = Pending()
    choices: tuple[Alignment | None, ...] = (None, None)
    next_mason: int = 1
    next_lodge: int = 1
    events: int = 0
    declared_by: str | None = None
    jokers: dict[str, Alignment | None] = field(default_factory=dict)
    result: Result | None = None

    def realm_of(self, seat: str) -> int:
        """Return the index of the principality played by `seat`, or -1."""
        for index, realm in enumerate(self.realms):
            if realm.seat == seat:
                return index
        return -1

    @property
    def active_seat(self) -> str:
        """Return the seat whose turn it is."""
        return self.realms[self.active].seat

    def holder(self, piece_id: str) -> int:
        """Return the index of the principality holding Mason `piece_id`, or -1."""
        for index, realm in enumerate(self.realms):
            if piece_id in realm.pieces:
                return index
        return -1


def joker_key(principality: Principality, lodge: int | None) -> str:
    """Return the key under which a Joker's end-of-game alignment is kept."""
    return principality.value if lodge is None else f"{principality.value}/{lodge}"


def other(index: int) -> int:
    """Return the index of the other principality."""
    return 1 - index
