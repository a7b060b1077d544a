"""The lobby's read of the newest games is indexed.

Revision ID: 0010
Revises: 0009
"""
from __future__ import annotations

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Index the games by creation time."""
    op.create_index("games_created_idx", "games", ["created_at", "id"])


def downgrade() -> None:
    """Drop the index."""
    op.drop_index("games_created_idx", "games")
