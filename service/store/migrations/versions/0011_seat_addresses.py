"""A projection of who plays which seat by address, read by "my games".

Revision ID: 0011
Revises: 0010
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the seat_addresses table (filled by `pbem db upgrade` from the games' logs)."""
    op.create_table(
        "seat_addresses",
        sa.Column("game_id", sa.String(64), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.String(64), nullable=False),
        sa.Column("address", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", name="seat_addresses_pkey"),
    )
    op.create_index("seat_addresses_address_idx", "seat_addresses", ["address", "game_id"])


def downgrade() -> None:
    """Drop the projection."""
    op.drop_table("seat_addresses")
