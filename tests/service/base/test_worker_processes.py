"""Worker processes are sized from the machine's cores unless set (PBEM_WORKER_CONCURRENCY)."""
from __future__ import annotations

import pytest

from service.base import config as settings
from service.base.config import ConfigError, worker_processes
from workers import commands


def test_one_process_per_core_and_at_least_two(monkeypatch: pytest.MonkeyPatch) -> None:
    for cores, processes in ((1, 2), (2, 2), (8, 8)):
        monkeypatch.setattr(settings, "machine_cores", lambda cores=cores: cores)
        assert worker_processes({}) == processes
    monkeypatch.setattr(settings, "machine_cores", lambda: 16)
    monkeypatch.delenv("PBEM_WORKER_CONCURRENCY", raising=False)
    assert commands.embedded_processes() == commands.EMBEDDED_MOST_PROCESSES


def test_the_setting_wins_and_a_bad_one_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "machine_cores", lambda: 16)
    assert worker_processes({"PBEM_WORKER_CONCURRENCY": "3"}) == 3
    monkeypatch.setenv("PBEM_WORKER_CONCURRENCY", "6")
    assert commands.embedded_processes() == 6  # set: not capped
    for bad in ("0", "two", "-1"):
        with pytest.raises(ConfigError, match="PBEM_WORKER_CONCURRENCY"):
            worker_processes({"PBEM_WORKER_CONCURRENCY": bad})


def test_the_machine_has_cores() -> None:
    assert settings.machine_cores() >= 1
