"""What the service knows of a game (seats, settings, deadlines, pause), folded from its events."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.core.contract import replace
from engine.core.standing import Standing
from service.game.bankevents import BankGained, BankSpent, TimeBankRules
from service.game.events import (
    DeadlineSet,
    GameAnswers,
    GameCreated,
    GameFinished,
    GamePaused,
    GameRated,
    GameResumed,
    GameSettings,
    MasterLinkRenewed,
    SeatAbsence,
    SeatHouse,
    SeatMailStatus,
    SeatPreferences,
    SeatReplaced,
    SeatResigned,
    SeatStanding,
    SeedRevealed,
    SpectatorsSet,
    TokenRotated,
)
from service.game.opentableevents import (
    InvitationMade,
    InvitationRevoked,
    MasterNotices,
    PlayerJoined,
    PlayerLeft,
    SeatOffered,
    TableClosed,
    TableOpened,
    TableStarted,
    TableTerms,
)
from service.game.seating import SeatInfo
from service.game.vacationevents import SeatVacation, VacationAllowed


@dataclass(frozen=True)
class Deadline:
    """When a seat's open decision is due, and the seq of the event that set it."""

    prompt_key: str
    due: str
    seq: int


@dataclass(frozen=True)
class Invitation:
    """An invitation link of a table: how many joins it allows (0: any), has had, and
    whether it was revoked."""

    uses: int
    used: int = 0
    revoked: bool = False

    @property
    def usable(self) -> bool:
        """Return whether the link still leads to a seat."""
        return not self.revoked and (self.uses == 0 or self.used < self.uses)


@dataclass(frozen=True)
class Table:
    """What the service knows of a game opened for players to join.

    `status` is "open" until the game starts ("started") or is given up ("cancelled",
    "expired"); `named` are the seats the game master named; `links` the confirmation links
    that took a seat (each takes one once).
    """

    open_seats: int
    listed: bool
    expires: str
    opened_at: str
    named: tuple[str, ...] = ()
    status: str = "open"
    invitations: dict[str, Invitation] = field(default_factory=dict)
    links: frozenset[str] = frozenset()
    started_seq: int = 0
    """The seq of the game.created that started it (0: not started)."""
    seated: dict[str, int] = field(default_factory=dict)
    """The seq at which each seat was taken (a leave link names it, so it fits only the
    player who took the seat then)."""
    master_notices: str = "every"
    """What news of the table the game master is mailed (see `MASTER_NOTICES`)."""
    terms: TableTerms | None = None
    """Who may join, as the game master chose (`table.terms`; None: anyone)."""

    @property
    def seats_needed(self) -> int:
        """Return how many seats the table starts with when full."""
        return len(self.named) + self.open_seats


@dataclass(frozen=True)
class MailFailing:
    """A seat's mail bounces for good: since when (UTC, ISO 8601), and the last reason given."""

    since: str
    reason: str


@dataclass(frozen=True)
class GameMeta:
    """The service's own data about a game, folded from its service events."""

    id: str
    game: str
    title: str
    engine_version: str
    seats: tuple[SeatInfo, ...]
    options: dict[str, Any]
    seed_hash: str
    deadline_hours: int | None = None
    reminder_hours: tuple[int, ...] = (24, 1)
    winners: tuple[str, ...] | None = None
    finish_reason: str = ""
    termination: str = ""
    """Why the game ended, for programs (an `engine.core.Termination` value; empty before)."""
    revealed_seed: str | None = None
    paused_at: str | None = None
    deadlines: dict[str, Deadline] = field(default_factory=dict)
    generations: dict[str, int] = field(default_factory=dict)
    spectators: bool = False
    press: str = "private"
    absence_days: int = 14
    master_email: str = ""
    preferences: dict[str, SeatPreferences] = field(default_factory=dict)
    away_until: dict[str, str] = field(default_factory=dict)
    resigned: frozenset[str] = frozenset()
    master_generation: int = 0
    table: Table | None = None
    """The open table the game began as (None: created with all its players)."""
    offered: frozenset[str] = frozenset()
    """Seats open for a newcomer to take over."""
    offer_resigned: bool = False
    mail_senders: str = "seat"
    mail_failing: dict[str, MailFailing] = field(default_factory=dict)
    """Seats whose mail bounced for good, and since when (cleared when it goes through)."""
    """"seat": mail from another address than the seat's is held until the seat confirms it."""
    standing: dict[str, tuple[Standing, ...]] = field(default_factory=dict)
    """Each seat's standing answers and answers ahead (`seat.standing`)."""
    notify: str = "every"
    """The notification setting a seat has until it sets its own (`game.settings`)."""
    forced: bool = False
    """Whether a decision whose only legal answer is public is taken at once (new games)."""
    time_bank: TimeBankRules | None = None
    """The game's time bank rules (None: a game without time banks)."""
    banks: dict[str, int] = field(default_factory=dict)
    """The hours in the bank of each seat that gained or spent some (others: the start)."""
    vacation_allowed: bool = False
    """Whether seats may spend vacation days here (`game.vacation`, written as new games are
    created; the game master may forbid it). Games created before play as they were."""
    vacation_booked: dict[str, frozenset[str]] = field(default_factory=dict)
    """Each seat's vacation days booked ahead (UTC dates)."""
    vacation_spent: dict[str, frozenset[str]] = field(default_factory=dict)
    """Each seat's vacation days spent at a deadline that would otherwise have passed."""
    house: frozenset[str] = frozenset()
    """Seats the house (the computer player) plays (`seat.house`; a handover ends it)."""
    house_for_absent: bool = False
    """Hand a seat given up (absent past the limit, or bouncing) to the house (`game.settings`)."""
    rated: bool = False
    """Whether the game counts for the ratings (`game.rated`, chosen at creation)."""

    @property
    def started(self) -> bool:
        """Return whether the game has begun (a game created with its players always has)."""
        return self.table is None or self.table.status == "started"

    @property
    def first_seq(self) -> int:
        """Return the seq of the game's game.created (after an open table's own events)."""
        return self.table.started_seq if self.table is not None else 1

    @property
    def waiting_for_players(self) -> bool:
        """Return whether the game is an open table that players may still join."""
        return self.table is not None and self.table.status == "open"

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Return the seat names in clockwise order."""
        return tuple(seat.name for seat in self.seats)

    @property
    def finished(self) -> bool:
        """Return whether the game has ended."""
        return self.winners is not None

    @property
    def paused(self) -> bool:
        """Return whether the game is paused."""
        return self.paused_at is not None

    def is_house(self, seat: str) -> bool:
        """Return whether the house (the computer player) plays the seat."""
        return seat in self.house

    @property
    def humans(self) -> tuple[str, ...]:
        """Return the seats people play (every seat the house does not), in clockwise order."""
        return tuple(seat.name for seat in self.seats if seat.name not in self.house)

    def seat(self, name: str) -> SeatInfo:
        """Return the seat called `name` (KeyError if there is none)."""
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)

    def prefs(self, seat: str) -> SeatPreferences:
        """Return the seat's mail settings (the game's notify setting, press on, no time zone
        by default)."""
        return self.preferences.get(seat) or SeatPreferences(seat, self.notify, False, "")

    def bank(self, seat: str) -> int | None:
        """Return the hours left in the seat's time bank (None: the game has no banks)."""
        if self.time_bank is None:
            return None
        return self.banks.get(seat, self.time_bank.start_hours)

    def generation(self, seat: str) -> int:
        """Return the seat's token generation (0 until its token is first renewed)."""
        return self.generations.get(seat, 0)


def parse_time(text: str) -> datetime:
    """Return the UTC datetime of an ISO 8601 time written by the service."""
    return datetime.fromisoformat(text)


def format_time(moment: datetime) -> str:
    """Return `moment` (aware, UTC) as ISO 8601 with a Z."""
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _resumed(meta: GameMeta, item: GameResumed) -> GameMeta:
    """Return the meta after a resume: every open deadline moves by the pause's length."""
    if meta.paused_at is None:
        return meta
    pause = parse_time(item.at) - parse_time(meta.paused_at)
    moved = {seat: replace(d, due=format_time(parse_time(d.due) + pause))
             for seat, d in meta.deadlines.items()}
    return replace(meta, paused_at=None, deadlines=moved)


def _replaced(meta: GameMeta, item: SeatReplaced) -> GameMeta:
    """Return the meta after a seat changed hands: a newcomer plays it, not its defaults, and
    not its predecessor's standing answers."""
    seats = tuple(SeatInfo(s.name, item.email, item.player) if s.name == item.seat else s
                  for s in meta.seats)
    failing = {k: v for k, v in meta.mail_failing.items() if k != item.seat}
    return replace(meta, seats=seats, generations={**meta.generations, item.seat: item.generation},
                   offered=meta.offered - {item.seat}, resigned=meta.resigned - {item.seat},
                   mail_failing=failing, house=meta.house - {item.seat},
                   vacation_booked={k: v for k, v in meta.vacation_booked.items()
                                    if k != item.seat},
                   standing={k: v for k, v in meta.standing.items() if k != item.seat})


def _table_changed(meta: GameMeta, table: Table, item: Any, seq: int) -> GameMeta:
    """Return the meta after a join, a leave, an invitation, the start or the end of a table."""
    if isinstance(item, PlayerJoined):
        invitations = dict(table.invitations)
        if item.invitation in invitations:
            used = invitations[item.invitation]
            invitations[item.invitation] = replace(used, used=used.used + 1)
        joined = replace(table, links=table.links | {item.link}, invitations=invitations,
                         seated={**table.seated, item.seat: seq})
        return replace(meta, seats=(*meta.seats, SeatInfo(item.seat, item.email, item.player)),
                       table=joined)
    if isinstance(item, PlayerLeft):
        return replace(meta, seats=tuple(s for s in meta.seats if s.name != item.seat))
    if isinstance(item, InvitationMade):
        made = {**table.invitations, item.id: Invitation(item.uses)}
        return replace(meta, table=replace(table, invitations=made))
    if isinstance(item, InvitationRevoked) and item.id in table.invitations:
        revoked = replace(table.invitations[item.id], revoked=True)
        return replace(meta, table=replace(table, invitations={**table.invitations,
                                                               item.id: revoked}))
    if isinstance(item, TableStarted):
        return replace(meta, table=replace(table, status="started"))
    if isinstance(item, TableClosed):
        return replace(meta, table=replace(table, status=item.reason))
    if isinstance(item, MasterNotices):
        return replace(meta, table=replace(table, master_notices=item.setting))
    if isinstance(item, TableTerms):
        return replace(meta, table=replace(table, terms=item))
    return meta


def apply_service_event(meta: GameMeta | None, game_id: str, item: Any, seq: int = 0) -> GameMeta:
    """Return the service data after one of its events (`seq`: where it stands in the log)."""
    if isinstance(item, TableOpened):
        table = Table(item.open_seats, item.listed, item.expires, item.opened_at,
                      tuple(seat.name for seat in item.seats),
                      seated={seat.name: seq for seat in item.seats})
        return GameMeta(game_id, item.game, item.title, item.engine_version, item.seats,
                        dict(item.options), item.seed_hash, item.deadline_hours,
                        item.reminder_hours, table=table)
    if isinstance(item, GameCreated) and meta is not None and meta.table is not None:
        return replace(meta, seats=item.seats, title=item.title, options=dict(item.options),
                       table=replace(meta.table, status="started", started_seq=seq))
    if isinstance(item, GameCreated):
        return GameMeta(game_id, item.game, item.title, item.engine_version, item.seats,
                        dict(item.options), item.seed_hash, item.deadline_hours,
                        item.reminder_hours)
    assert meta is not None, "the first event of a game must be game.created"
    if isinstance(item, GameFinished):
        return replace(meta, winners=item.winners, finish_reason=item.reason,
                       termination=item.termination, deadlines={})
    if isinstance(item, SeedRevealed):
        return replace(meta, revealed_seed=item.seed)
    if isinstance(item, DeadlineSet):
        deadline = Deadline(item.prompt_key, item.due, seq)
        return replace(meta, deadlines={**meta.deadlines, item.seat: deadline})
    if isinstance(item, GamePaused):
        return replace(meta, paused_at=item.at)
    if isinstance(item, GameResumed):
        return _resumed(meta, item)
    if isinstance(item, SeatReplaced):
        return _replaced(meta, item)
    if isinstance(item, SeatOffered):
        offered = meta.offered | {item.seat} if item.offered else meta.offered - {item.seat}
        return replace(meta, offered=offered)
    if meta.table is not None and isinstance(item, PlayerJoined | PlayerLeft | InvitationMade
                                                 | InvitationRevoked | TableStarted
                                                 | TableClosed | MasterNotices | TableTerms):
        return _table_changed(meta, meta.table, item, seq)
    if isinstance(item, TokenRotated):
        return replace(meta, generations={**meta.generations, item.seat: item.generation})
    if isinstance(item, SpectatorsSet):
        return replace(meta, spectators=item.enabled)
    if isinstance(item, MasterLinkRenewed):
        return replace(meta, master_generation=item.generation)
    return _table_talk(meta, item)


def _table_talk(meta: GameMeta, item: Any) -> GameMeta:
    """Return the meta after a settings, preferences or absence event (else unchanged)."""
    if isinstance(item, GameSettings):
        return replace(meta, press=item.press, absence_days=item.absence_days,
                       master_email=item.master_email, offer_resigned=item.offer_resigned,
                       mail_senders=item.mail_senders, notify=item.notify,
                       house_for_absent=item.house_for_absent)
    if isinstance(item, SeatPreferences):
        return replace(meta, preferences={**meta.preferences, item.seat: item})
    if isinstance(item, SeatResigned):
        return replace(meta, resigned=meta.resigned | {item.seat})
    if isinstance(item, SeatAbsence):
        away = {k: v for k, v in meta.away_until.items() if k != item.seat}
        return replace(meta, away_until={**away, item.seat: item.until} if item.until else away)
    if isinstance(item, SeatMailStatus):
        return _mail_status(meta, item)
    if isinstance(item, SeatStanding):
        return replace(meta, standing={**meta.standing, item.seat: item.entries})
    if isinstance(item, GameAnswers):
        return replace(meta, forced=item.forced)
    if isinstance(item, GameRated):
        return replace(meta, rated=item.rated)
    if isinstance(item, SeatHouse):  # the house keeps no deadline: a seat taken back gets anew
        house = meta.house | {item.seat} if item.house else meta.house - {item.seat}
        return replace(meta, house=house, deadlines={k: v for k, v in meta.deadlines.items()
                                                     if k != item.seat or not item.house})
    return _banked(meta, item)


def _banked(meta: GameMeta, item: Any) -> GameMeta:
    """Return the meta after a time bank event: the rules, a gain (up to the cap) or a spend."""
    if isinstance(item, TimeBankRules):
        return replace(meta, time_bank=item)
    if isinstance(item, VacationAllowed):
        return replace(meta, vacation_allowed=item.allowed)
    if isinstance(item, SeatVacation):
        field_name = "vacation_booked" if item.booked else "vacation_spent"
        days: dict[str, frozenset[str]] = getattr(meta, field_name)
        return replace(meta, **{field_name: {**days, item.seat: days.get(
            item.seat, frozenset()) | set(item.days)}})
    left = meta.bank(item.seat) if isinstance(item, BankGained | BankSpent) else None
    if left is None or meta.time_bank is None:
        return meta
    if isinstance(item, BankGained):
        left = max(left, min(left + item.hours, meta.time_bank.cap_hours))
    else:
        left = max(left - item.hours, 0)
    return replace(meta, banks={**meta.banks, item.seat: left})


def _mail_status(meta: GameMeta, item: SeatMailStatus) -> GameMeta:
    """Return the meta after a seat's mail bounced for good, or went through again.

    A bounce of an address the seat no longer has (handed over since) changes nothing, and a
    seat already failing keeps the day it began to fail.
    """
    failing = {k: v for k, v in meta.mail_failing.items() if k != item.seat}
    if not item.since:
        return replace(meta, mail_failing=failing)
    if item.seat in meta.mail_failing:
        return meta
    known = {seat.name: normal_address(seat.email) for seat in meta.seats}
    if known.get(item.seat) != normal_address(item.email):
        return meta
    return replace(meta, mail_failing={**failing, item.seat: MailFailing(item.since, item.reason)})


def normal_address(email: str) -> str:
    """Return an address as compared between games (trimmed, lower case)."""
    return email.strip().lower()


def seat_addresses(meta: GameMeta) -> list[tuple[str, str]]:
    """Return (seat, address as compared) of every seat of the game that has an address (a
    seat created for the house has none)."""
    return [(seat.name, normal_address(seat.email)) for seat in meta.seats if seat.email]


def reminder_leads(meta: GameMeta, decision_hours: int | None) -> tuple[int, ...]:
    """Return the game's reminder lead times (hours before a deadline) shorter than the time
    the decision gets: a reminder due as the decision opens would only repeat its turn email."""
    hours = meta.deadline_hours or decision_hours
    return tuple(h for h in meta.reminder_hours if not hours or h < hours)
