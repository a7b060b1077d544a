"""The lock files (requirements/, made by scripts/lock) agree with pyproject.toml: every
dependency is pinned with hashes at a version its range allows, the production file holds no
test or lint tool, and the development file pins the production packages alike."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)")


def pins(name: str) -> dict[str, tuple[str, int]]:
    """Return each package of requirements/`name` with its pinned version and hash count."""
    found: dict[str, tuple[str, int]] = {}
    current = ""
    for line in (ROOT / "requirements" / name).read_text().splitlines():
        pinned = PIN.match(line)
        if pinned:
            current = canonicalize_name(pinned[1])
            found[current] = (pinned[2], 0)
        elif line.strip().startswith("--hash=sha256:") and current:
            version, hashes = found[current]
            found[current] = (version, hashes + 1)
        elif line.strip() and not line.startswith((" ", "#")):
            raise AssertionError(f"requirements/{name}: a line that is not a pin: {line!r}")
    return found


def requirements(group: list[str]) -> list[Requirement]:
    return [Requirement(text) for text in group]


PROD = pins("prod.txt")
DEV = pins("dev.txt")
RUNTIME = requirements(PYPROJECT["project"]["dependencies"])
TOOLS = requirements(PYPROJECT["project"]["optional-dependencies"]["dev"])
BUILD = requirements(PYPROJECT["build-system"]["requires"])


@pytest.mark.parametrize(("name", "locked", "wanted"), [
    ("prod.txt", PROD, RUNTIME + BUILD),
    ("dev.txt", DEV, RUNTIME + BUILD + TOOLS),
])
def test_every_dependency_is_locked_at_a_version_its_range_allows(
        name: str, locked: dict[str, tuple[str, int]], wanted: list[Requirement]) -> None:
    for requirement in wanted:
        key = canonicalize_name(requirement.name)
        assert key in locked, f"{requirement} is not in requirements/{name}: run scripts/lock"
        version = locked[key][0]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"requirements/{name} pins {key}=={version}, outside {requirement}: run scripts/lock")


@pytest.mark.parametrize("locked", [PROD, DEV], ids=["prod.txt", "dev.txt"])
def test_every_pin_carries_its_hashes(locked: dict[str, tuple[str, int]]) -> None:
    assert locked
    assert [name for name, (_, hashes) in locked.items() if hashes == 0] == []


def test_the_production_lock_holds_no_test_or_lint_tool() -> None:
    tools = {canonicalize_name(requirement.name) for requirement in TOOLS}
    assert tools & PROD.keys() == set()
    assert "gunicorn" in PROD


def test_development_pins_the_production_packages_alike() -> None:
    differ = {name: (version, DEV.get(name, ("missing", 0))[0])
              for name, (version, _) in PROD.items() if DEV.get(name, ("", 0))[0] != version}
    assert differ == {}
