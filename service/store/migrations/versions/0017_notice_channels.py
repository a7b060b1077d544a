"""A player's notice channels besides mail (apprise URLs), and each notice sent through them
once.

Revision ID: 0017
Revises: 0016
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer, "sqlite")


def upgrade() -> None:
    """Create the notice_channels and channel_notices tables."""
    op.create_table(
        "notice_channels",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("address", sa.Text, nullable=False),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("shown", sa.Text, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("failures", sa.Integer, nullable=False, server_default="0"),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.UniqueConstraint("address", "url", name="notice_channels_address_url_uq"),
    )
    op.create_table(
        "channel_notices",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("channel_id", ID, sa.ForeignKey("notice_channels.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("outbox_id", ID, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("next_try_at", sa.String(32), nullable=False),
        sa.Column("claimed_until", sa.String(32), nullable=True),
        sa.Column("sent_at", sa.String(32), nullable=True),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.UniqueConstraint("channel_id", "outbox_id", name="channel_notices_once_uq"),
    )
    op.create_index("channel_notices_due_idx", "channel_notices", ["status", "next_try_at"])


def downgrade() -> None:
    """Drop the tables."""
    op.drop_table("channel_notices")
    op.drop_table("notice_channels")
