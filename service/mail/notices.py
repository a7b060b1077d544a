"""Short notices outside the turn emails: a player told that their seat was handed on."""
from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from .. import clock
from ..config import Config
from ..loading import load_game
from ..store import OutboxRow, Store


def compose_replaced(store: Store, config: Config, row: OutboxRow,
                     message_id: str) -> EmailMessage | None:
    """Return the notice to a seat's previous player that someone else plays it now."""
    before = load_game(store, row.game_id, upto=row.seq - 1).meta
    after = load_game(store, row.game_id, upto=row.seq).meta
    old, new = before.seat(row.recipient), after.seat(row.recipient)
    if old.email == new.email and old.player == new.player:
        return None
    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = formataddr((old.player, old.email))
    message["Subject"] = f"[{after.title} {after.id}] you no longer play seat {row.recipient}"
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = message_id
    message["Auto-Submitted"] = "auto-generated"
    message["X-Pbem-Game"] = after.id
    message.set_content(
        f"Hello {old.player},\n\nThe game master handed seat {row.recipient} of {after.title} "
        f"(game {after.id}) to {new.player}. Your private link and reply address for this "
        "seat no longer work.\n\nThank you for playing. The game's public page is "
        f"{config.base_url}/games/{after.id}\n")
    return message
