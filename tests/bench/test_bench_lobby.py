"""The lobby benchmark runs at a tiny size and prints every figure it promises."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_lobby_benchmark_prints_wall_cpu_and_ratios_to_hello() -> None:
    done = subprocess.run([sys.executable, "bench/lobby.py", "--games", "12", "--repeats", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    for name in ("lobby_12", "lobby_unlisted_12", "lobby_warm_12"):
        for key in ("ms", "cpu_ms", "baseline_ms", "baseline_cpu_ms", "ratio", "cpu_ratio"):
            assert figures[f"{name}_{key}"] > 0, (name, key)
    assert figures["lobby_12_statements"] >= 1
