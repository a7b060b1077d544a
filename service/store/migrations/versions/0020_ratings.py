"""The ratings and reliability records: each finished game's record once, each title's head,
a ranked line per player and title, and a record per player (a projection of the logs); and
the tournaments, their entrants and each round's tables.

Revision ID: 0020
Revises: 0019
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

DOUBLE = sa.Float(precision=53)


def upgrade() -> None:
    """Create the tables, empty: the ratings catch up with the finished games when next run."""
    op.create_table(
        "rating_games",
        sa.Column("game_id", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("order_key", sa.String(128), nullable=False),
        sa.Column("unrated", sa.Text, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("applied", sa.Integer, nullable=False),
    )
    op.create_index("rating_games_pending_idx", "rating_games", ["game", "applied", "order_key"])
    op.create_table(
        "rating_heads",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("last_key", sa.String(128), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
    )
    op.create_table(
        "rating_lines",
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("player", sa.String(32), nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("mu", DOUBLE, nullable=False),
        sa.Column("sigma", DOUBLE, nullable=False),
        sa.Column("rank_key", DOUBLE, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("game", "player", name="rating_lines_pkey"),
    )
    op.create_index("rating_lines_rank_idx", "rating_lines", ["game", "rank_key", "player"])
    op.create_index("rating_lines_player_idx", "rating_lines", ["player"])
    op.create_table(
        "reliability",
        sa.Column("player", sa.String(32), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("started", sa.Integer, nullable=False),
        sa.Column("finished", sa.Integer, nullable=False),
        sa.Column("resigned", sa.Integer, nullable=False),
        sa.Column("replaced", sa.Integer, nullable=False),
        sa.Column("missed", sa.Integer, nullable=False),
        sa.Column("defaults", sa.Integer, nullable=False),
    )

    _tournaments()


def _tournaments() -> None:
    """Create the tournaments' tables."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("seats_per_game", sa.Integer, nullable=False),
        sa.Column("entrants_wanted", sa.Integer, nullable=False),
        sa.Column("house_allowed", sa.Integer, nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.String(32), nullable=False),
    )
    op.create_index("tournaments_status_idx", "tournaments", ["status", "created_at"])
    op.create_table(
        "tournament_entries",
        sa.Column("tournament_id", sa.String(16), nullable=False),
        sa.Column("player", sa.String(32), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("email", sa.Text, nullable=False),
        sa.Column("withdrawn", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "player", name="tournament_entries_pkey"),
    )
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "round", "number",
                                name="tournament_tables_pkey"),
    )


def downgrade() -> None:
    """Drop the tables."""
    for name in ("tournament_tables", "tournament_entries", "tournaments", "reliability",
                 "rating_lines", "rating_heads", "rating_games"):
        op.drop_table(name)
