"""The board picture's cards show every group's and Illuminati's whole name and alignments."""
from __future__ import annotations

import html
import re

import pytest

from engine.illuminati.cards import GROUPS, ILLUMINATI
from engine.illuminati.render import NAME_CHAR, TEXT_CHAR, H, W, _card


def _drawn(card: dict[str, object]) -> list[tuple[float, bool, str]]:
    """Return (y, bold, text) of each line of text the card draws."""
    return [(float(y), "bold" in style, html.unescape(text)) for y, style, text in
            re.findall(r'<text x="[\d.]+" y="([\d.]+)"([^>]*)>([^<]*)</text>', "".join(
                _card(card, 0, 0)))]


@pytest.mark.parametrize("card", [*GROUPS.values(), *ILLUMINATI.values()],
                         ids=lambda card: card.id)
def test_a_card_draws_its_whole_name_and_alignments_inside_it(card: object) -> None:
    name = str(card.name).removeprefix("The ")
    alignments = list(getattr(card, "alignments", ()))
    drawn = _drawn({"name": card.name, "power": 1, "transferable": 1,
                    "alignments": alignments, "money": 10, "x": 0, "y": 0})
    text = " ".join(line for _, _, line in drawn)
    assert name in text and "\u2026" not in text
    assert ", ".join(alignments) in text
    ys = [y for y, _, _ in drawn]
    assert all(0 < y < H for y in ys) and len(set(ys)) == len(ys)
    assert all(len(line) * (NAME_CHAR if bold else TEXT_CHAR) <= W - 12
               for _, bold, line in drawn)
