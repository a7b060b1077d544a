"""The bare task the ceiling benchmark measures the service against: what one order costs on
the same stack with nothing of pbem in it.

One Celery task (`bare.order`, on the queue `bare` of the deployment's own broker) inserts one
row in a table of the deployment's store, renders one minimal PDF with WeasyPrint and sends it
in one mail with `smtplib` on a connection the worker keeps open, to an SMTP sink. The
benchmark starts a worker of this app beside the service's own:

    celery -A bench.bare worker -Q bare --concurrency 1

Settings (environment): PBEM_BARE_BROKER_URL (the broker), PBEM_BARE_DATABASE_URL (the store;
the table `bare_rows` must exist, see `create_table`), PBEM_BARE_SMTP_PORT (the sink on
127.0.0.1).
"""
from __future__ import annotations

import os
import smtplib
from email.message import EmailMessage
from typing import Any

from celery import Celery
from sqlalchemy import Column, Engine, Integer, LargeBinary, MetaData, Table, create_engine

QUEUE = "bare"
TASK = "bare.order"
METADATA = MetaData()
ROWS = Table("bare_rows", METADATA, Column("id", Integer, primary_key=True),
             Column("number", Integer, nullable=False), Column("digest", LargeBinary))
PAGE = ("<html><body><h1>Turn 1</h1><p>It is your move. Reply to this mail with your order."
        "</p></body></html>")


def create_table(engine: Engine) -> None:
    """Create the bare task's table in a store (the benchmark's own, dropped with it)."""
    METADATA.create_all(engine)


def broker_url() -> str:
    """Return the broker the bare task runs on; register the embedded default's transport."""
    url = os.environ.get("PBEM_BARE_BROKER_URL", "")
    if url.startswith(("sqla+", "sqlalchemy+")):
        from workers.embedded import register

        register()
    return url


app = Celery("bare", broker=broker_url() or None)
app.conf.update(task_default_queue=QUEUE, worker_prefetch_multiplier=1, task_acks_late=True,
                worker_hijack_root_logger=False)

_kept: dict[str, Any] = {}


def _engine() -> Engine:
    if "engine" not in _kept:
        _kept["engine"] = create_engine(os.environ["PBEM_BARE_DATABASE_URL"], pool_size=1)
    engine: Engine = _kept["engine"]
    return engine


def _send(mail: EmailMessage) -> None:
    """Send on the kept connection to the sink, opening it again once if it was closed."""
    for attempt in (1, 2):
        client: smtplib.SMTP | None = _kept.get("smtp")
        if client is None:
            client = smtplib.SMTP("127.0.0.1", int(os.environ["PBEM_BARE_SMTP_PORT"]),
                                  timeout=30)
            _kept["smtp"] = client
        try:
            client.send_message(mail)
            return
        except smtplib.SMTPServerDisconnected:
            _kept.pop("smtp", None)
            if attempt == 2:
                raise


@app.task(name=TASK)  # type: ignore[untyped-decorator]  # celery has no types
def order(number: int) -> None:
    """One bare order: a row, a PDF, a mail."""
    from weasyprint import HTML

    with _engine().begin() as conn:
        conn.execute(ROWS.insert().values(number=number, digest=b"x" * 32))
    pdf = HTML(string=PAGE).write_pdf()
    mail = EmailMessage()
    mail["From"], mail["To"] = "game@bare.test", f"player-{number}@players.test"
    mail["Subject"] = "Your move"
    mail.set_content("It is your move. Reply to this mail with your order.\n")
    mail.add_attachment(pdf, maintype="application", subtype="pdf", filename="turn.pdf")
    _send(mail)
