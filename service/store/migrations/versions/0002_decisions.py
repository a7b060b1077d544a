"""Submissions keep the prompt they answer; each decided line is recorded once.

Revision ID: 0002
Revises: 0001
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add submissions.prompt_key and the decisions table, filled from the log."""
    op.add_column("submissions", sa.Column("prompt_key", sa.Text, nullable=True))
    op.create_table(
        "decisions",
        sa.Column("submission_id", sa.String(32), nullable=False),
        sa.Column("line", sa.Integer, nullable=False),
        sa.Column("game_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("last_seq", sa.Integer, nullable=False),
        sa.ForeignKeyConstraint(["game_id", "seq"], ["events.game_id", "events.seq"],
                                name="decisions_event_fk"),
        sa.PrimaryKeyConstraint("submission_id", "line", name="decisions_pkey"),
    )
    _backfill()


def _backfill() -> None:
    """Record the orders already in the log, numbered per submission in log order."""
    conn = op.get_bind()
    rows = conn.execute(sa.text(
        "SELECT causation, game_id, seq, type FROM events WHERE causation IS NOT NULL "
        "ORDER BY causation, game_id, seq")).all()
    lines: dict[str, int] = {}
    values: list[dict[str, object]] = []
    for causation, game_id, seq, type_ in rows:
        if type_ == "order.accepted":
            line = lines.get(causation, 0)
            lines[causation] = line + 1
            values.append({"submission_id": causation, "line": line, "game_id": game_id,
                           "seq": seq, "last_seq": seq})
        elif values and values[-1]["submission_id"] == causation:
            values[-1]["last_seq"] = seq
    if values:
        conn.execute(sa.text("INSERT INTO decisions (submission_id, line, game_id, seq, "
                             "last_seq) VALUES (:submission_id, :line, :game_id, :seq, "
                             ":last_seq)"), values)


def downgrade() -> None:
    """Drop the decisions table and the prompt key."""
    op.drop_table("decisions")
    with op.batch_alter_table("submissions") as batch:
        batch.drop_column("prompt_key")
