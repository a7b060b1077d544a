"""`pbem serve`, the embedded default: one command, nothing else installed, Ctrl-C stops it."""
from __future__ import annotations

import json
import os
import signal
import smtplib
import socket
import subprocess
import sys
import time
import urllib.request
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

from .conftest import ROOT, free_port, wait_for

PBEM = [sys.executable, "-m", "service.cli.main"]


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
    failure: AssertionError | None = None
    try:
        health = wait_for(lambda: _get(f"http://127.0.0.1:{web}/healthz"), 60, "the web app")
        assert json.loads(health)["status"] == "ok"
        game_id = run_pbem(env, "new", "secret-masters", "--seat", "anna=anna@players.test",
                           "--seat", "bruno=bruno@players.test", "--seat",
                           "carla=carla@players.test")
        turn = wait_for(lambda: [m for m in mails(home) if "anna" in str(m["To"])], 90,
                        "anna's first email")[0]
        assert f"http://127.0.0.1:{web}/play/{game_id}/anna/" in turn.as_string()  # its port
        link = run_pbem(env, "link", game_id, "anna")  # another shell, no PBEM_BASE_URL
        assert link.startswith(f"http://127.0.0.1:{web}/play/{game_id}/anna/"), link
        _send_order(smtp, turn, "pass")
        wait_for(lambda: [m for m in mails(home) if m["Auto-Submitted"] == "auto-replied"], 90,
                 "the answer to anna's email")
        assert game_id in _get(f"http://127.0.0.1:{web}/")
        parts = _descendants(server.pid)
    except AssertionError as exc:
        failure = exc
    finally:
        server.send_signal(signal.SIGINT)  # to serve alone: it must stop the rest itself
        output = server.communicate(timeout=60)[0].decode()
    assert failure is None, f"{failure}; what serve printed:\n{output}"
    assert server.returncode == 0, output
    assert "SIGINT received" in output and "stopping" in output
    assert "did not stop" not in output  # the worker stopped when asked, its pool with it
    assert not _living(parts)
    assert not _alive_children(server.pid)


ANSWER_WAIT = 60
"""How long a request to the served web app may wait for its answer: a bound for a hung server,
not a speed asked of it. A port that nothing listens on is refused at once."""


def _get(url: str) -> str:
    """Return the page at `url` once the server has answered it; "" when nothing answers (the
    port refused, or no answer within ANSWER_WAIT)."""
    try:
        with urllib.request.urlopen(url, timeout=ANSWER_WAIT) as response:
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


def _start_serve(tmp_path: Path, web: int, smtp: int) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env.update(PBEM_HOME=str(tmp_path / "var"), PBEM_SECRET_KEY="serve-test")
    return subprocess.Popen([*PBEM, "serve", "--port", str(web), "--smtp-port", str(smtp)],
                            env=env, cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)


def _descendants(pid: int) -> set[int]:
    """Return the ids of every live process below `pid`."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        children = subprocess.run(["pgrep", "-P", str(parent)], capture_output=True, text=True,
                                  check=False).stdout.split()
        for child in map(int, children):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _living(pids: set[int]) -> set[int]:
    """Return those of `pids` still running (not gone, not a zombie) after a grace period."""
    deadline = time.monotonic() + 20
    while True:
        alive = set()
        for pid in pids:
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except (FileNotFoundError, ProcessLookupError, IndexError):
                continue
            if state != "Z":
                alive.add(pid)
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.2)


def _running_parts(server: subprocess.Popen[bytes], web: int) -> set[int]:
    """Wait until web and worker (with its pool) run; return the served processes."""
    wait_for(lambda: _get(f"http://127.0.0.1:{web}/healthz"), 60, "the web app")
    def started() -> set[int] | None:
        pids = _descendants(server.pid)
        return pids if len(pids) >= 2 else None
    parts: set[int] = wait_for(started, 60, "the worker and its pool")
    return parts


def test_sigterm_to_serve_alone_stops_every_part(tmp_path: Path) -> None:
    web, smtp = free_port(), free_port()
    server = _start_serve(tmp_path, web, smtp)
    try:
        parts = _running_parts(server, web)
        server.send_signal(signal.SIGTERM)
        output = server.communicate(timeout=90)[0].decode()
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
    assert server.returncode == 0, output
    assert "SIGTERM received" in output and "stopped" in output
    assert not _living(parts), output
    assert not _get(f"http://127.0.0.1:{web}/healthz")


def test_a_taken_smtp_port_stops_serve_and_says_so(tmp_path: Path) -> None:
    web, smtp = free_port(), free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", smtp))
        taken.listen()
        server = _start_serve(tmp_path, web, smtp)
        output = server.communicate(timeout=90)[0].decode()
    assert server.returncode == 1, output
    assert "the mail listener could not start" in output and "Traceback" not in output
    assert not _get(f"http://127.0.0.1:{web}/healthz")
    assert not _living(_descendants(server.pid))


def test_a_taken_web_port_stops_the_mail_listener_too(tmp_path: Path) -> None:
    web, smtp = free_port(), free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", web))
        taken.listen()
        server = _start_serve(tmp_path, web, smtp)
        output = server.communicate(timeout=90)[0].decode()
    assert server.returncode == 1, output
    assert "the web server could not start" in output
    with socket.socket() as again:
        again.bind(("127.0.0.1", smtp))  # the listener let go of its port


def test_a_dead_worker_stops_everything(tmp_path: Path) -> None:
    web, smtp = free_port(), free_port()
    server = _start_serve(tmp_path, web, smtp)
    try:
        parts = _running_parts(server, web)
        worker = min(_descendants(server.pid))
        os.killpg(os.getpgid(worker), signal.SIGKILL)
        output = server.communicate(timeout=90)[0].decode()
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
    assert server.returncode == 1, output
    assert "the worker stopped" in output and "everything else was stopped" in output
    assert not _living(parts)
    assert not _get(f"http://127.0.0.1:{web}/healthz")
