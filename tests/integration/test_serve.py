"""`pbem serve`, the embedded default: one command, nothing else installed, Ctrl-C stops it."""
from __future__ import annotations

import json
import os
import signal
import smtplib
import subprocess
import sys
import time
import urllib.request
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from .conftest import ROOT, free_port, wait_for

PBEM = [sys.executable, "-m", "service.cli"]


def run_pbem(env: dict[str, str], *args: str) -> str:
    """Run a pbem command in the served home and return its output."""
    done = subprocess.run([*PBEM, *args], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stdout.strip()


def mails(home: Path) -> list[EmailMessage]:
    """The messages written to the served mail folder."""
    folder = home / "mail"
    return [message_from_bytes(path.read_bytes(), policy=policy.default)  # type: ignore[misc]
            for path in sorted(folder.glob("*.eml"))] if folder.exists() else []


def test_serve_runs_web_worker_and_mail_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    home, web, smtp = tmp_path / "var", free_port(), free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env.update(PBEM_HOME=str(home), PBEM_SECRET_KEY="serve-test")
    server = subprocess.Popen([*PBEM, "serve", "--port", str(web), "--smtp-port", str(smtp)],
                              env=env, cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, start_new_session=True)
    try:
        health = wait_for(lambda: _get(f"http://127.0.0.1:{web}/healthz"), 60, "the web app")
        assert json.loads(health)["status"] == "ok"
        game_id = run_pbem(env, "new", "secret-masters", "--seat", "anna=anna@players.test",
                           "--seat", "bruno=bruno@players.test", "--seat",
                           "carla=carla@players.test")
        turn = wait_for(lambda: [m for m in mails(home) if "anna" in str(m["To"])], 90,
                        "anna's first email")[0]
        _send_order(smtp, turn, "pass")
        wait_for(lambda: [m for m in mails(home) if m["Auto-Submitted"] == "auto-replied"], 90,
                 "the answer to anna's email")
        assert game_id in _get(f"http://127.0.0.1:{web}/")
    finally:
        os.killpg(server.pid, signal.SIGINT)
        output = server.communicate(timeout=60)[0].decode()
    assert server.returncode == 0, output
    assert "stopping" in output
    assert not _alive_children(server.pid)


def _get(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return str(response.read().decode())
    except OSError:
        return ""


def _send_order(port: int, turn: EmailMessage, text: str) -> None:
    reply = EmailMessage()
    reply["From"], reply["To"] = "anna@players.test", str(turn["Reply-To"])
    reply["Subject"] = "Re: " + str(turn["Subject"])
    reply["In-Reply-To"] = str(turn["Message-ID"])
    reply.set_content(text)
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        client.send_message(reply)


def _alive_children(pid: int) -> list[str]:
    """Return the processes of the served group still alive after a short grace period."""
    deadline = time.monotonic() + 15
    while True:
        found = subprocess.run(["pgrep", "-a", "-g", str(pid)], capture_output=True, text=True,
                               check=False)
        if not found.stdout.strip() or time.monotonic() > deadline:
            return found.stdout.splitlines()
        time.sleep(0.2)
