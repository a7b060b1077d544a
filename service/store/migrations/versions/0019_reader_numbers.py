"""Numbers per reader: the events each reader may not know of, counted as they are written.

Revision ID: 0019
Revises: 0018
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the reader_hidden table; `pbem upgrade` then fills it for existing games
    (reading each game's events needs the rules: `service.game.numbers.renumber`)."""
    op.create_table(
        "reader_hidden",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("reader", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("hidden", sa.Integer, nullable=False),
        sa.Column("known", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "reader", "seq", name="reader_hidden_pkey"),
    )
    op.create_index("reader_hidden_known", "reader_hidden", ["game_id", "reader", "known"])


def downgrade() -> None:
    """Drop the table."""
    op.drop_index("reader_hidden_known", "reader_hidden")
    op.drop_table("reader_hidden")
