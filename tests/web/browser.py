"""Headless Chromium for the browser tests: Debian's chromium driven by Playwright.

Never downloads a browser. Without Chromium or Playwright the browser tests are skipped,
except under CI=true, where they fail.
"""
from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

from tests.stores import ready_store

CHROMIUM = os.environ.get("PBEM_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
HANG_MS = 180_000
"""How long a browser test waits for a page, a navigation or an element before calling it hung."""


def require_browser() -> None:
    """Skip (or, under CI, fail) when Chromium or Playwright is missing."""
    problem = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        problem = "the playwright package is not installed"
    if problem is None and not Path(CHROMIUM).exists():
        problem = f"no Chromium at {CHROMIUM} (Debian package chromium)"
    if problem is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(problem + " (CI=true: the browser tests must run)")
    pytest.skip(problem)


def free_port() -> int:
    """Return a TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def browser_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                settings: dict[str, Any] | None = None, *, links_port: int = 0) -> Flask:
    """Return the web app for a browser test: a home of its own, no database, relay or queue
    of the environment's, orders decided in the request; its mailed links point at
    `links_port` when given. Skips (or fails, under CI) without a browser."""
    from service.web import handoff
    from service.web.app import create_app

    require_browser()
    for name in ("PBEM_DATABASE_URL", "PBEM_SMTP_URL", "PBEM_BROKER_URL", "PBEM_ADMIN_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_SECRET_KEY", "browser-test-key")
    if links_port:
        monkeypatch.setenv("PBEM_BASE_URL", f"http://127.0.0.1:{links_port}")
    monkeypatch.setattr(handoff, "entry_points", lambda group: [])
    ready_store()
    return create_app({"INLINE_PROCESSING": True, **(settings or {})})


@contextmanager
def live_server(app: Flask, port: int) -> Iterator[str]:
    """Serve `app` on 127.0.0.1:`port` in a thread; yield its base URL."""
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@contextmanager
def chromium() -> Iterator[Any]:
    """Yield a headless Chromium browser."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        patient(browser)
        try:
            yield browser
        finally:
            browser.close()


def patient(browser: Any) -> None:
    """Give every page and context `browser` opens HANG_MS for each wait instead of
    Playwright's 30 s: the waits bound a hung page, they are not a measure of speed, and a
    shared machine under heavy load can take longer than 30 s to serve and lay out a page."""
    open_context, open_page = browser.new_context, browser.new_page

    def new_context(*args: Any, **kwargs: Any) -> Any:
        context = open_context(*args, **kwargs)
        context.set_default_timeout(HANG_MS)
        return context

    def new_page(*args: Any, **kwargs: Any) -> Any:
        page = open_page(*args, **kwargs)
        page.context.set_default_timeout(HANG_MS)
        page.set_default_timeout(HANG_MS)
        return page

    browser.new_context, browser.new_page = new_context, new_page


def follow(page: Any, target: Any) -> None:
    """Click `target` (a selector or a locator) and return once the page it leads to has
    loaded: a click returns when the navigation starts, so a read right after it may still
    see the page it left."""
    with page.expect_navigation():
        (page.locator(target) if isinstance(target, str) else target).click()


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/ and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    return path
