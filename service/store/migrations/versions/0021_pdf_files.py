"""The PDF snapshots' cache leaves the database for files of the data directory
(`service.store.pdffiles`): the table and its rows go (a cache: every PDF is rendered again
when next asked for).

Revision ID: 0021
Revises: 0020
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Drop the PDF cache table."""
    op.drop_table("pdf_cache")


def downgrade() -> None:
    """Create the PDF cache table again, empty."""
    op.create_table(
        "pdf_cache",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.String(64), nullable=False),
        sa.Column("pdf", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", "seq", name="pdf_cache_pkey"),
    )
