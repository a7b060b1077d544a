"""The seat page's conversations: press by recipient group, a form to write, mail settings."""
from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, redirect, request, session, url_for
from sqlalchemy import select

from service.game.current import PageGame
from service.game.events import SERVICE_EVENTS, PressSent, SeatPreferences
from service.game.loading import LoadedGame, load_game
from service.game.numbers import number_expression, reader_key, seq_of
from service.orders.results import ServiceError
from service.seats import civility
from service.seats.once import append_once
from service.seats.press import (
    PressRequest,
    answer_request,
    conversation_key,
    house_note,
    press_at,
    send_press,
)
from service.store.schema import events as events_t
from service.time.localtime import read_timezone
from service.web.handoff import announce
from service.web.links import authenticate_seat, config, store
from service.web.security import limited

bp = Blueprint("talk", __name__, url_prefix="/play/<game_id>/<seat>/<sig>")
NONCE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
FLASH_KEY = "talk-note"
PRESS_SENT = "press.sent"
PRESS_SHOWN = 500
"""The newest press messages of a game read for a seat page."""


@dataclass(frozen=True)
class Message:
    """One press message as its reader sees it."""

    heading: str
    text: str
    at: str
    mine: bool
    seq: int = 0
    """The message's number as its reader counts events (`service.game.numbers`), never the
    log's seq: the report and answer forms name it, and it is read back through seq_of."""
    sender: str = ""
    """Who sent it, for the reader's mutes only: never shown (an anonymous sender is not)."""


@dataclass
class Conversation:
    """The messages of one recipient group, oldest first."""

    key: tuple[str, ...]
    messages: list[Message] = field(default_factory=list)
    answer_seq: int | None = None
    """The reader's number of the latest anonymous message in the group, answered through the
    panel's own form."""

    @property
    def label(self) -> str:
        """Return the group's name: 'everyone' or the other seats in it."""
        return "everyone" if self.key == ("all",) else ", ".join(self.key)


def press_conversations(game: PageGame, seat: str) -> list[Conversation]:
    """Return the press the seat may read up to the game's head, grouped by the other seats
    in each exchange: only the newest press events are read (through the events' type index),
    not the rest of the log."""
    c = events_t.c
    reader = reader_key(game.loaded.meta, seat)
    query = (select(c.payload, c.schema_version, c.recorded_at,
                    number_expression(game.row.id, reader, c.seq))
             .where(c.game_id == game.row.id, c.type == PRESS_SENT, c.seq <= game.row.head_seq)
             .order_by(c.seq.desc()).limit(PRESS_SHOWN))
    with store().connect() as conn:
        rows = conn.execute(query).all()[::-1]
    sent = []
    for payload, version, recorded_at, seq in rows:
        item = SERVICE_EVENTS.load(PRESS_SENT, json.loads(payload), version)
        assert isinstance(item, PressSent)
        sent.append((item, recorded_at, seq))
    return grouped(sent, seat)


def grouped(sent: list[tuple[PressSent, str, int]], seat: str) -> list[Conversation]:
    """Return the messages the seat sent or received, grouped by conversation, latest first."""
    groups: dict[tuple[str, ...], Conversation] = {}
    for item, recorded_at, seq in sent:
        if seat != item.sender and seat not in item.recipients:
            continue
        mine = seat == item.sender
        key = conversation_key(item, seat)
        who = "you" if mine else ("anonymous" if item.anonymous else item.sender)
        heading = f"{who}{' (anonymously)' if mine and item.anonymous else ''}"
        conversation = groups.setdefault(key, Conversation(key))
        conversation.messages.append(
            Message(heading, item.text, recorded_at[:16].replace("T", " "), mine, seq,
                    item.sender))
        if item.anonymous and not mine:
            conversation.answer_seq = seq
    return sorted(groups.values(), key=lambda c: c.messages[-1].at, reverse=True)


def talk_context(loaded: LoadedGame, seat: str, conversations: list[Conversation],
                 mutes: dict[str, str]) -> dict[str, Any]:
    """Return what the seat page needs for its conversation panel, its mail settings and
    its civility tools (press of the seats it muted, `mutes` from `mutes_of`, is left out,
    here and everywhere)."""
    meta = loaded.meta
    heard = [Conversation(c.key, [m for m in c.messages if m.mine or m.sender not in mutes],
                          c.answer_seq) for c in conversations]
    others = [name for name in meta.seat_names if name != seat]
    return {"conversations": [c for c in heard if c.messages],
            "press_level": meta.press, "others": others,
            "people": [(name, meta.seat(name).player) for name in others
                       if name not in meta.house and meta.seat(name).email],
            "mutes": mutes,
            "prefs": meta.prefs(seat), "talk_note": session.pop(FLASH_KEY, "")}


@bp.post("/civility")
def post_civility(game_id: str, seat: str, sig: str) -> Any:
    """Mute or hear again, block or unblock, or report another player or a message."""
    loaded = authenticate_seat(game_id, seat, sig)
    if limited("SUBMIT", f"{game_id}:{seat}"):
        abort(429)
    action, other = request.form.get("action", ""), request.form.get("other", "")[:24]
    try:
        if action in ("mute", "mute-everywhere", "unmute"):
            everywhere = (action == "mute-everywhere"
                          or request.form.get("scope") == "everywhere")
            note = civility.mute(store(), game_id, seat, other, everywhere=everywhere,
                                 on=action != "unmute")
        elif action in ("block", "unblock"):
            note = civility.block(store(), game_id, seat, other, on=action == "block")
        elif action == "report":
            seq_text = request.form.get("seq", "")
            seq = _seq_of(loaded, seat, seq_text)
            if seq_text and seq is None:
                raise ServiceError("That message cannot be reported from here.",
                                   "unknown-message")
            civility.report(store(), config().secret_key(), game_id, seat,
                            request.form.get("reason", "")[:2000], about=other, seq=seq)
            announce(game_id)
            note = ("Your report went to the game master and the operator, with the message "
                    "as you read it. The player is not told.")
        else:
            abort(400)
    except ServiceError as exc:
        note = f"Not done: {exc.message}"
    session[FLASH_KEY] = note
    return redirect(url_for("play.seat_page", game_id=game_id, seat=seat, sig=sig,
                            _anchor="civility"), 303)


@bp.post("/press")
def post_press(game_id: str, seat: str, sig: str) -> Any:
    """Send the posted press message (once per form), then show the page again."""
    loaded = authenticate_seat(game_id, seat, sig)
    if limited("SUBMIT", f"{game_id}:{seat}"):
        abort(429)
    chosen = [name for name in request.form.getlist("to") if name in loaded.meta.seat_names]
    to = None if "all" in request.form.getlist("to") or not chosen else tuple(chosen)
    nonce = request.form.get("nonce", "")
    causation = f"web:{seat}:{nonce}" if NONCE.match(nonce) else f"web:{seat}:{secrets.token_hex(8)}"
    anonymous = request.form.get("anonymous") == "yes"
    text = request.form.get("text", "")[:5000]
    try:
        wanted = (_answer(loaded, seat, request.form["answer"], text)
                  if request.form.get("answer") else PressRequest(to, text, anonymous))
        sent = send_press(store(), game_id, seat, wanted, causation=causation)
        announce(game_id)
        note = house_note(load_game(store(), game_id).meta, sent)
        session[FLASH_KEY] = "Your message was sent." + (f" {note}" if note else "")
    except ServiceError as exc:
        session[FLASH_KEY] = f"Not sent: {exc.message}"
    return redirect(url_for("play.seat_page", game_id=game_id, seat=seat, sig=sig,
                            _anchor="talk"), 303)


def _answer(loaded: LoadedGame, seat: str, seq_text: str, text: str) -> PressRequest:
    """Return the answer to the anonymous message at `seq_text` that the seat received."""
    seq = _seq_of(loaded, seat, seq_text)
    item = press_at(store(), loaded.meta.id, seq) if seq is not None else None
    if item is None or not item.anonymous or seat not in item.recipients:
        raise ServiceError("That message cannot be answered from here.", "press-no-answer")
    return answer_request(loaded.meta, item, text)


def _seq_of(loaded: LoadedGame, seat: str, number_text: str) -> int | None:
    """Return the log's seq of the event a form names by the seat's own number of it (None:
    no number, or one past the game's head)."""
    if not number_text.isdigit() or len(number_text) > 12:
        return None
    with store().connect() as conn:
        seq = seq_of(conn, loaded.meta.id, reader_key(loaded.meta, seat), int(number_text))
    return seq if 0 < seq <= loaded.seq else None


@bp.post("/settings")
def post_settings(game_id: str, seat: str, sig: str) -> Any:
    """Save the seat's mail settings: how often it is mailed, press muted, time zone."""
    loaded = authenticate_seat(game_id, seat, sig)
    notify = request.form.get("notify", "every")
    zone_text = request.form.get("timezone", "").strip()
    try:
        if notify not in {"every", "must-act", "digest"}:
            raise ServiceError("Choose how often you are mailed.", "bad-notify")
        zone = read_timezone(zone_text) if zone_text else ""
    except (ServiceError, ValueError) as exc:
        session[FLASH_KEY] = f"Not saved: {exc}"
    else:
        wanted = SeatPreferences(seat, notify, request.form.get("mute_press") == "yes", zone)
        if wanted != loaded.meta.prefs(seat):
            nonce = request.form.get("nonce", "")
            append_once(store(), game_id, f"web:{seat}:{nonce}", seat, lambda _: [wanted])
        session[FLASH_KEY] = "Your mail settings were saved."
    return redirect(url_for("play.seat_page", game_id=game_id, seat=seat, sig=sig,
                            _anchor="settings"), 303)
