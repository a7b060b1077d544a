"""Outbox rows remember when they were last queued; reads by game and seat are indexed.

Revision ID: 0004
Revises: 0003
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add outbox.queued_until and the indexes of the pending and per-seat reads."""
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("queued_until", sa.String(32), nullable=True))
    op.create_index("outbox_game_status_idx", "outbox", ["game_id", "status", "id"])
    op.create_index("outbox_recipient_idx", "outbox", ["game_id", "recipient", "seq"])


def downgrade() -> None:
    """Drop the indexes and the column."""
    op.drop_index("outbox_recipient_idx", "outbox")
    op.drop_index("outbox_game_status_idx", "outbox")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("queued_until")
