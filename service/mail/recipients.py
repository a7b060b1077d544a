"""Which recipients of the game domain the listener takes: current signed seat addresses only."""
from __future__ import annotations

from collections.abc import Callable

from service.base.config import Config
from service.mail.inbound import authenticate
from service.orders.results import ServiceError
from service.store.roles import EventLog

REFUSALS = {
    "unsigned-address": "550 5.1.1 Orders go to your seat's own reply address, the Reply-To "
                        "of your turn email",
    "old-address": "550 5.1.1 This reply address was replaced by a newer one; use the "
                   "address of your latest turn email",
}
FORGED = "550 5.1.1 No such recipient"


def recipient_check(store: EventLog, config: Config) -> Callable[[str], str | None]:
    """Return the listener's recipient check over `store` (None: take the recipient)."""
    def check(address: str) -> str | None:
        try:
            authenticate(store, config, address)
        except ServiceError as exc:
            return REFUSALS.get(exc.code, FORGED)
        return None

    return check
