"""Sending the link that confirms a join (the mail is composed in service/opentables/mails.py)."""
from __future__ import annotations

import secrets

from service.base import clock
from service.base.config import Config
from service.mail.transport import send
from service.opentables.joining import JoinRequest
from service.opentables.mails import join_link_message


def mail_join_link(config: Config, request: JoinRequest) -> str:
    """Send the confirmation link of a join request to its address; return where it went."""
    message = join_link_message(config, request)
    name = f"join-{clock.now():%Y%m%d%H%M%S}-{secrets.token_hex(3)}"
    return send(config, message, name)
