"""A seat can trust what is done in its name: mail for a seat from another address than the
seat's own is held, the seat is asked by email, and only its confirmation acts on it."""
from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from service.game.loading import load_game
from service.mail.senders import release
from service.orders.results import ServiceError
from tests.service.tablemail import Table, open_table, text_of

MALLORY = "mallory@elsewhere.test"


def asked_of(table: Table, seat: str) -> list[EmailMessage]:
    """Return the emails that asked the seat to confirm a held message."""
    return [m for m in table.sent.get(seat, []) if ".confirm." in str(m["Message-ID"])]


def first_order(table: Table) -> tuple[str, str, int]:
    """Return the seat that must act, one of its legal orders as text, and the game's seq."""
    loaded = load_game(table.store, table.game_id)
    seat = loaded.game.prompts(loaded.state)[0].seat
    order = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    return seat, order, loaded.seq


def test_an_order_from_another_address_is_held_and_the_seat_asked(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    seat, order, seq = first_order(table)
    result = table.write(seat, order, headers={"From": MALLORY})
    assert result.status == "held" and result.code == "sender-unconfirmed"
    assert load_game(table.store, table.game_id).seq == seq  # nothing was done
    answer = table.answers[-1]
    assert answer["To"] == MALLORY and "asked by email to confirm" in text_of(answer)
    assert "What you can write" not in text_of(answer) and answer["Reply-To"] is None
    asked = asked_of(table, seat)
    assert len(asked) == 1 and MALLORY in text_of(asked[0]) and order in text_of(asked[0])
    assert f"{table.config.base_url}/confirm/{table.game_id}/{seat}/" in text_of(asked[0])
    assert str(asked[0]["To"]).endswith(f"<{seat}@example.org>")


def test_the_seat_confirms_by_reply_and_it_is_acted_on_once(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    seat, order, seq = first_order(table)
    held = table.write(seat, order, headers={"From": MALLORY})
    asked = asked_of(table, seat)[0]
    confirmed = table.write(seat, "confirm", in_reply_to=str(asked["Message-ID"]))
    assert confirmed.status == "talk" and confirmed.orders == (order,)
    assert any("Confirmed" in note for note in confirmed.notes)
    events = table.store.events(table.game_id)
    accepted = [e for e in events if e.type == "order.accepted" and e.seq > seq]
    assert len(accepted) == 1
    held_now = table.store.get_submission(held.submission_id)
    assert held_now is not None
    again = release(table.store, held_now)  # a second confirmation finds the first's copy
    assert not again[1]
    table.write(seat, "confirm", in_reply_to=str(asked["Message-ID"]))
    assert len([e for e in table.store.events(table.game_id)
                if e.type == "order.accepted" and e.seq > seq]) == 1


def test_a_confirm_that_answers_no_confirmation_email_is_no_confirmation(
        tmp_path: Path) -> None:
    table = open_table(tmp_path)
    seat, order, seq = first_order(table)
    table.write(seat, order, headers={"From": MALLORY})
    result = table.write(seat, "confirm")  # not a reply to the confirmation email
    assert result.status != "talk" or not result.orders
    assert load_game(table.store, table.game_id).seq == seq


def test_a_confirmation_from_another_address_is_held_too(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    seat, order, seq = first_order(table)
    table.write(seat, order, headers={"From": MALLORY})
    asked = asked_of(table, seat)[0]
    result = table.write(seat, "confirm", in_reply_to=str(asked["Message-ID"]),
                         headers={"From": MALLORY})
    assert result.status == "held"
    assert load_game(table.store, table.game_id).seq == seq


def test_a_game_for_any_sender_acts_at_once(tmp_path: Path) -> None:
    table = open_table(tmp_path, mail_senders="any")
    seat, order, seq = first_order(table)
    assert table.write(seat, order, headers={"From": MALLORY}).accepted
    assert load_game(table.store, table.game_id).seq > seq


def test_the_seats_own_address_is_compared_without_case_or_name(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    seat, order, _ = first_order(table)
    own = f"Someone <{seat.upper()}@Example.ORG>"
    assert table.write(seat, order, headers={"From": own}).accepted


def test_only_a_held_message_is_released(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    seat, order, _ = first_order(table)
    done = table.write(seat, order)
    kept = table.store.get_submission(done.submission_id)
    assert kept is not None
    try:
        release(table.store, kept)
    except ServiceError as exc:
        assert exc.code == "not-held"
    else:
        raise AssertionError("an accepted message was released")
