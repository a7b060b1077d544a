"""Settings that must not stay as the example left them are refused, each in one line naming
the setting and the fix, on a deployment others reach; the embedded default needs none."""
from __future__ import annotations

import secrets
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.base.config import load_config
from service.cli.main import main
from service.ops.safety import estimated_bits, is_servable_domain, unsafe_settings
from service.ops.startup import settings_problems

PG = "postgresql+psycopg://pbem:pw@127.0.0.1:5432/pbem"
PUBLIC = {"PBEM_BASE_URL": "https://games.pbem-club.eu", "PBEM_MAIL_DOMAIN": "pbem-club.eu",
          "PBEM_SECRET_KEY": secrets.token_hex(32),
          "PBEM_ADMIN_TOKEN": secrets.token_urlsafe(24)}


def problems(tmp_path: Path, **env: str) -> list[str]:
    settings = {"PBEM_HOME": str(tmp_path), **env}
    return unsafe_settings(load_config(settings), settings)


def test_a_public_deployment_of_strong_values_passes(tmp_path: Path) -> None:
    assert problems(tmp_path, **PUBLIC) == []
    assert problems(tmp_path, **PUBLIC, PBEM_DATABASE_URL=PG) == []


def test_the_embedded_default_needs_no_setting(tmp_path: Path) -> None:
    assert problems(tmp_path) == []
    assert problems(tmp_path, PBEM_SECRET_KEY="abc", PBEM_ADMIN_TOKEN="x") == []
    assert problems(tmp_path, PBEM_BASE_URL="http://127.0.0.1:8123") == []


@pytest.mark.parametrize(("env", "named"), [
    ({"PBEM_SECRET_KEY": "CHANGE-64-hex-characters"}, "PBEM_SECRET_KEY still holds"),
    ({"PBEM_SECRET_KEY": "abc"}, "PBEM_SECRET_KEY is too weak"),
    ({"PBEM_SECRET_KEY": "a" * 64}, "PBEM_SECRET_KEY is too weak"),
    ({"PBEM_ADMIN_TOKEN": "CHANGE-a-long-random-value"}, "PBEM_ADMIN_TOKEN still holds"),
    ({"PBEM_ADMIN_TOKEN": "letmein"}, "PBEM_ADMIN_TOKEN is 7 characters"),
    ({"PBEM_METRICS_TOKEN": "CHANGE-a-token-for-prometheus"}, "PBEM_METRICS_TOKEN still"),
    ({"PBEM_METRICS_TOKEN": "scrape"}, "PBEM_METRICS_TOKEN is 6 characters"),
    ({"PBEM_BASE_URL": "https://games.example.org"}, "PBEM_BASE_URL still names the example"),
    ({"PBEM_MAIL_DOMAIN": "pbem.example.org"}, "PBEM_MAIL_DOMAIN still names the example"),
    ({"PBEM_MAIL_FROM": "pbem <games@pbem.example.org>"}, "PBEM_MAIL_FROM still names"),
    ({"PBEM_BASE_URL": "games.pbem-club.eu"}, "write https://games.pbem-club.eu"),
    ({"PBEM_BASE_URL": "http://games.pbem-club.eu"}, "plain http"),
    ({"PBEM_MAIL_DOMAIN": "pbem.localhost"}, "PBEM_MAIL_DOMAIN=pbem.localhost is not a domain"),
    ({"PBEM_MAIL_DOMAIN": ""}, "PBEM_MAIL_DOMAIN is not set"),
    ({"PBEM_DATABASE_URL": "postgresql+psycopg://pbem:CHANGE-db-password@127.0.0.1/pbem",
      "PBEM_SMTP_URL": "smtp://127.0.0.1:25"}, "PBEM_DATABASE_URL still holds"),
])
def test_each_unsafe_value_is_refused_in_one_line_with_its_fix(
        tmp_path: Path, env: dict[str, str], named: str) -> None:
    settings = {name: value for name, value in {**PUBLIC, **env}.items() if value}
    found = problems(tmp_path, **settings)
    assert len(found) == 1 and named in found[0], found
    assert "\n" not in found[0]
    assert "secrets." in found[0] or "https://" in found[0] or "set it" in found[0] \
        or "put" in found[0]


def test_a_weak_key_on_a_shared_database_is_refused_without_a_base_url(tmp_path: Path) -> None:
    found = problems(tmp_path, PBEM_DATABASE_URL=PG, PBEM_SECRET_KEY="abc")
    assert len(found) == 1 and "PBEM_SECRET_KEY is too weak" in found[0]


def test_key_entropy_is_estimated_from_its_alphabet() -> None:
    assert all(estimated_bits(secrets.token_hex(32)) >= 256 for _ in range(200))
    assert all(estimated_bits(secrets.token_urlsafe(32)) >= 256 for _ in range(200))
    assert estimated_bits(secrets.token_hex(16)) == 128
    assert estimated_bits("ab" * 40) < 100


def test_servable_domains() -> None:
    assert is_servable_domain("pbem-club.eu") and is_servable_domain("games.club.org")
    for name in ("localhost", "pbem.localhost", "games.test", "10.0.0.1", "club", "a..b"):
        assert not is_servable_domain(name), name


def test_pbem_check_fails_the_example_placeholders(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.deploy.test_env_example import example_settings

    for name, value in example_settings().items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("PBEM_HOME", str(tmp_path))
    monkeypatch.setenv("PBEM_BROKER_URL", "redis://127.0.0.1:1/0")
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 1
    failed = [line for line in result.output.splitlines() if line.startswith("FAIL")]
    for name in ("PBEM_SECRET_KEY", "PBEM_ADMIN_TOKEN", "PBEM_DATABASE_URL", "PBEM_BASE_URL",
                 "PBEM_MAIL_DOMAIN", "PBEM_MAIL_FROM"):
        assert any(line.split()[1] == name for line in failed), (name, failed)


def test_settings_problems_include_the_unsafe_ones(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_SECRET_KEY", "abc")
    monkeypatch.setenv("PBEM_MAIL_TO_FILES", "yes")
    config = load_config({"PBEM_HOME": str(tmp_path), "PBEM_DATABASE_URL": PG})
    assert any("too weak" in line for line in settings_problems(config))
