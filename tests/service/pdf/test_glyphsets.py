"""Fonts subset with open glyph arrays: the same arrays, the same PDFs, no new C type per count.

service.pdf.glyphsets hands WeasyPrint's font writer arrays of the glyph ids made as open
arrays; the PDFs must come out byte for byte as WeasyPrint's own font writer makes them, for
every seat of seeded states of every title.
"""
from __future__ import annotations

from functools import cache
from typing import Any

import weasyprint.pdf.fonts as fonts_module
from weasyprint.text.ffi import ffi

from engine.core import all_games, get_game
from engine.core.contract import view_header
from engine.core.harness import PlayedGame, play_random_game, seat_names, table_size
from service.pdf import glyphsets
from service.pdf.render import _tools as pdf_tools
from service.pdf.render import render_snapshot_pdf

WHEN = "2025-03-01 09:30 UTC"


@cache
def played(game: str) -> PlayedGame:
    """Return a seeded random game of `game` (played once per test session)."""
    rules = get_game(game)
    return play_random_game(rules, seat_names(table_size(rules, 3)), f"glyphs-{game}".encode(),
                            sample_every=5)


def snapshot(game: str, state: Any, seat: str | None) -> bytes:
    """Return the PDF of `seat` at `state`."""
    rules = get_game(game)
    view = rules.view(state, seat)
    return render_snapshot_pdf(rules, view, game_title=rules.title, game_id="g-0042", seat=seat,
                               turn_label=view_header(view)["label"],
                               history=[f"History line {n} of {seat}" for n in range(4)],
                               generated_at=WHEN)


def test_an_array_of_a_fixed_length_comes_out_open_with_the_same_values() -> None:
    arrays = glyphsets.OpenArrays(ffi)
    ids = [3, 17, 40, 41, 2000]
    made = arrays.new(f"hb_codepoint_t[{len(ids)}]", ids)
    assert ffi.typeof(made) is ffi.typeof("hb_codepoint_t[]")
    assert list(made) == ids and len(made) == len(ids)
    assert ffi.sizeof(made) == ffi.sizeof(ffi.new(f"hb_codepoint_t[{len(ids)}]", ids))


def test_anything_else_is_made_as_asked() -> None:
    arrays = glyphsets.OpenArrays(ffi)
    assert ffi.typeof(arrays.new("hb_codepoint_t[4]")) is ffi.typeof("hb_codepoint_t[4]")
    short = arrays.new("hb_codepoint_t[4]", [1, 2])
    assert ffi.typeof(short) is ffi.typeof("hb_codepoint_t[4]") and list(short) == [1, 2, 0, 0]
    assert ffi.typeof(arrays.new("int *", 5)) is ffi.typeof("int *")
    assert arrays.NULL == ffi.NULL


def test_the_font_writer_gets_open_arrays_once_the_pdf_tools_are_built() -> None:
    pdf_tools()
    assert isinstance(fonts_module.ffi, glyphsets.OpenArrays)
    with glyphsets.stock():
        assert fonts_module.ffi is ffi
    assert isinstance(fonts_module.ffi, glyphsets.OpenArrays)
    assert glyphsets.install()


def test_every_title_writes_the_same_pdf_as_with_the_stock_font_writer() -> None:
    pdf_tools()
    compared = 0
    for game in sorted(rules.name for rules in all_games()):
        played_game = played(game)
        states = played_game.sampled_states
        for state in (states[0], states[len(states) // 2], states[-1]):
            for seat in (*played_game.seats, None):
                ours = snapshot(game, state, seat)
                with glyphsets.stock():
                    stock = snapshot(game, state, seat)
                assert ours == stock, f"{game}, {seat or 'spectator'}"
                compared += 1
    assert compared >= 5 * 3 * 3
