"""The heads the service signed and showed, to check the log against and to archive.

Revision ID: 0015
Revises: 0014
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the signed_heads table (empty: heads are signed as they are shown from now on)."""
    op.create_table(
        "signed_heads",
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("key_id", sa.String(16), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("signature", sa.String(100), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seq", "key_id", name="signed_heads_pkey"),
    )


def downgrade() -> None:
    """Drop the table."""
    op.drop_table("signed_heads")
