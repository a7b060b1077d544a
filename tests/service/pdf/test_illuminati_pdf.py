"""The Illuminati PDF shows every uncontrolled group face up: its Power and transferable Power,
its Resistance and its alignments, read back from the PDF's text."""
from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from engine.core.harness import play_random_game, seat_names
from service.pdf.render import readable_board, render_snapshot_pdf

from .test_pdf import poppler  # noqa: F401  (the fixture)

GAME = get_game("illuminati")


def state_drawn_as(layout: str, players: int) -> Any:
    """Return a state of a seeded game, with five groups or more face up, whose board goes on
    the PDF as a picture (`layout` 'picture': three players, one column of structures) or as
    the text picture ('text': four players, two columns too wide to keep 8 pt)."""
    played = play_random_game(GAME, seat_names(players), b"illuminati-pdf", sample_every=5)
    for state in played.sampled_states:
        drawn = readable_board(GAME, GAME.view(state, None))[1]
        if len(state.uncontrolled) >= 5 and (drawn == "text") == (layout == "text"):
            return state
    raise AssertionError(f"no sampled state is drawn as {layout}")


def pdf_text(view: dict[str, Any], reader: str | None, tmp_path: Path) -> str:
    """Return the text of `reader`'s PDF of `view`."""
    pdf = render_snapshot_pdf(GAME, view, game_title="Illuminati", game_id="g-0024",
                              seat=reader, turn_label="", generated_at="2025-03-01 09:30 UTC")
    path = tmp_path / "illuminati.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True, timeout=60).stdout


@pytest.mark.usefixtures("poppler")
@pytest.mark.parametrize("reader", ["anna", None])
def test_the_picture_shows_every_uncontrolled_group_with_its_numbers(
        tmp_path: Path, reader: str | None) -> None:
    view = GAME.view(state_drawn_as("picture", 3), reader)
    text = pdf_text(view, reader, tmp_path)
    groups = view["uncontrolled"]
    assert "Uncontrolled groups, face up:" in text
    # "Resistance N" is written on the face-up groups only (a structure's card says "Res").
    assert Counter(re.findall(r"Resistance (\d+)", text)) == Counter(
        str(g["resistance"]) for g in groups)
    cards = [c for p in view["players"] for c in p["structure"]]
    assert Counter(re.findall(r"Power (\d+/\d+)", text)) == Counter(
        f"{c['power']}/{c['transferable']}" for c in [*groups, *cards])
    words = Counter(re.findall(r"\b[a-z]+\b", text))
    needed = Counter(a.lower() for g in groups for a in g["alignments"])
    assert all(words[a] >= n for a, n in needed.items()), needed
    for group in groups:
        assert str(group["name"]).removeprefix("The ").split(" ")[0] in text
    assert ("Your hand:" in text) == (reader is not None)


@pytest.mark.usefixtures("poppler")
def test_the_text_picture_shows_every_uncontrolled_group_with_its_numbers(
        tmp_path: Path) -> None:
    view = GAME.view(state_drawn_as("text", 4), None)
    text = " ".join(pdf_text(view, None, tmp_path).split())
    for group in view["uncontrolled"]:
        entry = (f"{group['name']} (P{group['power']}/{group['transferable']} "
                 f"R{group['resistance']} {'/'.join(group['alignments']) or '-'})")
        assert entry in text, entry
