"""Which hosts a notice channel may send to: the addresses the service refuses, IPv4 inside
IPv6 judged as IPv4, and the host each apprise plugin actually calls."""
from __future__ import annotations

import ipaddress

import apprise
import pytest

from service.base.config import load_config
from service.seats.channelhosts import HostRefused, check_hosts, endpoints, not_public


@pytest.mark.parametrize(("address", "kind"), [
    ("127.0.0.1", "a loopback address"), ("::1", "a loopback address"),
    ("10.0.0.1", "a private address"), ("192.168.1.1", "a private address"),
    ("172.16.0.1", "a private address"), ("fc00::1", "a private address"),
    ("169.254.169.254", "a link-local address"), ("fe80::1", "a link-local address"),
    ("224.0.0.1", "a multicast address"), ("ff0e::1", "a multicast address"),
    ("0.0.0.0", "an unspecified address"), ("::", "an unspecified address"),
    ("100.64.0.1", "a not globally reachable address"),
    ("::ffff:127.0.0.1", "a loopback address (127.0.0.1) inside"),
    ("::ffff:10.0.0.1", "a private address (10.0.0.1) inside"),
    ("64:ff9b::a9fe:a9fe", "a link-local address (169.254.169.254) inside"),
    ("2002:7f00:1::", "a loopback address (127.0.0.1) inside"),
])
def test_addresses_that_are_not_public_are_named(address: str, kind: str) -> None:
    assert not_public(ipaddress.ip_address(address)).startswith(kind)


@pytest.mark.parametrize("address", ["8.8.8.8", "1.1.1.1", "2001:4860:4860::8888",
                                     "::ffff:8.8.8.8"])
def test_public_addresses_pass(address: str) -> None:
    assert not_public(ipaddress.ip_address(address)) == ""


def test_the_host_checked_is_the_one_the_plugin_calls() -> None:
    def of(url: str) -> list[tuple[str, int | None]]:
        return endpoints(apprise.Apprise.instantiate(url))

    assert of("json://127.0.0.1:8080/hook") == [("127.0.0.1", 8080)]
    assert of("ntfy://10.1.2.3/topic") == [("10.1.2.3", None)]
    assert of("discord://123/abcdef") == [("discord.com", None)]
    assert of("tgram://123456789:abcdefg_hijklmnop/123") == [("api.telegram.org", None)]
    assert of("ntfy://topic") == [("ntfy.sh", None)], "ntfy without a host: ntfy.sh"
    assert ("hooks.slack.com", None) in of("slack://T1JJ3T3L2/A1BRTD4JD/TIiajkdnlazkcOXrIdevi7F")


def test_the_setting_allows_or_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = apprise.Apprise.instantiate("json://localhost:9/hook")
    monkeypatch.delenv("PBEM_CHANNEL_PRIVATE_HOSTS", raising=False)
    assert load_config().channel_private_hosts is False, "refused by default"
    with pytest.raises(HostRefused, match="localhost is a loopback address") as refused:
        check_hosts(plugin)
    assert refused.value.private
    monkeypatch.setenv("PBEM_CHANNEL_PRIVATE_HOSTS", "allow")
    check_hosts(plugin)
    monkeypatch.setenv("PBEM_CHANNEL_PRIVATE_HOSTS", "perhaps")
    with pytest.raises(ValueError, match="PBEM_CHANNEL_PRIVATE_HOSTS is allow or refuse"):
        load_config()
