"""The signing key: one key for processes starting together, and required with a shared store."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from service.base.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parents[3]
READ_KEY = """
import os, sys, time
from pathlib import Path
go = Path(sys.argv[1])
while not go.exists():
    time.sleep(0.001)
from service.base.config import load_config
sys.stdout.write(load_config().secret_key().decode())
"""


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env.update(extra)
    return env


def test_six_processes_on_a_fresh_home_agree_on_one_key(tmp_path: Path) -> None:
    for round_number in range(5):
        home, go = tmp_path / f"home{round_number}", tmp_path / f"go{round_number}"
        processes = [subprocess.Popen([sys.executable, "-c", READ_KEY, str(go)], cwd=ROOT,
                                      env=_env(PBEM_HOME=str(home)), stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE) for _ in range(6)]
        time.sleep(0.5)  # every process waits at the line
        go.touch()
        results = [process.communicate(timeout=60) for process in processes]
        assert all(process.returncode == 0 for process in processes), results
        keys = {out for out, _ in results}
        assert len(keys) == 1 and len(keys.pop()) == 64, results
        assert (home / "secret.key").read_bytes().strip() == results[0][0]
        assert oct((home / "secret.key").stat().st_mode & 0o777) == "0o600"


def test_an_empty_key_file_is_replaced_by_a_real_key(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PBEM_SECRET_KEY", raising=False)
    (tmp_path / "secret.key").write_text("")
    config = load_config({"PBEM_HOME": str(tmp_path)})
    key = config.secret_key()
    assert len(key) == 64 and config.secret_key() == key


def test_a_shared_database_needs_the_key_and_says_why(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PBEM_SECRET_KEY", raising=False)
    shared = {"PBEM_HOME": str(tmp_path),
              "PBEM_DATABASE_URL": "postgresql+psycopg://pbem@db.invalid/pbem"}
    with pytest.raises(ConfigError, match="PBEM_SECRET_KEY must be set"):
        load_config(shared).secret_key()
    assert not (tmp_path / "secret.key").exists()
    for command in (["worker"], ["serve"], ["smtpd"]):
        done = subprocess.run([sys.executable, "-m", "service.cli.main", *command], cwd=ROOT,
                              env=_env(**shared), capture_output=True, text=True, timeout=120,
                              check=False)
        assert done.returncode == 1, done.stdout + done.stderr
        assert "PBEM_SECRET_KEY must be set" in done.stderr and "Traceback" not in done.stderr
    monkeypatch.setenv("PBEM_SECRET_KEY", "one-key-for-all")
    assert load_config(shared).secret_key() == b"one-key-for-all"


def test_the_web_app_refuses_to_start_without_a_shared_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from service.web.app import create_app

    monkeypatch.delenv("PBEM_SECRET_KEY", raising=False)
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_DATABASE_URL", "postgresql+psycopg://pbem@db.invalid/pbem")
    with pytest.raises(ConfigError, match="same key"):
        create_app()
