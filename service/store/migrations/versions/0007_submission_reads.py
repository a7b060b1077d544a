"""The recovery and the game master's reads of submissions are indexed.

Revision ID: 0007
Revises: 0006
"""
from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Index the unprocessed, the unanswered and each game's submissions."""
    op.create_index("submissions_status_idx", "submissions", ["status", "received_at"])
    op.create_index("submissions_unreplied_idx", "submissions",
                    ["source", "replied_at", "processed_at"])
    op.create_index("submissions_game_idx", "submissions", ["game_id", "status", "received_at"])


def downgrade() -> None:
    """Drop the indexes."""
    op.drop_index("submissions_game_idx", "submissions")
    op.drop_index("submissions_unreplied_idx", "submissions")
    op.drop_index("submissions_status_idx", "submissions")
