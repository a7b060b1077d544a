"""Deadlines as players read them: UTC, their own time zone, and how long is left."""
from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from service.base import clock
from service.game.meta import parse_time

ALIASES = {"utc": "UTC", "gmt": "UTC", "z": "UTC", "cet": "Europe/Berlin",
           "cest": "Europe/Berlin", "est": "America/New_York", "edt": "America/New_York",
           "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles", "bst": "Europe/London"}


def read_timezone(text: str) -> str:
    """Return the IANA zone name for `text` ('Europe/Berlin', 'cet', 'utc'), or raise ValueError."""
    name = text.strip()
    name = ALIASES.get(name.lower(), name)
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        lowered = {zone.lower(): zone for zone in available_timezones()}
        if name.lower() not in lowered:
            raise ValueError(f"{text!r} is not a time zone; write a name such as "
                             "Europe/Berlin, America/New_York or UTC") from None
        name = lowered[name.lower()]
    return name


def time_left(due: datetime, now: datetime | None = None) -> str:
    """Return how long until `due`: 'in 46 h', 'in 35 min', 'in 3 days' or 'overdue'."""
    left = due - (now or clock.now())
    if left <= timedelta(0):
        return "overdue"
    minutes = int(left.total_seconds() // 60)
    if minutes < 90:
        return f"in {minutes} min"
    hours = round(left.total_seconds() / 3600)
    return f"in {hours} h" if hours < 72 else f"in {round(hours / 24)} days"


def deadline_text(iso: str, zone: str = "", now: datetime | None = None) -> str:
    """Return e.g. '2026-05-01 12:00 UTC (14:00 Europe/Berlin), in 46 h'."""
    if not iso:
        return ""
    due = parse_time(iso)
    text = due.strftime("%Y-%m-%d %H:%M UTC")
    if zone and zone != "UTC":
        local = due.astimezone(ZoneInfo(zone))
        same_day = local.date() == due.date()
        text += f" ({local.strftime('%H:%M' if same_day else '%a %H:%M')} {zone})"
    return f"{text}, {time_left(due, now)}"
