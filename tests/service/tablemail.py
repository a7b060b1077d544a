"""A table of players writing to the service by email, decided in-process over a real store."""
from __future__ import annotations

from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

from service.base.config import Config, load_config
from service.base.tokens import reply_address
from service.game.loading import load_game
from service.mail.compose import compose_outbox, compose_reply
from service.mail.inbound import receive_email
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission
from service.orders.results import SubmissionResult
from service.store.store import Store
from tests.stores import open_store

SEATS = [NewSeat("anna", "anna@example.org", "Anna"),
         NewSeat("bruno", "bruno@example.org", "Bruno"),
         NewSeat("carla", "carla@example.org", "Carla")]


@dataclass
class Table:
    """A store, a configuration, one game and every email the service wrote so far."""

    store: Store
    config: Config
    game_id: str
    sent: dict[str, list[EmailMessage]] = field(default_factory=dict)
    answers: list[EmailMessage] = field(default_factory=list)

    def address(self, seat: str) -> str:
        """Return the seat's signed reply address."""
        meta = load_game(self.store, self.game_id).meta
        return reply_address(self.config.secret_key(), self.config.mail_domain, self.game_id,
                             seat, meta.generation(seat))

    def write(self, seat: str, body: str, *, in_reply_to: str = "",
              headers: dict[str, str] | None = None, raw: bytes | None = None
              ) -> SubmissionResult:
        """Mail `body` from the seat to its reply address; return what became of it."""
        message = EmailMessage()
        message["From"] = f"{seat}@example.org"
        message["To"] = self.address(seat)
        message["Subject"] = "Re: your move"
        message["Message-ID"] = make_msgid(domain="players.test")
        if in_reply_to:
            message["In-Reply-To"] = in_reply_to
        for name, value in (headers or {}).items():
            del message[name]
            message[name] = value
        message.set_content(body)
        sub, _ = receive_email(self.store, raw or bytes(message),
                               envelope_to=[self.address(seat)])[0]
        result = process_submission(self.store, sub.id, config=self.config)
        kept = self.store.get_submission(sub.id)
        assert kept is not None
        answer = compose_reply(self.store, self.config, kept)
        if answer is not None:
            self.answers.append(answer)
        self.deliver()
        return result

    def deliver(self) -> None:
        """Compose every pending outbox row of the game, as the workers would send it."""
        for row in self.store.outbox_for_game(self.game_id):
            if row.status != "pending":
                continue
            message = compose_outbox(self.store, self.config, row)
            if message is not None:
                self.sent.setdefault(row.recipient, []).append(message)
            self.store.mark_outbox_sent(row.id, mailed=message is not None)

    def mails(self, seat: str, kind: str = "") -> list[EmailMessage]:
        """Return the emails a seat got, optionally only those whose Message-ID has `kind`."""
        return [m for m in self.sent.get(seat, [])
                if not kind or f".{kind}@" in str(m["Message-ID"])]


def mail_to(table: Table, seat: str, address: str, body: str) -> SubmissionResult:
    """Mail `body` from the seat's player to `address` (a press address, say) through the
    inbound path, as `Table.write` does to the seat's own."""
    message = EmailMessage()
    message["From"] = f"{seat}@example.org"
    message["To"] = address
    message["Subject"] = "Re: press"
    message["Message-ID"] = make_msgid(domain="players.test")
    message.set_content(body)
    sub, _ = receive_email(table.store, bytes(message), envelope_to=[address])[0]
    result = process_submission(table.store, sub.id, config=table.config)
    kept = table.store.get_submission(sub.id)
    assert kept is not None
    answer = compose_reply(table.store, table.config, kept)
    if answer is not None:
        table.answers.append(answer)
    table.deliver()
    return result


def quoted(mail: EmailMessage) -> str:
    """Return a mail's text as a reply quotes it."""
    return "\n".join("> " + line for line in text_of(mail).splitlines())


def first_order(table: Table) -> tuple[str, str]:
    """Return the seat that must act and one of its legal orders."""
    loaded = load_game(table.store, table.game_id)
    prompt = loaded.game.prompts(loaded.state)[0]
    return prompt.seat, loaded.game.format_order(loaded.game.legal_orders(loaded.state,
                                                                          prompt.seat)[0])


def text_of(message: EmailMessage) -> str:
    """Return the plain-text part of an email."""
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def html_of(message: EmailMessage) -> str:
    """Return the HTML part of an email."""
    body = message.get_body(("html",))
    assert body is not None
    return str(body.get_content())


def open_table(tmp_path: Path, game: str = "secret-masters", seats: list[NewSeat] | None = None,
               **settings: object) -> Table:
    """Return a table with a new game whose first emails are composed; every seat is mailed
    every change unless `notify` says otherwise (the mail tests read every seat's email)."""
    settings.setdefault("notify", "every")
    config = load_config({"PBEM_HOME": str(tmp_path / "home"),
                          "PBEM_SECRET_KEY": "table-key",
                          "PBEM_BASE_URL": "https://games.example.org"})
    store = open_store("sqlite", tmp_path)
    loaded = create_game(store, game, seats or SEATS, seed_hex="ab" * 32,
                         **settings)  # type: ignore[arg-type]
    table = Table(store, config, loaded.meta.id)
    table.deliver()
    return table
