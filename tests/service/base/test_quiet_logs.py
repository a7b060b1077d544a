"""An idle service logs nothing at the default level: Celery's lines about the beat's periodic
tasks (sent, received, done every minute) are dropped; warnings, other tasks and
PBEM_LOG_LEVEL=DEBUG keep theirs."""
from __future__ import annotations

import io
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.base.logs import ROUTINE_TASKS, configure_logging

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def restored_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def _lines(level: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setenv("PBEM_LOG_LEVEL", level)
    monkeypatch.setenv("PBEM_LOG_FORMAT", "text")
    stream = io.StringIO()
    configure_logging(stream)
    logging.getLogger("celery.beat").info("Scheduler: Sending due task %s (%s)",
                                          "sweep-deadlines", "pbem.sweep_deadlines")
    logging.getLogger("celery.worker.strategy").info(
        "Task %(name)s[%(id)s] received", {"name": "pbem.recover", "id": "1"})
    logging.getLogger("celery.app.trace").info(
        "Task %(name)s[%(id)s] succeeded in %(runtime)ss: %(return_value)s",
        {"name": "pbem.poll_imap", "id": "2", "runtime": 0.01, "return_value": 0})
    logging.getLogger("celery.app.trace").info(
        "Task %(name)s[%(id)s] succeeded in %(runtime)ss: %(return_value)s",
        {"name": "pbem.process_submission", "id": "3", "runtime": 0.2, "return_value": "ok"})
    logging.getLogger("celery.app.trace").error("Task pbem.sweep_deadlines[4] raised")
    return stream.getvalue().splitlines()


def test_routine_lines_are_dropped_at_the_default_level(
        monkeypatch: pytest.MonkeyPatch, restored_logging: None) -> None:
    lines = _lines("INFO", monkeypatch)
    assert len(lines) == 2, lines
    assert "pbem.process_submission" in lines[0] and "raised" in lines[1]


def test_debug_shows_the_routine_too(monkeypatch: pytest.MonkeyPatch,
                                     restored_logging: None) -> None:
    assert len(_lines("DEBUG", monkeypatch)) == 5


def test_the_routine_tasks_are_the_beats() -> None:
    from workers.app import app

    scheduled = {entry["task"] for entry in app.conf.beat_schedule.values()}
    assert scheduled <= set(ROUTINE_TASKS)
    assert {"pbem.sweep_deadlines", "pbem.recover", "pbem.poll_imap",
            "pbem.sweep_standings"} <= scheduled  # ratings and tournament rounds, unasked


def test_an_idle_worker_with_the_beat_logs_no_routine_line(tmp_path: Path) -> None:
    env = {name: value for name, value in os.environ.items() if not name.startswith("PBEM_")}
    env.update(PBEM_HOME=str(tmp_path), PYTHONPATH=str(ROOT), PBEM_LOG_FORMAT="text")
    pbem = [sys.executable, "-m", "service.cli.main"]
    subprocess.run([*pbem, "db", "upgrade"], env=env, check=True, capture_output=True,
                   timeout=120)
    log = tmp_path / "worker.log"
    with open(log, "wb") as out:
        worker = subprocess.Popen([*pbem, "worker", "--beat", "--concurrency", "1"], env=env,
                                  stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + 90
            while b"beat: Starting" not in log.read_bytes() and time.monotonic() < deadline:
                time.sleep(0.5)
            time.sleep(10)  # the beat sends every periodic task once at its start
        finally:
            worker.send_signal(signal.SIGTERM)
            worker.wait(timeout=60)
    text = log.read_text(errors="replace")
    assert "beat: Starting" in text, text
    routine = [line for line in text.splitlines()  # the start's banner lists the tasks
               if any(name in line for name in ROUTINE_TASKS) and not line.startswith("  . ")]
    assert routine == []
    assert (tmp_path / "celerybeat-schedule").exists() or list(tmp_path.glob("celerybeat*"))
