"""Masons at the pace of one mail, played by mail through the service: a new game scores
sealed, every seat asked at once; the wall's builder answers its scoring ahead in the mail of
its wall, a seat with a standing scoring answer is answered at once, and the one seat left
answers the city's scoring in one reply. No mail asks for a scoring already answered."""
from __future__ import annotations

from pathlib import Path

from engine.core.rng import Rng
from engine.masons.cities import new_closures
from engine.masons.orders import WallOrder
from service.game.loading import load_game
from tests.service.tablemail import Table, open_table, text_of

STANDING = "standing towers nearest the shore / houses either / merge none / swap none"
AHEAD = ", then towers nearest the shore, houses either, scoring best card"


def _closing_wall(table: Table, seat: str) -> str:
    """Return a wall the seat may build that completes a city ('' when none does)."""
    loaded = load_game(table.store, table.game_id)
    game, state = loaded.game, loaded.state
    for order in game.legal_orders(state, seat):
        if not isinstance(order, WallOrder):
            continue
        events = game.decide(state, seat, order, Rng(b"probe" * 7 + b"x"))
        if new_closures(game.fold(state, events)):  # its towers and houses come first
            return game.format_order(order)
    return ""


def test_a_city_is_scored_in_one_reply_of_the_one_seat_left(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="masons", game_id="3a5000a1", notify="act")
    assert load_game(table.store, table.game_id).meta.options["scoring"] == "sealed"
    for seat in ("anna", "bruno", "carla"):
        table.write(seat, STANDING + "\n")
    for _ in range(60):
        loaded = load_game(table.store, table.game_id)
        [prompt] = [p for p in loaded.game.prompts(loaded.state) if not p.submitted]
        seat = prompt.seat
        assert prompt.key.endswith(".wall"), prompt.key  # every other step is answered
        wall = _closing_wall(table, seat)
        if wall:
            break
        first = loaded.game.legal_orders(loaded.state, seat)[0]
        assert table.write(seat, loaded.game.format_order(first) + "\n").accepted
    else:
        raise AssertionError("no wall completed a city")
    others = [s for s in ("anna", "bruno", "carla") if s != seat]
    table.write(others[0], "standing scoring best card\n")
    mails = {s: len(table.mails(s)) for s in ("anna", "bruno", "carla")}
    answers = len(table.answers)
    assert table.write(seat, wall + AHEAD + "\n").accepted
    loaded = load_game(table.store, table.game_id)
    asked = [p for p in loaded.game.prompts(loaded.state)]
    assert {p.seat for p in asked} == {"anna", "bruno", "carla"}  # all at once, sealed
    assert {p.seat for p in asked if not p.submitted} == {others[1]}
    # the builder's answer tells it its scoring is answered; the one seat left is asked once
    builder = text_of(table.answers[answers])
    assert "YOUR ANSWER IS IN" in builder and "WHAT YOU MUST DO NOW" not in builder
    assert len(table.mails(others[0])) == mails[others[0]]  # answered: not mailed under act
    [ask] = table.mails(others[1])[mails[others[1]]:]
    assert "WHAT YOU MUST DO NOW" in text_of(ask) and "Score" in text_of(ask)
    hand = loaded.game.legal_orders(loaded.state, others[1])
    assert table.write(others[1], loaded.game.format_order(hand[0]) + "\n").accepted
    after = load_game(table.store, table.game_id)
    assert not any(p.key.split(".")[-1].startswith("score")
                   for p in after.game.prompts(after.state))
