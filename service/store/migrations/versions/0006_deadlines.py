"""A projection of the open deadlines, read by the sweep instead of every running game.

Revision ID: 0006
Revises: 0005
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the deadlines table (filled by `pbem db upgrade` from the games' logs)."""
    op.create_table(
        "deadlines",
        sa.Column("game_id", sa.String(64), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.String(64), nullable=False),
        sa.Column("prompt_key", sa.Text, nullable=False),
        sa.Column("due", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("next_at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", name="deadlines_pkey"),
    )
    op.create_index("deadlines_next_idx", "deadlines", ["next_at"])


def downgrade() -> None:
    """Drop the projection."""
    op.drop_table("deadlines")
