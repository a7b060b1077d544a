"""The shared timing helper: CPU beside wall clock, medians, ratios to the baseline."""
from __future__ import annotations

import time

from bench.hot.timing import Compared, Took, compare, compared, timed


def test_cpu_time_counts_work_and_not_sleep() -> None:
    slept = timed(lambda: time.sleep(0.05))
    assert slept.wall >= 0.05 and slept.cpu < slept.wall / 2
    busy = timed(lambda: sum(range(300_000)))
    assert busy.cpu > 0


def test_medians_and_ratios_of_a_path_and_its_baseline() -> None:
    found = compared([Took(4, 2), Took(9, 3), Took(5, 9)], [Took(1, 1), Took(2, 1), Took(9, 2)])
    assert found == Compared(Took(5, 3), Took(2, 1))
    assert (found.ratio, found.cpu_ratio) == (2.5, 3.0)
    keys = found.keys("x")
    assert keys["x_ms"] == 5000 and keys["x_cpu_ms"] == 3000 and keys["x_ratio"] == 2.5
    assert keys["x_baseline_cpu_ms"] == 1000 and keys["x_cpu_ratio"] == 3.0


def test_compare_runs_path_and_baseline_by_turns() -> None:
    calls: list[str] = []
    compare(lambda: calls.append("p"), lambda: calls.append("b"), repeats=3, warm=1)
    assert calls == ["p", "b"] * 4
