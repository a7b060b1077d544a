"""Press: messages between the seats of a game, kept in its log and mailed to their readers.

A message is a `press.sent` event: it replays with the game, appears in the history of its
sender and recipients only, and is mailed to each recipient (unless they muted press) in the
same append, so a message is never lost and never sent twice.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from service.base.inputs import without_bidi
from service.game.events import MASTER, SERVICE_EVENTS, PressSent
from service.game.loading import LoadedGame, load_game
from service.game.meta import GameMeta
from service.game.numbers import hidden_rows
from service.orders.appending import service_new
from service.orders.results import ServiceError
from service.store.records import Append
from service.store.roles import EventLog
from service.store.store import NewOutbox, SeqConflict

MAX_PRESS_CHARS = 4000
CONFLICT_RETRIES = 8
PRESS_KIND = "press"

HEADER = re.compile(
    r"^(?:(?P<grey>anonymous|grey)\s+)?press\s+(?:(?P<anon>anonymously)\s+)?to\s+"
    r"(?P<to>[^:]{1,400}?)\s*:\s*(?P<rest>.*)$", re.IGNORECASE)
"""`press to bruno, carla: text`, `press to all: ...`, `anonymous press to all: ...`."""

ALL_WORDS = frozenset({"all", "everyone", "everybody", "all players"})


@dataclass(frozen=True)
class PressRequest:
    """What a seat asked to say: to whom (None: everyone), the text, and whether unsigned.

    `to_anonymous` marks an answer to an anonymous message: its one recipient is never shown
    to the seat that answers.
    """

    to: tuple[str, ...] | None
    text: str
    anonymous: bool = False
    to_anonymous: bool = False


def read_header(line: str) -> tuple[PressRequest, str] | None:
    """Return the request a `press to ...:` line opens and the text on that line, or None."""
    match = HEADER.match(line.strip())
    if match is None:
        return None
    names = [name.strip().lower() for name in re.split(r",|\band\b|;", match["to"])]
    names = [name for name in names if name]
    to = None if not names or any(name in ALL_WORDS for name in names) else tuple(names)
    anonymous = bool(match["grey"] or match["anon"])
    return PressRequest(to, "", anonymous), match["rest"].strip()


def resolve_recipients(meta: GameMeta, sender: str, to: Sequence[str] | None,
                       ) -> tuple[tuple[str, ...], bool]:
    """Return the recipient seats in seat order and whether the message goes to everyone."""
    others = tuple(name for name in meta.seat_names if name != sender)
    if to is None:
        return others, True
    by_player = {meta.seat(name).player.lower(): name for name in meta.seat_names}
    chosen = set()
    for name in to:
        seat = name if name in meta.seat_names else by_player.get(name)
        if seat is None:
            raise ServiceError(f"{name!r} is not a seat of this game; write to "
                               f"{', '.join(others)} or all", "press-unknown-seat")
        if seat != sender:
            chosen.add(seat)
    if not chosen:
        raise ServiceError("A message needs at least one other seat to read it.",
                           "press-no-recipient")
    recipients = tuple(name for name in others if name in chosen)
    return recipients, recipients == others


def check_allowed(meta: GameMeta, request: PressRequest, to_all: bool) -> None:
    """Raise ServiceError when the game's press setting forbids this message."""
    if meta.press == "off":
        raise ServiceError("This game is played without press: players do not exchange "
                           "messages through the service.", "press-off")
    if meta.press == "open" and not to_all:
        raise ServiceError("In this game press is open only: write `press to all:`.",
                           "press-open-only")
    if request.anonymous and meta.press != "grey":
        raise ServiceError("This game does not allow anonymous press; your name is shown "
                           "with every message.", "press-no-anonymous")
    if meta.finished:
        raise ServiceError("The game is over; its press is closed.", "game-over")


def send_press(store: EventLog, game_id: str, sender: str, request: PressRequest, *,
               causation: str) -> PressSent:
    """Append a press message and its mail, once per `causation`; return the message."""
    text = without_bidi(request.text).strip()
    if not text:
        raise ServiceError("The message is empty: write it after `press to ...:`.",
                           "press-empty")
    if len(text) > MAX_PRESS_CHARS:
        raise ServiceError(f"A message may hold up to {MAX_PRESS_CHARS} characters.",
                           "press-too-long")
    for _ in range(CONFLICT_RETRIES):
        loaded = load_game(store, game_id)
        if sender not in loaded.meta.seat_names:
            raise ServiceError(f"{sender!r} is not a seat of game {game_id}", "unknown-seat")
        if sender in loaded.meta.house:
            raise ServiceError(f"{sender} is played by the house, which sends no press.",
                               "press-house")
        recipients, to_all = resolve_recipients(loaded.meta, sender, request.to)
        check_allowed(loaded.meta, request, to_all)
        sent = PressSent(sender, recipients, text, request.anonymous, to_all,
                         request.to_anonymous and not to_all)
        try:
            return append_press(store, loaded, sent, causation)
        except SeqConflict:
            continue
    raise ServiceError("The game is too busy right now; try again.", "busy")


def append_press(store: EventLog, loaded: LoadedGame, sent: PressSent, causation: str) -> PressSent:
    """Append the message unless this causation already did; the seq check makes it once."""
    earlier = already_sent(store, loaded.meta.id, causation)
    if earlier is not None:
        return earlier
    actor = "anonymous" if sent.anonymous else sent.sender
    seq = loaded.seq + 1
    readers = [seat for seat in sent.recipients if seat not in loaded.meta.house
               and (sent.sender == MASTER or not loaded.meta.prefs(seat).mute_press)]
    store.append(Append(loaded.meta.id, loaded.seq, [service_new(sent, actor, causation)],
                        [NewOutbox(seq, seat, PRESS_KIND) for seat in readers],
                        hidden=hidden_rows(loaded.game, loaded.meta, seq, [sent])))
    return sent


def house_note(meta: GameMeta, sent: PressSent) -> str:
    """Return the fixed note that answers press read by seats the house plays ('' if none):
    the house reads no press and never answers it."""
    house = [seat for seat in sent.recipients if seat in meta.house]
    if not house:
        return ""
    names = " and ".join([", ".join(house[:-1]), house[-1]] if len(house) > 1 else house)
    verb = "are" if len(house) > 1 else "is"
    return (f"{names} {verb} played by the house, the service's computer player: it reads no "
            "press and will not answer.")


def already_sent(store: EventLog, game_id: str, causation: str) -> PressSent | None:
    """Return the press message this causation already appended, if any."""
    for row in store.events(game_id):
        if row.type == "press.sent" and row.causation == causation:
            item = SERVICE_EVENTS.load(row.type, row.payload, row.schema_version)
            assert isinstance(item, PressSent)
            return item
    return None


def press_at(store: EventLog, game_id: str, seq: int) -> PressSent | None:
    """Return the press message stored at `seq`, or None when another event is there."""
    rows = store.events(game_id, after_seq=seq - 1, upto=seq)
    if not rows or rows[0].type != "press.sent":
        return None
    item = SERVICE_EVENTS.load(rows[0].type, rows[0].payload, rows[0].schema_version)
    return item if isinstance(item, PressSent) else None


def answer_request(meta: GameMeta, answered: PressSent, text: str) -> PressRequest:
    """Return the press that answers `answered`: to its sender, anonymous where it was."""
    if meta.press == "open":
        return PressRequest(None, text)
    if answered.anonymous:
        return PressRequest((answered.sender,), text, to_anonymous=True)
    return PressRequest((answered.sender,), text, anonymous=answered.to_anonymous)


def conversation_key(item: PressSent, reader: str) -> tuple[str, ...]:
    """Return the group a message belongs to for `reader`: everyone else in it, sorted."""
    if item.to_all:
        return ("all",)
    if item.to_anonymous and reader == item.sender:
        return ("anonymous",)
    people = {*item.recipients, *(() if item.anonymous else (item.sender,))} - {reader}
    if item.anonymous and reader != item.sender:
        return ("anonymous", *sorted(people))
    return tuple(sorted(people)) or ("all",)
