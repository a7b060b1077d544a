"""Joining by mail alone: the `join` line is read wherever it stands above the quote, and a
reply `confirm` to the confirmation mail, from the address it went to, takes the seat as its
link does (once; from another address, or naming no confirmation mail, it takes nothing)."""
from __future__ import annotations

from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from service.base.config import Config
from service.game.loading import load_game
from service.mail.compose import compose_reply
from service.mail.inbound import receive_email
from service.opentables.lifecycle import open_game
from service.orders.creation import NewSeat
from service.orders.processing import process_submission
from service.store.records import Submission
from service.store.store import Store

from .test_public_address import PUBLIC, _config

GREETING = "Hi!\n\nI saw your club's game and would love to play.\n\n"


def _send(store: Store, config: Config, body: str, sender: str, *, in_reply_to: str = "",
          key: str = "") -> str:
    """Mail `body` to the public address (as a reply when `in_reply_to` is given); return the
    text of the answer."""
    kept = _submit(store, config, body, sender, in_reply_to=in_reply_to, key=key)
    answer = compose_reply(store, config, kept)
    assert answer is not None
    return str(answer.get_body(("plain",)).get_content())  # type: ignore[union-attr]


def _submit(store: Store, config: Config, body: str, sender: str, *, in_reply_to: str = "",
            key: str = "") -> Submission:
    """Mail `body` to the public address and process it; return the stored submission."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, PUBLIC, "Re: your seat"
    message["Message-ID"] = f"<{abs(hash(body + sender + key))}@players.test>"
    if in_reply_to:
        message["In-Reply-To"] = in_reply_to
    message.set_content(body + "\n")
    sub, _ = receive_email(store, bytes(message), envelope_from=sender, envelope_to=[PUBLIC])[0]
    process_submission(store, sub.id, config=config)
    kept = store.get_submission(sub.id)
    assert kept is not None
    return kept


def _confirmation(config: Config, address: str) -> EmailMessage:
    """Return the newest confirmation mail sent to `address`."""
    found = []
    for path in sorted(config.mail_dir.glob("join-*.eml"), key=lambda p: p.stat().st_mtime_ns):
        mail = message_from_bytes(path.read_bytes(), policy=policy.default)
        if address in str(mail["To"]):
            found.append(mail)
    assert found, address
    return found[-1]


def test_a_join_below_a_greeting_is_read_and_confirmed_by_reply(store: Store,
                                                                 tmp_path: Path) -> None:
    config = _config(tmp_path)
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex="31" * 32).meta.id
    said = _send(store, config, f"{GREETING}join {game_id} as Dora\n\nThanks, Dora",
                 "dora@players.test")
    assert "follow the link just mailed to dora@players.test" in said
    mail = _confirmation(config, "dora@players.test")
    assert mail["Reply-To"] == PUBLIC
    assert "reply to this email with the single word" in str(
        mail.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    reference = str(mail["Message-ID"])
    quoted = "\n".join("> " + line for line in str(
        mail.get_body(("plain",)).get_content()).splitlines())  # type: ignore[union-attr]
    # The same words from another address take nothing.
    forged = _send(store, config, "confirm", "eve@players.test", in_reply_to=reference)
    assert "not a reply to a confirmation mail sent to your address" in forged
    assert [s.name for s in load_game(store, game_id).meta.seats] == ["anna"]
    taken = _send(store, config, f"confirm\n\nOn Monday you wrote:\n{quoted}",
                  "Dora@Players.test", in_reply_to=reference)
    assert f"You have seat dora at Secret Masters (game {game_id})" in taken
    assert "2 of 3 seats are taken" in taken
    seats = load_game(store, game_id).meta.seats
    assert [(s.name, s.player, s.email) for s in seats][1] == ("dora", "Dora",
                                                              "dora@players.test")
    # A fourth answer within the hour to the address that joined by mail is past the budget of
    # mail to addresses not proven to be a player's: nothing is mailed, and nothing is taken twice.
    again = _submit(store, config, "confirm", "dora@players.test", in_reply_to=reference,
                    key="again")
    assert compose_reply(store, config, again) is None
    assert len(load_game(store, game_id).meta.seats) == 2


def test_confirm_naming_no_confirmation_mail_takes_nothing(store: Store,
                                                           tmp_path: Path) -> None:
    config = _config(tmp_path)
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex="32" * 32).meta.id
    _send(store, config, f"join {game_id} as Dora", "dora@players.test")
    said = _send(store, config, "confirm", "dora@players.test")
    assert "only in a reply to the confirmation mail" in said
    made_up = f"<join.{'a' * 42}@{config.mail_domain}>"
    # Another address: dora has had the three answers an hour that an unproven address gets.
    said = _send(store, config, "confirm", "fred@players.test", in_reply_to=made_up, key="x")
    assert "not a reply to a confirmation mail" in said
    assert len(load_game(store, game_id).meta.seats) == 1


def test_chat_that_is_no_command_is_answered_with_the_commands(store: Store,
                                                               tmp_path: Path) -> None:
    config = _config(tmp_path)
    said = _send(store, config, "Hi!\nHow do I play here?", "newcomer@players.test")
    assert "Nothing here was read" in said and "confirm" in said


def test_joins_by_mail_obey_the_per_game_limit(store: Store, tmp_path: Path) -> None:
    from dataclasses import replace
    from datetime import timedelta

    from service.base import clock

    config = replace(_config(tmp_path), join_game_rate=(2, 3600))
    seats = [NewSeat("anna", "anna@example.org")]
    game_id = open_game(store, "secret-masters", seats, 2, seed_hex="32" * 32,
                        game_id="0a0b0c41").meta.id
    other = open_game(store, "secret-masters", seats, 2, seed_hex="33" * 32,
                      game_id="0a0b0c42").meta.id
    for name in ("dora", "emil"):
        said = _send(store, config, f"join {game_id} as {name.title()}", f"{name}@players.test")
        assert "follow the link just mailed" in said
    refused = _send(store, config, f"join {game_id} as Fay", "fay@players.test")
    assert f"Too many requests to join game {game_id} came in the last hour" in refused
    assert "follow the link" not in refused
    assert not [p for p in config.mail_dir.glob("join-*.eml") if "fay@" in p.read_text()]
    # another game is not held back, and the game takes requests again an hour later
    assert "follow the link just mailed" in _send(store, config, f"join {other} as Fay",
                                                  "fay@players.test")
    clock.set_now(clock.now() + timedelta(seconds=3601))
    try:
        assert "follow the link just mailed" in _send(
            store, config, f"join {game_id} as Fay", "fay@players.test", key="later")
    finally:
        clock.set_now(None)
