"""Submissions count their processing attempts and keep the last error.

Revision ID: 0003
Revises: 0002
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add submissions.attempts and submissions.last_error."""
    with op.batch_alter_table("submissions") as batch:
        batch.add_column(sa.Column("attempts", sa.Integer, nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("last_error", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop the attempt count and the last error."""
    with op.batch_alter_table("submissions") as batch:
        batch.drop_column("last_error")
        batch.drop_column("attempts")
