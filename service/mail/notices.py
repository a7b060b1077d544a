"""Short notices outside the turn emails: a player told that their seat was handed on, and
the game master's mails; each with a text and an HTML part."""
from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime

from service.base import clock
from service.base.config import Config
from service.base.inputs import mailbox
from service.base.templating import render_template
from service.game.loading import load_game
from service.game.meta import GameMeta, format_time
from service.game.opentableevents import PlayerJoined, PlayerLeft
from service.store.roles import EventLog
from service.store.store import OutboxRow


def compose_replaced(store: EventLog, config: Config, row: OutboxRow,
                     message_id: str) -> EmailMessage | None:
    """Return the notice to a seat's previous player that someone else plays it now."""
    before = load_game(store, row.game_id, upto=row.seq - 1).meta
    after = load_game(store, row.game_id, upto=row.seq).meta
    old, new = before.seat(row.recipient), after.seat(row.recipient)
    if (old.email == new.email and old.player == new.player) or not old.email:
        return None  # nothing changed, or the seat had no address (the house played it)
    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = mailbox(old.player, old.email)
    message["Subject"] = f"[{after.title} {after.id}] you no longer play seat {row.recipient}"
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = message_id
    message["Auto-Submitted"] = "auto-generated"
    message["X-Pbem-Game"] = after.id
    game_url = f"{config.base_url}/games/{after.id}"
    message.set_content(
        f"Hello {old.player},\n\nThe game master handed seat {row.recipient} of {after.title} "
        f"(game {after.id}) to {new.player}. Your private link and reply address for this "
        f"seat no longer work.\n\nThank you for playing. The game's public page is {game_url}\n")
    message.add_alternative(render_template(
        "email/replaced.html", subject=str(message["Subject"]), player=old.player,
        seat=row.recipient, title=after.title, game_id=after.id, new_player=new.player,
        game_url=game_url), subtype="html")
    return message


MASTER_SUBJECTS = {"master-link": "your game master link",
                   "master-replaced": "a seat has a new player",
                   "master-default": "a deadline passed",
                   "master-bounce": "mail to a seat bounces",
                   "master-joined": "a player joined",
                   "master-left": "a player left the table",
                   "master-started": "the game has started",
                   "master-expired": "given up: not enough players",
                   "master-cancelled": "cancelled"}
TABLE_NEWS = {"master-joined": "every", "master-left": "every", "master-started": "outcome",
              "master-expired": "outcome", "master-cancelled": "outcome"}
"""The game master's news of an open table, each with the least setting that mails it."""


def master_wants(meta: GameMeta, kind: str) -> bool:
    """Return whether the game master's setting has a table's news of `kind` mailed."""
    least = TABLE_NEWS.get(kind)
    if least is None or meta.table is None:
        return True
    setting = meta.table.master_notices
    return setting == "every" or (setting == "outcome" and least == "outcome")


def compose_master(store: EventLog, config: Config, row: OutboxRow,
                   message_id: str) -> EmailMessage | None:
    """Return the game master's email of a row: the master link, or a copy of a seat event."""
    from service.base.tokens import signature

    meta = load_game(store, row.game_id).meta
    if row.kind.startswith(("master-report.", "operator-report.")):
        return _report_mail(store, config, meta, row, message_id)
    if not meta.master_email or row.kind not in MASTER_SUBJECTS or not master_wants(meta,
                                                                                   row.kind):
        return None
    sig = signature(config.secret_key(), meta.id, "*", 0, "admin")
    link = f"{config.base_url}/admin/games/{meta.id}/{sig}"
    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = meta.master_email
    message["Subject"] = f"[{meta.title} {meta.id}] {MASTER_SUBJECTS[row.kind]}"
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = message_id
    message["Auto-Submitted"] = "auto-generated"
    message["X-Pbem-Game"] = meta.id
    text = _master_text(store, row, link)
    message.set_content(text + f"\n\nYour game master page (keep it private): {link}\n")
    message.add_alternative(render_template("email/master.html", subject=str(message["Subject"]),
                                            text=text, link=link), subtype="html")
    return message


def _report_mail(store: EventLog, config: Config, meta: GameMeta, row: OutboxRow,
                 message_id: str) -> EmailMessage | None:
    """Return the mail of a player's report to the game master or to the operator (None
    when there is no such address, or the report is gone)."""
    from service.base.tokens import signature
    from service.seats.civility import report_genuine, report_text
    from service.store.moderation import Moderation

    operator = row.kind.startswith("operator-")
    to = config.operator_email if operator else meta.master_email
    kept = Moderation(store).get(int(row.payload.get("report", 0)))  # type: ignore[arg-type]
    if not to or kept is None:
        return None
    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = to
    message["Subject"] = f"[{meta.title} {meta.id}] a player's report"
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = message_id
    message["Auto-Submitted"] = "auto-generated"
    message["X-Pbem-Game"] = meta.id
    text = report_text(kept, report_genuine(config.secret_key(), kept))
    if operator:
        link = f"{config.base_url}/admin/moderation"
        where = "The moderation page (signed in as the operator)"
    else:
        sig = signature(config.secret_key(), meta.id, "*", 0, "admin")
        link = f"{config.base_url}/admin/games/{meta.id}/{sig}"
        where = "Your game master page (keep it private)"
    message.set_content(text + f"\n\n{where}: {link}\n")
    message.add_alternative(render_template("email/master.html", subject=str(message["Subject"]),
                                            text=text, link=link), subtype="html")
    return message


def _master_text(store: EventLog, row: OutboxRow, link: str) -> str:
    """Return what the game master is told for one row."""
    meta = load_game(store, row.game_id, upto=row.seq).meta
    if row.kind == "master-link" and meta.waiting_for_players and meta.table is not None:
        named = ", ".join(f"{s.name} ({s.player})" for s in meta.seats) or "nobody yet"
        return (f"You run {meta.title}, game {meta.id}, open for {meta.table.open_seats} "
                f"more player(s) besides {named}. It starts when its last seat is taken. "
                "From the page below you can start it earlier, cancel it, and make or revoke "
                "invitation links; once it runs, the usual tools.")
    if row.kind == "master-link":
        seats = ", ".join(f"{s.name} ({s.player} <{s.email}>)" for s in meta.seats)
        return (f"You run {meta.title}, game {meta.id}, for {seats}. From the page below "
                "you can pause and resume the game, extend a seat's deadline, apply a "
                "default now, replace a player, write to every player and end the game.")
    if row.kind == "master-bounce":
        return _bounce_text(meta)
    if row.kind in TABLE_NEWS:
        return table_news_text(store, row.game_id, row.seq) + (
            "\n\nWhich of these you are mailed is yours to choose on your page; it lists "
            "them all.")
    if row.kind == "master-replaced":
        return ("The seats now are: " + ", ".join(f"{s.name}: {s.player} <{s.email}>"
                                                  for s in meta.seats) + ".")
    lines = [line for line in store.events(row.game_id, after_seq=row.seq - 1, upto=row.seq)]
    seat = next((str(line.payload.get("seat", "")) for line in lines), "")
    from service.sweeps.deadlines import default_notice

    return default_notice(load_game(store, row.game_id, upto=row.seq),
                          load_game(store, row.game_id), seat)


def table_news_text(store: EventLog, game_id: str, seq: int) -> str:
    """Return what the game master is told of a table's news appended up to `seq`: who joined
    or left and how many seats are taken, or that it started, expired or was cancelled."""
    from service.game.events import SERVICE_EVENTS

    meta = load_game(store, game_id, upto=seq).meta
    table = meta.table
    assert table is not None
    stored = store.events(game_id, after_seq=max(seq - 40, 0), upto=seq)
    items = [SERVICE_EVENTS.load(line.type, line.payload, line.schema_version)
             for line in stored if line.type.startswith("table.")]
    last = items[-1] if items else None
    taken = f"{len(meta.seats)} of {table.seats_needed} seats are taken"
    until = table.expires[:16].replace("T", " ") + " UTC"
    players = ", ".join(f"{s.name} ({s.player})" for s in meta.seats) or "nobody"
    if isinstance(last, PlayerJoined):
        return (f"{last.player} joined {meta.title} (game {meta.id}) as seat {last.seat}. "
                f"{taken}: {players}. It waits for its players until {until}.")
    if isinstance(last, PlayerLeft):
        return (f"Seat {last.seat} was given back by its player. {taken}: {players}. It "
                f"waits for its players until {until}.")
    if table.status == "started":
        return (f"{meta.title} (game {meta.id}) has started with {players}: every player "
                "has their first turn email.")
    if table.status == "expired":
        return (f"{meta.title} (game {meta.id}) did not find its players by {until} and was "
                f"given up; those who had joined ({players}) are told.")
    return (f"{meta.title} (game {meta.id}) is cancelled; those who had joined ({players}) "
            "are told.")


def _bounce_text(meta: GameMeta) -> str:
    """Return what the game master is told when a seat's mail bounces for good."""
    from service.time.absence import bouncing_until

    lines = []
    for name, failing in sorted(meta.mail_failing.items(), key=lambda item: item[1].since):
        seat = meta.seat(name)
        until = format_time(bouncing_until(meta, failing.since))[:16].replace("T", " ")
        lines.append(f"Mail to {name} ({seat.player} <{seat.email}>) bounces since "
                     f"{failing.since[:16].replace('T', ' ')} UTC: {failing.reason}\n"
                     f"The seat's deadlines wait as for an absence, until {until} UTC at the "
                     "latest; then its defaults are played.")
    if not lines:
        return "Mail to a seat bounced, and goes through again since."
    return ("\n\n".join(lines) + "\n\nIf the player has a new address, hand the seat over "
            "to it (\"Replace the player\" on your page, or `pbem replace`); if the player is "
            "gone, you can offer the seat to a newcomer.")


def suspension_message(config: Config, address: str, reason: str) -> EmailMessage:
    """Return the mail that tells an address it is suspended from open tables, and why."""
    from email.utils import make_msgid

    message = EmailMessage()
    message["From"] = config.mail_from
    message["To"] = address
    message["Subject"] = "suspended from open tables"
    message["Date"] = format_datetime(clock.now())
    message["Message-ID"] = make_msgid(idstring="suspended", domain=config.mail_domain)
    message["Auto-Submitted"] = "auto-generated"
    text = ("The operator of this game service suspended this address from its open tables: "
            "it cannot take a seat at a game open for players to join until the suspension "
            f"is lifted. The games you play already go on.\n\nWhy: {reason}\n\n"
            f"To discuss it, write to {config.operator_email or config.public_address}.")
    message.set_content(text + "\n")
    return message
