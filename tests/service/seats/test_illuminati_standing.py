"""Illuminati's standing answer to windows by mail: `standing` lists, sets, changes and clears
it as the seat's own auto-pass mode, private to the seat down to its existence, and the game's
window logic applies it."""
from __future__ import annotations

from pathlib import Path

from service.game.history import history, reader_number
from service.game.loading import load_game
from tests.service.tablemail import Table, open_table, text_of

GAME_ID = "11a5e7a1"


def illuminati(tmp_path: Path) -> Table:
    return open_table(tmp_path, game="illuminati", game_id=GAME_ID)


def mode(table: Table, seat: str) -> str:
    loaded = load_game(table.store, table.game_id)
    return str(loaded.state.player(seat).auto_pass)


def test_standing_lists_sets_changes_and_clears_the_answer_to_windows(tmp_path: Path) -> None:
    table = illuminati(tmp_path)
    result = table.write("anna", "standing\n")
    assert result.notes[0].endswith("Your standing answers:\n  windows: pass only")  # new games
    result = table.write("anna", "standing windows: unless attacked\n")
    assert "windows: unless attacked" in result.notes[0]
    assert mode(table, "anna") == "unless-attacked"
    result = table.write("anna", "standing windows on\n")
    assert result.notes[0].endswith("Your standing answers:\n  windows: on")
    assert mode(table, "anna") == "on"
    result = table.write("anna", "standing auto-pass pass only\n")
    assert mode(table, "anna") == "pass-only"
    result = table.write("anna", "standing windows sometimes\n")
    assert "not a standing answer for windows" in result.notes[0]
    assert "windows: off | on | unless attacked | pass only" in result.notes[0]
    assert mode(table, "anna") == "pass-only"
    result = table.write("anna", "standing clear windows\n")
    assert "You have no standing answers" in result.notes[0]
    assert mode(table, "anna") == "off"
    result = table.write("anna", "standing windows off\n")  # nothing changes: nothing logged
    assert mode(table, "anna") == "off"
    set_rows = [(row.type, row.actor, row.payload["mode"]) for row in
                table.store.events(table.game_id, after_seq=0)
                if row.type == "standing-pass-set"]
    assert set_rows == [("standing-pass-set", "anna", "unless-attacked"),
                        ("standing-pass-set", "anna", "on"),
                        ("standing-pass-set", "anna", "pass-only"),
                        ("standing-pass-set", "anna", "off")]
    assert not load_game(table.store, table.game_id).meta.standing.get("anna")


def test_the_setting_is_seen_by_its_seat_alone(tmp_path: Path) -> None:
    table = illuminati(tmp_path)
    table.write("anna", "standing windows unless attacked\n")
    loaded = load_game(table.store, table.game_id)
    [row] = [r for r in table.store.events(table.game_id, after_seq=0)
             if r.type == "standing-pass-set"]
    item = loaded.game.events.load(row.type, row.payload, row.schema_version)
    audience = loaded.game.visibility(item)
    assert audience.seats == frozenset({"anna"}) and not audience.summary
    # anna's lines carry her own numbers: the setting is her newest line
    own = history(table.store, table.game_id, "anna")
    assert own and "unless attacked" in own[-1].text
    assert own[-1].seq == reader_number(table.store, loaded.meta, "anna", row.seq)
    for reader in ("bruno", "carla", None):
        assert not any("unless attacked" in line.text
                       for line in history(table.store, table.game_id, reader))
        view = loaded.game.view(loaded.state, reader)
        assert "unless-attacked" not in str(view)
    assert loaded.game.view(loaded.state, "anna")["you"]["auto_pass"] == "unless-attacked"


def test_help_standing_names_the_windows(tmp_path: Path) -> None:
    table = illuminati(tmp_path)
    result = table.write("anna", "help standing\n")
    said = result.notes[0] if result.notes else text_of(table.answers[-1])
    assert "windows: off | on | unless attacked | pass only" in said
    assert "holds from the next one that opens" in said
    # a turn's orders may be written ahead after an attack (`attack ..., then end`)
    assert "for example `..., then end`" in said
    listing = table.write("anna", "help\n")
    assert "standing" in (listing.notes[0] if listing.notes else text_of(table.answers[-1]))
