"""A player's side of the pipeline: read the service's emails, answer them over SMTP."""
from __future__ import annotations

import smtplib
import subprocess
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import getaddresses, make_msgid
from pathlib import Path

from service.game.loading import load_game
from service.store.records import SETTLED

from .conftest import AUTHSERV_ID, DOMAIN, Pipeline, wait_for


def latest_email(pipeline: Pipeline, email: str, game_id: str) -> EmailMessage:
    """Return the newest turn email the service sent to `email` for a game."""
    def found() -> EmailMessage | None:
        mails = [m for m in pipeline.mail_out.messages(email)
                 if m["X-Pbem-Game"] == game_id]
        return mails[-1] if mails else None
    return wait_for(found, 90, what=f"an email to {email}")


def reply_to(original: EmailMessage, sender: str, text: str, *,
             message_id: str | None = None, to: str | None = None) -> EmailMessage:
    """Return a top-posted reply quoting the whole original, as a mail client writes it."""
    reply = EmailMessage()
    reply["From"] = sender
    reply["To"] = to or str(original["Reply-To"])
    reply["Subject"] = "Re: " + str(original["Subject"])
    reply["Message-ID"] = message_id or make_msgid(domain="players.test")
    reply["In-Reply-To"] = str(original["Message-ID"])
    reply["References"] = str(original["Message-ID"])
    body = original.get_body(("plain",))
    assert body is not None
    quoted = "\n".join("> " + line for line in body.get_content().splitlines())
    reply.set_content(f"{text}\n\nOn Mon, 23 Nov 2026, pbem <games@{DOMAIN}> wrote:\n{quoted}\n")
    return reply


def send(pipeline: Pipeline, message: EmailMessage) -> None:
    """Send a message to the service's SMTP listener, with the DMARC pass of its From domain
    that the trusted relay in front (OpenDMARC) would add on top, unless it has one."""
    sender = getaddresses([str(message["From"])])[0][1]
    recipients = [address for _, address in getaddresses(
        [str(value) for name in ("To", "Cc") for value in message.get_all(name, [])])]
    raw = message.as_bytes(policy=SMTP)
    if message["Authentication-Results"] is None:
        raw = f"Authentication-Results: {dmarc_pass(sender)}\r\n".encode() + raw
    with smtplib.SMTP("127.0.0.1", pipeline.smtp_in_port, timeout=10) as client:
        client.sendmail(sender, recipients, raw)


def dmarc_pass(sender: str) -> str:
    """Return the Authentication-Results of the trusted relay: DMARC passed for `sender`."""
    return f"{AUTHSERV_ID}; dmarc=pass header.from={sender.rpartition('@')[2].strip('>')}"


def settled(pipeline: Pipeline, game_id: str) -> bool:
    """Return whether every submission is processed and answered, every email of the game sent.

    The answer to an emailed order carries that seat's turn email, so it counts as well.
    """
    store = pipeline.store
    if store.received_submissions(-3600) or store.unreplied_submissions("email"):
        return False
    return all(row.status in SETTLED for row in store.outbox_for_game(game_id))


def wait_settled(pipeline: Pipeline, game_id: str, timeout: float = 120.0) -> None:
    """Wait until the worker has caught up with everything of a game."""
    wait_for(lambda: settled(pipeline, game_id), timeout, "the worker to catch up")


def pdf_text(message: EmailMessage, folder: Path) -> str:
    """Return the text of an email's PDF attachment, extracted with pdftotext."""
    pdfs = [part for part in message.iter_attachments()
            if part.get_content_type() == "application/pdf"]
    assert len(pdfs) == 1, "every turn email carries one PDF"
    path = folder / "snapshot.pdf"
    path.write_bytes(pdfs[0].get_content())
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                         text=True, check=True)
    return out.stdout


def current_seq(pipeline: Pipeline, game_id: str) -> int:
    """Return the game's current log position."""
    return load_game(pipeline.store, game_id).seq
