"""The event store's tables (SQLAlchemy Core), and reading its records from their rows.

Timestamps are ISO 8601 text in UTC and JSON documents are canonical JSON text in both
SQLite and PostgreSQL, so what is hashed is exactly what is stored and read back.
"""
from __future__ import annotations

import json
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from service.store.records import OutboxRow, StoredEvent, Submission

metadata = MetaData()

# The registry of games. The secret seed lives here and never in the event log. The head
# (seq and hash of the log's last event) is written in every append's transaction, so a log
# cut short or rewritten no longer agrees with it.
games = Table(
    "games",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("engine_version", String(64), nullable=False),
    Column("title", Text, nullable=False),
    Column("seed", String(256), nullable=False),
    Column("created_at", String(32), nullable=False),
    Column("status", String(32), nullable=False),
    Column("head_seq", Integer, nullable=False, server_default="0"),
    Column("head_hash", String(64), nullable=False, server_default="0" * 64),
    Index("games_created_idx", "created_at", "id"),
    Index("games_status_idx", "status", "created_at", "id"),
)

# The log. The primary key (game_id, seq) is the concurrency control of the whole service.
events = Table(
    "events",
    metadata,
    Column("game_id", String(64), ForeignKey("games.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("type", String(128), nullable=False),
    Column("schema_version", Integer, nullable=False),
    Column("payload", Text, nullable=False),
    Column("actor", String(64), nullable=False),
    Column("causation", String(64), nullable=True),
    Column("recorded_at", String(32), nullable=False),
    Column("prev_hash", String(64), nullable=False),
    Column("hash", String(64), nullable=False),
    PrimaryKeyConstraint("game_id", "seq", name="events_pkey"),
    # A game's events of one type (its press) without reading the rest of its log.
    Index("events_type_idx", "game_id", "type", "seq"),
)

# A cache of folded states; deleting every row must change nothing but speed.
snapshots = Table(
    "snapshots",
    metadata,
    Column("game_id", String(64), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("engine_version", String(64), nullable=False),
    Column("state", Text, nullable=False),
    Column("created_at", String(32), nullable=False),
    PrimaryKeyConstraint("game_id", "seq", "engine_version", name="snapshots_pkey"),
)

# Raw input, stored before anything else. The body is UTF-8 bytes (with surrogates passed
# through) so that any Python string, NUL characters included, comes back unchanged.
submissions = Table(
    "submissions",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("received_at", String(32), nullable=False),
    Column("source", String(32), nullable=False),
    Column("game_id", String(64), nullable=True),
    Column("seat", String(64), nullable=True),
    Column("sender", Text, nullable=True),
    Column("idempotency_key", Text, nullable=True),
    Column("body", LargeBinary, nullable=False),
    Column("status", String(32), nullable=False),
    Column("result", Text, nullable=True),
    Column("processed_at", String(32), nullable=True),
    Column("recipient", Text, nullable=True),
    Column("replied_at", String(32), nullable=True),
    Column("reply_claimed_until", String(32), nullable=True),
    Column("prompt_key", Text, nullable=True),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("last_error", Text, nullable=True),
    UniqueConstraint("source", "idempotency_key", name="submissions_source_key_uq"),
    Index("submissions_status_idx", "status", "received_at"),
    Index("submissions_unreplied_idx", "source", "replied_at", "processed_at"),
    Index("submissions_game_idx", "game_id", "status", "received_at"),
)

# Which line of which submission became which accepted order (seq) and where its append ended
# (last_seq). Written in the same transaction as the order's events; its primary key is what
# makes a line decided at most once.
decisions = Table(
    "decisions",
    metadata,
    Column("submission_id", String(32), nullable=False),
    Column("line", Integer, nullable=False),
    Column("game_id", String(64), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("last_seq", Integer, nullable=False),
    ForeignKeyConstraint(["game_id", "seq"], ["events.game_id", "events.seq"],
                         name="decisions_event_fk"),
    PrimaryKeyConstraint("submission_id", "line", name="decisions_pkey"),
)

# Deliveries, written in the same transaction as the event that causes them.
outbox = Table(
    "outbox",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True,
           autoincrement=True),
    Column("game_id", String(64), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("recipient", Text, nullable=False),
    Column("kind", String(32), nullable=False),
    Column("payload", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("attempts", Integer, nullable=False, default=0),
    Column("created_at", String(32), nullable=False),
    Column("sent_at", String(32), nullable=True),
    Column("last_error", Text, nullable=True),
    Column("claimed_until", String(32), nullable=True),
    Column("queued_until", String(32), nullable=True),
    # The hash of the event at `seq` when the row was written: the head its mail carries,
    # which `pbem verify` holds the log to (empty for rows no new event caused).
    Column("head_hash", String(64), nullable=True),
    # The address the email went to, recorded when it was sent: a bounce of it marks the seat
    # only while that is still the seat's address.
    Column("address", Text, nullable=True),
    ForeignKeyConstraint(["game_id", "seq"], ["events.game_id", "events.seq"],
                         name="outbox_event_fk"),
    UniqueConstraint("game_id", "seq", "recipient", "kind", name="outbox_delivery_uq"),
    Index("outbox_status_idx", "status", "id"),
    Index("outbox_game_status_idx", "game_id", "status", "id"),
    Index("outbox_recipient_idx", "game_id", "recipient", "seq"),
)


# The open deadlines: one row per seat that owes a decision with a deadline, replaced in every
# append of its game. `next_at` is when the sweep must look next (a reminder or the deadline).
# A projection: `pbem db upgrade` rebuilds it from the logs.
deadlines = Table(
    "deadlines",
    metadata,
    Column("game_id", String(64), ForeignKey("games.id"), nullable=False),
    Column("seat", String(64), nullable=False),
    Column("prompt_key", Text, nullable=False),
    Column("due", String(32), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("next_at", String(32), nullable=False),
    PrimaryKeyConstraint("game_id", "seat", name="deadlines_pkey"),
    Index("deadlines_next_idx", "next_at"),
)

# The seats whose held news waits for a daily digest: `held_seq` is the seat's last held
# notice since its last news email (NULL when none waits), `digest_day` the local date of its
# last digest. A projection of the outbox kept by database triggers on every outbox insert
# (revision 0009), so it changes in the very transaction that writes the rows; the digest
# sweep reads only the waiting rows instead of every running game.
digest_waiting = Table(
    "digest_waiting",
    metadata,
    Column("game_id", String(64), ForeignKey("games.id"), nullable=False),
    Column("seat", String(64), nullable=False),
    Column("held_seq", Integer, nullable=True),
    Column("digest_day", String(10), nullable=False, server_default=""),
    PrimaryKeyConstraint("game_id", "seat", name="digest_waiting_pkey"),
    Index("digest_waiting_held_idx", "held_seq"),
)

# Who plays which seat, by address: "my games" reads an address's games here instead of
# folding every game. Written in the transaction of the append that creates the game or
# hands a seat to a new player (revision 0011).
seat_addresses = Table(
    "seat_addresses",
    metadata,
    Column("game_id", String(64), ForeignKey("games.id"), nullable=False),
    Column("seat", String(64), nullable=False),
    Column("address", Text, nullable=False),
    PrimaryKeyConstraint("game_id", "seat", name="seat_addresses_pkey"),
    Index("seat_addresses_address_idx", "address", "game_id"),
)


# The lobby's line of each game (its public summary as JSON), with the head (seq and hash) it
# was made at: a line whose head is not the game's head is stale and made again. A cache
# shared by every process, written by the lobby that first lists a game at a head; deleting
# rows costs only folding those games again (revision 0014).
lobby_lines = Table(
    "lobby_lines",
    metadata,
    Column("game_id", String(64), primary_key=True),
    Column("head_seq", Integer, nullable=False),
    Column("head_hash", String(64), nullable=False),
    Column("line", Text, nullable=False),
)


# Links mailed to an address: a "my games" sign-in, a confirmation to join a game. The link
# carries only a random token; the row is found by the token's SHA-256 (`digest`), so the
# table alone opens nothing. `used_at` is set once, by a conditional update, which is what
# makes a single-use link single-use (revision 0012).
mail_links = Table(
    "mail_links",
    metadata,
    Column("digest", String(64), primary_key=True),
    Column("purpose", String(16), nullable=False),
    Column("address", Text, nullable=False),
    Column("data", Text, nullable=False),
    Column("created_at", String(32), nullable=False),
    Column("expires_at", String(32), nullable=False),
    Column("used_at", String(32), nullable=True),
    Index("mail_links_expires_idx", "expires_at"),
)

moderation = Table(
    "moderation",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("kind", String(16), nullable=False),
    Column("actor", Text, nullable=False),
    Column("target", Text, nullable=False),
    Column("game_id", String(16), nullable=True),
    Column("data", Text, nullable=False),
    Column("signature", String(64), nullable=False),
    Column("created_at", String(32), nullable=False),
    Column("lifted_at", String(32), nullable=True),
    Index("moderation_target_idx", "kind", "target"),
    Index("moderation_actor_idx", "kind", "actor"),
)

# A player's notice channels besides mail (revision 0017): apprise URLs (Discord, Slack,
# Matrix, Telegram, ntfy, webhooks...) of one address. `url` holds the channel's credentials
# and is read only by the sending task, like a game's seed; pages and mail show `shown`, the
# masked form. `failures` and `last_error` are what the player is shown of failed notices.
notice_channels = Table(
    "notice_channels",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True,
           autoincrement=True),
    Column("address", Text, nullable=False),
    Column("url", Text, nullable=False),
    Column("shown", Text, nullable=False),
    Column("created_at", String(32), nullable=False),
    Column("failures", Integer, nullable=False, server_default="0"),
    Column("last_error", Text, nullable=True),
    UniqueConstraint("address", "url", name="notice_channels_address_url_uq"),
)

# One notice to one channel for one outbox row (a decision due, a reminder, the end). The
# unique key (channel, outbox row) is what makes a notice written once however often its
# row is delivered; `status` goes from 'pending' to 'sent' or 'failed' by conditional
# updates, so it is sent at most once and tried at most MAX_ATTEMPTS times.
channel_notices = Table(
    "channel_notices",
    metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True,
           autoincrement=True),
    Column("channel_id", BigInteger().with_variant(Integer, "sqlite"),
           ForeignKey("notice_channels.id", ondelete="CASCADE"), nullable=False),
    Column("outbox_id", BigInteger().with_variant(Integer, "sqlite"), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("title", Text, nullable=False),
    Column("body", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("created_at", String(32), nullable=False),
    Column("next_try_at", String(32), nullable=False),
    Column("claimed_until", String(32), nullable=True),
    Column("sent_at", String(32), nullable=True),
    Column("last_error", Text, nullable=True),
    UniqueConstraint("channel_id", "outbox_id", name="channel_notices_once_uq"),
    Index("channel_notices_due_idx", "status", "next_try_at"),
)

# The outbound budget of mail to addresses not proven to be a player's (service/store/budget.py):
# per key (an address, a domain, the service) the epoch seconds of its mails in the last window.
mail_budget = Table(
    "mail_budget",
    metadata,
    Column("scope", String(16), nullable=False),
    Column("key", Text, nullable=False),
    Column("stamps", Text, nullable=False),
    Column("last_at", Integer, nullable=False),
    PrimaryKeyConstraint("scope", "key", name="mail_budget_pk"),
    Index("mail_budget_last_idx", "last_at"),
)

# The ratings (service/ratings), a projection of finished games (revision 0020). Each
# finished game's record once (`rating_games`, keyed by game: what makes a game count once),
# each title's head (games applied, the last one's place in the order and the digest of the
# order: a compare-and-set on it applies each game once), a line per player and title kept
# ranked by an index (the leaderboard is one bounded read), and a reliability record per player.
# A head keeps the reading its title was folded under (`method`, revision 0022).
rating_games = Table(
    "rating_games",
    metadata,
    Column("game_id", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("order_key", String(128), nullable=False),
    Column("unrated", Text, nullable=False),
    Column("record", Text, nullable=False),
    Column("applied", Integer, nullable=False),
    Index("rating_games_pending_idx", "game", "applied", "order_key"),
)

rating_heads = Table(
    "rating_heads",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("games", Integer, nullable=False),
    Column("last_key", String(128), nullable=False),
    Column("digest", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("method", String(32), nullable=False, server_default=""),
)

rating_lines = Table(
    "rating_lines",
    metadata,
    Column("game", String(64), nullable=False),
    Column("player", String(32), nullable=False),
    Column("name", Text, nullable=False),
    Column("mu", Float(precision=53), nullable=False),
    Column("sigma", Float(precision=53), nullable=False),
    Column("rank_key", Float(precision=53), nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    PrimaryKeyConstraint("game", "player", name="rating_lines_pkey"),
    Index("rating_lines_rank_idx", "game", "rank_key", "player"),
    Index("rating_lines_player_idx", "player"),
)

reliability = Table(
    "reliability",
    metadata,
    Column("player", String(32), primary_key=True),
    Column("name", Text, nullable=False),
    Column("started", Integer, nullable=False),
    Column("finished", Integer, nullable=False),
    Column("resigned", Integer, nullable=False),
    Column("replaced", Integer, nullable=False),
    Column("missed", Integer, nullable=False),
    Column("defaults", Integer, nullable=False),
)

# Tournaments (service/tournaments, revision 0015): each tournament with the round it has
# seated (moved by a compare-and-set, so a round is seated once), its entrants in sign-up
# order, and each round's tables with the game each plays (a table's key and the game's id,
# derived from it, make a table's game created once).
tournaments = Table(
    "tournaments",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("name", Text, nullable=False),
    Column("format", String(16), nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("seats_per_game", Integer, nullable=False),
    Column("entrants_wanted", Integer, nullable=False),
    Column("house_allowed", Integer, nullable=False),
    Column("rated", Integer, nullable=False),
    Column("round", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created_at", String(32), nullable=False),
    Index("tournaments_status_idx", "status", "created_at"),
)

tournament_entries = Table(
    "tournament_entries",
    metadata,
    Column("tournament_id", String(16), nullable=False),
    Column("player", String(32), nullable=False),
    Column("number", Integer, nullable=False),
    Column("name", Text, nullable=False),
    Column("email", Text, nullable=False),
    Column("withdrawn", Integer, nullable=False),
    PrimaryKeyConstraint("tournament_id", "player", name="tournament_entries_pkey"),
)

tournament_tables = Table(
    "tournament_tables",
    metadata,
    Column("tournament_id", String(16), nullable=False),
    Column("round", Integer, nullable=False),
    Column("number", Integer, nullable=False),
    Column("game_id", String(64), nullable=False),
    Column("seats", Text, nullable=False),
    PrimaryKeyConstraint("tournament_id", "round", "number", name="tournament_tables_pkey"),
)

# -- records (service.store.records), and reading them from rows ----------------------------

def stored_event_from_row(row: Any) -> StoredEvent:
    """Return the StoredEvent for an events table row."""
    values = dict(row._mapping)
    values["payload"] = json.loads(values["payload"])
    return StoredEvent(**values)


def _decode_json(value: str | None) -> Any:
    """Return the decoded JSON text, or None for a NULL column."""
    return None if value is None else json.loads(value)


def submission_from_row(row: Any) -> Submission:
    """Return the Submission for a submissions table row."""
    values = dict(row._mapping)
    values["body"] = bytes(values["body"]).decode("utf-8", "surrogatepass")
    values["result"] = _decode_json(values["result"])
    return Submission(**values)


def outbox_row_from_row(row: Any) -> OutboxRow:
    """Return the OutboxRow for an outbox table row."""
    values = dict(row._mapping)
    values["payload"] = json.loads(values["payload"])
    return OutboxRow(**values)


# The heads the service signed and showed (in a turn email, on a seat page, in an archive):
# the witnessed hash at a seq and the Ed25519 signature over it by the key named. `pbem verify`
# checks the log against them and archives carry them; whoever can write the database but
# does not hold the signing key cannot make a rewritten log match them (revision 0015).
signed_heads = Table(
    "signed_heads",
    metadata,
    Column("game_id", String(64), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("key_id", String(16), nullable=False),
    Column("hash", String(64), nullable=False),
    Column("signature", String(100), nullable=False),
    PrimaryKeyConstraint("game_id", "seq", "key_id", name="signed_heads_pkey"),
)

reader_hidden = Table(
    "reader_hidden",
    metadata,
    Column("game_id", String(64), nullable=False),
    Column("reader", String(64), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("hidden", Integer, nullable=False),
    Column("known", Integer, nullable=False),
    PrimaryKeyConstraint("game_id", "reader", "seq", name="reader_hidden_pkey"),
    Index("reader_hidden_known", "game_id", "reader", "known"),
)
"""One row for each event a reader (a seat, or "" for spectators) may not know happened,
written with the event: `hidden` counts the reader's hidden events up to `seq`, `known` the
events it may know of before it (seq - hidden). A reader's number of a known event is its seq
less the `hidden` of the reader's newest row before it (`service.game.numbers`)."""
