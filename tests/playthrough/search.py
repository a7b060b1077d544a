"""Find the seed a play-through scenario is pinned to: `python -m tests.playthrough.search
[label ...]` prints, for each scenario named (all without), the index of the first seed whose
game reaches its situation, to be written in its `@scenario(index)`."""
from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import tests.playthrough
from tests.playthrough.table import SCENARIOS, search


def main(labels: list[str]) -> None:
    """Import every play-through module, then search the seeds of the scenarios named."""
    for module in pkgutil.iter_modules(tests.playthrough.__path__):
        if module.name.startswith("test_"):
            importlib.import_module(f"tests.playthrough.{module.name}")
    for label in labels or sorted(SCENARIOS):
        began = time.monotonic()
        index = search(SCENARIOS[label])
        print(f"{label}: index {index} ({time.monotonic() - began:.1f}s)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
