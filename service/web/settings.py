"""Web settings: defaults, then PBEM_* variables from the environment, then the caller's."""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import Flask

from service.base.config import Config

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")

DEFAULTS: dict[str, Any] = {
    "ADMIN_TOKEN": "",
    "INBOUND_TOKEN": "",
    "METRICS_TOKEN": "",
    "RATE_SUBMIT": "30/60",
    "RATE_GUESS": "20/600",
    "RATE_AUDIT": "10/60",
    "RATE_JOIN": "5/3600",
    "RATE_JOIN_GAME": "30/3600",
    "RATE_SIGNIN": "3/3600",
    "INLINE_PROCESSING": False,
    "INLINE_MAIL": False,
    "DEV_INBOX": None,
    "OPEN_CREATION": False,
    "PROXY_HOPS": 0,
    "MAX_CONTENT_LENGTH": 256 * 1024,
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
    "SESSION_COOKIE_NAME": "pbem_session",
}
"""Every web setting; `PBEM_<NAME>` in the environment overrides each one."""

YES = ("1", "true", "yes", "on")
TEXT_SETTINGS = ("ADMIN_TOKEN", "INBOUND_TOKEN", "METRICS_TOKEN", "RATE_SUBMIT", "RATE_GUESS",
                 "RATE_AUDIT", "RATE_JOIN", "RATE_JOIN_GAME", "RATE_SIGNIN")


def session_key(config: Config) -> bytes:
    """Return the key that signs session cookies, derived from the server's signing key."""
    return hmac.new(config.secret_key(), b"pbem web session", hashlib.sha256).digest()


def is_loopback(base_url: str) -> bool:
    """Return whether the site is reached on this machine only."""
    return (urlsplit(base_url).hostname or "") in LOOPBACK_HOSTS


def configure(app: Flask, config: Config, overrides: Mapping[str, Any] | None) -> None:
    """Fill app.config from the defaults, then PBEM_* variables, then `overrides`."""
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("PBEM")
    for name in TEXT_SETTINGS:
        app.config[name] = str(app.config[name] or "")
    app.config["OPEN_CREATION"] = str(app.config["OPEN_CREATION"]).lower() in YES
    app.config["SECRET_KEY"] = session_key(config)
    app.config["SESSION_COOKIE_SECURE"] = config.base_url.startswith("https://")
    app.config.update(overrides or {})
    if app.config["DEV_INBOX"] is None:
        app.config["DEV_INBOX"] = config.smtp_url is None and is_loopback(config.base_url)
    app.config["PBEM"] = config
