"""Headless Chromium for the browser tests: Debian's chromium driven by Playwright.

Never downloads a browser. Without Chromium or Playwright the browser tests are skipped,
except under CI=true, where they fail.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

CHROMIUM = os.environ.get("PBEM_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


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
        try:
            yield browser
        finally:
            browser.close()


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/ and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    return path
