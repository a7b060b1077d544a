"""The first schema: games, events, snapshots, submissions and the outbox.

Revision ID: 0001
Revises:
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables as the service first stored them."""
    op.create_table(
        "games",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("engine_version", sa.String(64), nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("seed", sa.String(256), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("status", sa.String(32), nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("game_id", sa.String(64), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("type", sa.String(128), nullable=False),
        sa.Column("schema_version", sa.Integer, nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("actor", sa.String(64), nullable=False),
        sa.Column("causation", sa.String(64), nullable=True),
        sa.Column("recorded_at", sa.String(32), nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", name="events_pkey"),
    )
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("engine_version", sa.String(64), nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", "engine_version", name="snapshots_pkey"),
    )
    _submissions()
    _outbox()


def _submissions() -> None:
    """Create the table of raw inputs."""
    op.create_table(
        "submissions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("received_at", sa.String(32), nullable=False),
        sa.Column("source", sa.String(32), nullable=False),
        sa.Column("game_id", sa.String(64), nullable=True),
        sa.Column("seat", sa.String(64), nullable=True),
        sa.Column("sender", sa.Text, nullable=True),
        sa.Column("idempotency_key", sa.Text, nullable=True),
        sa.Column("body", sa.LargeBinary, nullable=False),
        sa.Column("status", sa.String(32), nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("processed_at", sa.String(32), nullable=True),
        sa.Column("recipient", sa.Text, nullable=True),
        sa.Column("replied_at", sa.String(32), nullable=True),
        sa.Column("reply_claimed_until", sa.String(32), nullable=True),
        sa.UniqueConstraint("source", "idempotency_key", name="submissions_source_key_uq"),
    )


def _outbox() -> None:
    """Create the table of deliveries."""
    op.create_table(
        "outbox",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True,
                  autoincrement=True),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("recipient", sa.Text, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("sent_at", sa.String(32), nullable=True),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.Column("claimed_until", sa.String(32), nullable=True),
        sa.ForeignKeyConstraint(["game_id", "seq"], ["events.game_id", "events.seq"],
                                name="outbox_event_fk"),
        sa.UniqueConstraint("game_id", "seq", "recipient", "kind", name="outbox_delivery_uq"),
    )
    op.create_index("outbox_status_idx", "outbox", ["status", "id"])


def downgrade() -> None:
    """Drop every table."""
    for table in ("outbox", "submissions", "snapshots", "events", "games"):
        op.drop_table(table)
