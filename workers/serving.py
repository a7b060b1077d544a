"""`pbem serve`: the web server, the mail listener and a worker with the sweep, as one unit.

Each part is started in turn (mail listener, web server, worker); if one cannot start, the parts
already running are stopped and the failing part is named. Once running, SIGTERM or SIGINT, or
any part stopping on its own, stops all of them: nothing is left behind.
"""
from __future__ import annotations

import os
import signal
import subprocess
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

import click
from werkzeug.serving import BaseWSGIServer, make_server

from service.base.config import Config

WORKER_GRACE = 30
"""Seconds the worker has to finish its current task before it is killed."""


class PartFailed(Exception):
    """A part of the service could not start, or stopped; the message names it."""


@dataclass
class Served:
    """The running parts, each stopped in the reverse order of starting."""

    stops: list[tuple[str, Callable[[], None]]] = field(default_factory=list)
    worker: subprocess.Popen[bytes] | None = None
    web: threading.Thread | None = None

    def stop_all(self) -> None:
        """Stop every part that was started, the last started first."""
        for name, stop in reversed(self.stops):
            try:
                stop()
            except Exception as exc:  # noqa: BLE001 - stop the others whatever happens
                click.echo(f"pbem: stopping the {name} failed: {exc}", err=True)
        self.stops.clear()

    def failed_part(self) -> str:
        """Return the name of a part that stopped on its own, or ''."""
        if self.worker is not None and self.worker.poll() is not None:
            return f"the worker stopped (exit status {self.worker.returncode})"
        if self.web is not None and not self.web.is_alive():
            return "the web server stopped"
        return ""


def start_part(served: Served, name: str, start: Callable[[], Callable[[], None]]) -> None:
    """Start one part and remember how to stop it; raise PartFailed naming it if it fails."""
    try:
        stop = start()
    except (OSError, RuntimeError) as exc:
        raise PartFailed(f"the {name} could not start: {exc}") from None
    served.stops.append((name, stop))


def stop_worker(worker: subprocess.Popen[bytes]) -> None:
    """Ask the worker to finish and stop; kill it, its pool and beat after a while.

    Only the worker's main process is asked: it stops its pool itself. A pool process
    signalled directly may die holding the lock of the pool's task pipe, and the main process
    then waits for that lock forever as it exits."""
    if worker.poll() is None:
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(timeout=WORKER_GRACE)
        except subprocess.TimeoutExpired:
            click.echo(f"pbem: the worker did not stop within {WORKER_GRACE} s; killing it "
                       "(its unfinished tasks are taken up again at the next start)", err=True)
    try:
        os.killpg(worker.pid, signal.SIGKILL)  # whatever of its group is left
    except ProcessLookupError:
        pass
    worker.wait()


def start_web(served: Served, app: Any, host: str, port: int) -> Callable[[], None]:
    """Bind the web server (failing at once if the port is taken) and serve in a thread."""
    try:
        server: BaseWSGIServer = make_server(host, port, app, threaded=True)
    except SystemExit:  # werkzeug explains a taken port on stderr, then exits
        raise OSError(f"{host}:{port} is in use or not available") from None
    thread = threading.Thread(target=server.serve_forever, name="pbem-web", daemon=True)
    thread.start()
    served.web = thread

    def stop() -> None:
        server.shutdown()
        server.server_close()
    return stop


def start_worker(served: Served, argv: list[str], env: dict[str, str]) -> Callable[[], None]:
    """Start the worker in its own process group, so that all of it can be stopped."""
    worker = subprocess.Popen(argv, env=env, start_new_session=True)
    served.worker = worker
    return lambda: stop_worker(worker)


class Signals:
    """SIGTERM and SIGINT caught from the start, so that no signal skips the stopping."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.received: list[str] = []
        self.previous = {sig: signal.signal(sig, self.on_signal)
                         for sig in (signal.SIGTERM, signal.SIGINT)}

    def on_signal(self, number: int, _: FrameType | None) -> None:
        """Note the signal and wake the waiting loop."""
        self.received.append(signal.Signals(number).name)
        self.stop.set()

    def restore(self) -> None:
        """Put the previous handlers back."""
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)


def wait_for_stop(served: Served, signals: Signals) -> str:
    """Block until SIGTERM or SIGINT arrives, or a part stops; return why, '' for a signal."""
    while not signals.stop.wait(0.5):
        failed = served.failed_part()
        if failed:
            return failed
    click.echo(f"pbem: {signals.received[0]} received")
    return ""


def serve(config: Config, app: Any, listener: Callable[[], Callable[[], None]], host: str,
          port: int, worker_argv: list[str], env: dict[str, str]) -> None:
    """Run all parts until a signal or a failure; exit non-zero, naming the part, on failure."""
    served, signals = Served(), Signals()
    problem = ""
    try:
        start_part(served, "mail listener", listener)
        start_part(served, "web server", lambda: start_web(served, app, host, port))
        start_part(served, "worker", lambda: start_worker(served, worker_argv, env))
        click.echo(f"pbem is running (state in {config.home}); Ctrl-C stops everything.")
        problem = wait_for_stop(served, signals)
    except PartFailed as exc:
        problem = str(exc)
    finally:
        click.echo("pbem: stopping")
        served.stop_all()
        signals.restore()
    if problem:
        raise click.ClickException(f"{problem}; everything else was stopped")
    click.echo("pbem: stopped")
