"""Where a notice channel sends, and whether the service may send there: a channel URL is
typed by a player, so without a check it would let anyone make the service post to its own
machine or network (an admin port on 127.0.0.1, a cloud's metadata address, a router).

The host checked is the one apprise's plugin actually calls: for a service whose URL names a
host (json://, form://, xml://, ntfy://host, matrix://, gotify://, apprise://, ...), that host;
for one with a fixed public endpoint (discord://, slack://, tgram://, ntfy:// without a host,
...), the endpoint's host, read from the plugin's class. Each host is resolved (as the sending
will resolve it) and every address it resolves to must be public: not private, loopback,
link-local, multicast, reserved, unspecified or otherwise not globally reachable, in IPv4 or
IPv6, an IPv4 address inside IPv6 (mapped, NAT64, 6to4, Teredo) judged as that IPv4 address.
The check is made when a channel is added and again before each notice (a name may resolve
elsewhere since). The operator may allow such addresses (`PBEM_CHANNEL_PRIVATE_HOSTS=allow`)
for a service whose players are its own network's users.
"""
from __future__ import annotations

import ipaddress
import re
import socket
from typing import Any
from urllib.parse import urlsplit

from service.base.config import load_config

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
NOT_ENDPOINTS = frozenset({"service_url", "setup_url", "image_url", "default_link"})
"""Class attributes of apprise plugins that hold a URL which is no place notices are sent."""
TEMPLATED = re.compile(r"[{}]")


class HostRefused(ValueError):
    """A channel's host that the service will not send to; the message says which and why.
    `private`: it resolves to an address that is not public (not merely to none now)."""

    def __init__(self, message: str, private: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.private = private


def private_allowed() -> bool:
    """Return whether the operator allows channels to private addresses."""
    return load_config().channel_private_hosts


def inner_ipv4(address: IPAddress) -> ipaddress.IPv4Address | None:
    """Return the IPv4 address an IPv6 address carries and leads to (IPv4-mapped, NAT64,
    6to4, Teredo's client), or None."""
    if not isinstance(address, ipaddress.IPv6Address):
        return None
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address in NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    return None


def not_public(address: IPAddress) -> str:
    """Return what kind of address the service will not send to ('a loopback address',
    'a private address', ...), or '' for a public one."""
    inner = inner_ipv4(address)
    if inner is not None:
        kind = not_public(inner)
        return f"{kind} inside the IPv6 address {address}" if kind else ""
    for kind, found in (("an unspecified", address.is_unspecified),
                        ("a loopback", address.is_loopback),
                        ("a link-local", address.is_link_local),
                        ("a multicast", address.is_multicast),
                        ("a private", address.is_private),
                        ("a reserved", address.is_reserved),
                        ("a site-local", getattr(address, "is_site_local", False)),
                        ("a not globally reachable", not address.is_global)):
        if found:
            return f"{kind} address ({address})"
    return ""


def resolved(host: str, port: int | None) -> list[IPAddress]:
    """Return every address `host` resolves to (a literal address: itself), or raise
    HostRefused when it resolves to none."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise HostRefused(f"the host {host} does not resolve ({exc}).") from None
    addresses = []
    for *_, sockaddr in found:
        text = str(sockaddr[0]).split("%", 1)[0]  # an IPv6 zone names an interface
        addresses.append(ipaddress.ip_address(text))
    if not addresses:
        raise HostRefused(f"the host {host} resolves to no address.")
    return addresses


def endpoints(plugin: Any) -> list[tuple[str, int | None]]:
    """Return (host, port) of every place the apprise plugin sends to: the URL's own host
    where the service takes one, else the fixed endpoints its class names."""
    host = str(getattr(plugin, "host", "") or "").strip("[]")
    if "host" in getattr(plugin, "template_tokens", {}) and host:
        port = getattr(plugin, "port", None)
        return [(host, int(port) if port else None)]
    found: list[tuple[str, int | None]] = []
    kind = type(plugin)
    for name in dir(kind):
        value = getattr(kind, name, None)
        if (name.startswith("_") or name in NOT_ENDPOINTS or not isinstance(value, str)
                or not value.startswith(("http://", "https://"))):
            continue
        parts = urlsplit(value)
        if parts.hostname and not TEMPLATED.search(parts.netloc):
            found.append((parts.hostname, parts.port))
    return sorted(set(found), key=lambda hp: (hp[0], hp[1] or 0))


def check_hosts(plugin: Any) -> None:
    """Raise HostRefused unless every address the plugin would send to is public (or the
    operator allows private ones). A user-given host that does not resolve is refused; a
    fixed endpoint of a public service that does not resolve now is left to the sending,
    which fails and is counted."""
    if private_allowed():
        return
    given = "host" in getattr(plugin, "template_tokens", {}) and bool(getattr(plugin, "host",
                                                                            ""))
    for host, port in endpoints(plugin):
        try:
            addresses = resolved(host, port)
        except HostRefused:
            if given:
                raise
            continue
        for address in addresses:
            kind = not_public(address)
            if kind:
                raise HostRefused(
                    f"its host {host} is {kind}, and this service sends notices only to "
                    "public internet addresses (its operator may allow private ones with "
                    "PBEM_CHANNEL_PRIVATE_HOSTS=allow).", private=True)
