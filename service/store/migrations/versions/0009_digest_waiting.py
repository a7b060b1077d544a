"""The seats whose held news waits for a digest, kept by triggers on the outbox.

A `held` row marks its seat as waiting; a news row (turn, final, welcome, digest-<day>) of the
seat clears it, and a digest row records its day. The triggers run inside the transaction
that inserts the outbox row, so the projection can never disagree with the outbox.

Revision ID: 0009
Revises: 0008
"""
from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

NEWS = "NEW.kind IN ('turn', 'final', 'welcome')"
DIGEST = "NEW.kind LIKE 'digest-%'"
UPSERT = ("INSERT INTO digest_waiting (game_id, seat, held_seq, digest_day) "
          "VALUES (NEW.game_id, NEW.recipient, NEW.seq, '') "
          "ON CONFLICT (game_id, seat) DO UPDATE SET held_seq = excluded.held_seq")
CLEAR = ("UPDATE digest_waiting SET held_seq = NULL{day} "
         "WHERE game_id = NEW.game_id AND seat = NEW.recipient")
DAY = ", digest_day = substr(NEW.kind, 8)"

SQLITE_TRIGGERS = {
    "outbox_digest_held": ("NEW.kind = 'held'", UPSERT),
    "outbox_digest_news": (NEWS, CLEAR.format(day="")),
    "outbox_digest_sent": (DIGEST, CLEAR.format(day=DAY)),
}
POSTGRES_FUNCTION = f"""
CREATE OR REPLACE FUNCTION outbox_digest_waiting() RETURNS trigger AS $$
BEGIN
  IF NEW.kind = 'held' THEN
    {UPSERT};
  ELSIF {NEWS} THEN
    {CLEAR.format(day='')};
  ELSIF {DIGEST} THEN
    {CLEAR.format(day=DAY)};
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql"""
POSTGRES_TRIGGER = ("CREATE TRIGGER outbox_digest_waiting AFTER INSERT ON outbox "
                    "FOR EACH ROW EXECUTE FUNCTION outbox_digest_waiting()")


def upgrade() -> None:
    """Create the projection, fill it from the outbox, then keep it with triggers."""
    op.create_table(
        "digest_waiting",
        sa.Column("game_id", sa.String(64), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.String(64), nullable=False),
        sa.Column("held_seq", sa.Integer, nullable=True),
        sa.Column("digest_day", sa.String(10), nullable=False, server_default=""),
        sa.PrimaryKeyConstraint("game_id", "seat", name="digest_waiting_pkey"),
    )
    op.create_index("digest_waiting_held_idx", "digest_waiting", ["held_seq"])
    fill()
    if op.get_bind().dialect.name == "postgresql":
        op.execute(POSTGRES_FUNCTION)
        op.execute(POSTGRES_TRIGGER)
    else:
        for name, (when, action) in SQLITE_TRIGGERS.items():
            op.execute(f"CREATE TRIGGER {name} AFTER INSERT ON outbox WHEN {when} "
                       f"BEGIN {action}; END")


def fill() -> None:
    """Write the waiting seats of the outbox as it stands, in the order its rows were added."""
    rows = op.get_bind().execute(sa.text(
        "SELECT game_id, recipient, seq, kind FROM outbox WHERE kind IN "
        "('held', 'turn', 'final', 'welcome') OR kind LIKE 'digest-%' ORDER BY id"))
    seats: dict[tuple[str, str], dict[str, Any]] = {}
    for game_id, seat, seq, kind in rows:
        entry = seats.setdefault((game_id, seat), {"held_seq": None, "digest_day": ""})
        entry["held_seq"] = seq if kind == "held" else None
        if kind.startswith("digest-"):
            entry["digest_day"] = kind[len("digest-"):]
    table = sa.table("digest_waiting", sa.column("game_id"), sa.column("seat"),
                     sa.column("held_seq"), sa.column("digest_day"))
    waiting = [{"game_id": game_id, "seat": seat, **entry}
               for (game_id, seat), entry in seats.items()
               if entry["held_seq"] is not None or entry["digest_day"]]
    if waiting:
        op.bulk_insert(table, waiting)


def downgrade() -> None:
    """Drop the triggers and the projection."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS outbox_digest_waiting ON outbox")
        op.execute("DROP FUNCTION IF EXISTS outbox_digest_waiting()")
    else:
        for name in SQLITE_TRIGGERS:
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_table("digest_waiting")
