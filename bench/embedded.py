"""The embedded default (`pbem serve`: SQLite store, SQLite broker, one worker) from a mail in
to its answer out, against the listener taking the mail alone.

Starts `pbem serve` in a temporary home on free ports, makes a game, then sends a seat's
`help` by SMTP again and again (each a message the worker decides and answers: the two tasks an
order needs) and times each from the send to the answer's file in the mail folder. The baseline
is the SMTP send itself (the listener storing the message), measured in the same run. It prints
the median and 95th percentile, their ratio to the baseline, and the CPU seconds all of serve's
processes used per answered mail; the last line is JSON.

    .venv/bin/python bench/embedded.py [--mails 30]
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import smtplib
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.processes import cpu_seconds

PBEM = [sys.executable, "-m", "service.cli.main"]
ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """Return a TCP port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait(check: object, timeout: float, what: str) -> object:
    """Poll `check()` until it is true; stop the benchmark after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()  # type: ignore[operator]
        if value:
            return value
        time.sleep(0.005)
    raise SystemExit(f"timed out waiting for {what}")


def answers(folder: Path) -> list[Path]:
    """Return the answer files in the mail folder (automatic replies), oldest first."""
    found = []
    for path in sorted(folder.glob("*.eml")) if folder.exists() else []:
        if b"Auto-Submitted: auto-replied" in path.read_bytes()[:4000]:
            found.append(path)
    return found


def main() -> None:
    """Run serve, time the mails, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "var"
        web, smtp = free_port(), free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
        env.update(PBEM_HOME=str(home), PBEM_SECRET_KEY="5a0e47a1169e4147ce32adc8a8e0dbbb5c5fb5b7a697364cc3f0f81132298e40")
        server = subprocess.Popen([*PBEM, "serve", "--port", str(web), "--smtp-port", str(smtp)],
                                  env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            wait(lambda: _up(f"http://127.0.0.1:{web}/healthz"), 120, "pbem serve")
            subprocess.run([*PBEM, "new", "secret-masters", "--seat", "anna=anna@bench.test",
                            "--seat", "bruno=bruno@bench.test", "--seat",
                            "carla=carla@bench.test"], env=env, cwd=ROOT, check=True,
                           capture_output=True)
            folder = home / "mail"
            turn = message_from_bytes(Path(wait(lambda: _first(folder, "anna"), 120,
                                                "anna's first mail")).read_bytes(),
                                      policy=policy.default)
            total, sends, cpu_before = [], [], cpu_seconds(server.pid)
            for number in range(args.mails):
                count = len(answers(folder))
                started = time.perf_counter()
                _send(smtp, turn, number)
                sends.append(time.perf_counter() - started)
                wait(lambda seen=count: len(answers(folder)) > seen, 60, "the answer")
                total.append(time.perf_counter() - started)
            cpu = (cpu_seconds(server.pid) - cpu_before) / args.mails
        finally:
            os.killpg(server.pid, signal.SIGINT)
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
    median, base = statistics.median(total), statistics.median(sends)
    p95 = sorted(total)[min(len(total) - 1, round(0.95 * (len(total) - 1)))]
    print(f"mail in -> answer out   median {median * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms")
    print(f"SMTP send alone         median {base * 1000:7.1f} ms   (ratio {median / base:.1f}x)")
    print(f"CPU of all serve's processes per answered mail: {cpu * 1000:.0f} ms")
    print(json.dumps({"mails": args.mails, "answer_median_ms": round(median * 1000, 1),
                      "answer_p95_ms": round(p95 * 1000, 1),
                      "send_median_ms": round(base * 1000, 1),
                      "ratio": round(median / base, 1), "cpu_ms_per_mail": round(cpu * 1000)}))


def _up(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def _first(folder: Path, seat: str) -> Path | None:
    found = sorted(folder.glob(f"*-{seat}-*.eml")) if folder.exists() else []
    return found[0] if found else None


def _send(port: int, turn: EmailMessage, number: int) -> None:
    reply = EmailMessage()
    reply["From"], reply["To"] = "anna@bench.test", str(turn["Reply-To"])
    reply["Subject"] = f"Re: {turn['Subject']} ({number})"
    reply.set_content("help")
    with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
        client.send_message(reply)


if __name__ == "__main__":
    main()
