"""The layout is a check: the import contracts in pyproject.toml hold, and breaking one fails
with the offending import named."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("engine", "service", "workers")


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    """Run the import contracts over the packages under `root`."""
    return subprocess.run([str(LINT), "--no-cache"], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(root)}, check=False)


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the packages and the contracts, to break on purpose."""
    root = tmp_path_factory.mktemp("layout")
    shutil.copy(ROOT / "pyproject.toml", root)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, root / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return root


def add_import(copy: Path, module: str, imported: str) -> tuple[Path, str]:
    """Add a function-level import of `imported` to `module` of the copy; return its file and
    its text before."""
    path = copy / (module.replace(".", "/") + ".py")
    original = path.read_text()
    path.write_text(original + f"\n\ndef _breaks() -> None:\n    import {imported}\n")
    return path, original


def test_the_contracts_hold() -> None:
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


BELOW = "folders import only the folders below"


@pytest.mark.parametrize(("module", "imported", "contract", "named"), [
    ("service.store.store", "service.orders.processing", BELOW,
     "service.store.store -> service.orders.processing"),
    ("service.orders.processing", "service.mail.inbound", BELOW,
     "service.orders.processing -> service.mail.inbound"),
    ("engine.core.kit", "service.base.clock", "rules import nothing of the service",
     "engine.core.kit -> service.base.clock"),
    ("engine.core.rng", "sqlalchemy", "rules import nothing of the service",
     "engine.core.rng -> sqlalchemy"),
    ("service.base.config", "workers.app", "service imports nothing of the workers",
     "service.base.config -> workers.app"),
    ("service.cli.common", "service.cli.main", "No import cycles", ".common -> .main"),
])
def test_an_import_that_breaks_a_contract_fails_naming_it(copy: Path, module: str, imported: str,
                                                         contract: str, named: str) -> None:
    path, original = add_import(copy, module, imported)
    try:
        result = lint(copy)
    finally:
        path.write_text(original)
    assert result.returncode != 0
    broken = result.stdout.split("Broken contracts", 1)[-1]
    assert contract in broken and named in broken
