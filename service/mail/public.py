"""The public address (games@ the mail domain): what anyone may write to it, and the answer.

    games                          the open games, and seats open for a replacement
    join GAME_ID as NAME           ask for a seat of an open game (or an invitation's game)
    join GAME_ID seat SEAT as NAME ask to take over a seat open for a replacement
    confirm                        (in a reply to a confirmation mail) take the seat it offers
    ratings TITLE                  the best players of a title (e.g. `ratings masons`)
    me                             the sender's ratings and reliability record
    help                           this list

The command is the first line above the quoted mail that is one (a greeting before it is
skipped, as it is before orders). A join mails a single-use confirmation link to the sender's
address, as the join page does: the seat is taken only when the link is followed, or when the
same address replies `confirm` to that mail (its Message-ID names a signed reference that
only that mail carries), so a forged sender gets a link it never follows, and at most one per
game while an earlier one waits. Orders never go here: each seat has its own reply address.

Every answer and link goes to an address that has not proven it plays here, so each is mail to
a stranger (`service.mail.strangers`): a sender the trusted relay did not see pass DMARC (or
SPF) is neither answered nor read, and past the budget nothing more is mailed.
"""
from __future__ import annotations

import re
from email.message import EmailMessage

from engine.core import all_games
from service.base.config import Config
from service.base.inputs import InputRefused, check_email
from service.base.metrics import count_stranger_mail
from service.game.current import GameLists, LogWithConnections, games_at_rows
from service.game.loading import load_game
from service.game.meta import GameMeta, normal_address
from service.mail.reading import extract_orders
from service.mail.strangers import sender_may_be_answered
from service.opentables.joining import JOIN, UnknownLink, ask_to_join, confirm_by_reply
from service.opentables.lifecycle import expired, taken
from service.opentables.mails import replied_join
from service.orders.results import ServiceError, SubmissionResult
from service.store.links import MailLinks
from service.store.store import Store, Submission

LISTED = 200
"""How many of the newest games `games` looks through (the lobby shows as many)."""
JOIN_LINE = re.compile(r"^join\s+(?P<game>[0-9a-f]{8})(?:\s+seat\s+(?P<seat>[a-z][a-z0-9_-]*))?"
                       r"\s+as\s+(?P<name>.+)$", re.IGNORECASE)
USAGE = ("This address takes seven commands, each on a line of its own above any quoted "
         "mail:\n"
         "  games                           lists the open games and the seats open for a "
         "replacement\n"
         "  join GAME_ID as NAME            asks for a seat of an open game, e.g. "
         "`join 1a2b3c4d as Anna`\n"
         "  join GAME_ID seat SEAT as NAME  asks to take over a seat open for a replacement\n"
         "  confirm                         in a reply to a confirmation mail: takes its seat\n"
         "  ratings TITLE                   lists the best players of a title, e.g. "
         "`ratings masons`\n"
         "  me                              your ratings and reliability record\n"
         "  help                            this list\n"
         "Orders are not read here: each seat has its own reply address, the Reply-To of its "
         "turn emails.")
COMMANDS = ("games", "list", "join", "confirm", "ratings", "me", "help", "?")
WITH_WORDS = ("join", "ratings")
"""The commands that take words after them (any other is a word alone on its line)."""


def answer_public(store: Store, config: Config, sub: Submission, message: EmailMessage,
                  in_reply_to: str = "") -> SubmissionResult:
    """Answer a mail to the public address: the open games, a join, or how to write here."""
    if not sender_may_be_answered(config, message, sub.sender or ""):
        count_stranger_mail("answer", "unproven")
        raise ServiceError("The sender was not proven (no trusted DMARC or SPF pass): the "
                           "public address answers no mail from it.", "unproven-sender")
    lines = [line.strip() for line in extract_orders(message).lines if line.strip()]
    first = next((line for line in lines if _command(line)), "")
    word = _command(first)
    if word in ("games", "list"):
        return SubmissionResult(sub.id, "talk", notes=(open_games_text(store),))
    if word == "join":
        return SubmissionResult(sub.id, "talk", notes=(_join(store, config, sub, first),))
    if word == "confirm":
        return SubmissionResult(sub.id, "talk", notes=(
            _confirm(store, config, sub, in_reply_to),))
    if word in ("ratings", "me"):
        return SubmissionResult(sub.id, "talk", notes=(_ratings(store, config, sub, first),))
    if word in ("help", "?"):
        return SubmissionResult(sub.id, "talk", notes=(USAGE,))
    raise ServiceError("Nothing here was read: " + USAGE, "unsigned-address")


def _command(line: str) -> str:
    """Return the command a line gives ('' for none): a command word alone, or `join` or
    `ratings` followed by what it asks (a line of chat that begins with "join" is a join
    too)."""
    words = line.lower().rstrip(".!").split()
    if not words or words[0] not in COMMANDS:
        return ""
    return words[0] if len(words) == 1 or words[0] in WITH_WORDS else ""


def _confirm(store: Store, config: Config, sub: Submission, in_reply_to: str) -> str:
    """Take the seat of the confirmation mail this mail replies to; return what was done."""
    reply = replied_join(in_reply_to)
    if not reply:
        raise ServiceError("`confirm` takes a seat only in a reply to the confirmation mail "
                           "(keep its subject and send your reply from the address it came "
                           "to), or follow the link in that mail.", "bad-confirm")
    try:
        joined = confirm_by_reply(store, config.secret_key(), reply, sub.sender or "")
    except UnknownLink:
        raise ServiceError("This is not a reply to a confirmation mail sent to your address: "
                           "follow the link in that mail, or reply to it from the address it "
                           "came to.", "bad-confirm") from None
    store.set_submission_route(sub.id, joined.game_id, "")
    meta = load_game(store, joined.game_id).meta
    if joined.takeover:
        return (f"You play seat {joined.seat} of {meta.title} (game {joined.game_id}) now. "
                "Your welcome email, with the game so far and how to reply, is on its way.")
    if meta.started:
        return (f"You have seat {joined.seat}, and every seat is taken: {meta.title} (game "
                f"{joined.game_id}) has started. Your first turn email is on its way.")
    needed = meta.table.seats_needed if meta.table else len(meta.seats)
    return (f"You have seat {joined.seat} at {meta.title} (game {joined.game_id}). "
            f"{len(meta.seats)} of {needed} seats are taken; the game starts when the last "
            "one is. A notice with a link to give the seat back is on its way.")
def _ratings(store: GameLists, config: Config, sub: Submission, line: str) -> str:
    """Answer `ratings TITLE` or `me` (the sender's record, mailed to the sender alone)."""
    from service.ratings.mailtext import me_text, title_text

    words = line.split()
    if words[0].lower() == "me":
        try:
            email = check_email(sub.sender or "", "your address")
        except InputRefused as exc:
            raise ServiceError(str(exc), "bad-email") from None
        return me_text(store, email, config.base_url)
    names = [game.name for game in all_games()]
    if len(words) != 2 or words[1].lower() not in names:
        raise ServiceError(f"Write `ratings TITLE`, TITLE one of {', '.join(names)}.",
                           "bad-ratings")
    return title_text(store, words[1].lower(), config.base_url)


def open_games_text(store: GameLists) -> str:
    """Return the open games and the seats open for a replacement, one line each."""
    loaded = games_at_rows(store, store.newest_games(LISTED))
    metas = [game.meta for game in loaded.values()]
    tables = [meta for meta in metas if _joinable(meta)]
    offered = [meta for meta in metas if meta.offered and not meta.finished and meta.started]
    lines = ["Open games (to join, write `join GAME_ID as YOUR NAME` here):"]
    lines += [_table_line(meta) for meta in tables] or ["  none just now"]
    lines += ["", "Seats open for a replacement (write `join GAME_ID seat SEAT as YOUR NAME`):"]
    lines += [f"  {meta.id}  {meta.title}: seat {seat}"
              for meta in offered for seat in sorted(meta.offered)] or ["  none just now"]
    return "\n".join(lines)


def _joinable(meta: GameMeta) -> bool:
    """Return whether an open table is listed and waits for players."""
    table = meta.table
    return (table is not None and meta.waiting_for_players and table.listed
            and not expired(table))


def _table_line(meta: GameMeta) -> str:
    """Return one open game: id, title, seats taken of needed, deadline hours."""
    assert meta.table is not None
    needed = taken(meta) + meta.table.open_seats
    hours = f", {meta.deadline_hours} h per decision" if meta.deadline_hours else ""
    return f"  {meta.id}  {meta.title}: {taken(meta)} of {needed} seats taken{hours}"


def _span(seconds: int) -> str:
    """Return a window of time in words: "hour", "2 hours", "10 minutes"."""
    if seconds % 3600 == 0:
        return "hour" if seconds == 3600 else f"{seconds // 3600} hours"
    return f"{max(1, seconds // 60)} minutes"


def _join(store: LogWithConnections, config: Config, sub: Submission, line: str) -> str:
    """Mail a confirmation link for the join asked on `line`; return what was done."""
    from service.mail.joinlink import mail_join_link

    match = JOIN_LINE.match(line)
    if match is None:
        raise ServiceError("Write `join GAME_ID as YOUR NAME` (or `join GAME_ID seat SEAT as "
                           "YOUR NAME` for a seat open for a replacement).", "bad-join")
    try:
        email = check_email(sub.sender or "", "your address")
    except InputRefused as exc:
        raise ServiceError(str(exc), "bad-email") from None
    game_id = match["game"].lower()
    if store.get_game(game_id) is None:
        raise ServiceError(f"There is no game {game_id}: write `games` for the open ones.",
                           "unknown-game")
    limit, window = config.join_game_rate  # per game, as on the web (a club shares a game)
    if MailLinks(store).asked_for_game(JOIN, game_id, window) >= limit:
        return (f"Too many requests to join game {game_id} came in the last "
                f"{_span(window)}: write again later.")
    if MailLinks(store).waiting(normal_address(email), JOIN) >= 3:
        return ("Links to confirm a seat already wait for your address: follow one of them, "
                "or write again once they have expired (48 hours).")
    asked = ask_to_join(store, config.secret_key(), game_id, match["name"].strip(), email,
                        seat=(match["seat"] or "").lower())
    mail_join_link(store, config, asked)
    what = f"seat {asked.seat} of" if asked.seat else "a seat in"
    return (f"To take {what} {asked.title} (game {game_id}), follow the link just mailed to "
            f"{email}; it works once, for 48 hours. Nothing is taken until then.")
