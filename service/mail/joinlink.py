"""Sending the link that confirms a join (the mail is composed in service/opentables/mails.py)."""
from __future__ import annotations

import secrets

from service.base import clock
from service.base.config import Config
from service.mail.strangers import may_mail_stranger
from service.mail.transport import send
from service.opentables.joining import JoinRequest
from service.opentables.mails import join_link_message
from service.store.roles import Connections


def mail_join_link(store: Connections, config: Config, request: JoinRequest) -> str:
    """Send the confirmation link of a join request to its address, within the budget of mail
    to strangers; return where it went ('' when the budget held it back)."""
    if not may_mail_stranger(store, config, "join", request.email, None):
        return ""
    message = join_link_message(config, request)
    name = f"join-{clock.now():%Y%m%d%H%M%S}-{secrets.token_hex(3)}"
    return send(config, message, name)
