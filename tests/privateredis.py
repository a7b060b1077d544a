"""A redis-server of one test's own, on a free port, which nothing else uses and a restart empties."""
from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest
import redis


class PrivateRedis:
    """A redis-server of this test only (no persistence): its databases are empty and ours."""

    def __init__(self) -> None:
        if shutil.which("redis-server") is None:
            pytest.fail("redis-server is needed (scripts/setup installs it)")
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not self._answers():
            if time.monotonic() > deadline:
                raise AssertionError("the private Redis did not answer within 20 s")
            time.sleep(0.05)

    def _answers(self) -> bool:
        try:
            return bool(redis.Redis.from_url(self.url, socket_connect_timeout=1).ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
