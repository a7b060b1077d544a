"""bench/pace.py plays its quick set through the service and prints, last, the figures it
promises before and after the quiet defaults and the pace of one mail (replies per seat per
round, mails asking for a decision already answered); only the keys and their kinds are
checked."""
from __future__ import annotations

from tests.bench.test_bench_quick import run_quick


def test_pace_prints_replies_waits_and_mails_before_and_after() -> None:
    figures = run_quick("pace.py", timeout=600)
    for key in ("masons_replies_per_turn", "illuminati_pass_only_waits"):
        assert set(figures[key]) == {"before", "after"}, key
        assert all(isinstance(v, (int, float)) and v >= 0 for v in figures[key].values())
    quick = {"freimaurerei", "masons", "illuminati", "secret-masters"}
    assert set(figures["mails_per_seat"]) == quick
    for game, pair in figures["mails_per_seat"].items():
        assert set(pair) == {"before", "after"}, game
        assert pair["before"] > 0 and pair["after"] > 0, game
    for key in ("replies_per_seat_per_round", "answered_decision_mails"):
        assert set(figures[key]) == quick, key
        for game, pair in figures[key].items():
            assert set(pair) == {"before", "after"}, (key, game)
            assert all(isinstance(v, (int, float)) and v >= 0 for v in pair.values())
    assert set(figures["illuminati_attacker_replies_per_turn"]) == {"before", "after"}
    assert set(figures["targets"]) == {
        "masons_replies_per_turn_at_most_1.2", "no_public_pass_only_waits",
        "mail_cut_at_least_40pc", "replies_per_seat_per_round_at_most_1.2",
        "illuminati_attacker_replies_per_turn_at_most_1.5", "no_answered_decision_mails"}
