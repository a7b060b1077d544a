"""Each benchmark runs at a tiny size (`--quick`) and prints, last, the figures it promises:
wall clock and CPU time beside a baseline of the same run, and their ratios. Only the keys and
that the figures are real numbers are checked, never how fast anything was."""
from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.soak_parts import PG_BIN
from tests.stores import PG_URL, require_postgres

ROOT = Path(__file__).resolve().parents[2]
COMPARED = ("ms", "cpu_ms", "baseline_ms", "baseline_cpu_ms", "ratio", "cpu_ratio")


def run_quick(script: str, *args: str, timeout: float = 300) -> dict[str, Any]:
    """Run `bench/<script> --quick ...` and return the JSON object of its last line."""
    done = subprocess.run([sys.executable, f"bench/{script}", "--quick", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(figures, dict)
    return figures


def assert_compared(figures: dict[str, Any], name: str) -> None:
    """Insist on the six figures of a path timed beside its baseline, each a positive number."""
    for key in COMPARED:
        value = figures[f"{name}_{key}"]
        assert isinstance(value, (int, float)) and math.isfinite(value) and value > 0, \
            (name, key, value)


def test_the_sweep_benchmark_prints_the_sweep_beside_loading_the_due_games() -> None:
    figures = run_quick("sweep.py")
    assert_compared(figures, "sqlite_100_sweep")
    assert figures["sqlite_100_sweep_games_read"] == 3


def test_the_page_benchmark_prints_the_server_cpu_of_a_page_and_of_hello() -> None:
    figures = run_quick("page.py")
    for key in ("rps", "baseline_rps", "share", "cpu_ms", "baseline_cpu_ms", "cpu_ratio"):
        assert figures[f"seat_page_100_{key}"] > 0, key


def test_the_pdf_benchmark_prints_the_turn_email_beside_a_minimal_pdf() -> None:
    figures = run_quick("pdf.py")
    assert_compared(figures, "email_pdf")
    assert_compared(figures, "snapshot_pdf")
    assert figures["snapshot_pdf_p95_ms"] >= figures["snapshot_pdf_ms"]


def test_the_flat_benchmark_prints_every_action_beside_its_baseline() -> None:
    figures = run_quick("flat.py")
    for action in ("order", "outbox", "seat_page", "pdf", "replay_over"):
        assert_compared(figures, f"sqlite_events_100_{action}")
        assert figures[f"sqlite_events_100_{action}_statements"] >= 1, action
    for action in ("lobby", "my_games", "sweep", "recover"):
        assert_compared(figures, f"sqlite_games_100_{action}")


def test_the_ratios_benchmark_prints_cpu_figures_beside_its_wall_ratios() -> None:
    figures = run_quick("ratios.py")
    for key in ("order_sqlite_ratio", "seat_page_share", "email_pdf_ratio", "cli_order_s",
                "cli_order_ratio", "cli_floor_s", "order_sqlite_s", "seat_page_rps"):
        assert figures[key] > 0, key
    assert figures["order_pg_ratio"] is None
    for path in ("order_sqlite", "email_pdf", "seat_page", "cli_order", "cli_floor"):
        for key in ("cpu_ms", "cpu_baseline_ms", "cpu_ratio"):
            assert figures[f"{path}_{key}"] > 0, (path, key)


@pytest.mark.postgres
def test_the_web_benchmark_prints_latencies_and_server_cpu_beside_hello(
        private_redis: str) -> None:
    require_postgres()
    figures = run_quick("web.py", "--redis", private_redis, "--postgres", PG_URL)
    for key in ("hello_ms", "hello_rps", "seat_page_ms", "seat_page_p95_ms", "order_ms",
                "seat_page_ratio", "order_ratio", "web_cpu_ms", "web_baseline_cpu_ms",
                "web_cpu_ratio"):
        assert figures[key] > 0, key
    assert figures["worker_cpu_ms_per_order"] >= 0


@pytest.mark.postgres
def test_the_soak_benchmark_prints_cpu_by_role_and_its_baselines() -> None:
    if not (PG_BIN / "initdb").exists() or shutil.which("redis-server") is None:
        pytest.skip("the soak starts a private PostgreSQL and Redis: their programs are missing")
    figures = run_quick("soak.py", timeout=600)
    assert figures["orders_acknowledged"] > 0
    assert set(figures["cpu_ms_by_role"]) == {"web", "worker-1", "worker-2", "beat",
                                              "postgres", "redis"}
    assert figures["cpu_ms_per_decided_order"] > 0
    for key in ("smtp_ms", "smtp_cpu_ms", "one_row_ms", "one_row_cpu_ms"):
        assert figures["baseline"][key] > 0, key


def test_the_ratings_benchmark_prints_the_leaderboard_beside_hello() -> None:
    figures = run_quick("ratings.py")
    for name in ("leaderboard", "leaderboard_deep", "player", "api"):
        assert_compared(figures, f"{name}_200")
    assert figures["apply_200_ms"] > 0


def test_the_tournament_simulation_reaches_its_final_standings() -> None:
    figures = run_quick("tournament.py")
    assert figures["masons_games"] == 4 and figures["masons_byes"] == 0
