"""The lobby's line of each game, kept with the head it was made at (a disposable cache), and
the games by status and age (the lobby's open tables in one indexed read).

Revision ID: 0014
Revises: 0013
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the lobby_lines table (empty: lines are made when the lobby first lists a game)
    and the index of games by status and creation time."""
    op.create_index("games_status_idx", "games", ["status", "created_at", "id"])
    op.create_table(
        "lobby_lines",
        sa.Column("game_id", sa.String(64), primary_key=True),
        sa.Column("head_seq", sa.Integer, nullable=False),
        sa.Column("head_hash", sa.String(64), nullable=False),
        sa.Column("line", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Drop the table and the index."""
    op.drop_table("lobby_lines")
    op.drop_index("games_status_idx", table_name="games")
