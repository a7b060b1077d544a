"""`pbem bench` plays real orders with their mail in a home of its own and prints the rate."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_bench_decides_and_mails_orders_and_leaves_nothing_behind(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env.update(PBEM_HOME=str(home), PBEM_WORKER_CONCURRENCY="2", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "service.cli.main", "bench", "--seconds", "1"],
                          env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["processes"] == 2 and figures["store"] == "sqlite"
    assert figures["orders"] > 0 and figures["mails"] > 0 and figures["orders_per_s"] > 0
    assert "orders a second decided and mailed by 2 processes" in done.stdout
    assert not home.exists() or not any(home.iterdir()), "the service's home is untouched"
