"""By mail: a seat on "only when I must act" (how new games start) gets nothing while the
others move (nor when another seat answers a sealed decision it was asked already), then one
your-move email that carries the news since its last email."""
from __future__ import annotations

from pathlib import Path

from service.game.history import history
from service.game.loading import load_game
from tests.service.tablemail import open_table, text_of


def test_must_act_gets_no_mail_for_others_moves_then_one_with_the_news(tmp_path: Path) -> None:
    table = open_table(tmp_path, notify="must-act")
    assert load_game(table.store, table.game_id).meta.prefs("carla").notify == "must-act"
    welcome = table.mails("carla")
    assert welcome and "with the news since your last turn" in text_of(welcome[0])
    quiet_moves = 0
    for _ in range(60):
        loaded = load_game(table.store, table.game_id)
        waiting = [p.seat for p in loaded.game.prompts(loaded.state) if not p.submitted]
        if "carla" in waiting and quiet_moves:
            break
        seat = next((s for s in waiting if s != "carla"), waiting[0])
        order = loaded.game.legal_orders(loaded.state, seat)[0]
        before = len(table.mails("carla"))
        asked = loaded.game.prompt_for(loaded.state, "carla")
        assert table.write(seat, loaded.game.format_order(order)).accepted
        after = load_game(table.store, table.game_id)
        now = after.game.prompt_for(after.state, "carla")
        if seat != "carla" and (now is None or (asked is not None and now.key == asked.key)):
            # nothing for others' moves, nor for another seat's answer to a sealed decision
            # carla was asked already: that news waits for its next mail
            assert len(table.mails("carla")) == before
            quiet_moves += 1
        elif seat != "carla":
            assert len(table.mails("carla")) == before + 1
    else:
        raise AssertionError("carla was never asked after the others moved")
    assert quiet_moves
    your_move = table.mails("carla")[-1]
    text = text_of(your_move)
    assert "What happened since your last email" in text
    lines = [line.text for line in history(table.store, table.game_id, "carla")]
    assert lines[-1] in text or lines[-2] in text
    rows = [row for row in table.store.outbox_for_game(table.game_id)
            if row.recipient == "carla"]
    assert [row.kind for row in rows].count("held") >= quiet_moves
