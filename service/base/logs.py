"""Logs as one JSON object per line: time, level, logger, the event, and its details.

`configure_logging()` is called by the web app, the workers and `pbem serve`; PBEM_LOG_FORMAT=text
gives plain lines for a terminal instead, and PBEM_LOG_LEVEL sets the level (default INFO). A
traceback is kept inside its line (as the field `exc`), so a log reader never sees half an event.
"""
from __future__ import annotations

import json
import logging
import os
import re
from datetime import UTC, datetime
from typing import Any, TextIO

QUIET = ("fontTools", "weasyprint", "PIL", "mail.log", "urllib3", "apprise")
"""Libraries whose INFO and DEBUG lines are noise or worse, so only their warnings are kept:
the PDF libraries log every step of a page; aiosmtpd (`mail.log`) logs every command of a
conversation, addresses included, and at DEBUG every line of every message (sealed orders,
press); urllib3 and apprise log the URL of every notice sent to a player's channel, whose
path is often its credential (apprise's lines do not reach the service's log at all:
`seats/channels.py` keeps them for the player's failure reason)."""
ROUTINE_TASKS = ("pbem.sweep_deadlines", "pbem.recover", "pbem.poll_imap", "pbem.watch_broker",
                 "pbem.sweep_standings")
"""The beat's periodic tasks (workers/app.py), due every minute or every ten seconds."""
ROUTINE_LOGGERS = ("celery.beat", "celery.worker.strategy", "celery.app.trace")
"""Celery's loggers of a task sent, received and done."""
STANDARD = frozenset(vars(logging.makeLogRecord({})).keys()) | {"message", "asctime"}
"""Attributes every record has; anything else was passed as extra= and is logged as a field."""


SECRETS = (
    (re.compile(r"(?<=/)[a-z2-7]{16}(?=[/?#\s\"']|$)"), "…"),  # a signed link's signature
    (re.compile(r"(?<=/)[a-z2-7]{40,64}(?=[/?#\s\"']|$)"), "…"),  # a sign-in or join token
    (re.compile(r"(?<=[?&]invite=)[^&\s\"']+"), "…"),  # an invitation
    (re.compile(r"(play\+[0-9a-f]{8}\.[a-z][a-z0-9_-]{0,23}\.(?:p\d+\.)?)[a-z2-7]{16}",
                re.IGNORECASE), r"\1…"),  # a seat's reply address
    (re.compile(r"(bounce\+\d+\.)[a-z2-7]{16}", re.IGNORECASE), r"\1…"),  # a bounce address
)
"""What a log line may never show: the credentials in private links and reply addresses."""


def redacted(text: str) -> str:
    """Return `text` with the credentials of links and reply addresses replaced by "…"."""
    for pattern, replacement in SECRETS:
        text = pattern.sub(replacement, text)
    return text


class Redacting(logging.Filter):
    """Takes the credentials out of every record a handler writes (access logs included)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact the record's message, in place; keep the record."""
        message = record.getMessage()
        clean = redacted(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


class Routine(logging.Filter):
    """Drops Celery's informational lines about the beat's periodic tasks (sent, received,
    done), about a thousand an hour of an idle service; their warnings and errors stay, and
    PBEM_LOG_LEVEL=DEBUG shows them all."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Return False for a routine line of a periodic task."""
        if record.levelno >= logging.WARNING or not record.name.startswith(ROUTINE_LOGGERS):
            return True
        message = record.getMessage()
        return not any(name in message for name in ROUTINE_TASKS)


class JsonFormatter(logging.Formatter):
    """Formats a record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        """Return the record as a JSON object on one line."""
        line: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(), "logger": record.name,
            "event": record.getMessage()}
        for key, value in vars(record).items():
            if key not in STANDARD and not key.startswith("_"):
                line[key] = value
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, default=str, ensure_ascii=False)


def formatter() -> logging.Formatter:
    """Return the formatter PBEM_LOG_FORMAT asks for (JSON unless it says text)."""
    if os.environ.get("PBEM_LOG_FORMAT", "json").lower() == "text":
        return logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    return JsonFormatter()


def configure_logging(stream: TextIO | None = None) -> None:
    """Send every log record to standard error (or `stream`), one structured line each."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter())
    handler.addFilter(Redacting())
    root = logging.getLogger()
    if logging.getLevelName(os.environ.get("PBEM_LOG_LEVEL", "INFO").upper()) != logging.DEBUG:
        handler.addFilter(Routine())
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(os.environ.get("PBEM_LOG_LEVEL", "INFO").upper())
    for name in QUIET:
        logging.getLogger(name).setLevel(max(logging.WARNING, root.level))
