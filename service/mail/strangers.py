"""Mail to strangers: one outbound budget for every mail to an address that has not proven it
plays here, so the service cannot be used to mail anyone on request.

Such mail is an answer at the public address (`games`, `join`, `help`), the answer to the
sender of a held message (mail to a seat's address from another address), and a link that
confirms a join (asked for by mail or on the join page) or a tournament sign-up. Each goes
out only:

- to a sender whose mail passed DMARC, with the answered address in the domain of its From
  (or SPF, for the envelope sender itself), as the `Authentication-Results` header of the
  relay the operator trusts says (`PBEM_TRUSTED_AUTHSERV_ID`; the topmost header with that
  authserv-id is read, with the `authres` parser). Without that setting a service that sends
  through a relay answers no stranger by mail at all; the embedded default (mail to local
  files, nothing in front) answers any sender, as it says in the answer. A join link asked
  for on the web goes to the address typed there, with no mail to prove anything;
- within the budget: at most 3 an hour to one address, `PBEM_STRANGER_MAIL_PER_DOMAIN` to one
  domain and `PBEM_STRANGER_MAIL_PER_HOUR` for the whole service, counted in the database
  (`service/store/budget.py`), so every process and node shares them.

Past either, nothing is sent and nothing is said; `pbem_stranger_mail_total{kind,result}`
counts each mail by what became of it. Such mail never carries the stranger's Subject, and at
most a short, escaped excerpt of their text (`excerpt`).
"""
from __future__ import annotations

import re
from email.message import EmailMessage

from service.base import clock
from service.base.config import Config
from service.base.metrics import count_stranger_mail
from service.store.budget import BudgetKey, MailBudget
from service.store.roles import Connections

PER_ADDRESS = 3
"""Mails an hour to one address that has not proven it plays here."""
WINDOW = 3600
EMBEDDED_NOTE = ("(This service writes its mail to local files and answers any sender, at "
                 "most 3 times an hour per address: it is a local installation.)")
"""What an answer to a stranger says on the embedded default, which checks no sender."""
EXCERPT_CHARS = 160
LINK = re.compile(r"(?i)\b(?:https?|ftp)://|\bwww\.")


def may_mail_stranger(store: Connections, config: Config, kind: str, address: str,
                      message: EmailMessage | None) -> bool:
    """Return whether one mail of `kind` may go to `address`, counting it if so.

    `message` is the mail being answered (None: a join link asked for on the web, where no
    mail proves anything and only the budget applies).
    """
    if message is not None and not sender_may_be_answered(config, message, address):
        count_stranger_mail(kind, "unproven")
        return False
    address = address.strip().lower()
    keys = [BudgetKey("address", address, PER_ADDRESS),
            BudgetKey("domain", address.rpartition("@")[2], config.stranger_mail_per_domain),
            BudgetKey("service", "", config.stranger_mail_per_hour)]
    full = MailBudget(store).take(keys, int(clock.now().timestamp()), WINDOW)
    count_stranger_mail(kind, full or "sent")
    return not full


def answers_anyone(config: Config) -> bool:
    """Return whether strangers are answered without proof: the embedded default only."""
    return not config.trusted_authserv_id and not config.smtp_url


def sender_may_be_answered(config: Config, message: EmailMessage, address: str) -> bool:
    """Return whether mail to `address`, which sent `message`, is allowed by its proof."""
    if config.trusted_authserv_id:
        return passed_trusted_check(message, config.trusted_authserv_id, address)
    return answers_anyone(config)


def passed_trusted_check(message: EmailMessage, authserv_id: str, address: str) -> bool:
    """Return whether the trusted relay's Authentication-Results says `address` sent `message`:
    DMARC passed for a From domain that is the address's domain, or SPF passed for the
    envelope sender that is the address (or, when the relay names only a domain, its domain).

    Only the topmost header with the trusted authserv-id is read: a relay adds its own on top,
    and one written by the sender below it is not believed.
    """
    import authres
    import authres.dmarc

    context = authres.FeatureContext(authres.dmarc)
    address = address.strip().lower()
    domain = address.rpartition("@")[2]
    for value in message.get_all("Authentication-Results", []):
        try:
            header = context.parse("Authentication-Results: " + " ".join(str(value).split()))
        except (authres.AuthResError, ValueError, IndexError):
            continue
        if str(header.authserv_id).lower() != authserv_id.lower():
            continue
        for result in header.results:
            method, outcome = str(result.method).lower(), str(result.result).lower()
            if outcome != "pass":
                continue
            if method == "dmarc" and str(getattr(result, "header_from", "") or "").lower() \
                    == domain:
                return True
            mailfrom = str(getattr(result, "smtp_mailfrom", "") or "").lower()
            if method == "spf" and mailfrom in (address, domain):
                return True
        return False
    return False


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """Return a short, escaped excerpt of a stranger's text, to quote under the service's own
    From: on one line, control characters as their codes, links broken so that no mail program
    makes them clickable, cut at `limit` characters."""
    flat = " ".join(text.split())
    shown = "".join(char if char.isprintable() else f"<U+{ord(char):04X}>" for char in flat)
    shown = LINK.sub(lambda found: found[0].replace(":", "[:]").replace(".", "[.]"), shown)
    shown = re.sub(r"(?<=\w)\.(?=[a-zA-Z]{2,}\b)", "[.]", shown)  # domains and addresses
    shown = shown.replace("@", "[at]")
    return shown if len(shown) <= limit else shown[:limit - 1].rstrip() + "…"
