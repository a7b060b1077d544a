"""`pbem check`: every part of the configuration said right or wrong, line by line, against
real servers (a relay on a free port, the store, the broker)."""
from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from click.testing import CliRunner

from service.cli.main import main
from service.store.store import Store
from tests.stores import STRONG_KEY


class Sink:
    """A relay that takes everything (nothing is sent by the check)."""

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def relay() -> Iterator[int]:
    port = _free_port()
    controller = Controller(Sink(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("PBEM_DATABASE_URL", "PBEM_BROKER_URL", "PBEM_IMAP_URL", "PBEM_MAIL_TO_FILES",
                 "PBEM_TRUSTED_AUTHSERV_ID"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_SECRET_KEY", STRONG_KEY)
    monkeypatch.setenv("PBEM_BASE_URL", "https://games.pbem-club.eu")
    monkeypatch.setenv("PBEM_MAIL_DOMAIN", "games.pbem-club.eu")
    return tmp_path


def _check() -> tuple[int, dict[str, str]]:
    result = CliRunner().invoke(main, ["check"], catch_exceptions=False)
    lines = {}
    for line in result.output.splitlines():
        status, _, what = line.partition("  ")
        lines[what.split(":")[0].strip()] = status.strip() + " " + what
    return result.exit_code, lines


def test_a_good_configuration_is_all_ok(env: Path, relay: int,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_SMTP_URL", f"smtp://127.0.0.1:{relay}")
    monkeypatch.setenv("PBEM_TRUSTED_AUTHSERV_ID", "mx.games.pbem-club.eu")
    assert CliRunner().invoke(main, ["db", "upgrade"]).exit_code == 0
    code, lines = _check()
    assert code == 0, lines
    assert all(line.startswith("ok") for line in lines.values()), lines
    assert "schema revision" in lines["store"] and "greets" in lines["relay 127.0.0.1"]
    assert "passed DMARC or SPF at mx.games.pbem-club.eu" in lines["mail to strangers"]


def test_each_wrong_part_is_named(env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = Store(f"sqlite:///{env / 'pbem.db'}")
    old.upgrade("0012")
    old.dispose()
    monkeypatch.setenv("PBEM_SMTP_URL", f"smtp://127.0.0.1:{_free_port()}")
    monkeypatch.delenv("PBEM_BASE_URL")
    code, lines = _check()
    assert code == 1
    assert lines["store"].startswith("FAIL") and "pbem db upgrade" in lines["store"]
    relay = next(line for name, line in lines.items() if name.startswith("relay"))
    assert relay.startswith("FAIL") and "ConnectionRefused" in relay
    assert lines["base URL"].startswith("warn")
    assert lines["mail to strangers"].startswith("warn")  # a relay, and no trusted check
    assert Store(f"sqlite:///{env / 'pbem.db'}").revision() == "0012"  # nothing migrated


def test_mail_to_files_on_postgresql_fails_the_check(env: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.stores import PG_URL

    monkeypatch.setenv("PBEM_DATABASE_URL", PG_URL)
    code, lines = _check()
    assert code == 1
    assert any(line.startswith("FAIL") and "PBEM_SMTP_URL is not set" in line
               for line in lines.values())
