"""Sealed Bid through the service: created on a real SQLite store and played by email replies,
in-process; a late answer to an earlier round is refused as stale, by mail and by the order path
the web and the API use."""
from __future__ import annotations

from pathlib import Path

from tests.kit.playing import Table, audits, bid_table, now, submit, text_of
from tests.kit.sealed_bid.game import SealedBid

SEATS = ("anna", "bruno", "carla")


def lowest_card(table: Table, seat: str) -> int:
    """Return the lowest card in the seat's hand, read from its own view."""
    loaded = now(table)
    return int(loaded.game.view(loaded.state, seat)["you"]["hand"][0])


def bid_round_by_mail(table: Table) -> None:
    """Have every seat answer its latest turn mail with its lowest card."""
    for seat in SEATS:
        turn = table.mails(seat, "turn")[-1]
        result = table.write(seat, f"bid {lowest_card(table, seat)}\n",
                             in_reply_to=str(turn["Message-ID"]))
        assert result.accepted, result


def test_a_game_is_played_by_mail_to_its_end_and_audits(sealed_bid: SealedBid,
                                                        tmp_path: Path) -> None:
    table = bid_table(tmp_path)
    welcome = text_of(table.mails("anna", "turn")[0])
    assert "Sealed Bid" in welcome and "Your hand:" in welcome and "bid <card>" in welcome
    assert now(table).meta.deadlines["anna"].prompt_key == "r1.bid"
    for _ in range(4):
        bid_round_by_mail(table)
    loaded = now(table)
    assert loaded.meta.finished and sealed_bid.outcome(loaded.state) is not None
    assert "Auction over" in text_of(table.mails("anna")[-1])
    assert audits(table)


def test_a_late_reply_to_last_rounds_turn_mail_is_answered_as_stale(sealed_bid: SealedBid,
                                                                     tmp_path: Path) -> None:
    table = bid_table(tmp_path)
    last_round = table.mails("anna", "turn")[-1]
    bid_round_by_mail(table)
    loaded = now(table)
    prompt = loaded.game.prompt_for(loaded.state, "anna")
    assert prompt is not None and prompt.key == "r2.bid"
    late = table.write("anna", f"bid {lowest_card(table, 'anna')}\n",
                       in_reply_to=str(last_round["Message-ID"]))
    assert not late.accepted and late.code == "stale-order"
    assert "the game has moved on" in text_of(table.answers[-1])
    assert now(table).state.bidder("anna").sealed is None
    this_round = table.mails("anna", "turn")[-1]
    assert this_round["Message-ID"] != last_round["Message-ID"]
    taken = table.write("anna", f"bid {lowest_card(table, 'anna')}\n",
                        in_reply_to=str(this_round["Message-ID"]))
    assert taken.accepted


def test_an_order_naming_last_rounds_decision_is_refused_as_stale(sealed_bid: SealedBid,
                                                                  tmp_path: Path) -> None:
    table = bid_table(tmp_path)
    for seat in SEATS:
        assert submit(table, seat, "pass", "r1.bid").accepted
    stale = submit(table, "anna", "pass", "r1.bid")
    assert not stale.accepted and stale.code == "stale-order" and "bid <card>" in stale.legal
    assert submit(table, "anna", "pass", "r2.bid").accepted
