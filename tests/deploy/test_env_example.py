"""deploy/pbem.env.example names every setting the service reads, and nothing else, and is a
configuration the service would start with, read alike by systemd and by sh."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from service.base.config import load_config, parse_rate
from service.ops.startup import settings_problems
from service.web.settings import DEFAULTS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "deploy" / "pbem.env.example"
READERS = [*sorted((ROOT / "service").rglob("*.py")), *sorted((ROOT / "workers").rglob("*.py")),
           ROOT / "deploy" / "gunicorn.conf.py"]
LITERAL = re.compile(r"""["'](PBEM_[A-Z0-9_]+|PROMETHEUS_MULTIPROC_DIR)["']""")
LINE = re.compile(r"^(#\s?)?([A-Z][A-Z0-9_]*)=(.*)$")


def read_by_code() -> set[str]:
    """Every variable the code reads: the names it spells out, and the web settings that Flask
    takes from PBEM_<NAME> (service/web/settings.py)."""
    names = {match for path in READERS for match in LITERAL.findall(path.read_text())}
    return names | {f"PBEM_{name}" for name in DEFAULTS}


def example_lines() -> list[tuple[bool, str, str]]:
    """Return (set, name, value) for each setting of the example, set or left commented."""
    found = []
    for line in EXAMPLE.read_text().splitlines():
        match = LINE.match(line)
        if match:
            found.append((match[1] is None, match[2], match[3]))
    return found


def example_settings() -> dict[str, str]:
    """The settings the example sets, as systemd reads them (double quotes around a value go)."""
    return {name: value[1:-1] if value.startswith('"') else value
            for active, name, value in example_lines() if active}


def test_the_code_reads_some_settings_of_each_kind() -> None:
    read = read_by_code()
    assert {"PBEM_DATABASE_URL", "PBEM_SMTP_URL", "PBEM_WEB_BIND", "PBEM_ADMIN_TOKEN",
            "PBEM_MAIL_TO_FILES", "PROMETHEUS_MULTIPROC_DIR"} <= read


def test_the_example_names_every_setting_the_code_reads() -> None:
    named = {name for _, name, _ in example_lines()}
    assert sorted(read_by_code() - named) == []


def test_the_example_names_nothing_the_code_does_not_read() -> None:
    named = {name for _, name, _ in example_lines()}
    assert sorted(named - read_by_code()) == []


def test_every_setting_is_explained_and_named_once() -> None:
    lines = EXAMPLE.read_text().splitlines()
    names = [name for _, name, _ in example_lines()]
    assert len(names) == len(set(names))
    for number, line in enumerate(lines):
        if LINE.match(line) and number and not LINE.match(lines[number - 1]):
            assert lines[number - 1].startswith("# ") and len(lines[number - 1]) > 12, line


def test_sh_reads_the_example_as_systemd_does(tmp_path: Path) -> None:
    result = subprocess.run(["sh", "-c", f'set -a; . "{EXAMPLE}"; env -0'], capture_output=True,
                            text=True, check=True, env={"PATH": "/usr/bin:/bin"})
    seen = dict(entry.split("=", 1) for entry in result.stdout.split("\0") if "=" in entry)
    settings = example_settings()
    assert {name: seen.get(name) for name in settings} == settings
    for name, value in settings.items():
        assert "#" not in value and "$" not in value and "`" not in value, name


def filled_in(settings: dict[str, str]) -> dict[str, str]:
    """The example as an operator completes it: every CHANGE placeholder and example name
    replaced by a value of one's own."""
    own = {"PBEM_SECRET_KEY":
           "937ef270f60fa27b061f4e7c215744305f5394b52fee8712dcae0b92d9b4f71a",
           "PBEM_ADMIN_TOKEN": "Rk2-q9ZtWv7hLx0bNc4sJd8e"}
    filled = {name: own.get(name, value.replace("CHANGE-db-password", "Xq7rT2")
                                        .replace("example.org", "pbem-club.eu"))
              for name, value in settings.items()}
    assert not any("CHANGE" in value for value in filled.values())
    return filled


def test_the_example_as_it_stands_is_refused_for_every_placeholder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    settings = example_settings()
    for name, value in settings.items():
        monkeypatch.setenv(name, value)
    problems = settings_problems(load_config())
    changed = {name for name, value in settings.items()
               if "CHANGE" in value or "example.org" in value}
    assert {problem.split()[0].partition("=")[0] for problem in problems} == changed
    assert changed >= {"PBEM_SECRET_KEY", "PBEM_ADMIN_TOKEN", "PBEM_DATABASE_URL",
                       "PBEM_BASE_URL", "PBEM_MAIL_DOMAIN", "PBEM_MAIL_FROM"}


def test_the_example_filled_in_is_a_configuration_the_service_starts_with(
        monkeypatch: pytest.MonkeyPatch) -> None:
    settings = filled_in(example_settings())
    for name, value in settings.items():
        monkeypatch.setenv(name, value)
    config = load_config()
    assert settings_problems(config) == []
    assert config.shared_database and config.base_url.startswith("https://")
    assert config.public_address == f"games@{config.mail_domain}"
    for name in ("RATE_SUBMIT", "RATE_GUESS", "RATE_AUDIT", "RATE_JOIN", "RATE_SIGNIN"):
        parse_rate(settings[f"PBEM_{name}"])
