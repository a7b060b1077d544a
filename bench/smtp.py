"""Sending one turn email's worth of mail to a local relay, against a bare SMTP send.

Starts an SMTP server in this process (aiosmtpd, keeping nothing), then sends a message of
about the size of a turn email (text, HTML and a 60 KB attachment) many times, interleaving
four ways: `send_smtp` as the workers call it (the process's kept connection and TLS context),
`send_smtp` on a new connection for every mail (what each send cost before connections were
kept), the same with a new TLS context too (before contexts were kept), and a bare `smtplib`
send on a fresh connection (the baseline). It prints the median wall-clock and CPU
milliseconds of each and their ratios to the baseline, measured in the same run, so a busy
machine moves all of them alike.

    .venv/bin/python bench/smtp.py [--sends 200]
"""
from __future__ import annotations

import argparse
import json
import smtplib
import socket
import ssl
import statistics
import time
from collections.abc import Callable
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from service.mail import transport


class Discard:
    """An SMTP handler that accepts and drops every message."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Accept the message."""
        return "250 OK"


def message() -> EmailMessage:
    """Return a message of about a turn email's size."""
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = "games@bench.test", "anna@bench.test", "turn"
    mail.set_content("Your move.\n" * 200)
    mail.add_alternative("<p>Your move.</p>" * 200, subtype="html")
    mail.add_attachment(b"%PDF" + bytes(60_000), maintype="application", subtype="pdf",
                        filename="board.pdf")
    return mail


def timed(action: Callable[[], object]) -> tuple[float, float]:
    """Return the wall-clock and CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    """Run the sends and print the figures, the last line as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sends", type=int, default=200)
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    controller = Controller(Discard(), hostname="127.0.0.1", port=port)
    controller.start()
    url = f"smtp://127.0.0.1:{port}/?starttls=no"
    mail = message()

    def bare() -> None:
        with smtplib.SMTP("127.0.0.1", port, timeout=10) as client:
            client.send_message(mail)

    def kept() -> None:
        transport.send_smtp(url, mail)

    def new_connection() -> None:
        transport.close_relay_connections()  # what every send did before connections were kept
        transport.send_smtp(url, mail)

    def fresh_context() -> None:
        ssl.create_default_context()  # what every send made before the context was kept
        new_connection()

    ways = {"bare smtplib send": bare, "send_smtp (kept connection)": kept,
            "send_smtp, new connection": new_connection,
            "send_smtp + new context": fresh_context}
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in ways}
    try:
        for name, way in ways.items():
            way()  # warm up (the first context, the connection code)
        for _ in range(args.sends):
            for name, way in ways.items():
                times[name].append(timed(way))
    finally:
        transport.close_relay_connections()
        controller.stop()
    wall = {name: statistics.median(t[0] for t in got) * 1000 for name, got in times.items()}
    cpu = {name: statistics.median(t[1] for t in got) * 1000 for name, got in times.items()}
    base = "bare smtplib send"
    for name in ways:
        print(f"{name:<28} wall {wall[name]:7.2f} ms ({wall[name] / wall[base]:5.2f}x)   "
              f"cpu {cpu[name]:7.2f} ms ({cpu[name] / max(cpu[base], 1e-6):5.2f}x)")
    kept_name, new_name = "send_smtp (kept connection)", "send_smtp, new connection"
    context_name = "send_smtp + new context"
    print(json.dumps({"sends": args.sends, "bare_wall_ms": round(wall[base], 3),
                      "bare_cpu_ms": round(cpu[base], 3),
                      "kept_wall_ms": round(wall[kept_name], 3),
                      "kept_cpu_ms": round(cpu[kept_name], 3),
                      "kept_ratio": round(wall[kept_name] / wall[base], 2),
                      "new_connection_wall_ms": round(wall[new_name], 3),
                      "new_connection_cpu_ms": round(cpu[new_name], 3),
                      "new_connection_ratio": round(wall[new_name] / wall[base], 2),
                      "new_context_wall_ms": round(wall[context_name], 3),
                      "new_context_cpu_ms": round(cpu[context_name], 3),
                      "new_context_ratio": round(wall[context_name] / wall[base], 2)}))


if __name__ == "__main__":
    main()
