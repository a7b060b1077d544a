"""Creating a game: its seats, settings and options checked, a secret seed, the opening events."""
from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import (
    Game,
    Rng,
    get_game,
    sha256_hex,
)
from service.base.ids import GAME_ID_RULE, is_game_id
from service.base.inputs import MAILBOX, InputRefused, check_email, check_line
from service.game.events import (
    HOUSE_PLAYER,
    MAIL_SENDERS,
    PRESS_LEVELS,
    GameAnswers,
    GameCreated,
    GameRated,
    GameSettings,
    SeatHouse,
)
from service.game.loading import LoadedGame, start_state
from service.game.meta import apply_service_event
from service.game.notify import NOTIFY_SETTINGS, QUIET_NOTIFY, read_notify
from service.game.seating import SeatInfo
from service.game.vacationevents import VacationAllowed
from service.orders.appending import LogWithOutbox, append_decision
from service.orders.results import ServiceError
from service.store.records import (
    NewOutbox,
)
from service.time.banks import time_bank_rules

if TYPE_CHECKING:
    from service.store.roles import EventLog


SEAT_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,23}$")


MAX_TITLE = 120


MAX_PLAYER = 80


@dataclass(frozen=True)
class NewSeat:
    """A seat asked for when creating a game."""

    name: str
    email: str
    player: str = ""


def parse_seat(text: str) -> NewSeat:
    """Return the seat written as NAME=EMAIL, or raise ServiceError saying what is wrong."""
    name, sep, email = text.partition("=")
    name, email = name.strip().lower(), email.strip()
    if not sep or not SEAT_NAME.match(name):
        raise ServiceError(f"seat {text!r} must be NAME=EMAIL, the name a letter followed by "
                           "up to 23 letters, digits, '-' or '_'", "bad-seat")
    return NewSeat(name, seat_email(name, email))


def seat_email(seat: str, email: str) -> str:
    """Return the seat's address when it is one plain mailbox, or raise ServiceError."""
    try:
        return check_email(email, f"seat {seat}: the email address")
    except InputRefused as exc:
        raise ServiceError(str(exc), "bad-seat") from None


def resolved_options(game: Game[Any], options: Mapping[str, str] | None) -> dict[str, Any]:
    """Return the game's option values for what was asked, or raise ServiceError saying why."""
    try:
        return game.resolve_options(options or {})
    except ValueError as exc:
        raise ServiceError(str(exc), "bad-option") from None


def checked_text(text: str, what: str, max_length: int, code: str) -> str:
    """Return `text` when it is one clean line (no control characters), or raise ServiceError."""
    try:
        return check_line(text, what, max_length)
    except InputRefused as exc:
        raise ServiceError(str(exc), code) from None


def create_game(store: LogWithOutbox, game_name: str, seats: Sequence[NewSeat],
                options: Mapping[str, str] | None = None, *, title: str | None = None,
                seed_hex: str | None = None, deadline_hours: int | None = None,
                reminder_hours: Sequence[int] = (24, 1),
                game_id: str | None = None, press: str = "private", absence_days: int = 14,
                master_email: str = "", offer_resigned: bool = False,
                mail_senders: str = "seat", notify: str = QUIET_NOTIFY,
                auto_pass: bool = True, time_bank_hours: int = 0,
                vacation: bool = False, house: Sequence[str] = (),
                house_for_absent: bool = False, rated: bool = False) -> LoadedGame:
    """Create a game with a fresh secret seed (or the given one) and its opening events, under
    a new random id or the given one (the random stream is keyed by the seed and the id).

    New games start quiet unless asked otherwise: every seat is mailed only when it must act
    (`notify`), and where the game has windows, those a seat could only pass are answered for
    it (`auto_pass`). Both are recorded in the creation's events, as is the time bank every
    seat starts with (`time_bank_hours`, 0: none; see `service/time/banks.py`) and whether
    its players may spend vacation days in it (`vacation`: the front doors, `pbem new` and
    the new-game form, allow them unless asked not to).

    `house` names seats the house (the computer player) plays, after the other seats in
    clockwise order; they have no address. A game with them is a practice game, never rated;
    a `rated` game counts for the ratings of its title when it ends (docs/ratings.md)."""
    if rated and house:
        raise ServiceError("a game with house players is never rated: leave out --rated or "
                           "the house seats", "rated-house")
    game = get_game(game_name)
    seats = check_seats(game, [*seats, *house_seats(house)], house=frozenset(house))
    settings = [*table_settings(press, absence_days, master_email.strip(), offer_resigned,
                                mail_senders, notify, house_for_absent),
                *bank_settings(time_bank_hours, vacation)]
    title = checked_text(title or "", "the title", MAX_TITLE, "bad-title") or None
    values = resolved_options(game, with_auto_pass(game, options, auto_pass))
    seed = seed_bytes(seed_hex)
    game_id = chosen_game_id(store, game_id)
    store.create_game(game_id, game.name, game.version, title or game.title, seed.hex())
    created = GameCreated(game.name, title or game.title, game.version,
                          tuple(SeatInfo(s.name, s.email, s.player or s.name) for s in seats),
                          values, sha256_hex(seed), deadline_hours,
                          tuple(sorted(set(reminder_hours), reverse=True)))
    meta = apply_service_event(None, game_id, created)
    state = start_state(game, meta)
    opening = game.start(state, Rng.for_position(seed, game_id, 1))
    loaded = LoadedGame(game, meta, state, 0)
    # the settings follow the opening, as every service event follows the decision it is not
    # part of (an audit re-runs the opening right after game.created)
    append_decision(store, loaded, [created], opening, seed, "system", None,
                    tail=[*settings, GameAnswers(forced=True),
                          *([GameRated(True)] if rated else []),
                          *(SeatHouse(name, True) for name in house)])
    if master_email:
        store.add_outbox(game_id, [NewOutbox(loaded.seq, "*", "master-link")])
    return loaded


AUTO_PASS_OPTION = "auto-pass"
"""The option of a game with windows: the standing answer to windows every seat starts with."""
QUIET_AUTO_PASS = "pass-only"


def has_auto_pass(game: Game[Any]) -> bool:
    """Return whether the game has windows a standing auto-pass answers (Illuminati)."""
    return any(spec.name == AUTO_PASS_OPTION for spec in game.options)


def with_auto_pass(game: Game[Any], options: Mapping[str, str] | None,
                   auto_pass: bool) -> dict[str, str]:
    """Return the options asked for, with the game's auto-pass option set from `auto_pass`
    where the game has one and the options do not name it."""
    given = dict(options or {})
    if has_auto_pass(game) and AUTO_PASS_OPTION not in given:
        given[AUTO_PASS_OPTION] = QUIET_AUTO_PASS if auto_pass else "off"
    return given


def quiet_option_defaults(game: Game[Any]) -> dict[str, str]:
    """Return the option values a new game starts with where they differ from the rules'
    own defaults (the new-game form shows them chosen)."""
    return {AUTO_PASS_OPTION: QUIET_AUTO_PASS} if has_auto_pass(game) else {}


def notify_setting(word: str) -> str:
    """Return the notify setting a word names (`every`, `act`, `digest`), or raise."""
    setting = read_notify(word)
    if setting is None:
        raise ServiceError(f"notify is one of every, act or digest, not {word!r}", "bad-notify")
    return setting


def bank_settings(start_hours: int, vacation: bool = False) -> list[Any]:
    """Return the time bank rules of a game whose banks start at `start_hours` (0: none)
    and whether its players may spend vacation days in it; or raise ServiceError."""
    try:
        rules: list[Any] = [*time_bank_rules(start_hours)]
    except ValueError as exc:
        raise ServiceError(str(exc), "bad-time-bank") from None
    # A game without vacation days records nothing: it is what games created before had.
    return [*rules, VacationAllowed(True)] if vacation else rules


def table_settings(press: str, absence_days: int, master_email: str,
                   offer_resigned: bool = False,
                   mail_senders: str = "seat", notify: str = "every",
                   house_for_absent: bool = False) -> list[GameSettings]:
    """Return the table settings event, or none when all are the defaults of games recorded
    before any of them was a setting."""
    notify = notify_setting(notify)
    if press not in PRESS_LEVELS:
        raise ServiceError(f"press must be one of {', '.join(PRESS_LEVELS)}, not {press!r}",
                           "bad-press")
    if not 0 <= absence_days <= 60:
        raise ServiceError("an absence may extend deadlines by 0 to 60 days", "bad-absence")
    if master_email and not MAILBOX.match(master_email):
        raise ServiceError(f"{master_email!r} is not an email address", "bad-master-email")
    if mail_senders not in MAIL_SENDERS:
        raise ServiceError(f"mail senders are {' or '.join(MAIL_SENDERS)}, not "
                           f"{mail_senders!r}", "bad-mail-senders")
    if (press, absence_days, master_email, offer_resigned, mail_senders, notify,
            house_for_absent) == ("private", 14, "", False, "seat", "every", False):
        return []
    assert notify in NOTIFY_SETTINGS
    return [GameSettings(press, absence_days, master_email, offer_resigned, mail_senders,
                         notify, house_for_absent)]


def house_seats(names: Sequence[str]) -> list[NewSeat]:
    """Return the seats of these names for the house: no address, the house as their player."""
    for name in names:
        if not SEAT_NAME.match(name):
            raise ServiceError(f"a house seat's name is a letter followed by up to 23 letters, "
                               f"digits, '-' or '_', not {name!r}", "bad-seat")
    return [NewSeat(name, "", HOUSE_PLAYER) for name in names]


def check_seats(game: Game[Any], seats: Sequence[NewSeat], open_seats: int = 0, *,
                house: frozenset[str] = frozenset()) -> list[NewSeat]:
    """Return the seats with checked addresses and names, or raise ServiceError; with
    `open_seats` more to be taken by whoever joins, the table must still fit the game. A
    house seat (named in `house`) has no address."""
    seats = [NewSeat(s.name, "" if s.name in house else seat_email(s.name, s.email),
                     checked_text(s.player, f"seat {s.name}: the player's name", MAX_PLAYER,
                                  "bad-seat")) for s in seats]
    names = [seat.name for seat in seats]
    if len(set(names)) != len(names):
        raise ServiceError("every seat needs its own name", "bad-seat")
    players = [name_key(seat.player or seat.name) for seat in seats if seat.name not in house]
    if len(set(players)) != len(players):
        raise ServiceError("two seats have the same player's name: give every player a name "
                           "of their own, so the others can tell them apart", "name-taken")
    if not game.min_players <= len(seats) + open_seats <= game.max_players:
        wanted = (str(game.min_players) if game.min_players == game.max_players
                  else f"{game.min_players} to {game.max_players}")
        raise ServiceError(f"{game.title} is played by {wanted} players, not "
                           f"{len(seats) + open_seats}", "bad-seat-count")
    return seats


def name_key(player: str) -> str:
    """Return what makes two players' names the same to a reader: case, accents' forms,
    width and spacing aside ("Anna  B" and "anna b" are one name)."""
    return " ".join(unicodedata.normalize("NFKC", player).casefold().split())


def check_player_name(players: Iterable[tuple[str, str]], player: str, seat: str = "") -> None:
    """Raise ServiceError if `player` is the name of another seat's player: `players` are
    (seat, player) of the game, and `seat` the one `player` takes (its own name is no
    clash)."""
    wanted = name_key(player)
    for other, name in players:
        if other != seat and name_key(name) == wanted:
            raise ServiceError(f"another player in this game is called {name} already: "
                               "choose another name, so the others can tell you apart",
                               "name-taken")


def seed_bytes(seed_hex: str | None) -> bytes:
    """Return the given seed (checked), or a fresh secret one."""
    if seed_hex is None:
        return secrets.token_bytes(32)
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        raise ServiceError(f"--seed must be hexadecimal, not {seed_hex!r}", "bad-seed") from None
    if not 16 <= len(seed) <= 64:
        raise ServiceError("--seed must be 32 to 128 hex digits (16 to 64 bytes)", "bad-seed")
    return seed


def seed_game_id(seed_hex: str) -> str:
    """Return the game id derived from a fixed seed, so the same seed gives the same game."""
    return hashlib.sha256(b"pbem game id:" + seed_bytes(seed_hex)).hexdigest()[:8]


def chosen_game_id(store: EventLog, given: str | None) -> str:
    """Return the id a new game takes: the given one (checked), or a new random one."""
    if given is None:
        return new_game_id(store)
    if not is_game_id(given):
        raise ServiceError(f"a game id is {GAME_ID_RULE}, not {given!r}", "bad-game-id")
    if store.get_game(given) is not None:
        raise ServiceError(f"there is a game {given} already; choose another id (a game made "
                           "from the same seed gets the same id unless --id is given)",
                           "game-exists")
    return given


def new_game_id(store: EventLog) -> str:
    """Return a random game id no game has."""
    while True:
        game_id = secrets.token_hex(4)
        if store.get_game(game_id) is None:
            return game_id
