"""`pbem ingest`: an MTA pipes one message in; it is kept before anything else happens."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from service.mail.reading import text_to_raw
from service.store.store import Store

from .conftest import ROOT

MESSAGE = (b"From: anna@players.test\r\nTo: play+00000000.anna.aaaaaaaaaaaaaaaa@pbem.localhost"
           b"\r\nSubject: orders\r\nMessage-ID: <piped-1@players.test>\r\n\r\npass\r\n")


def _ingest(env: dict[str, str], raw: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "service.cli.main", "ingest"], input=raw, env=env,
                          cwd=ROOT, capture_output=True, timeout=120, check=False)


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env["PBEM_HOME"] = str(home)
    return env


def test_a_piped_message_is_stored_verbatim_once(tmp_path: Path) -> None:
    env = _env(tmp_path / "var")
    empty = _ingest(env, MESSAGE)  # no store made yet: the MTA keeps the message and retries
    assert empty.returncode == 75 and b"pbem db upgrade" in empty.stderr, empty.stderr
    subprocess.run([sys.executable, "-m", "service.cli.main", "db", "upgrade"], env=env,
                   cwd=ROOT, capture_output=True, timeout=120, check=True)
    first = _ingest(env, MESSAGE)
    assert first.returncode == 0, first.stderr.decode()
    again = _ingest(env, MESSAGE)
    assert again.stdout == first.stdout, "the same Message-ID is the same submission"
    store = Store(f"sqlite:///{tmp_path / 'var' / 'pbem.db'}")
    sub = store.get_submission(first.stdout.decode().strip())
    assert sub is not None and text_to_raw(sub.body) == MESSAGE
    assert sub.recipient == "play+00000000.anna.aaaaaaaaaaaaaaaa@pbem.localhost"


def test_a_message_that_cannot_be_stored_asks_the_mta_to_retry(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    result = _ingest(_env(blocked / "var"), MESSAGE)
    assert result.returncode == 75
    assert b"try again" in result.stderr
