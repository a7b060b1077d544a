"""A mail never asks for what is answered: a decision answered for a seat (its own sealed
answer, a standing answer the game keeps, an answer ahead, a forced one) is told as answered,
with until when the seat may change it, never as what it must do now; under `notify act` a
seat is not mailed because another seat answered a sealed step; turn mails say whom the table
waits for. Played by mail through the service (Secret Masters votes, Illuminati windows that
a seat's default `pass only` answers)."""
from __future__ import annotations

import hashlib
import re
from email.message import EmailMessage
from pathlib import Path

from engine.core.rng import Rng
from service.game.loading import load_game
from service.game.numbers import mailed_seq
from service.orders.creation import NewSeat
from tests.service.tablemail import SEATS, Table, open_table, text_of

MUST = "WHAT YOU MUST DO NOW"
ANSWERED = "YOUR ANSWER IS IN"
FOUR = [*SEATS, NewSeat("dora", "dora@example.org", "Dora")]


def _seq_of(table: Table, seat: str, mail: EmailMessage) -> int:
    """Return the log's seq of the event a turn mail shows (its Message-ID names the seat's
    own number of it)."""
    found = re.match(r"<\w+\.(n?\d+)\.", str(mail["Message-ID"]))
    assert found is not None
    return mailed_seq(table.store, table.game_id, seat, found.group(1))


def _play(table: Table, replies: int, tag: str) -> None:
    """Answer open decisions with random legal orders by mail (pinned choices)."""
    rng = Rng(hashlib.sha256(tag.encode()).digest())
    for _ in range(replies):
        loaded = load_game(table.store, table.game_id)
        prompts = [p for p in loaded.game.prompts(loaded.state) if not p.submitted]
        if loaded.meta.finished or not prompts:
            return
        prompt = rng.choice(prompts)
        text = loaded.game.format_order(
            loaded.game.random_legal_order(loaded.state, prompt.seat, rng))
        if text.startswith("auto-pass"):
            continue
        assert table.write(prompt.seat, text + "\n").status == "accepted", text


def _answered_mails(table: Table) -> list[tuple[str, EmailMessage, bool | None]]:
    """Return (seat, mail, whether its decision was answered for it when it was written;
    None: it had none) of every turn mail the seats got."""
    found = []
    for seat in table.sent:
        for mail in table.mails(seat, "turn"):
            then = load_game(table.store, table.game_id, upto=_seq_of(table, seat, mail))
            prompt = then.game.prompt_for(then.state, seat)
            found.append((seat, mail, None if prompt is None else prompt.submitted))
    return found


def test_a_sealed_vote_is_told_as_answered_and_others_are_not_mailed_for_it(
        tmp_path: Path) -> None:
    table = open_table(tmp_path, game="secret-masters", game_id="5ec0e7a1", notify="act")
    for _ in range(10):  # to the first vote
        loaded = load_game(table.store, table.game_id)
        prompts = loaded.game.prompts(loaded.state)
        if len(prompts) > 1:
            break
        first = loaded.game.legal_orders(loaded.state, prompts[0].seat)[0]
        table.write(prompts[0].seat, loaded.game.format_order(first) + "\n")
    voters = [p.seat for p in prompts]
    assert len(voters) == 3 and all(p.simultaneous for p in prompts)  # all at once, sealed
    before = {seat: len(table.mails(seat)) for seat in voters}
    vote = loaded.game.format_order(loaded.game.legal_orders(loaded.state, voters[0])[0])
    assert table.write(voters[0], vote + "\n").status == "accepted"
    # the others were asked already: one seat's sealed answer is news for their next mail
    assert {seat: len(table.mails(seat)) for seat in voters[1:]} == {
        seat: before[seat] for seat in voters[1:]}
    answer = text_of(table.answers[-1])
    assert MUST not in answer and ANSWERED in answer
    assert f"You answered: {vote}." in answer and "You may change it by writing another " \
        "answer until" in answer
    assert "Still waiting for " in answer  # the waiting line rides on turn mails too
    # a second vote: still nothing for the third seat, which has not answered
    vote2 = loaded.game.format_order(loaded.game.legal_orders(loaded.state, voters[1])[0])
    table.write(voters[1], vote2 + "\n")
    assert len(table.mails(voters[2])) == before[voters[2]]
    assert len(table.mails(voters[0])) == before[voters[0]]


def test_with_every_change_mailed_an_answered_vote_is_never_asked_again(
        tmp_path: Path) -> None:
    table = open_table(tmp_path, game="secret-masters", game_id="5ec0e7a1", notify="every")
    _play(table, 40, "answered-votes")
    mails = _answered_mails(table)
    answered = [(seat, mail) for seat, mail, done in mails if done]
    assert answered, "no seat was mailed about a vote it had cast"
    for seat, mail, done in mails:
        body = text_of(mail)
        assert (MUST in body) == (done is False), (seat, mail["Subject"])
        if done:
            assert ANSWERED in body and "You answered: vote" in body
            assert str(mail["Subject"]).endswith(": news")


def test_illuminati_windows_answered_by_pass_only_ask_nothing(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="illuminati", seats=FOUR[:3], game_id="11a5e7a1",
                       notify="every")
    _play(table, 120, "answered-windows")
    mails = _answered_mails(table)
    kept = [(seat, text_of(mail)) for seat, mail, done in mails if done]
    assert kept, "no window was answered for a seat by its standing answer"
    for seat, mail, done in mails:
        assert (MUST in text_of(mail)) == (done is False), (seat, mail["Subject"])
    for _seat, body in kept:
        assert ANSWERED in body
        assert "Your standing answer answers it for you (windows: pass only)." in body
        # pass only answers where the seat could only pass: there is nothing to change to
        assert "Nothing more is asked of you here." in body
        assert "You can write:" not in body.split(ANSWERED)[1].split("The board")[0]
        assert "who has answered stays private" in body


def test_under_notify_act_no_mail_asks_for_an_answered_window(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="illuminati", seats=FOUR[:3], game_id="11a5e7a1",
                       notify="act")
    _play(table, 120, "answered-windows")
    mails = _answered_mails(table)
    assert mails
    for seat, mail, done in mails:
        body = text_of(mail)
        assert MUST not in body or done is False, (seat, mail["Subject"])
        # a seat mailed under `act` is asked something, or its own order caused the mail
        assert MUST in body or ANSWERED in body or "Nothing to decide" in body
