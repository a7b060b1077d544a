"""A cache of rendered PDF snapshots by (game, seq, seat), shared by every process; an index
of the events by type, so a page reads a game's press without reading its whole log.

Revision ID: 0008
Revises: 0007
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the PDF cache table (empty: PDFs are rendered as they are first needed) and the
    events' type index."""
    op.create_table(
        "pdf_cache",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.String(64), nullable=False),
        sa.Column("pdf", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", "seq", name="pdf_cache_pkey"),
    )
    op.create_index("events_type_idx", "events", ["game_id", "type", "seq"])


def downgrade() -> None:
    """Drop the cache and the index."""
    op.drop_index("events_type_idx", table_name="events")
    op.drop_table("pdf_cache")
