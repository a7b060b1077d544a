"""The games table records the head of each game's log (seq and hash).

Revision ID: 0005
Revises: 0004
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

GENESIS_HASH = "0" * 64


def upgrade() -> None:
    """Add games.head_seq and games.head_hash, filled from each log's last event."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("head_seq", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("head_hash", sa.String(64), nullable=False,
                                   server_default=GENESIS_HASH))
    op.execute(
        "UPDATE games SET "
        "head_seq = COALESCE((SELECT MAX(seq) FROM events WHERE game_id = games.id), 0), "
        "head_hash = COALESCE((SELECT hash FROM events WHERE game_id = games.id "
        f"ORDER BY seq DESC LIMIT 1), '{GENESIS_HASH}')")


def downgrade() -> None:
    """Drop the head columns."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("head_hash")
        batch.drop_column("head_seq")
