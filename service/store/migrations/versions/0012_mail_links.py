"""Links mailed to an address (sign-in, join confirmations), kept by a digest of their token.

Revision ID: 0012
Revises: 0011
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the mail_links table."""
    op.create_table(
        "mail_links",
        sa.Column("digest", sa.String(64), primary_key=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("address", sa.Text, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("expires_at", sa.String(32), nullable=False),
        sa.Column("used_at", sa.String(32), nullable=True),
    )
    op.create_index("mail_links_expires_idx", "mail_links", ["expires_at"])


def downgrade() -> None:
    """Drop the table."""
    op.drop_table("mail_links")
