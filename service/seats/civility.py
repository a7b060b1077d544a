"""Civil play among strangers: a player mutes another's press (in one game or everywhere),
blocks them from the tables they host, or reports a message or a player to the game master
and the operator; the operator suspends an address from open tables.

Who did what is kept by address in the `moderation` table (`service/store/moderation.py`),
never in a game's log, which everyone may read once the game is over: a muted, blocked or
reported player is told nothing of it. A blocked or suspended address learns only that it
cannot take a seat (a suspension is mailed to it with its reason). Each step is logged with
the game it concerns, by seat, never by address.

A report holds the message as its reader saw it (the heading shown, so an anonymous sender
stays unnamed there, and the text), the reason given, and whom it concerns; the service
signs the whole with its secret key, so a report shown to the game master or the operator
can be checked against what was kept.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import logging
from typing import Any

from service.base import clock
from service.game.events import MASTER, SERVICE_EVENTS, PressSent, press_heading
from service.game.loading import load_game
from service.game.meta import GameMeta, format_time, normal_address
from service.orders.creation import checked_text
from service.orders.results import ServiceError
from service.store.moderation import BLOCK, MUTE, REPORT, SUSPEND, Moderated, Moderation
from service.store.records import NewOutbox
from service.store.roles import Connections
from service.store.store import Store

log = logging.getLogger(__name__)
MAX_REASON = 1000
REPORT_KINDS = ("master-report", "operator-report")
"""The outbox kinds (followed by "." and the report's id) of the mails that bring a report
to the game master and to the operator."""
OPERATOR = "operator"
"""The actor of a suspension."""


def _address(meta: GameMeta, seat: str, what: str) -> str:
    """Return the address a seat plays from, as compared; refuse a seat without one."""
    if seat not in meta.seat_names:
        raise ServiceError(f"game {meta.id} has no seat {seat!r}", "unknown-seat")
    email = meta.seat(seat).email
    if not email or seat in meta.house:
        raise ServiceError(f"{seat} is played by the house: there is nobody to {what}",
                           "house-seat")
    return normal_address(email)


def _pair(meta: GameMeta, seat: str, other: str, what: str) -> tuple[str, str]:
    """Return the addresses of a seat and of the other seat it acts about."""
    if other == seat:
        raise ServiceError(f"you cannot {what} yourself", "self")
    return _address(meta, seat, what), _address(meta, other, what)


def mute(store: Store, game_id: str, seat: str, other: str, *, everywhere: bool = False,
         on: bool = True) -> str:
    """Mute (or, with `on` false, hear again) another seat's press for `seat`: in this game,
    or in every game the two play together; return what was done, in words."""
    meta = load_game(store, game_id).meta
    actor, target = _pair(meta, seat, other, "mute")
    scope = None if everywhere else game_id
    moderation = Moderation(store)
    if on:
        if not any(row.game_id == scope for row in moderation.active(
                MUTE, actor=actor, target=target, game_id=game_id)):
            moderation.add(MUTE, actor, target, scope, {"game": game_id, "seat": seat,
                                                        "other": other})
        log.info("a seat muted another's press", extra={"game": game_id, "seat": seat})
        where = "in every game you play with them" if everywhere else "in this game"
        return (f"You no longer get {meta.seat(other).player}'s press {where}. They are not "
                "told.")
    moderation.lift(MUTE, actor=actor, target=target, game_id=scope)
    log.info("a seat heard another's press again", extra={"game": game_id, "seat": seat})
    return f"You get {meta.seat(other).player}'s press again" + (
        " (everywhere)." if everywhere else " in this game.")


def muted_senders(store: Connections, meta: GameMeta, reader: str) -> frozenset[str]:
    """Return the seats of the game whose press `reader` muted (here or everywhere)."""
    if reader not in meta.seat_names or not meta.seat(reader).email:
        return frozenset()
    rows = Moderation(store).active(MUTE, actor=normal_address(meta.seat(reader).email),
                                    game_id=meta.id)
    targets = {row.target for row in rows}
    return frozenset(s.name for s in meta.seats
                     if s.email and normal_address(s.email) in targets)


def mutes_of(store: Connections, meta: GameMeta, reader: str) -> dict[str, str]:
    """Return, by seat, how `reader` muted it: "here" or "everywhere"."""
    if reader not in meta.seat_names or not meta.seat(reader).email:
        return {}
    rows = Moderation(store).active(MUTE, actor=normal_address(meta.seat(reader).email),
                                    game_id=meta.id)
    scopes = {row.target: "everywhere" if row.game_id is None else "here" for row in rows}
    return {s.name: scopes[normal_address(s.email)] for s in meta.seats
            if s.email and normal_address(s.email) in scopes}


def block(store: Store, game_id: str, seat: str, other: str, *, on: bool = True) -> str:
    """Block (or unblock) another seat's player from every table `seat`'s address hosts as
    game master; return what was done, in words."""
    meta = load_game(store, game_id).meta
    actor, target = _pair(meta, seat, other, "block")
    moderation = Moderation(store)
    if on:
        if not moderation.active(BLOCK, actor=actor, target=target):
            moderation.add(BLOCK, actor, target, None, {"game": game_id, "seat": seat,
                                                        "other": other})
        log.info("a seat blocked another from the tables it hosts",
                 extra={"game": game_id, "seat": seat})
        return (f"{meta.seat(other).player} cannot take a seat at the open tables you run as "
                "game master. They are not told why.")
    moderation.lift(BLOCK, actor=actor, target=target)
    log.info("a seat unblocked another", extra={"game": game_id, "seat": seat})
    return f"{meta.seat(other).player} may join your tables again."


def check_not_suspended(store: Connections, email: str) -> None:
    """Raise ServiceError when the operator suspended `email` from open tables (which
    tournaments are too)."""
    if Moderation(store).active(SUSPEND, target=normal_address(email)):
        raise ServiceError("this address is suspended from open tables and tournaments; the "
                           "operator mailed it why", "suspended")


def check_welcome(store: Store, meta: GameMeta, email: str) -> None:
    """Raise ServiceError when `email` may not take a seat at this table: suspended from open
    tables by the operator, or blocked by its game master (told in the same few words)."""
    address = normal_address(email)
    moderation = Moderation(store)
    check_not_suspended(store, address)
    if meta.master_email and moderation.active(
            BLOCK, actor=normal_address(meta.master_email), target=address):
        raise ServiceError(f"you cannot take a seat in game {meta.id}", "not-welcome")


def suspend(store: Store, email: str, reason: str) -> int:
    """Suspend an address from open tables with a reason (mailed to it by the caller)."""
    address = normal_address(email)
    reason = checked_text(reason, "the reason", MAX_REASON, "bad-reason")
    if not address or "@" not in address:
        raise ServiceError("give the address to suspend", "bad-email")
    if not reason:
        raise ServiceError("give the reason: it is mailed to the address", "bad-reason")
    moderation = Moderation(store)
    if moderation.active(SUSPEND, target=address):
        raise ServiceError(f"{address} is suspended already", "suspended")
    row = moderation.add(SUSPEND, OPERATOR, address, None, {"reason": reason})
    log.info("the operator suspended an address from open tables", extra={"moderation": row})
    return row


def lift_suspension(store: Store, row_id: int) -> None:
    """Lift a suspension."""
    row = Moderation(store).get(row_id)
    if row is None or row.kind != SUSPEND:
        raise ServiceError(f"there is no suspension {row_id}", "unknown-suspension")
    Moderation(store).lift(SUSPEND, target=row.target, row_id=row_id)
    log.info("the operator lifted a suspension", extra={"moderation": row_id})


def report(store: Store, key: bytes, game_id: str, seat: str, reason: str, *,
           about: str = "", seq: int | None = None) -> int:
    """Report a player (`about`) or a press message `seat` read (`seq`) to the game master
    and the operator; return the report's id. What is kept is signed with `key`."""
    loaded = load_game(store, game_id)
    meta = loaded.meta
    reason = checked_text(reason, "the reason", MAX_REASON, "bad-reason")
    if not reason:
        raise ServiceError("say what is wrong: the game master and the operator read it",
                           "bad-reason")
    seen: dict[str, Any] | None = None
    if seq is not None:
        seen, about = _message_seen(store, meta, seat, seq)
    if about == MASTER:
        raise ServiceError("a message of the game master is reported to the operator by mail",
                           "master-message")
    actor, target = _pair(meta, seat, about, "report")
    data = {"game": game_id, "title": meta.title, "reporter_seat": seat,
            "reporter": meta.seat(seat).player, "reported_seat": about,
            "reported": meta.seat(about).player, "message": seen, "reason": reason,
            "at": format_time(clock.now())}
    moderation = Moderation(store)
    row = moderation.add(REPORT, actor, target, game_id, data,
                         report_signature(key, actor, target, game_id, data))
    store.add_outbox(game_id, [NewOutbox(loaded.seq, MASTER, f"{kind}.{row}", {"report": row})
                               for kind in REPORT_KINDS])
    log.info("a seat reported %s", "a message" if seen else "a player",
             extra={"game": game_id, "seat": seat, "moderation": row})
    return row


def _message_seen(store: Store, meta: GameMeta, seat: str,
                  seq: int) -> tuple[dict[str, Any], str]:
    """Return a press message as `seat` read it, and the seat that sent it."""
    stored = store.events(meta.id, after_seq=seq - 1, upto=seq)
    item = (SERVICE_EVENTS.load(stored[0].type, stored[0].payload, stored[0].schema_version)
            if stored and stored[0].type == "press.sent" else None)
    if not isinstance(item, PressSent) or seat not in item.recipients:
        raise ServiceError(f"message {seq} is not one you read in this game", "unknown-message")
    seen = {"seq": seq, "at": stored[0].recorded_at, "heading": press_heading(item),
            "text": item.text}
    return seen, item.sender


def report_signature(key: bytes, actor: str, target: str, game_id: str | None,
                     data: dict[str, Any]) -> str:
    """Return the service's signature of a report: its addresses, game and content."""
    canonical = json.dumps({"actor": actor, "target": target, "game": game_id, "data": data},
                           sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hmac.new(key, b"report|" + canonical.encode(), hashlib.sha256).hexdigest()


def report_genuine(key: bytes, row: Moderated) -> bool:
    """Return whether a kept report is as the service signed it."""
    return row.kind == REPORT and hmac.compare_digest(
        row.signature, report_signature(key, row.actor, row.target, row.game_id, row.data))


def report_text(row: Moderated, genuine: bool) -> str:
    """Return a report in words, for the game master's and the operator's mail."""
    data = row.data
    lines = [(f"{data['reporter']} (seat {data['reporter_seat']}) reports "
             f"{data['reported']} (seat {data['reported_seat']}) in {data['title']} "
             f"(game {data['game']}), at {str(data['at'])[:16].replace('T', ' ')} UTC."),
             "", "Why: " + str(data["reason"])]
    message = data.get("message")
    if message:
        lines += ["", (f"The message as they read it ({message['heading']}, "
                      f"{str(message['at'])[:16].replace('T', ' ')} UTC):"), "",
                  *("  " + line for line in str(message["text"]).splitlines())]
    lines += ["", f"Report {row.id}: " + ("signed by the service, unchanged." if genuine else
                                           "ITS SIGNATURE DOES NOT MATCH: it was altered.")]
    return "\n".join(lines)
