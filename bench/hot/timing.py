"""Timing a path against its baseline, interleaved, so that load on the machine hits both."""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    """One hot path: its median value, its baseline's, and the median of their ratios."""

    name: str
    value: float
    baseline: float
    ratio: float

    def line(self) -> str:
        """Return the figure as `name value baseline ratio`."""
        return f"{self.name} {self.value:.6g} {self.baseline:.6g} {self.ratio:.4g}"


def seconds(action: Callable[[], object]) -> float:
    """Return the wall-clock seconds `action()` takes."""
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def paired(path: Callable[[], object], baseline: Callable[[], object],
           times: int) -> tuple[float, float]:
    """Return the mean seconds of `path` and of `baseline`, run alternately `times` times."""
    spent_path = spent_base = 0.0
    for _ in range(times):
        spent_path += seconds(path)
        spent_base += seconds(baseline)
    return spent_path / times, spent_base / times


def figure(name: str, pairs: list[tuple[float, float]]) -> Figure:
    """Return the medians of repeated (value, baseline) pairs and the median of their ratios."""
    ratios = [value / base for value, base in pairs if base > 0]
    return Figure(name, statistics.median(v for v, _ in pairs),
                  statistics.median(b for _, b in pairs),
                  statistics.median(ratios) if ratios else float("nan"))
