"""Each delivery keeps the hash of the event it was written for: the head its mail carries.

Revision ID: 0013
Revises: 0012
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add outbox.head_hash (empty for rows written before)."""
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("head_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop the column."""
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("head_hash")
