"""Standing answers by mail: answers ahead after `then`, the `standing` command, a standing
answer applied at once as the seat's order (actor `standing`) and one dropped with why."""
from __future__ import annotations

from pathlib import Path

from service.game.events import SERVICE_EVENTS
from service.game.history import history
from service.game.loading import load_game
from tests.service.tablemail import Table, open_table, text_of


def masons(tmp_path: Path) -> tuple[Table, str]:
    table = open_table(tmp_path, game="masons", game_id="5ad1b0a7")
    loaded = load_game(table.store, table.game_id)
    [prompt] = loaded.game.prompts(loaded.state)
    return table, prompt.seat


def rows(table: Table) -> list[tuple[str, str, dict[str, object]]]:
    return [(row.type, row.actor, row.payload) for row in
            table.store.events(table.game_id, after_seq=0)]


def test_a_wall_answers_its_turn_ahead_and_the_next_seat_is_asked(tmp_path: Path) -> None:
    table, seat = masons(tmp_path)
    result = table.write(seat, "wall 4-6, then towers nearest the shore, houses either\n")
    assert result.status == "accepted", result
    logged = rows(table)
    standing = [p for t, a, p in logged if t == "order.accepted" and a == "standing"]
    assert standing and str(standing[0]["text"]).startswith("tower ")
    assert any(p.get("placements") for t, _, p in logged if t == "tower-placed") or standing
    loaded = load_game(table.store, table.game_id)
    [prompt] = loaded.game.prompts(loaded.state)
    assert prompt.seat != seat and prompt.key.endswith(".wall")
    assert not [e for e in loaded.meta.standing.get(seat, ()) if e.topic == "towers"]
    shore = [p for t, _, p in logged if t == "tower-placed"]
    colour = next(p for t, _, p in logged if t == "dice-rolled")["tower"]
    assert {"point": 6, "colour": colour} in shore


def test_an_illegal_answer_ahead_is_dropped_and_the_seat_asked_told_why(tmp_path: Path) -> None:
    table, seat = masons(tmp_path)
    other = {"black": "white", "white": "grey", "grey": "black"}
    first = table.write(seat, "wall 4-6\n")
    assert first.status == "accepted"
    loaded = load_game(table.store, table.game_id)
    rolled = loaded.state.tower_roll
    assert loaded.game.prompt_for(loaded.state, seat) is not None  # asked for the towers
    # back to a fresh table: the same seed rolls the same die for the same wall
    table2, seat2 = masons(tmp_path / "again")
    bad = other[rolled]
    result = table2.write(seat2, f"wall 4-6 then tower 4 {bad} 6 {bad}\n")
    assert result.status == "accepted"
    logged = rows(table2)
    [dropped] = [p for t, _, p in logged if t == "standing.dropped"]
    assert "tower die showed" in str(dropped["reason"])
    again = load_game(table2.store, table2.game_id)
    prompt = again.game.prompt_for(again.state, seat2)
    assert prompt is not None and prompt.key.endswith(".tower")
    assert again.meta.standing.get(seat2) == ()
    mail = text_of(table2.answers[-1])
    assert "was not applied" in mail and "tower die showed" in mail
    lines = [line.text for line in history(table2.store, table2.game_id, None)]
    assert not any("was not applied" in line for line in lines)


def test_the_standing_command_lists_sets_and_clears(tmp_path: Path) -> None:
    table, seat = masons(tmp_path)
    result = table.write(seat, "standing\n")
    assert "You have no standing answers" in result.notes[0]
    result = table.write(seat, "standing towers: nearest the shore / swap: none\n")
    assert "towers: nearest the shore" in result.notes[0] and "swap: none" in result.notes[0]
    logged = [(t, a) for t, a, _ in rows(table) if t == "seat.standing"]
    assert logged == [("seat.standing", seat)]
    result = table.write(seat, "standing clear swap\n")
    assert "swap: none" not in result.notes[0]
    assert "towers: nearest the shore" in result.notes[0]
    result = table.write(seat, "standing towers highest\n")
    assert "not a standing answer for towers" in result.notes[0]
    others = [s for s in load_game(table.store, table.game_id).meta.seat_names if s != seat]
    seen = [line.text for line in history(table.store, table.game_id, others[0])]
    assert not any("standing" in line for line in seen)
    result = table.write(seat, "standing clear\n")
    assert "You have no standing answers" in result.notes[0]


def test_a_standing_answer_applies_at_once_when_set_on_an_open_decision(tmp_path: Path) -> None:
    table, seat = masons(tmp_path)
    table.write(seat, "wall 4-6\n")
    loaded = load_game(table.store, table.game_id)
    assert loaded.game.prompt_for(loaded.state, seat) is not None
    table.write(seat, "standing towers first offered\n")
    accepted = [(a, p) for t, a, p in rows(table) if t == "order.accepted"]
    assert accepted[-1][0] == "standing" or accepted[-2][0] == "standing"
    assert SERVICE_EVENTS.by_name["seat.standing"]


def test_a_standing_answer_reads_to_the_others_as_the_seats_own_order(tmp_path: Path) -> None:
    from service.game.current import read_game
    from service.game.history import history_page

    table, seat = masons(tmp_path)
    table.write(seat, "wall 4-6, then towers nearest the shore, houses either\n")
    assert any(a == "standing" for t, a, _ in rows(table) if t == "order.accepted")
    others = [s for s in load_game(table.store, table.game_id).meta.seat_names if s != seat]
    page_game = read_game(table.store, table.game_id)
    for reader in [*others, None]:
        for lines in (history(table.store, table.game_id, reader),
                      history_page(table.store, page_game, reader).lines):
            assert "standing" not in {line.actor for line in lines}
            assert seat in {line.actor for line in lines}
    own = {line.actor for line in history(table.store, table.game_id, seat)}
    assert "standing" in own  # the seat itself reads the record as it is


def test_a_history_page_that_begins_inside_a_standing_answer_names_its_seat(
        tmp_path: Path) -> None:
    from service.game.current import read_game
    from service.game.history import history_page, reader_number

    table, seat = masons(tmp_path)
    table.write(seat, "wall 4-6, then towers nearest the shore, houses either\n")
    logged = list(table.store.events(table.game_id, after_seq=0))
    answer = next(row.seq for row in logged
                  if row.type == "order.accepted" and row.actor == "standing")
    after_it = [row.seq for row in logged if row.seq > answer and row.actor == "standing"]
    assert after_it  # the answer's own events follow it
    other = next(s for s in load_game(table.store, table.game_id).meta.seat_names if s != seat)
    game = read_game(table.store, table.game_id)
    # a page of the answer's events that `other` may know of, after its own number of the
    # answer (the order itself is hidden from it)
    meta = game.loaded.meta
    first = reader_number(table.store, meta, other, answer)
    page = history_page(table.store, game, other, after=first,
                        size=reader_number(table.store, meta, other, after_it[-1]) - first)
    assert page.lines and {line.actor for line in page.lines} == {seat}
