"""The card data against the card list: counts, fields and the named special rules."""
from __future__ import annotations

from collections import Counter

from engine.illuminati.cards import ALIGNMENTS, GROUPS, ILLUMINATI, SPECIALS, deck_cards


def test_eight_illuminati_with_their_power_and_income() -> None:
    stats = {i.id: (i.power, i.transferable, i.income) for i in ILLUMINATI.values()}
    assert stats == {"bavaria": (10, 10, 9), "bermuda": (8, 8, 9), "discordia": (8, 8, 8),
                     "gnomes": (7, 7, 12), "network": (7, 7, 9), "cthulhu": (9, 9, 7),
                     "assassins": (8, 8, 8), "ufos": (6, 6, 8)}


def test_83_groups_with_their_arrows_and_alignments() -> None:
    assert len(GROUPS) == 83
    outs = Counter(len(g.out_sides) for g in GROUPS.values())
    assert outs == {0: 21, 1: 30, 2: 22, 3: 10}
    counts = Counter(a for g in GROUPS.values() for a in g.alignments)
    assert counts == {"violent": 23, "weird": 19, "liberal": 17, "conservative": 16,
                      "straight": 14, "fanatic": 12, "criminal": 10, "government": 9,
                      "communist": 9, "peaceful": 8}
    assert set(counts) == set(ALIGNMENTS)
    assert sum(g.transferable for g in GROUPS.values()) == 37
    assert sum(1 for g in GROUPS.values() if g.transferable) == 17
    for group in GROUPS.values():
        assert group.in_side not in group.out_sides


def test_printed_values_of_some_cards() -> None:
    cia = GROUPS["cia"]
    assert (cia.power, cia.transferable, cia.resistance, cia.income) == (6, 4, 5, 0)
    assert cia.alignments == ("government", "violent")
    assert GROUPS["post-office"].income == -1
    assert GROUPS["moral-minority"].resistance == 1
    assert GROUPS["semiconscious-liberation-army"].resistance == 8
    assert len(GROUPS["semiconscious-liberation-army"].alignments) == 5


def test_named_rules_and_direct_bonuses() -> None:
    rules = {g.id: g.rule for g in GROUPS.values() if g.rule}
    assert rules == {"chinese-campaign-donors": "government-when-controlling-government",
                     "federal-reserve": "transfers-anywhere",
                     "gun-lobby": "resists-liberal-communist-weird", "irs": "tax",
                     "orbital-mind-control-lasers": "alignment-laser",
                     "post-office": "pays-upkeep", "recyclers": "paid-draw",
                     "survivalists": "shield"}
    direct = {g.id for g in GROUPS.values() for b in g.bonuses if b.direct}
    assert direct == {"l-4-society", "smof", "mafia", "tv-preachers", "tabloids",
                      "video-games"}


def test_fifteen_specials_in_fourteen_titles() -> None:
    assert len(SPECIALS) == 14
    assert sum(s.copies for s in SPECIALS.values()) == 15
    assert SPECIALS["interference"].copies == 2
    assert len(deck_cards()) == 98
