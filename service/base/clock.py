"""The service's clock (the rules never read one); tests move it with `set_now`."""
from __future__ import annotations

from datetime import UTC, datetime

_fixed: datetime | None = None


def now() -> datetime:
    """Return the current time, UTC."""
    return _fixed if _fixed is not None else datetime.now(UTC)


def set_now(moment: datetime | None) -> None:
    """Fix the clock at `moment` (None: follow the real time again)."""
    global _fixed
    _fixed = moment
