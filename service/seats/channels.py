"""Notice channels besides mail, through apprise: a player's Discord, Slack, Matrix, Telegram,
ntfy or webhook URLs, told when a decision is due, before its deadline, and at the game's end.

A channel belongs to an address (the player's identity), so it serves every game of it. It
is tried with a test notice before it is kept; its URL is read again only to send, and pages
and mail show the masked form (scheme and host, credentials hidden). A notice says what the
seat's own turn email says in its subject (the game, that a decision is due and when, the
outcome at the end), never more: the channel may be read by others than the player.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urlsplit

import apprise

from service.base import metrics
from service.game.loading import LoadedGame, load_game
from service.game.meta import normal_address
from service.orders.results import ServiceError
from service.seats.channelhosts import HostRefused, check_hosts
from service.store.channels import (
    DuplicateChannel,
    NewNotice,
    NoticeChannels,
)
from service.store.records import OutboxRow
from service.store.roles import Connections, EventLog, Outbox
from service.time.localtime import deadline_text

MAX_CHANNELS = 5
"""The most notice channels one address may keep."""
MAX_URL = 2000
SEND_SECONDS = 15
"""The longest one notice may take to send (apprise's own timeouts are shorter)."""
CLAIM_SECONDS = 120
"""How long a worker holds a notice it is sending."""
LOCAL_SCHEMES = frozenset({
    "windows", "macosx", "dbus", "kde", "qt", "glib", "gnome", "syslog", "rsyslog",
    "mailto", "mailtos"})
"""Apprise schemes refused: those that notify the server's own desktop or system log, and
mail, which the service sends itself."""
NOTICE_KINDS = ("due", "reminder", "end")

logging.getLogger("apprise").propagate = False  # its lines may name a channel's credentials
logging.getLogger("apprise").addHandler(logging.NullHandler())


class ChannelRefused(ServiceError):
    """A channel that cannot be kept: not a URL apprise knows, refused, or its test failed."""

    code = "channel-refused"


@dataclass(frozen=True)
class Sent:
    """What one try at a channel gave: whether it went through, and why not; `final`: it
    was refused before sending for the address its host resolves to, not to be tried again."""

    ok: bool
    reason: str
    final: bool = False


def masked(url: str) -> str:
    """Return the form of a channel URL that pages show: scheme and host, credentials and
    path hidden (apprise's private form, cut to its host)."""
    plugin = apprise.Apprise.instantiate(url)
    private = (str(plugin.url(privacy=True))  # type: ignore[no-untyped-call]
               if plugin is not None else url)
    parts = urlsplit(private)
    host = parts.netloc.rsplit("@", 1)[-1]
    user = "…@" if "@" in parts.netloc else ""
    return f"{parts.scheme}://{user}{host}/…"


def _reason(url: str, lines: list[str]) -> str:
    """Return apprise's complaint about a channel with any part of its URL that may be a
    credential (user, password, path, query) replaced by "…"."""
    parts = urlsplit(url)
    secret = [parts.username or "", parts.password or "", *re.split(r"[/?&=#]", parts.path),
              *re.split(r"[&=]", parts.query)]
    text = " ".join(lines) or "the service gave no reason"
    for word in sorted((w for w in secret if len(w) >= 4), key=len, reverse=True):
        text = text.replace(word, "…")
    return text[:300]


def send(url: str, title: str, body: str) -> Sent:
    """Send one notice through apprise, after its host is checked again (a name may resolve
    elsewhere since the channel was added); return whether it went through, and why not."""
    plugin = apprise.Apprise.instantiate(url)
    if plugin is None:
        return Sent(False, "apprise does not read this URL")
    try:
        check_hosts(plugin)
    except HostRefused as refused:
        return Sent(False, f"not sent: {refused.message}", final=refused.private)
    sender = apprise.Apprise()
    sender.add(plugin)
    said: list[str] = []
    result = sender.notify(body=body, title=title, timeout=SEND_SECONDS,
                           log_callback=lambda entry, _: said.append(entry.message),
                           log_level=logging.WARNING)
    return Sent(bool(result), "" if result else _reason(url, said))


def add_channel(store: Connections, address: str, url: str, test_title: str) -> str:
    """Try a channel with a test notice and keep it for the address; return what to tell
    the player (ChannelRefused: why it is not kept)."""
    url = url.strip()
    if not url or len(url) > MAX_URL or any(ch.isspace() for ch in url):
        raise ChannelRefused("A channel is one apprise URL (such as discord://…, ntfy://…, "
                             "slack://…, tgram://…, matrix://…, json://host/path), at most "
                             f"{MAX_URL} characters, no spaces.")
    plugin = apprise.Apprise.instantiate(url)
    if plugin is None:
        raise ChannelRefused("apprise does not know this URL. Write one of the forms listed "
                             "at https://github.com/caronc/apprise/wiki (such as "
                             "discord://webhook_id/webhook_token or ntfy://topic).")
    scheme = urlsplit(url).scheme.lower()
    if scheme in LOCAL_SCHEMES:
        raise ChannelRefused(f"{scheme}:// channels are not offered here: they would notify "
                             "the server itself, or send mail, which your games do already.")
    address = normal_address(address)
    channels = NoticeChannels(store)
    if len(channels.of(address)) >= MAX_CHANNELS:
        raise ChannelRefused(f"You have {MAX_CHANNELS} channels already; remove one first.")
    shown = masked(url)
    try:
        check_hosts(plugin)
    except HostRefused as refused:
        raise ChannelRefused(f"The channel {shown} is not kept: {refused.message}") from None
    tried = send(url, test_title, "This channel will tell you when a decision of yours is "
                 "due, remind you before its deadline and tell you when a game ends.")
    if not tried.ok:
        raise ChannelRefused(f"The test notice to {shown} did not go through, so the channel "
                             f"is not kept: {tried.reason}")
    try:
        channels.add(address, url, shown)
    except DuplicateChannel:
        raise ChannelRefused(f"You have the channel {shown} already.") from None
    return (f"The test notice reached {shown}: it is kept as a channel for every game of "
            f"{address}.")


def remove_channel(store: Connections, address: str, number: int | None) -> str:
    """Forget one of the address's channels by its number in the list (all when None);
    return what to tell the player."""
    channels = NoticeChannels(store)
    mine = channels.of(normal_address(address))
    if number is None:
        removed = channels.remove(normal_address(address))
        return f"{removed} channel(s) removed." if removed else "You have no channels."
    if not 1 <= number <= len(mine):
        raise ChannelRefused(f"You have no channel {number}. " + channels_text(store, address))
    channels.remove(normal_address(address), mine[number - 1].id)
    return f"Channel {number} ({mine[number - 1].shown}) removed."


def channels_text(store: Connections, address: str) -> str:
    """Return the address's channels as the player reads them: number, masked URL and the
    notices that failed for good."""
    mine = NoticeChannels(store).of(normal_address(address))
    if not mine:
        return ("You have no notice channels besides mail. Add one with `notify add URL` "
                "(an apprise URL: discord://…, slack://…, ntfy://…, tgram://…, json://…).")
    lines = ["Your notice channels besides mail:"]
    for number, channel in enumerate(mine, 1):
        failed = (f"; {channel.failures} notice(s) failed, the last: {channel.last_error}"
                  if channel.failures else "")
        lines.append(f"{number}. {channel.shown}{failed}")
    return "\n".join(lines)


def channel_command(store: EventLog, connections: Connections, game_id: str, seat: str,
                    rest: list[str]) -> str:
    """Answer `notify add URL`, `notify remove N|all` and `notify channels` of a seat, for
    the seat's address."""
    loaded = load_game(store, game_id)
    address = loaded.meta.seat(seat).email
    if not address:
        raise ChannelRefused("This seat has no address to keep channels for.")
    word = rest[0].lower()
    if word == "add" and len(rest) == 2:
        return add_channel(connections, address, rest[1],
                           f"pbem: notices for {normal_address(address)}")
    if word == "remove" and len(rest) == 2:
        which = rest[1].lower()
        if which == "all":
            return remove_channel(connections, address, None)
        if which.isdigit():
            return remove_channel(connections, address, int(which))
    if word in ("channels", "channel") and len(rest) == 1:
        return channels_text(connections, address)
    raise ChannelRefused("Write `notify add URL`, `notify remove NUMBER`, `notify remove all` "
                         "or `notify channels`.")


class Noticing(Outbox, EventLog, Connections, Protocol):
    """The store as a delivered row's channel notices are written: the outbox, the game's
    log, and the channels' tables."""


def plan_notices(store: Noticing, outbox_id: int, base_url: str) -> list[int]:
    """Write the channel notices of a delivered outbox row (once each); return the ids of
    those written now, for the caller to queue. A row whose email went out, bounced or was
    refused for good calls for them; one still pending or no longer needed does not."""
    row = store.get_outbox(outbox_id)
    if row is None or row.status not in ("sent", "bounced", "failed"):
        return []
    return NoticeChannels(store).write(outbox_id, notices_for(store, store, row, base_url))


WRITE_AGAIN_SECONDS = 900
"""How far back recovery looks for delivered rows whose notices were never written."""


def plan_missed(store: Noticing, base_url: str, batch: int) -> list[int]:
    """Write the notices of recently delivered rows that have none yet (their worker died
    between the delivery and the notices); return the ids written now."""
    written: list[int] = []
    for outbox_id in NoticeChannels(store).unwritten(WRITE_AGAIN_SECONDS, batch):
        written += plan_notices(store, outbox_id, base_url)
    return written


def notices_for(store: EventLog, connections: Connections, row: OutboxRow,
                base_url: str) -> list[NewNotice]:
    """Return the channel notices an outbox row calls for: a decision due (a turn email or
    welcome that opens one for the seat), a reminder, the game's end; none for other rows,
    for seats without channels (the house's among them), and for a decision no longer
    open."""
    kind = ("reminder" if row.kind.startswith("reminder-") else "end" if row.kind == "final"
            else "due" if row.kind in ("turn", "welcome") else "")
    if not kind:
        return []
    mine = NoticeChannels(connections).for_seat(row.game_id, row.recipient)
    if not mine:
        return []
    loaded = load_game(store, row.game_id, upto=row.seq)
    if row.recipient in loaded.meta.house:
        return []
    title, body = _notice_text(loaded, row.recipient, kind, base_url)
    if not title:
        return []
    return [NewNotice(channel.id, kind, title, body) for channel in mine]


def _notice_text(loaded: LoadedGame, seat: str, kind: str, base_url: str) -> tuple[str, str]:
    """Return the title and body of a notice: what the seat's own turn email says in its
    subject, with the deadline, and where to answer; ("", "") when nothing is due."""
    meta, game = loaded.meta, loaded.game
    where = f"{meta.title} (game {meta.id}), seat {seat}"
    answer = f"Answer by mail, or from your games at {base_url}/me"
    if kind == "end":
        winners = ", ".join(meta.winners or ()) or "nobody"
        return (f"[{meta.title} {meta.id}] the game is over",
                f"{where}: the game is over, won by {winners}. {meta.finish_reason}".strip())
    prompt = None if meta.paused or meta.finished else game.prompt_for(loaded.state, seat)
    if prompt is None or prompt.submitted:
        return "", ""
    deadline = meta.deadlines.get(seat)
    due = (deadline_text(deadline.due, meta.prefs(seat).timezone)
           if deadline and deadline.prompt_key == prompt.key else "")
    when = f", due {due}" if due else ""
    what = "reminder: your decision is due soon" if kind == "reminder" else "your move"
    return (f"[{meta.title} {meta.id}] {what}",
            f"{where}: a decision of yours is open{when}. {answer}.")


def send_notice(store: Connections, notice_id: int) -> str:
    """Send one channel notice unless it was sent, given up or is held elsewhere; return
    what happened ("sent", "retry", "failed", or why nothing was done)."""
    channels = NoticeChannels(store)
    notice = channels.get(notice_id)
    if notice is None:
        return "missing"
    if notice.status != "pending":
        return f"already-{notice.status}"
    if not channels.claim(notice_id, CLAIM_SECONDS):
        return "claimed-elsewhere"
    tried = send(notice.url, notice.title, notice.body)
    if tried.ok:
        channels.sent(notice_id)
        result = "sent"
    else:
        result = ("failed" if channels.failed(notice, tried.reason, give_up=tried.final)
                  else "retry")
    metrics.count_delivery("channel", result)
    return result
