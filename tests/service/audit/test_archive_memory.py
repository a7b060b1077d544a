"""Every reader of a long game holds one batch at a time: peak memory does not grow with length.

Each reader (offline audit, import, export) runs in a fresh process on a game of 10,000 and of
100,000 events, and its peak resident memory is compared: a reader that kept the events it read
would grow by several times the 37 MB of extra archive it is given.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from service.audit.archive import Archive, ArchiveError, chained
from tests import longgame

SMALL, LARGE = 10_000, 100_000

READERS = {
    "audit": "from service.audit.restore import audit_archive\n"
             "report = audit_archive(sys.argv[1])\n"
             "assert report.events == int(sys.argv[3]), report\n",
    "import": "from service.audit.restore import import_archive\n"
              "from service.store.store import Store\n"
              "store = Store(sys.argv[2]); store.create_schema()\n"
              "assert import_archive(store, sys.argv[1]).events == int(sys.argv[3])\n",
    "export": "from service.audit.archive import Archive, write_archive\n"
              "from service.store.store import Store\n"
              "game_id = Archive(sys.argv[1]).header.game_id\n"
              "with open(sys.argv[1] + '.again', 'wb') as out:\n"
              "    write_archive(Store(sys.argv[2]), game_id, out, with_secrets=True)\n",
}
PEAK = ("status = open('/proc/self/status').read()\n"
        "print(int(status.split('VmHWM:')[1].split()[0]))\n")
"""The process's own peak resident memory in KiB (ru_maxrss would include the parent's,
which a child inherits as its starting peak on Linux)."""


@pytest.fixture(scope="module")
def long_archives(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """Archives of one long running game at 10,000 and 100,000 events, with its seed."""
    return longgame.build(tmp_path_factory.mktemp("long"), (SMALL, LARGE))


def _start(reader: str, archive: Path, events: int) -> subprocess.Popen[str]:
    """Start one reader in a fresh process that prints its peak resident memory in KiB."""
    store = f"sqlite:///{archive.with_suffix('.db')}"
    return subprocess.Popen(
        [sys.executable, "-c", "import sys\n" + READERS[reader] + PEAK, str(archive), store,
         str(events)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])})


def _peaks(readers: tuple[str, ...], archives: dict[int, Path],
           sizes: dict[int, int]) -> dict[tuple[str, int], int]:
    """Run the readers on every archive, two processes at a time; return their peaks in KiB."""
    runs = [(reader, count) for reader in readers for count in archives]
    peaks = {}
    for pair in (runs[i:i + 2] for i in range(0, len(runs), 2)):
        started = {run: _start(run[0], archives[run[1]], sizes[run[1]]) for run in pair}
        for run, process in started.items():
            out, err = process.communicate(timeout=300)
            assert process.returncode == 0, err
            peaks[run] = int(out.split()[-1])
    return peaks


@pytest.mark.skipif(not Path("/proc/self/status").exists(),
                    reason="peak memory is read from /proc (Linux)")
def test_every_reader_of_a_long_game_keeps_flat_memory(long_archives: dict[int, Path]) -> None:
    sizes = {count: Archive(path).header.events for count, path in long_archives.items()}
    assert sizes[SMALL] >= SMALL and sizes[LARGE] >= LARGE
    extra_kib = (long_archives[LARGE].stat().st_size - long_archives[SMALL].stat().st_size) // 1024
    assert extra_kib > 30_000
    peaks = _peaks(("audit", "import"), long_archives, sizes)
    peaks |= _peaks(("export",), long_archives, sizes)  # from the stores the imports made
    for count, path in long_archives.items():  # and it gives the file back
        assert Path(str(path) + ".again").read_bytes() == path.read_bytes(), count
    for reader in READERS:
        growth = peaks[reader, LARGE] - peaks[reader, SMALL]
        assert growth < extra_kib // 4, (reader, peaks, extra_kib)


def test_the_chain_check_over_stored_events_names_the_gap(long_archives: dict[int, Path]) -> None:
    entries = []
    for entry in Archive(long_archives[SMALL]).entries():
        entries.append(entry)
        if len(entries) == 50:
            break
    del entries[20]
    with pytest.raises(ArchiveError) as failed:
        for _ in chained(entries):
            pass
    assert failed.value.seq == 21
