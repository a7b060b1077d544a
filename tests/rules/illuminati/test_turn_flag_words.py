"""Once-per-turn abilities read in the history by their cards' names, never by the ids the
log keeps (White Collar Crime, Market Manipulation, the Recyclers, the Lasers)."""
from __future__ import annotations

import re

import pytest

from engine.core import get_game
from engine.illuminati import events as ev

CASES = [
    (("free-money", ()), ("anna uses White Collar Crime in the turn: moving money is free "
                          "for the rest of it.")),
    (("market", ()), "anna uses Market Manipulation: this turn's incomes are doubled."),
    (("recycled", ()), "anna has the Recyclers pay for an extra draw."),
    (("laser", ("moonies", "remove", "weird")),
     "anna aims the Orbital Mind Control Lasers: Moonies loses weird for the rest of the turn."),
]


@pytest.mark.parametrize(("flag", "line"), CASES)
def test_a_turn_flag_reads_in_card_names(flag: tuple[str, tuple[str, ...]], line: str) -> None:
    text = get_game("illuminati").describe(ev.TurnFlag("anna", *flag))
    assert text == line
    assert not re.search(r"\b[a-z]+-[a-z]+\b", text)
