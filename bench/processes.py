"""What the benchmarks that run servers share: a free loopback port and a clean stop."""
from __future__ import annotations

import os
import signal
import socket
import subprocess


def free_port() -> int:
    """Return a TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a child's process group (started in its own session) politely, then firmly."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
