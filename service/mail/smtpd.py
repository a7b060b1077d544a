"""The SMTP listener for the game domain: each message is stored before it is acknowledged.

Only mail for the configured domain is taken (no relaying), and, when the listener is given a
recipient check, only for reply addresses that the service signed: an unsigned or forged
recipient is refused in the SMTP conversation (550), so the sender's own mail server tells the
sender and the service never mails a refusal to a forged sender (backscatter). A message larger
than the limit is refused the same way (552); anything else that arrives is kept, whatever it
contains, and answered by email later.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from service.store.busy import retry_busy

log = logging.getLogger("pbem.smtpd")
Store = Callable[[bytes, str | None, Sequence[str]], str]
"""Stores one message (raw, envelope sender, envelope recipients); returns its submission id."""
RecipientCheck = Callable[[str], str]
"""Returns '' when mail for an address is taken, else the SMTP refusal (e.g. '550 ...')."""


class GameMailHandler:
    """aiosmtpd handler: accept mail for our domain, store it, queue it."""

    def __init__(self, domain: str, store_message: Store,
                 check_recipient: RecipientCheck | None = None) -> None:
        self.domain = domain.lower()
        self.store_message = store_message
        self.check_recipient = check_recipient

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        """Take recipients of the game domain only."""
        if address.rpartition("@")[2].lower() != self.domain:
            return f"550 5.7.1 This server only takes mail for {self.domain}"
        if self.check_recipient is not None:
            refusal = await self._refusal(address)
            if refusal:
                return refusal
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def _refusal(self, address: str) -> str:
        """Return the check's refusal of a recipient ('' when taken); 451 when it fails."""
        assert self.check_recipient is not None
        try:
            return await asyncio.get_running_loop().run_in_executor(
                None, self.check_recipient, address)
        except Exception:  # the store is down: ask the sender to try again later
            log.exception("could not check the recipient %r", address)
            return "451 4.3.0 Could not check this address now; please try again later"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        """Store the message; acknowledge only once it is safely kept."""
        raw = envelope.original_content or b""
        try:
            # a busy SQLite writer is waited out (the message is recognised if stored twice),
            # off the listener's loop so that other sessions go on meanwhile
            recipients = list(envelope.rcpt_tos)
            submission_id = await asyncio.get_running_loop().run_in_executor(
                None, retry_busy, lambda: self.store_message(raw, envelope.mail_from, recipients))
        except Exception:  # the sender must retry: never lose the message
            log.exception("could not store an incoming message")
            return "451 4.3.0 Could not store the message; please try again later"
        log.info("stored message as submission %s", submission_id)
        return "250 2.0.0 Message received"


def start_listener(host: str, port: int, domain: str, store_message: Store,
                   max_bytes: int, check_recipient: RecipientCheck | None = None) -> Controller:
    """Start the listener in a background thread and return its controller (call .stop())."""
    handler = GameMailHandler(domain, store_message, check_recipient)
    controller = Controller(handler, hostname=host, port=port, **_server_kwargs(max_bytes))
    controller.start()
    return controller


def _server_kwargs(max_bytes: int) -> dict[str, Any]:
    return {"data_size_limit": max_bytes, "enable_SMTPUTF8": True,
            "ident": "pbem game mail"}
