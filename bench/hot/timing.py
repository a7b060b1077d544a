"""Timing a path against its baseline, interleaved, so that load on the machine hits both.

Every benchmark measures with these: wall-clock time (`time.perf_counter`) and this process's
CPU time (`time.process_time`) side by side, medians over repeats, and each path next to a
bare baseline run in the same rounds. On a shared machine the wall clock also counts the time
other processes held the CPU; the CPU time does not, and a ratio to a baseline timed in the
same run moves less than either.
"""
from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Took:
    """What one action cost: seconds of wall clock and of this process's CPU."""

    wall: float
    cpu: float


def timed(action: Callable[[], object]) -> Took:
    """Return the wall-clock and CPU seconds one call of `action` takes."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return Took(time.perf_counter() - wall, time.process_time() - cpu)


def timed_result(action: Callable[[], T]) -> tuple[T, Took]:
    """Return what one call of `action` returned, and its wall-clock and CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return result, Took(time.perf_counter() - wall, time.process_time() - cpu)


def children_cpu() -> float:
    """Return the CPU seconds this process's ended and waited-for children have used."""
    times = os.times()
    return times.children_user + times.children_system


def median_took(takes: Iterable[Took]) -> Took:
    """Return the median wall clock and the median CPU time of several runs."""
    runs = list(takes)
    return Took(statistics.median(t.wall for t in runs), statistics.median(t.cpu for t in runs))


@dataclass(frozen=True)
class Compared:
    """A path and its baseline: the median of each over interleaved runs, wall and CPU."""

    path: Took
    base: Took

    @property
    def ratio(self) -> float:
        """Return the path's wall clock as a multiple of the baseline's."""
        return self.path.wall / self.base.wall if self.base.wall > 0 else float("nan")

    @property
    def cpu_ratio(self) -> float:
        """Return the path's CPU time as a multiple of the baseline's."""
        return self.path.cpu / self.base.cpu if self.base.cpu > 0 else float("nan")

    def line(self, name: str) -> str:
        """Return `name wall_ms (cpu_ms cpu) baseline ... ratio`, in milliseconds."""
        return (f"{name:<28} {self.path.wall * 1000:9.3f} ms ({self.path.cpu * 1000:9.3f} ms "
                f"CPU)   baseline {self.base.wall * 1000:8.3f} ms "
                f"({self.base.cpu * 1000:8.3f} ms CPU)   ratio {self.ratio:7.2f} "
                f"(CPU {self.cpu_ratio:7.2f})")

    def keys(self, name: str) -> dict[str, float]:
        """Return the JSON figures: `<name>_ms`, `_cpu_ms`, `_baseline_ms`,
        `_baseline_cpu_ms`, `_ratio` and `_cpu_ratio`."""
        return {f"{name}_ms": round(self.path.wall * 1000, 3),
                f"{name}_cpu_ms": round(self.path.cpu * 1000, 3),
                f"{name}_baseline_ms": round(self.base.wall * 1000, 3),
                f"{name}_baseline_cpu_ms": round(self.base.cpu * 1000, 3),
                f"{name}_ratio": round(self.ratio, 3),
                f"{name}_cpu_ratio": round(self.cpu_ratio, 3)}


def compared(paths: Iterable[Took], bases: Iterable[Took]) -> Compared:
    """Return the medians of a path's runs and of its baseline's runs."""
    return Compared(median_took(paths), median_took(bases))


def compare(path: Callable[[], object], baseline: Callable[[], object], repeats: int,
            warm: int = 1) -> Compared:
    """Run `path` and `baseline` by turns `repeats` times (after `warm` untimed turns) and
    return the medians of each."""
    for _ in range(warm):
        path()
        baseline()
    paths, bases = [], []
    for _ in range(repeats):
        paths.append(timed(path))
        bases.append(timed(baseline))
    return compared(paths, bases)


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


def figure(name: str, pairs: list[tuple[float, float]]) -> Figure:
    """Return the medians of repeated (value, baseline) pairs and the median of their ratios."""
    ratios = [value / base for value, base in pairs if base > 0]
    return Figure(name, statistics.median(v for v, _ in pairs),
                  statistics.median(b for _, b in pairs),
                  statistics.median(ratios) if ratios else float("nan"))
