"""Logs: one JSON object per line, details and tracebacks inside it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PROGRAM = """
import logging
from service.base.logs import configure_logging
configure_logging()
log = logging.getLogger("pbem.test")
log.info("order decided", extra={"submission": "abc", "status": "accepted"})
try:
    raise ValueError("broken\\nacross lines")
except ValueError:
    log.exception("delivery failed")
"""


def test_each_event_is_one_json_line() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_LOG")}
    done = subprocess.run([sys.executable, "-c", PROGRAM], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True, timeout=60)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 2, done.stderr
    first, second = (json.loads(line) for line in lines)
    assert first["event"] == "order decided" and first["level"] == "info"
    assert first["submission"] == "abc" and first["status"] == "accepted"
    assert first["logger"] == "pbem.test" and first["ts"].endswith("+00:00")
    assert second["event"] == "delivery failed" and "ValueError" in second["exc"]
