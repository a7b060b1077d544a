"""The outbound budget of mail to addresses not proven to be a player's: one row per limited
key (an address, a domain, the whole service) with the times of its recent mails; and the
address each delivery went to, so a bounce marks a seat only while that is still its address.

Revision ID: 0018
Revises: 0017
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the mail_budget table (empty: a key's row is made by its first mail)."""
    op.create_table(
        "mail_budget",
        sa.Column("scope", sa.String(16), nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("stamps", sa.Text, nullable=False),
        sa.Column("last_at", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("scope", "key", name="mail_budget_pk"),
    )
    op.create_index("mail_budget_last_idx", "mail_budget", ["last_at"])
    op.add_column("outbox", sa.Column("address", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop the table and the column."""
    op.drop_column("outbox", "address")
    op.drop_table("mail_budget")
