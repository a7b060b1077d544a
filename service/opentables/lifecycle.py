"""Open tables: a game opened for players to join, started when its last seat is taken (or
by its game master), given up when cancelled or out of time.

Every step is a service event appended to the game's log with the seq it expects, so two
players racing for the last seat, or one link followed twice at once, are told apart by the
log's primary key: the loser reloads and is checked again against the seats then taken.
"""
from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from engine.core import Rng, get_game, sha256_hex
from service.base import clock
from service.game.events import HOUSE_PLAYER, GameAnswers, GameCreated, GameRated, SeatHouse
from service.game.loading import LoadedGame, load_game, start_state
from service.game.meta import (
    GameMeta,
    Table,
    apply_service_event,
    format_time,
    normal_address,
    parse_time,
    seat_addresses,
)
from service.game.notify import QUIET_NOTIFY
from service.game.numbers import hidden_rows
from service.game.opentableevents import (
    MASTER_NOTICES,
    InvitationMade,
    InvitationRevoked,
    MasterNotices,
    PlayerJoined,
    PlayerLeft,
    TableClosed,
    TableOpened,
    TableStarted,
    TableTerms,
)
from service.game.seating import SeatInfo, seating
from service.orders.appending import append_decision, service_new
from service.orders.creation import (
    MAX_TITLE,
    NewSeat,
    bank_settings,
    check_player_name,
    check_seats,
    checked_text,
    chosen_game_id,
    resolved_options,
    seed_bytes,
    table_settings,
    with_auto_pass,
)
from service.orders.results import ServiceError
from service.store.records import Append, NewOutbox, SeqConflict

if TYPE_CHECKING:
    from service.orders.appending import LogWithOutbox
    from service.store.roles import EventLog
    from service.store.store import Store

OPEN_DAYS = 14
"""How long an open game waits for its players unless its game master says otherwise."""
MAX_OPEN_DAYS = 90
RETRIES = 8
"""How often a join, a leave or a start reloads after another append got there first."""
JOINED, CLOSED = "table-joined", "table-closed"
"""The outbox kinds of the notices to a table's players: seated, and the table given up."""
MASTER = "*"
"""The outbox recipient that stands for the game master."""
MASTER_JOINED, MASTER_LEFT, MASTER_STARTED = "master-joined", "master-left", "master-started"
"""The outbox kinds of the game master's news of a table (and "master-" + the reason it was
given up: "master-cancelled", "master-expired")."""


def master_news(meta: GameMeta, kind: str) -> list[tuple[str, str]]:
    """Return the game master's notice of a table's news (none when the game has no master:
    whether it is mailed is decided when it is sent, by the master's setting then)."""
    return [(MASTER, kind)] if meta.master_email else []


def open_game(store: LogWithOutbox, game_name: str, named: Sequence[NewSeat], open_seats: int,
              options: Mapping[str, str] | None = None, *, title: str | None = None,
              seed_hex: str | None = None, deadline_hours: int | None = None,
              reminder_hours: Sequence[int] = (24, 1), game_id: str | None = None,
              press: str = "private", absence_days: int = 14, master_email: str = "",
              listed: bool = True, open_days: int = OPEN_DAYS,
              offer_resigned: bool = False, mail_senders: str = "seat",
              notify: str = QUIET_NOTIFY, auto_pass: bool = True,
              time_bank_hours: int = 0, vacation: bool = False,
              house_for_absent: bool = False, rated: bool = False, min_finished: int = 0,
              min_rating: float | None = None) -> LoadedGame:
    """Open a game with `open_seats` seats for whoever joins besides the `named` ones (quiet
    by default, and with a time bank if asked, as `create_game`)."""
    game = get_game(game_name)
    if open_seats < 1:
        raise ServiceError("an open game needs at least one open seat", "bad-seat-count")
    seats = check_seats(game, named, open_seats)
    if not 1 <= open_days <= MAX_OPEN_DAYS:
        raise ServiceError(f"an open game waits 1 to {MAX_OPEN_DAYS} days for its players",
                           "bad-expiry")
    settings = [*table_settings(press, absence_days, master_email.strip(), offer_resigned,
                                mail_senders, notify, house_for_absent),
                *bank_settings(time_bank_hours, vacation), *table_terms(min_finished, min_rating),
                *([GameRated(True)] if rated else [])]
    title = checked_text(title or "", "the title", MAX_TITLE, "bad-title") or game.title
    values = resolved_options(game, with_auto_pass(game, options, auto_pass))
    seed = seed_bytes(seed_hex)
    game_id = chosen_game_id(store, game_id)
    store.create_game(game_id, game.name, game.version, title, seed.hex())
    store.set_game_status(game_id, "open")
    now = clock.now()
    opened = TableOpened(game.name, title, game.version, values, sha256_hex(seed),
                         deadline_hours, tuple(sorted(set(reminder_hours), reverse=True)),
                         tuple(SeatInfo(s.name, s.email, s.player or s.name) for s in seats),
                         open_seats, listed, format_time(now + timedelta(days=open_days)),
                         format_time(now))
    loaded = LoadedGame(game, apply_service_event(None, game_id, opened), None, 0)
    append_table(store, loaded, [opened, *settings], "system",
                 notices=[(seat.name, JOINED) for seat in seats])
    if master_email:
        store.add_outbox(game_id, [NewOutbox(loaded.seq, "*", "master-link")])
    return loaded


def table_terms(min_finished: int, min_rating: float | None) -> list[TableTerms]:
    """Return the terms for joining a table (none when anyone may join), or raise."""
    if not 0 <= min_finished <= 100:
        raise ServiceError("the least share of finished games is a percentage, 0 to 100",
                           "bad-terms")
    if min_rating is not None and not -100 <= min_rating <= 100:
        raise ServiceError("a least rating is between -100 and 100", "bad-terms")
    return [TableTerms(min_finished, min_rating)] if min_finished or min_rating is not None else []


def append_table(store: EventLog, loaded: LoadedGame, items: Sequence[Any], actor: str,
                 notices: Sequence[tuple[str, str]] = ()) -> None:
    """Append table events (and notices to seats, kind by seat) after the loaded seq."""
    meta = loaded.meta
    for offset, item in enumerate(items, start=1):
        meta = apply_service_event(meta, meta.id, item, loaded.seq + offset)
    rows = [service_new(item, actor, None) for item in items]
    last = loaded.seq + len(rows)
    seats = seat_addresses(meta)
    changed = loaded.seq == 0 or seats != seat_addresses(loaded.meta)
    stored = store.append(Append(meta.id, loaded.seq, rows,
                                 [NewOutbox(last, seat, kind) for seat, kind in notices],
                                 prev_hash=loaded.head_hash or None,
                                 seats=seats if changed else None,
                                 hidden=hidden_rows(loaded.game, meta, loaded.seq + 1, items)))
    loaded.meta, loaded.seq, loaded.head_hash = meta, last, stored[-1].hash


def table_of(meta: GameMeta) -> Table:
    """Return the game's open table, or raise ServiceError if it was created with its players."""
    if meta.table is None:
        raise ServiceError(f"game {meta.id} was created with its players; nobody joins it",
                           "not-open")
    return meta.table


def expired(table: Table) -> bool:
    """Return whether an open table's time to fill has run out (recorded or not yet)."""
    return table.status == "expired" or (table.status == "open"
                                         and parse_time(table.expires) <= clock.now())


def check_open(meta: GameMeta) -> Table:
    """Return the table if players may still join it, or raise ServiceError saying why not."""
    table = table_of(meta)
    if table.status == "started":
        raise ServiceError(f"game {meta.id} has started already", "started")
    if table.status == "cancelled":
        raise ServiceError(f"game {meta.id} was cancelled by its game master", "cancelled")
    if expired(table):
        raise ServiceError(f"game {meta.id} did not find its players in time and was given "
                           "up", "expired")
    return table


def taken(meta: GameMeta) -> int:
    """Return how many seats of a table are taken."""
    return len(meta.seats)


def check_join(meta: GameMeta, email: str, invitation: str = "", link: str = "",
               player: str = "") -> Table:
    """Return the table if `email` may take a seat now as `player`, or raise ServiceError
    saying why (with no `email` and no `player`, whether anybody new may)."""
    table = check_open(meta)
    if link and link in table.links:
        raise ServiceError("this confirmation link was used already", "link-used")
    if email:
        check_newcomer(meta, email)
    if player:
        check_player_name(((seat.name, seat.player) for seat in meta.seats), player)
    if taken(meta) >= table.seats_needed:
        raise ServiceError(f"every seat of game {meta.id} is taken "
                           f"({table.seats_needed} of {table.seats_needed})", "full")
    check_invitation(meta, table, invitation)
    return table


def check_newcomer(meta: GameMeta, email: str) -> None:
    """Raise ServiceError if `email` plays a seat of the game already."""
    address = normal_address(email)
    for seat in meta.seats:
        if normal_address(seat.email) == address:
            raise ServiceError(f"{email} plays seat {seat.name} of game {meta.id} already",
                               "already-joined")


def check_invitation(meta: GameMeta, table: Table, invitation: str) -> None:
    """Raise ServiceError unless the table is listed or the invitation still works."""
    if not invitation:
        if not table.listed:
            raise ServiceError(f"game {meta.id} is joined by invitation only", "private")
        return
    made = table.invitations.get(invitation)
    if made is None or made.revoked:
        raise ServiceError("this invitation link was revoked by the game master",
                           "invitation-revoked")
    if not made.usable:
        raise ServiceError(f"this invitation link was good for {made.uses} player(s) and "
                           "they have joined", "invitation-used-up")


def seat_name_for(meta: GameMeta, player: str) -> str:
    """Return a free seat name made from a player's name (letters and digits, lower case)."""
    plain = unicodedata.normalize("NFKD", player).encode("ascii", "ignore").decode().lower()
    base = re.sub(r"[^a-z0-9_-]+", "", plain.replace(" ", "-")).lstrip("0123456789_-")[:20]
    base = base.rstrip("-_") or "player"
    names = set(meta.seat_names) | set(meta.table.named if meta.table else ())
    name, number = base, 2
    while name in names:
        name, number = f"{base}{number}", number + 1
    return name


def join_table(store: EventLog, game_id: str, player: str, email: str, link: str,
               invitation: str = "") -> str:
    """Seat a confirmed player at an open table and return the seat's name; the last seat
    taken starts the game. Raises ServiceError when the player may not join (any more)."""
    for _ in range(RETRIES):
        loaded = load_game(store, game_id)
        table = check_join(loaded.meta, email, invitation, link, player)
        seat = seat_name_for(loaded.meta, player)
        full = taken(loaded.meta) + 1 >= table.seats_needed
        try:
            append_table(store, loaded, [PlayerJoined(seat, player, email, link, invitation)],
                         "system", notices=[] if full else [
                             (seat, JOINED), *master_news(loaded.meta, MASTER_JOINED)])
        except SeqConflict:
            continue
        if full:
            start_table(store, game_id, "full")
        return seat
    raise ServiceError("the game is busy right now: follow the link again in a moment", "busy")


def leave_table(store: EventLog, game_id: str, seat: str) -> LoadedGame:
    """Give a seat of a table back before the start."""
    for _ in range(RETRIES):
        loaded = load_game(store, game_id)
        check_open(loaded.meta)
        if seat not in loaded.meta.seat_names:
            raise ServiceError(f"{seat!r} has no seat at game {game_id} (any more)", "unknown-seat")
        try:
            append_table(store, loaded, [PlayerLeft(seat)], "system",
                         notices=master_news(loaded.meta, MASTER_LEFT))
        except SeqConflict:
            continue
        return loaded
    raise ServiceError("the game is busy right now: try again in a moment", "busy")


def start_table(store: EventLog, game_id: str, by: str, *, house: bool = False) -> LoadedGame:
    """Start an open table with the players seated now (by "full" or "game-master"); with
    `house`, its empty seats are taken by the house (the computer player) first."""
    for _ in range(RETRIES):
        loaded = load_game(store, game_id)
        meta, game = loaded.meta, loaded.game
        if by == "full" and meta.started:
            return loaded  # another request started it first
        check_open(meta)
        joins = house_joins(meta) if house else []
        meta = _fold(meta, game_id, joins, loaded.seq)
        if not game.min_players <= taken(meta) <= game.max_players:
            raise ServiceError(f"{game.title} needs at least {game.min_players} players; "
                               f"{taken(meta)} have joined", "too-few")
        row = store.get_game(game_id)
        assert row is not None
        seed = bytes.fromhex(row.seed)
        started = TableStarted(by)
        created_seq = loaded.seq + len(joins) + 2
        created = GameCreated(meta.game, meta.title, meta.engine_version,
                              tuple(seating(seed, game_id, created_seq, meta.seats)),
                              meta.options, meta.seed_hash, meta.deadline_hours,
                              meta.reminder_hours)
        after = apply_service_event(apply_service_event(meta, game_id, started), game_id,
                                    created)
        loaded.state = start_state(game, after)
        opening = game.start(loaded.state, Rng.for_position(seed, game_id, created_seq))
        try:
            append_decision(store, loaded, [*joins, started, created], opening, seed, "system",
                            None, tail=[GameAnswers(forced=True),
                                        *(SeatHouse(join.seat, True) for join in joins)],
                            notices=master_news(meta, MASTER_STARTED))
        except SeqConflict:
            continue
        store.set_game_status(game_id, "finished" if loaded.meta.finished else "active")
        return loaded
    raise ServiceError("the game is busy right now: try again in a moment", "busy")


def house_joins(meta: GameMeta) -> list[PlayerJoined]:
    """Return the house's joins that fill a table's empty seats (seats `house1`, `house2`...
    that no player took), recorded as joins so the seating drawn at the start covers them."""
    table = table_of(meta)
    names = (f"house{number}" for number in range(1, 100))
    free = [name for name in names if name not in meta.seat_names]
    return [PlayerJoined(name, HOUSE_PLAYER, "", f"house:{name}")
            for name in free[:max(table.seats_needed - len(meta.seats), 0)]]


def _fold(meta: GameMeta, game_id: str, items: Sequence[Any], seq: int) -> GameMeta:
    """Return the meta after service events appended after `seq`."""
    for offset, item in enumerate(items, start=1):
        meta = apply_service_event(meta, game_id, item, seq + offset)
    return meta


def close_table(store: Store, game_id: str, reason: str) -> list[int]:
    """Give up a table before its start ("cancelled" or "expired"); every seated player is
    told. Returns the notices' outbox ids."""
    for _ in range(RETRIES):
        loaded = load_game(store, game_id)
        table = table_of(loaded.meta)
        if reason == "expired" and (table.status != "open" or not expired(table)):
            return []
        if table.status != "open":
            check_open(loaded.meta)  # says why it cannot be cancelled
        try:
            append_table(store, loaded, [TableClosed(reason)], "system",
                         notices=[*((seat, CLOSED) for seat in loaded.meta.seat_names),
                                  *master_news(loaded.meta, f"master-{reason}")])
        except SeqConflict:
            continue
        store.set_game_status(game_id, reason)
        return [row.id for row in store.outbox_for_game(game_id)
                if row.seq == loaded.seq and row.recipient != MASTER]
    raise ServiceError("the game is busy right now: try again in a moment", "busy")


def expire_tables(store: Store) -> list[int]:
    """Give up every open table whose time ran out, and start any that is full (its last
    join was stored but not its start); return the notices' outbox ids."""
    notices: list[int] = []
    for row in store.list_games():
        if row.status != "open":
            continue
        meta = load_game(store, row.id, row=row).meta
        if meta.table is None or meta.table.status != "open":
            continue
        if taken(meta) >= meta.table.seats_needed:
            start_table(store, row.id, "full")
        elif expired(meta.table):
            notices += close_table(store, row.id, "expired")
    return notices


def set_master_notices(store: EventLog, game_id: str, setting: str) -> None:
    """Choose what news of an open table its game master is mailed (`MASTER_NOTICES`)."""
    if setting not in MASTER_NOTICES:
        raise ServiceError(f"the game master's table news are one of "
                           f"{', '.join(MASTER_NOTICES)}, not {setting!r}", "bad-setting")
    for _ in range(RETRIES):
        loaded = load_game(store, game_id)
        if table_of(loaded.meta).master_notices == setting:
            return
        try:
            append_table(store, loaded, [MasterNotices(setting)], "admin")
        except SeqConflict:
            continue
        return
    raise ServiceError("the game is busy right now: try again in a moment", "busy")


def make_invitation(store: EventLog, game_id: str, uses: int = 0) -> str:
    """Make an invitation link's id for a table, good for `uses` joins (0: any number)."""
    if not 0 <= uses <= 100:
        raise ServiceError("an invitation is good for 1 to 100 players, or any number (0)",
                           "bad-uses")
    for _ in range(RETRIES):
        loaded = load_game(store, game_id)
        check_open(loaded.meta)
        invitation = secrets.token_hex(4)
        try:
            append_table(store, loaded, [InvitationMade(invitation, uses)], "admin")
        except SeqConflict:
            continue
        return invitation
    raise ServiceError("the game is busy right now: try again in a moment", "busy")


def revoke_invitation(store: EventLog, game_id: str, invitation: str) -> None:
    """Make an invitation link stop working."""
    loaded = load_game(store, game_id)
    table = table_of(loaded.meta)
    made = table.invitations.get(invitation)
    if made is None:
        raise ServiceError(f"game {game_id} has no invitation {invitation!r}", "unknown-invitation")
    if not made.revoked:
        append_table(store, loaded, [InvitationRevoked(invitation)], "admin")
