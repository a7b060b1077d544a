"""A forced decision of real play taken at once through the service: an Illuminati attacker
asked to raise with no money left on its attacking group or its Illuminati can only roll, as
everyone can tell, so the dice are rolled in the same append, with no deadline and no mail
asking for it. (Masons has no such decision: its rules place the towers and houses
themselves where the dice leave one placement, and merging always offers `none` besides.)"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from service.game.loading import load_game
from tests.service.tablemail import Table, open_table, text_of

GAME_ID = "11a5e7a1"
"""Its seed deals carla the UFOs, and anna (The Discordian Society) moves first."""


def rows(table: Table) -> list[tuple[str, str, dict[str, Any]]]:
    return [(row.type, row.actor, row.payload) for row in
            table.store.events(table.game_id, after_seq=0)]


def attack_with_all_money(table: Table) -> str:
    """Play the seeded game to anna's attack with all her Illuminati's money; return its
    target."""
    loaded = load_game(table.store, table.game_id)
    game = loaded.game
    goal = game.format_order(game.legal_orders(loaded.state, "carla")[0])
    assert table.write("carla", goal + "\n").status == "accepted"
    state = load_game(table.store, table.game_id).state
    assert state.turn.seat == "anna" and state.player("anna").illuminati == "discordia"
    own, target = state.player("anna").cards[0].money, state.uncontrolled[0]
    order = f"attack control {target} with discordia spending {own} from illuminati"
    assert table.write("anna", order + "\n").status == "accepted"
    return str(target)


def test_an_attacker_with_nothing_to_raise_by_rolls_at_once(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="illuminati", game_id=GAME_ID)
    attack_with_all_money(table)
    assert table.write("bruno", "interfere against 1\n").status == "accepted"
    asked = len(table.mails("anna"))
    assert table.write("carla", "pass\n").status == "accepted"
    logged = rows(table)
    [forced] = [p for t, a, p in logged if t == "order.accepted" and a == "forced"]
    assert forced["seat"] == "anna" and forced["text"] == "roll"
    assert str(forced["prompt_key"]).endswith(".raise")
    after = logged[[p for _, _, p in logged].index(forced) + 1:]
    assert [t for t, _, _ in after][:1] == ["dice-rolled"]
    assert not [p for t, _, p in logged
                if t == "deadline.set" and p["prompt_key"] == forced["prompt_key"]]
    [mailed] = [text_of(m) for m in table.mails("anna")[asked:]]  # one email, after it all
    now = mailed.split("WHAT YOU MUST DO NOW")[1]
    assert "The dice: " in mailed and "You take your turn" in now and "raise" not in now
    state = load_game(table.store, table.game_id).state
    assert state.attack is None or state.attack.roll  # the dice were rolled at once


def test_an_attacker_with_money_left_is_asked_to_raise(tmp_path: Path) -> None:
    table = open_table(tmp_path, game="illuminati", game_id=GAME_ID)
    loaded = load_game(table.store, table.game_id)
    goal = loaded.game.format_order(loaded.game.legal_orders(loaded.state, "carla")[0])
    table.write("carla", goal + "\n")
    state = load_game(table.store, table.game_id).state
    own, target = state.player("anna").cards[0].money, state.uncontrolled[0]
    table.write("anna", f"attack control {target} with discordia spending {own - 1} from "
                "illuminati\n")
    table.write("bruno", "interfere against 1\n")
    table.write("carla", "pass\n")
    logged = rows(table)
    assert not [a for t, a, _ in logged if t == "order.accepted" and a == "forced"]
    loaded = load_game(table.store, table.game_id)
    prompt = loaded.game.prompt_for(loaded.state, "anna")
    assert prompt is not None and prompt.key.endswith(".raise")
    assert [p for t, _, p in logged if t == "deadline.set" and p["prompt_key"] == prompt.key]
