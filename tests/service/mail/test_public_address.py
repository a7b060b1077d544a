"""The public address: `games` lists what is open, `join` mails a confirmation link, anything
else is answered with what the address takes; it is taken by the SMTP check, unlike others."""
from __future__ import annotations

from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from service.base.config import Config, load_config
from service.game.loading import load_game
from service.mail.compose import compose_reply
from service.mail.inbound import receive_email, recipient_refusal
from service.opentables.joining import confirm_join
from service.opentables.lifecycle import open_game
from service.orders.creation import NewSeat, create_game
from service.orders.processing import process_submission
from service.seats.master import offer_seat
from service.store.store import Store

DOMAIN = "games.example.org"
PUBLIC = f"games@{DOMAIN}"


def _config(tmp_path: Path) -> Config:
    return load_config({"PBEM_HOME": str(tmp_path / "home"), "PBEM_SECRET_KEY": "public",
                        "PBEM_MAIL_DOMAIN": DOMAIN, "PBEM_BASE_URL": "https://g.example.org"})


def _write(store: Store, config: Config, body: str, sender: str = "dora@players.test") -> str:
    """Mail `body` to the public address; return the text of the answer."""
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, PUBLIC, "hello"
    message["Message-ID"] = f"<{abs(hash(body + sender))}@players.test>"
    message.set_content(body + "\n")
    sub, _ = receive_email(store, bytes(message), envelope_from=sender, envelope_to=[PUBLIC])[0]
    process_submission(store, sub.id, config=config)
    kept = store.get_submission(sub.id)
    assert kept is not None
    answer = compose_reply(store, config, kept)
    assert answer is not None and answer["To"] == sender
    return str(answer.get_body(("plain",)).get_content())  # type: ignore[union-attr]


def test_the_public_address_is_taken_at_the_door(store: Store, tmp_path: Path) -> None:
    config = _config(tmp_path)
    assert recipient_refusal(store, config, PUBLIC) == ""
    assert recipient_refusal(store, config, f"<GAMES@{DOMAIN}>") == ""
    assert recipient_refusal(store, config, f"other@{DOMAIN}").startswith("550")


def test_games_lists_open_tables_and_offered_seats(store: Store, tmp_path: Path) -> None:
    config = _config(tmp_path)
    table = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                      seed_hex="11" * 32, deadline_hours=48).meta.id
    hidden = open_game(store, "secret-masters", [], 3, seed_hex="12" * 32, listed=False).meta.id
    text = _write(store, config, "games")
    assert f"{table}  " in text and "1 of 3 seats taken, 48 h per decision" in text
    assert hidden not in text
    # A running game's seat offered for a replacement is listed too.
    game = create_game(store, "secret-masters", [NewSeat(n, f"{n}@example.org") for n in
                                                 ("anna", "bruno", "carla")],
                       seed_hex="14" * 32).meta.id
    offer_seat(store, game, "bruno")
    assert f"{game}  Secret Masters: seat bruno" in _write(store, config, "games",
                                                          "eve@players.test")


def test_join_mails_a_link_that_takes_the_seat(store: Store, tmp_path: Path) -> None:
    config = _config(tmp_path)
    game_id = open_game(store, "secret-masters", [NewSeat("anna", "anna@example.org")], 2,
                        seed_hex="21" * 32).meta.id
    text = _write(store, config, f"join {game_id} as Dora")
    assert "follow the link just mailed to dora@players.test" in text
    mails = sorted(config.mail_dir.glob("join-*.eml"))
    assert len(mails) == 1
    link = message_from_bytes(mails[0].read_bytes(), policy=policy.default)
    assert link["To"].addresses[0].addr_spec == "dora@players.test"  # type: ignore[union-attr]
    body = link.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    token = body.split("/join/")[1].split()[0]
    joined = confirm_join(store, config.secret_key(), token)
    assert joined.game_id == game_id and joined.player == "Dora"
    assert "dora@players.test" in [s.email for s in load_game(store, game_id).meta.seats]


def test_join_errors_and_anything_else_are_answered_in_words(store: Store,
                                                             tmp_path: Path) -> None:
    config = _config(tmp_path)
    assert "There is no game 0badc0de" in _write(store, config, "join 0badc0de as Dora")
    assert "Write `join GAME_ID as YOUR NAME`" in _write(store, config, "join me please")
    answer = _write(store, config, "vote red")
    assert "Nothing here was read" in answer and "own reply address" in answer
    assert "join GAME_ID as NAME" in _write(store, config, "help", "eve@players.test")
