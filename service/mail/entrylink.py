"""Sending the link that confirms a tournament sign-up."""
from __future__ import annotations

import secrets
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from service.base import clock
from service.base.config import Config
from service.base.inputs import mailbox
from service.mail.strangers import may_mail_stranger
from service.mail.transport import send
from service.store.roles import Connections
from service.tournaments.signup import LINK_HOURS, EntryRequest


def entry_link_message(config: Config, request: EntryRequest) -> EmailMessage:
    """Return the mail carrying a sign-up's confirmation link to its address."""
    held = request.held
    message = EmailMessage()
    message["From"] = config.mail_from
    # one mailbox whatever the name holds: formataddr would let a name with `<`, `>` or `,`
    # and an accent be read as more addresses, each sent the link
    message["To"] = mailbox(request.name, request.email)
    message["Subject"] = f"[{held.name} {held.id}] confirm your sign-up"
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = make_msgid(idstring="tournament", domain=config.mail_domain)
    message["Auto-Submitted"] = "auto-generated"
    message.set_content(
        f"Hello {request.name},\n\nsomeone (we hope you) asked to sign you up for {held.name}, "
        f"a {held.format} tournament of {held.game} in {held.rounds} rounds.\n\n"
        f"To confirm, follow this link within {LINK_HOURS} hours (it works once):\n"
        f"{config.base_url}/tournaments/entry/{request.token}\n\n"
        "If you did not ask for it, do nothing: nobody is signed up without the link.\n")
    return message


def mail_entry_link(store: Connections, config: Config, request: EntryRequest, *,
                    invited: bool = False) -> str:
    """Send a sign-up's confirmation link to its address, within the budget of mail to
    strangers, as a join link is; return where it went ('' when the budget held it back). An
    invitation the operator sends (`invited`) is not a stranger's request and takes no budget."""
    if not invited and not may_mail_stranger(store, config, "join", request.email, None):
        return ""
    name = f"tournament-{clock.now():%Y%m%d%H%M%S}-{secrets.token_hex(3)}"
    return send(config, entry_link_message(config, request), name)
