"""The house player's benchmark runs at its smallest size and prints, last, the figures it
promises: per title the wins against random players and against deadline defaults as
multiples of the fair share, CPU per decision, and the peeking check. Only the keys and that
the figures are real numbers are checked, never how strong or how fast the player was."""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_house_benchmark_prints_win_shares_cpu_and_the_peeking_check() -> None:
    done = subprocess.run([sys.executable, "bench/house.py", "--tiny"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    titles = {"secret-masters", "masons"}
    for key in ("win_share_vs_random", "win_share_vs_defaults", "cpu_s_per_decision_p95"):
        assert set(figures[key]) == titles, key
        for value in figures[key].values():
            assert isinstance(value, (int, float)) and math.isfinite(value) and value >= 0
    assert figures["games"] == {title: 1 for title in titles}
    assert figures["peeking_check"] == "pass"
