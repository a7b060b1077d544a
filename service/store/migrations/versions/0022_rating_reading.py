"""Each title's ratings head keeps the reading its games were folded under (`method`: "teams"
where the end of a game may reveal teams, else empty). Every head kept so far was folded with
each seat on its own, so it is marked so: a title now read with teams (Castle of the Devil) has
its records read again from the logs and is folded again when the ratings next catch up.

Revision ID: 0022
Revises: 0021
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add rating_heads.method, empty for the heads kept so far."""
    with op.batch_alter_table("rating_heads") as batch:
        batch.add_column(sa.Column("method", sa.String(32), nullable=False, server_default=""))


def downgrade() -> None:
    """Drop rating_heads.method."""
    with op.batch_alter_table("rating_heads") as batch:
        batch.drop_column("method")
