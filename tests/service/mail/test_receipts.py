"""Receipts that report results: the answer to an order lists what it and the answers it gave
ahead caused, as the seat may read it (dice, placements, the next turn), at once, even where
no turn mail rides along (`notify act`); and only what that seat may read."""
from __future__ import annotations

from pathlib import Path

from service.game.history import history
from service.game.loading import load_game
from tests.service.tablemail import open_table, text_of

CAUSED = "What they caused, as your seat sees it:"


def test_a_wall_is_answered_with_its_dice_and_placements(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="masons", game_id="3a5000a1", notify="act")
    loaded = load_game(table.store, table.game_id)
    seat = loaded.game.prompts(loaded.state)[0].seat
    wall = loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[0])
    before = table.store.last_seq(table.game_id)
    result = table.write(seat, f"{wall}, then towers nearest the shore, houses either\n")
    assert result.accepted
    answer = text_of(table.answers[-1])
    receipt = answer.split(CAUSED)[1].split("Game 3a5000a1")[0]
    assert "Dice: tower die" in receipt and "tower went on" in receipt
    assert "house went in space" in receipt
    mine = [line.text for line in history(table.store, table.game_id, seat, after=before)]
    assert [line.strip()[2:] for line in receipt.strip().splitlines()] == mine


def test_a_sealed_vote_receipt_tells_only_the_seats_own_reading(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="secret-masters", game_id="5ec0e7a1", notify="act")
    for _ in range(10):  # to the first vote
        loaded = load_game(table.store, table.game_id)
        prompts = loaded.game.prompts(loaded.state)
        if len(prompts) > 1:
            break
        first = loaded.game.legal_orders(loaded.state, prompts[0].seat)[0]
        table.write(prompts[0].seat, loaded.game.format_order(first) + "\n")
    voters = [p.seat for p in prompts]
    votes = {seat: loaded.game.format_order(loaded.game.legal_orders(loaded.state, seat)[-1])
             for seat in voters}
    table.write(voters[0], votes[voters[0]] + "\n")
    start = table.store.last_seq(table.game_id)
    table.write(voters[1], votes[voters[1]] + "\n")
    receipt = text_of(table.answers[-1]).split(CAUSED)[1].split("-" * 60)[0]
    listed = [line.strip()[2:] for line in receipt.splitlines()
              if line.startswith("  - ")]
    # exactly the second voter's own reading of what its vote caused (its history, which
    # the secrecy tests hold to the seat's view), nothing of the first voter's sealed vote
    own = [line.text for line in history(table.store, table.game_id, voters[1], after=start)]
    assert listed == own and votes[voters[1]] in " ".join(own)
    assert not any("ordered" in line and voters[0] in line for line in listed)
