"""Civil play: mutes, blocks, reports and suspensions, each by an address about an address.

Revision ID: 0016
Revises: 0015
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the moderation table."""
    op.create_table(
        "moderation",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("actor", sa.Text, nullable=False),
        sa.Column("target", sa.Text, nullable=False),
        sa.Column("game_id", sa.String(16), nullable=True),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("signature", sa.String(64), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("lifted_at", sa.String(32), nullable=True),
    )
    op.create_index("moderation_target_idx", "moderation", ["kind", "target"])
    op.create_index("moderation_actor_idx", "moderation", ["kind", "actor"])


def downgrade() -> None:
    """Drop the table."""
    op.drop_table("moderation")
