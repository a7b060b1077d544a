"""Settings that must not stay as the example left them: placeholders, guessable keys and
tokens, plain http and mail domains no one can write to, on a deployment others reach.

A deployment is *public* when its database is shared (PostgreSQL) or its base URL names a host
other than this machine's loopback address. The embedded default (`pbem serve`, no settings)
is not: it makes its own key and serves this machine only, so it keeps starting with nothing
set. A placeholder of the example (`CHANGE-...`) and a base URL that is neither https nor
loopback are refused on every deployment.
"""
from __future__ import annotations

import ipaddress
import math
import os
import re
import string
from collections.abc import Iterator, Mapping
from email.utils import parseaddr
from urllib.parse import urlsplit

from service.base.config import Config

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
PLACEHOLDER = re.compile(r"CHANGE(?![a-z])")
"""How the example marks a value to be replaced: CHANGE-64-hex-characters, CHANGE-db-password."""
EXAMPLE_DOMAINS = ("example.org", "example.com", "example.net")
"""The example's names (RFC 2606): nobody's mail or web server answers for them."""
UNSERVED_SUFFIXES = ("localhost", "local", "test", "invalid", "example", "internal", "lan",
                     "home.arpa")
"""Names that never reach this machine from the internet's DNS."""
KEY_BITS = 256
TOKEN_CHARACTERS = 16
TOKENS = ("PBEM_ADMIN_TOKEN", "PBEM_METRICS_TOKEN", "PBEM_INBOUND_TOKEN")
NEW_KEY = "python3 -c 'import secrets; print(secrets.token_hex(32))'"
NEW_TOKEN = "python3 -c 'import secrets; print(secrets.token_urlsafe(24))'"
ALPHABETS = (
    (string.digits, 10),
    ("0123456789abcdef", 16),
    ("0123456789ABCDEF", 16),
    (string.digits + string.ascii_lowercase, 36),
    (string.digits + string.ascii_letters, 62),
    (string.digits + string.ascii_letters + "+/=_-", 64),
)


def is_public(config: Config, environ: Mapping[str, str]) -> bool:
    """Return whether others reach this deployment: a shared database, or a base URL set to a
    host that is not this machine's loopback address."""
    given = environ.get("PBEM_BASE_URL", "")
    return config.shared_database or bool(given) and not is_loopback_url(given)


def is_loopback_url(url: str) -> bool:
    """Return whether the URL names this machine's loopback address."""
    return (urlsplit(url).hostname or "") in LOOPBACK_HOSTS


def estimated_bits(key: str) -> int:
    """Return an estimate of a key's entropy in bits: its length times the bits of the
    smallest alphabet it is written in, less for a key of few distinct characters."""
    size = next((size for alphabet, size in ALPHABETS if set(key) <= set(alphabet)), 95)
    distinct = len(set(key))
    if distinct < min(len(key), size) / 2:
        size = distinct
    return int(len(key) * math.log2(size)) if size > 1 else 0


def unsafe_settings(config: Config, environ: Mapping[str, str] | None = None) -> list[str]:
    """Return one line per setting that is unsafe on this deployment, naming the fix."""
    env = os.environ if environ is None else environ
    problems = list(_placeholders(env))
    problems += _base_url(env)
    if is_public(config, env):
        problems += _example_names(config, env)
        problems += _secrets(env)
        problems += _mail_domain(config, env)
    return problems


def _placeholders(env: Mapping[str, str]) -> Iterator[str]:
    """Yield each setting that still holds the example's CHANGE placeholder."""
    for name in sorted(env):
        if name.startswith("PBEM_") and PLACEHOLDER.search(env[name]):
            yield (f"{name} still holds the example's placeholder (CHANGE...): "
                   f"{_fix_for(name)}")


def _fix_for(name: str) -> str:
    """Return how to give the setting `name` a value of one's own."""
    if name == "PBEM_SECRET_KEY":
        return f"set it to the output of {NEW_KEY}, the same on every node"
    if name in TOKENS:
        return f"set it to the output of {NEW_TOKEN}, or leave it unset"
    if name == "PBEM_DATABASE_URL":
        return "put the database role's password in it (docs/deploy.md, section 2)"
    return "set it to this deployment's value, or leave it unset for the default"


def _base_url(env: Mapping[str, str]) -> list[str]:
    """Return why the given base URL is not an https address (loopback excepted)."""
    given = env.get("PBEM_BASE_URL", "")
    if not given:
        return []
    parts = urlsplit(given)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        bare = given.split("://", 1)[-1].strip("/")
        return [f"PBEM_BASE_URL={given} is not a web address: write https://{bare}"]
    if parts.scheme == "http" and parts.hostname not in LOOPBACK_HOSTS:
        return [(f"PBEM_BASE_URL={given} is plain http: players' links and sessions would "
                 f"travel unencrypted; write https://{parts.netloc} (TLS at the proxy, "
                 "docs/deploy.md section 8)")]
    return []


def is_example_name(host: str) -> bool:
    """Return whether `host` is one of the example's names (example.org and the like)."""
    host = host.lower().rstrip(".")
    return any(host == name or host.endswith("." + name) for name in EXAMPLE_DOMAINS) \
        or host.endswith(".example") or host == "example"


def _example_names(config: Config, env: Mapping[str, str]) -> Iterator[str]:
    """Yield each address setting that still names the example's domains."""
    hosts = {
        "PBEM_BASE_URL": urlsplit(env.get("PBEM_BASE_URL", "")).hostname or "",
        "PBEM_MAIL_DOMAIN": env.get("PBEM_MAIL_DOMAIN", ""),
        "PBEM_MAIL_FROM": parseaddr(env.get("PBEM_MAIL_FROM", ""))[1].rpartition("@")[2],
        "PBEM_SMTP_URL": urlsplit(config.smtp_url or "").hostname or "",
        "PBEM_IMAP_URL": urlsplit(config.imap_url or "").hostname or "",
    }
    for name, host in hosts.items():
        if host and is_example_name(host):
            yield (f"{name} still names the example's {host}: set it to this deployment's "
                   "own name (docs/deploy.md, section 4)")


def _secrets(env: Mapping[str, str]) -> Iterator[str]:
    """Yield each signing key or token too short to withstand guessing."""
    key = env.get("PBEM_SECRET_KEY", "")
    if key and not PLACEHOLDER.search(key) and estimated_bits(key) < KEY_BITS:
        yield (f"PBEM_SECRET_KEY is too weak (about {estimated_bits(key)} bits, "
               f"{KEY_BITS // 8} bytes of randomness needed): set it to the output of "
               f"{NEW_KEY}, the same on every node")
    for name in TOKENS:
        token = env.get(name, "")
        if token and not PLACEHOLDER.search(token) and len(token) < TOKEN_CHARACTERS:
            yield (f"{name} is {len(token)} characters, fewer than {TOKEN_CHARACTERS}: set "
                   f"it to the output of {NEW_TOKEN}")


def is_servable_domain(domain: str) -> bool:
    """Return whether `domain` is a DNS name the internet's mail servers could deliver to."""
    domain = domain.lower().rstrip(".")
    try:
        ipaddress.ip_address(domain)
        return False
    except ValueError:
        pass
    labels = domain.split(".")
    if len(labels) < 2 or not all(re.fullmatch(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?", label)
                                  for label in labels):
        return False
    return not any(domain == suffix or domain.endswith("." + suffix)
                   for suffix in UNSERVED_SUFFIXES)


def _mail_domain(config: Config, env: Mapping[str, str]) -> list[str]:
    """Return why the mail domain cannot be served by the host of a public base URL."""
    host = urlsplit(env.get("PBEM_BASE_URL", "")).hostname
    if not host or host in LOOPBACK_HOSTS or is_example_name(config.mail_domain):
        return []
    if not env.get("PBEM_MAIL_DOMAIN"):
        return [(f"PBEM_MAIL_DOMAIN is not set, so reply addresses end in "
                 f"@{config.mail_domain}, which no mail server outside this machine delivers "
                 f"to: set it to the game domain whose MX is this machine (it may be {host})")]
    if not is_servable_domain(config.mail_domain):
        return [(f"PBEM_MAIL_DOMAIN={config.mail_domain} is not a domain the internet's "
                 f"mail servers deliver to: set it to the game domain whose MX is this machine "
                 f"(it may be {host})")]
    return []
