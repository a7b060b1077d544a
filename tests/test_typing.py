"""The engine stays fully typed: mypy --strict over the core and every registered game."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.core.registry import GAME_MODULES

ROOT = Path(__file__).resolve().parents[1]


def test_engine_is_mypy_strict_clean() -> None:
    packages = ["engine/core"] + [module.replace(".", "/") for module in GAME_MODULES.values()]
    result = subprocess.run([sys.executable, "-m", "mypy", *packages], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
