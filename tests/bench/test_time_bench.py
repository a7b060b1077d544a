"""bench/time.py plays its quick set (one seed of every title, a few decisions per game)
through the service, before and after time banks and vacation days, and prints, last, the
figures it promises; the keys and that the counts agree with each other are checked, never
how fast anything was."""
from __future__ import annotations

from tests.bench.test_bench_quick import run_quick

LABELS = {"before", "after"}


def test_time_bench_prints_defaults_abandoned_games_and_median_length() -> None:
    figures = run_quick("time.py", timeout=600)
    for key in ("defaults_taken", "games_abandoned", "median_game_days", "decisions",
                "median_game_days_never_abandoned", "days_per_100_decisions",
                "seats_replaced"):
        assert set(figures[key]) == LABELS, key
        assert all(isinstance(v, (int, float)) and v >= 0 for v in figures[key].values()), key
    games, titles = figures["games"], figures["by_title"]
    assert set(titles) == {"secret-masters", "freimaurerei", "castle-of-the-devil", "masons",
                           "illuminati"}
    assert games == len(titles) * figures["settings"]["seeds"]
    for label in LABELS:
        per_title = [pair[label] for pair in titles.values()]
        assert sum(t["defaults"] for t in per_title) == figures["defaults_taken"][label]
        assert sum(t["abandoned"] for t in per_title) == figures["games_abandoned"][label]
        assert sum(t["decisions"] for t in per_title) == figures["decisions"][label]
        assert figures["defaults_taken"][label] <= figures["decisions"][label]
        # an abandoned game goes on with a new player, and may still finish
        assert figures["games_abandoned"][label] <= games
        assert figures["games_finished"][label] <= games
        assert figures["games_abandoned"][label] <= figures["seats_replaced"][label]
        assert sum(t["replaced_seats"] for t in per_title) == figures["seats_replaced"][label]
        assert figures["median_game_days"][label] > 0
        for title in per_title:
            assert title["games"] == figures["settings"]["seeds"]
            assert min(t["median_days"] for t in per_title) <= \
                figures["median_game_days"][label] <= max(t["median_days"] for t in per_title)
    assert 0 <= figures["games_never_abandoned"] <= games
    assert set(figures["targets"]) == {"defaults_down_by_half",
                                       "median_days_up_at_most_a_fifth"}
    assert figures["settings"]["stop_abandoned"] is False
    assert figures["cpu_seconds"] >= 0 and figures["seconds"] > 0
