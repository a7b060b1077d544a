"""Running tournaments: a new one, sign-up and withdrawal, and `advance`, run by the standings
sweep every minute, which seats the first round once enough players signed up and each next
round once every game of the one before has ended (its result recorded), then finishes.

A round is seated once: the tournament's round moves by a compare-and-set in the transaction
that writes its tables, and each table's game has an id derived from the table, created only
where it does not exist yet, so two sweeps, or one that died half way, seat nothing twice. A
game's first emails to its seats (the welcome of each) are the entrants' notice that their next
game starts."""
from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Connection, func, insert, select, update

from engine.core import get_game
from service.base import clock
from service.base.inputs import InputRefused, check_email
from service.game.meta import normal_address
from service.orders.appending import LogWithOutbox
from service.orders.creation import NewSeat, create_game, name_key
from service.orders.results import ServiceError
from service.ratings.record import player_key
from service.ratings.stored import records_of
from service.seats.civility import check_not_suspended
from service.store.records import StoreError
from service.store.roles import Connections
from service.store.schema import games as games_t
from service.store.schema import tournament_entries as entries_t
from service.store.schema import tournament_tables as tables_t
from service.store.schema import tournaments as tournaments_t
from service.tournaments.pairing import meetings, seat_round
from service.tournaments.standings import Entrant, Sitting, Standing, standings

FORMATS = ("swiss", "round-robin")


class TournamentStore(LogWithOutbox, Connections, Protocol):
    """What a tournament needs: games created and their logs, and its own tables."""


@dataclass(frozen=True)
class Tournament:
    """A tournament's settings and where it stands."""

    id: str
    game: str
    name: str
    format: str
    rounds: int
    seats_per_game: int
    entrants_wanted: int
    house_allowed: bool
    rated: bool
    round: int
    status: str


def new_tournament(store: Connections, game: str, *, format: str, rounds: int,
                   seats_per_game: int, entrants: int, name: str = "",
                   house_allowed: bool = False, rated: bool = False,
                   tournament_id: str | None = None) -> Tournament:
    """Create a tournament open for sign-up; it starts once `entrants` have signed up. Its
    id (random, or `tournament_id`) fixes its games' ids, and so their draws."""
    rules = get_game(game)
    if format not in FORMATS:
        raise ServiceError(f"the format is {' or '.join(FORMATS)}, not {format!r}", "bad-format")
    if not rules.min_players <= seats_per_game <= rules.max_players:
        raise ServiceError(f"{rules.title} is played by {rules.min_players} to "
                           f"{rules.max_players}, not {seats_per_game}", "bad-seats")
    if not 1 <= rounds <= 50 or not seats_per_game <= entrants <= 10_000:
        raise ServiceError(f"a tournament has 1 to 50 rounds and {seats_per_game} to 10000 "
                           "entrants", "bad-size")
    if rated and house_allowed:
        raise ServiceError("a table with house players is never rated: a rated tournament "
                           "does not take house players", "rated-house")
    made = Tournament(tournament_id or secrets.token_hex(4), rules.name, name.strip()[:80] or
                      f"{rules.title} tournament", format, rounds, seats_per_game, entrants,
                      house_allowed, rated, 0, "signup")
    with store.begin_write() as conn:
        conn.execute(insert(tournaments_t).values(
            id=made.id, game=made.game, name=made.name, format=made.format, rounds=rounds,
            seats_per_game=seats_per_game, entrants_wanted=entrants,
            house_allowed=int(house_allowed), rated=int(rated), round=0, status="signup",
            created_at=clock.now().isoformat()))
    return made


def tournament(store: Connections, tournament_id: str) -> Tournament:
    """Return a tournament, or raise ServiceError."""
    with store.connect() as conn:
        row = conn.execute(select(tournaments_t).where(tournaments_t.c.id == tournament_id)).first()
    if row is None:
        raise ServiceError(f"there is no tournament {tournament_id}", "unknown-tournament")
    return _tournament(row)


def _tournament(row: Any) -> Tournament:
    return Tournament(row.id, row.game, row.name, row.format, row.rounds, row.seats_per_game,
                      row.entrants_wanted, bool(row.house_allowed), bool(row.rated), row.round,
                      row.status)


def enter(store: Connections, tournament_id: str, name: str, email: str) -> Entrant:
    """Sign a player up, or raise ServiceError saying why not (started, full, signed up)."""
    try:
        email = check_email(email, "the address")
    except InputRefused as exc:
        raise ServiceError(str(exc), "bad-email") from None
    name = name.strip()[:60]
    if not name:
        raise ServiceError("give the name the other players will know you by", "bad-name")
    check_not_suspended(store, email)
    with store.begin_write() as conn:
        held = _held(conn, tournament_id, lock=True)  # sign-ups to one tournament in turn
        if held.status != "signup":
            raise ServiceError(f"tournament {tournament_id} has started: sign-up is closed",
                               "started")
        player = player_key(email)
        mine = entries_t.c.tournament_id == tournament_id
        before = conn.execute(select(entries_t.c.number, entries_t.c.withdrawn).where(
            mine, entries_t.c.player == player)).first()
        if before is not None and not before.withdrawn:
            raise ServiceError(f"{email} is signed up already", "already-entered")
        _check_name(conn, tournament_id, name, player)
        count = int(conn.execute(select(func.count()).select_from(entries_t).where(
            mine, entries_t.c.withdrawn == 0)).scalar() or 0)
        if count >= held.entrants_wanted:  # a player who withdrew frees their place
            raise ServiceError(f"tournament {tournament_id} is full", "full")
        number = _next_number(conn, tournament_id)
        values = {"number": number, "name": name, "email": normal_address(email),
                  "withdrawn": 0}
        if before is not None:  # withdrew during sign-up and enters again: back in, as last
            conn.execute(update(entries_t).where(mine, entries_t.c.player == player)
                         .values(**values))
        else:
            conn.execute(insert(entries_t).values(tournament_id=tournament_id, player=player,
                                                  **values))
    return Entrant(player, number, name)


def _next_number(conn: Connection, tournament_id: str) -> int:
    """Return the sign-up number after every one given so far (withdrawn entrants' too)."""
    return 1 + int(conn.execute(select(func.max(entries_t.c.number)).where(
        entries_t.c.tournament_id == tournament_id)).scalar() or 0)


def withdraw(store: Connections, tournament_id: str, email: str) -> None:
    """Withdraw a player: they are seated in no later round (a game they play goes on)."""
    with store.begin_write() as conn:
        done = conn.execute(update(entries_t).where(
            entries_t.c.tournament_id == tournament_id,
            entries_t.c.player == player_key(email)).values(withdrawn=1))
    if not done.rowcount:
        raise ServiceError(f"{email} is not signed up for tournament {tournament_id}",
                           "not-entered")


def check_entrant_name(store: Connections, tournament_id: str, name: str) -> None:
    """Raise ServiceError if another entrant of the tournament has the name `name`."""
    with store.connect() as conn:
        _check_name(conn, tournament_id, name)


def _check_name(conn: Connection, tournament_id: str, name: str, player: str = "") -> None:
    """Raise ServiceError if another entrant has the name `name`, as its games' players would
    read it (a game's players each have their own name: its game could not be created). The
    player's own earlier entry and entrants who withdrew do not count."""
    wanted = name_key(name)
    for taken in conn.execute(select(entries_t.c.name).where(
            entries_t.c.tournament_id == tournament_id, entries_t.c.withdrawn == 0,
            entries_t.c.player != player)).scalars():
        if name_key(taken) == wanted:
            raise ServiceError(f"another entrant is called {taken} already: choose another "
                               "name, so the other players can tell you apart", "name-taken")


def _held(conn: Connection, tournament_id: str, *, lock: bool = False) -> Tournament:
    """Return the tournament; with `lock`, its row is held until the transaction ends, so that
    concurrent sign-ups count the entrants one after the other (PostgreSQL: FOR UPDATE; SQLite
    writes one transaction at a time anyway)."""
    query = select(tournaments_t).where(tournaments_t.c.id == tournament_id)
    row = conn.execute(query.with_for_update() if lock else query).first()
    if row is None:
        raise ServiceError(f"there is no tournament {tournament_id}", "unknown-tournament")
    return _tournament(row)


def entrants(store: Connections, tournament_id: str) -> list[tuple[Entrant, str]]:
    """Return the entrants in sign-up order, each with their address."""
    query = (select(entries_t).where(entries_t.c.tournament_id == tournament_id)
             .order_by(entries_t.c.number))
    with store.connect() as conn:
        return [(Entrant(row.player, row.number, row.name, bool(row.withdrawn)), row.email)
                for row in conn.execute(query)]


def sittings(store: Connections, tournament_id: str) -> list[Sitting]:
    """Return every table seated so far, round by round."""
    query = (select(tables_t).where(tables_t.c.tournament_id == tournament_id)
             .order_by(tables_t.c.round, tables_t.c.number))
    with store.connect() as conn:
        return [Sitting(row.round, row.number, row.game_id,
                        tuple(tuple(pair) for pair in json.loads(row.seats)))
                for row in conn.execute(query)]


def current_standings(store: Connections, held: Tournament) -> list[Standing]:
    """Return the tournament's standings from the results recorded so far."""
    tables = sittings(store, held.id)
    records = records_of(store, [s.game_id for s in tables if s.game_id])
    return standings([e for e, _ in entrants(store, held.id)], tables, records,
                     held.seats_per_game)


def table_game_id(tournament_id: str, round_number: int, table: int) -> str:
    """Return the id of a table's game (derived, so it is created once)."""
    return hashlib.sha256(f"tournament:{tournament_id}:{round_number}:{table}".encode()
                          ).hexdigest()[:8]


def advance(store: TournamentStore) -> int:
    """Seat every tournament's next round that is due and finish those that are over;
    return how many rounds were seated."""
    with store.connect() as conn:
        running = [_tournament(row) for row in conn.execute(
            select(tournaments_t).where(tournaments_t.c.status.in_(("signup", "running"))))]
    seated = 0
    for held in running:
        tables = [s for s in sittings(store, held.id) if s.round == held.round]
        _create_games(store, held, tables)
        if not _round_over(store, held, tables):
            continue
        if held.round >= held.rounds:
            _finish(store, held)
        elif _seat_next(store, held):
            seated += 1
            _create_games(store, held, [s for s in sittings(store, held.id)
                                        if s.round == held.round + 1])
    return seated


def _round_over(store: Connections, held: Tournament, tables: list[Sitting]) -> bool:
    """Return whether the tournament may seat its next round: sign-up is full, or every game
    of its round has ended and its result is recorded."""
    if held.status == "signup":
        return len([e for e, _ in entrants(store, held.id) if not e.withdrawn]) >= (
            held.entrants_wanted)
    games = [s.game_id for s in tables if s.game_id]
    return len(records_of(store, games)) == len(games)


def _seat_next(store: Connections, held: Tournament) -> bool:
    """Write the next round's tables and move the round on, once (False: another did)."""
    everyone = entrants(store, held.id)
    active = [e for e, _ in everyone if not e.withdrawn]
    tables = sittings(store, held.id)
    if held.format == "swiss":
        placed = current_standings(store, held)
        order = [s.entrant.player for s in placed if not s.entrant.withdrawn]
    else:
        turn = held.round % max(len(active), 1)
        order = [e.player for e in active[turn:] + active[:turn]]
    met = meetings([[p for _, p in s.seats] for s in tables if s.game_id])
    had_bye = frozenset(p for s in tables if not s.game_id for _, p in s.seats)
    seating = seat_round(order, met, held.seats_per_game, get_game(held.game).min_players,
                         held.house_allowed, had_bye)
    number = held.round + 1
    rows = [{"tournament_id": held.id, "round": number, "number": index,
             "game_id": table_game_id(held.id, number, index),
             "seats": json.dumps([[f"seat{i}", p] for i, p in enumerate(table, 1)] + (
                 [[f"house{i}", ""] for i in range(1, house + 1)]))}
            for index, (table, house) in enumerate(zip(seating.tables, seating.house,
                                                       strict=True), 1)]
    if seating.byes:
        rows.append({"tournament_id": held.id, "round": number, "number": 0, "game_id": "",
                     "seats": json.dumps([["bye", p] for p in seating.byes])})
    with store.begin_write() as conn:
        moved = conn.execute(update(tournaments_t).where(
            tournaments_t.c.id == held.id, tournaments_t.c.round == held.round).values(
            round=number, status="running"))
        if moved.rowcount != 1:
            return False
        conn.execute(insert(tables_t), rows)
    return True


def _create_games(store: TournamentStore, held: Tournament, tables: list[Sitting]) -> None:
    """Create each table's game where it does not exist yet (its first emails tell its
    players their next game has started)."""
    addresses = {e.player: (e.name, email) for e, email in entrants(store, held.id)}
    for table in tables:
        if not table.game_id or store.get_game(table.game_id) is not None:
            continue
        people = [(seat, p) for seat, p in table.seats if p]
        house = [seat for seat, p in table.seats if not p]
        seats = [NewSeat(seat, addresses[p][1], addresses[p][0]) for seat, p in people]
        try:
            create_game(store, held.game, seats, game_id=table.game_id, house=house,
                        title=f"{held.name}: round {table.round}, table {table.number}",
                        rated=held.rated and not house)
        except StoreError:
            continue  # another sweep created it a moment ago


def _finish(store: Connections, held: Tournament) -> None:
    """Mark a tournament whose last round is over as finished."""
    with store.begin_write() as conn:
        conn.execute(update(tournaments_t).where(
            tournaments_t.c.id == held.id, tournaments_t.c.status == "running").values(
            status="finished"))


def list_tournaments(store: Connections, limit: int = 200,
                     status: str | None = None) -> list[Tournament]:
    """Return the `limit` newest tournaments (of `status`), newest first."""
    query = select(tournaments_t).order_by(tournaments_t.c.created_at.desc()).limit(limit)
    if status is not None:
        query = query.where(tournaments_t.c.status == status)
    with store.connect() as conn:
        return [_tournament(row) for row in conn.execute(query)]


def finished_games(store: Connections, game_ids: list[str]) -> int:
    """Return how many of some games have ended."""
    with store.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(games_t).where(
            games_t.c.id.in_(game_ids), games_t.c.status == "finished")).scalar() or 0)
