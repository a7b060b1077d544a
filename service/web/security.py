"""Security for every page: headers, CSRF tokens on forms, rate limits and constant-time checks."""
from __future__ import annotations

import hmac
import ipaddress
import re
import secrets

from flask import Flask, Response, abort, current_app, request, session

from service.base.config import parse_rate
from service.web.ratelimit import Limiter

CSRF_FIELD = "csrf_token"
CSRF_FREE_BLUEPRINTS = ("api", "inbound")
"""Blueprints authenticated by a bearer token in a header, which a browser never adds itself."""

CONTENT_SECURITY_POLICY = ("default-src 'none'; img-src 'self' data:; style-src 'self' "
                           "'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; "
                           "base-uri 'none'")
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}


def same(given: str | None, expected: str) -> bool:
    """Return whether a secret given by a client equals the expected one (constant time)."""
    if not given or not expected:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode())


def csrf_token() -> str:
    """Return this session's CSRF token, creating it on first use."""
    token = session.get(CSRF_FIELD)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        session[CSRF_FIELD] = token
    return token


def check_csrf() -> None:
    """Refuse a state-changing form request whose token is not the session's."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit and (request.content_length or 0) > limit:
        abort(413)
    if request.routing_exception is not None or request.blueprint in CSRF_FREE_BLUEPRINTS:
        return  # no such page (404, 405), or a bearer-token API
    expected = session.get(CSRF_FIELD)
    if not isinstance(expected, str) or not same(request.form.get(CSRF_FIELD), expected):
        abort(400, description="The form was too old or came from elsewhere; reload the page "
                               "and send it again.")


def add_headers(response: Response) -> Response:
    """Add the security headers; private pages are never cached."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if current_app.config.get("SESSION_COOKIE_SECURE"):
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    response.headers.setdefault("Cache-Control", "no-store")
    return response


def client_address() -> str:
    """Return the client's address as the server sees it (a proxy sets it via ProxyFix)."""
    return request.remote_addr or "unknown"


FORWARDING_HEADERS = ("X-Forwarded-For", "X-Real-Ip", "Forwarded", "X-Client-Ip",
                      "True-Client-Ip", "Cf-Connecting-Ip")
FORWARDED_FOR = re.compile(r"for=\"?\[?([^\]\";,]+)", re.IGNORECASE)


def is_loopback_address(text: str) -> bool:
    """Return whether `text` is an address of this machine (127.0.0.0/8 or ::1)."""
    try:
        return ipaddress.ip_address(text.strip().split("%")[0]).is_loopback
    except ValueError:
        return False


def local_client() -> bool:
    """Return whether the request surely comes from this machine.

    The socket's peer must be a loopback address, and so must every address that any proxy
    (trusted or not) reports for the client: a local proxy forwarding a remote visitor is not
    a local client.
    """
    original = request.environ.get("werkzeug.proxy_fix.orig", {}).get("REMOTE_ADDR")
    peers = [request.environ.get("REMOTE_ADDR") or "", request.remote_addr or ""]
    if original is not None:
        peers.append(original)
    for name in FORWARDING_HEADERS:
        value = request.headers.get(name, "")
        if name == "Forwarded":
            peers += FORWARDED_FOR.findall(value) or ([value] if value else [])
        elif value:
            peers += value.split(",")
    return all(is_loopback_address(peer) for peer in peers)


def dev_inbox_open() -> bool:
    """Return whether this request may see the dev inbox and seat links: local mail, local client."""
    return bool(current_app.config["DEV_INBOX"]) and local_client()


def limited(kind: str, key: str) -> bool:
    """Count one hit of `kind` (SUBMIT, GUESS, AUDIT, JOIN, JOIN_GAME, SIGNIN) for `key`; True
    when over the limit."""
    limiter: Limiter = current_app.extensions["pbem.limiter"]
    limit, window = parse_rate(current_app.config[f"RATE_{kind}"])
    return not limiter.hit(f"{kind.lower()}:{key}", limit, window)


def guessing_exceeded() -> bool:
    """Return whether this client has sent too many wrong tokens in this window."""
    limiter: Limiter = current_app.extensions["pbem.limiter"]
    limit, window = parse_rate(current_app.config["RATE_GUESS"])
    return limiter.peek(f"guess:{client_address()}", window) >= limit


def count_bad_token() -> None:
    """Count a wrong token from this client; answer 429 once it has sent too many.

    Only wrong tokens are refused this way: a correct link keeps working from the same address
    (a player sharing an address with a guesser is not locked out). A signature has 80 bits, so
    the limit slows scanners down rather than being what keeps links secret.
    """
    over = guessing_exceeded()
    limited("GUESS", client_address())
    if over:
        abort(429)


def init_app(app: Flask) -> None:
    """Install the CSRF check, the security headers and the CSRF token for templates."""
    app.before_request(check_csrf)
    app.after_request(add_headers)
    app.jinja_env.globals["csrf_token"] = csrf_token


def visitor_creates() -> bool:
    """Return whether this visitor may create games only because creation is open to everyone
    (PBEM_OPEN_CREATION): neither signed in with the admin token nor, without one, on this
    machine. Such a visitor has proven no address, so the games it creates mail no address it
    types: their players take seats by join links, each confirmed from its own address."""
    if not current_app.config["OPEN_CREATION"]:
        return False
    if current_app.config["ADMIN_TOKEN"]:
        return not session.get("admin")
    return not local_client()
