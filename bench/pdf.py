"""PDF snapshot benchmark: one seat's board snapshot, and one whole turn email, against a
minimal WeasyPrint document rendered in the same run.

Plays seeded random games of one title (`--title`, Secret Masters by default), picks states
spread over them, and for each state renders the PDF of every seat and the spectator (as a turn
email does), then prints the median and 95th percentile per PDF (wall clock, and CPU time, which
other load on the machine disturbs less), the board SVG alone, and the first render of the title
in the process (after the warm-up a worker does when it starts, which is timed first). Then it
composes one turn email (text, HTML and its PDF, which is dropped from the PDF cache before every
repeat, outside the timing, so it is rendered each time) from a new game of the title in a SQLite
file of its own (a temporary folder), interleaved with a minimal WeasyPrint document, and
prints `name value baseline ratio` lines.

The baseline of both the per-seat PDF and the turn email is a minimal WeasyPrint document
(`<p>Hello</p>`) rendered in this process by turns with them: the floor of any PDF (WeasyPrint's
layout and its PDF writer with the fonts loaded), so load on the machine slows it as it slows
the real ones, and the ratio is what the board, the history and (for the email) composing the
text and HTML cost on top. Every figure is given in wall clock and this process's CPU time. The
last line (with `--title all`, each of the last five lines) is one JSON object: `email_pdf_ms`,
`email_pdf_cpu_ms`, `email_pdf_baseline_ms`, `email_pdf_baseline_cpu_ms`, `email_pdf_ratio`,
`email_pdf_cpu_ratio`, the same for `snapshot_pdf`, and `snapshot_pdf_p95_ms`.

    .venv/bin/python bench/pdf.py [--title secret-masters] [--renders 50] [--seed 1]
                                  [--repeats 9] [--quick]

`--title` takes a game's short name (secret-masters, freimaurerei, castle-of-the-devil, masons,
illuminati) or `all`, which measures each title in turn and ends with one JSON line per title
(each with its `title`).

`--quick`: 6 renders, 3 emails. `measure_email_pdf(repeats, title)` returns (median turn email
seconds, median minimal WeasyPrint seconds) for bench/ratios.py; `measure_email_pdf_times`
the medians in wall clock and CPU (`bench.hot.timing.Compared`).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.hot.timing import Compared, Took, compared, timed
from engine.core.contract import Game, view_header
from engine.core.harness import play_random_game, seat_names, table_size
from engine.core.registry import GAME_MODULES, get_game
from service.pdf.render import render_snapshot_pdf, warm_up

TITLE = "secret-masters"


def seats_of(game: Game[Any]) -> tuple[str, ...]:
    """Return the seats of a benchmark game: three, or the nearest count the title allows."""
    return seat_names(table_size(game, 3))


def sample_views(game: Game[Any], count: int, seed: int
                 ) -> list[tuple[str | None, dict[str, Any]]]:
    """Return `count` (seat, view) pairs from states of seeded random games of `game`."""
    seats = seats_of(game)
    views: list[tuple[str | None, dict[str, Any]]] = []
    game_number = 0
    while len(views) < count:
        played = play_random_game(game, seats, f"bench-pdf-{seed}-{game_number}".encode(),
                                  sample_every=5)
        for state in played.sampled_states:
            views += [(seat, game.view(state, seat)) for seat in (*seats, None)]
        game_number += 1
    return views[:count]


def render(game: Game[Any], seat: str | None, view: dict[str, Any]) -> bytes:
    """Return the PDF a turn email would attach for `seat`."""
    history = [f"Line {i} of the history this seat may read." for i in range(8)]
    return render_snapshot_pdf(game, view, game_title=game.title, game_id="bench-0001",
                               seat=seat, turn_label=view_header(view)["label"], history=history,
                               generated_at="2025-01-01 12:00 UTC")


def summary(label: str, seconds: list[float]) -> str:
    """Return one line: median, 95th percentile and fastest, in milliseconds."""
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"{label:<30} median {statistics.median(ordered) * 1000:7.1f} ms   "
            f"p95 {p95 * 1000:7.1f} ms   fastest {ordered[0] * 1000:7.1f} ms   "
            f"({len(ordered)} runs)")


def minimal_pdf() -> bytes:
    """Return the PDF of a minimal WeasyPrint document (the baseline of the ratios)."""
    from weasyprint import HTML

    pdf = HTML(string="<p>Hello</p>").write_pdf()
    assert pdf is not None
    return bytes(pdf)


def measure_email_pdf(repeats: int, title: str = TITLE) -> tuple[float, float]:
    """Return (median seconds of one turn email with its PDF, median seconds of a minimal
    WeasyPrint document), measured by turns in one run."""
    found = measure_email_pdf_times(repeats, title)
    return found.path.wall, found.base.wall


def measure_email_pdf_times(repeats: int, title: str = TITLE) -> Compared:
    """Return the medians (wall clock and CPU) of one turn email of a new game of `title` with
    its PDF and of a minimal WeasyPrint document, measured by turns in one run."""
    import tempfile

    from service.base.config import load_config
    from service.mail.compose import compose_outbox
    from service.orders.creation import NewSeat, create_game
    from service.store.store import Store

    with tempfile.TemporaryDirectory(prefix="pbem-bench-pdf-") as folder:
        home = Path(folder)
        config = load_config({"PBEM_HOME": folder, "PBEM_SECRET_KEY": "bench-pdf-key"})
        store = Store(f"sqlite:///{home / 'pbem.db'}")
        store.create_schema()
        try:
            seats = seats_of(get_game(title))
            game_id = create_game(store, title,
                                  [NewSeat(name, f"{name}@example.org") for name in seats],
                                  seed_hex="cd" * 32).meta.id
            row = next(row for row in store.outbox_for_game(game_id) if row.kind == "turn")
            warm_up()
            minimal_pdf()

            def drop_pdfs() -> None:
                """Empty the PDF cache, so the next email renders its PDF."""
                for path in store.pdf_files.folder.rglob("*.pdf"):
                    path.unlink()

            email = partial(compose_outbox, store, config, row)
            drop_pdfs()
            email()
            mails: list[Took] = []
            minimal: list[Took] = []
            for _ in range(repeats):
                drop_pdfs()  # not timed: a write of the benchmark's own, not part of an email
                mails.append(timed(email))
                minimal.append(timed(minimal_pdf))
        finally:
            store.dispose()
    return compared(mails, minimal)


def measure_title(title: str, renders: int, seed: int, repeats: int) -> dict[str, Any]:
    """Render sampled views and turn emails of one title, print the figures and return the
    JSON figures."""
    game = get_game(title)
    print(f"== {game.title}")
    views = sample_views(game, renders, seed)
    first = timed(lambda: render(game, *views[0])).wall
    pdf, bases = [], []
    for seat, view in views:
        pdf.append(timed(partial(render, game, seat, view)))
        bases.append(timed(minimal_pdf))
    svg = [timed(partial(game.render_board_svg, view)) for _, view in views]
    sizes = [len(render(game, seat, view)) for seat, view in views[:10]]
    print(f"{'first render of the title':<30} {first * 1000:7.1f} ms (after the warm-up)")
    print(summary("PDF per seat, wall clock", [took.wall for took in pdf]))
    print(summary("PDF per seat, CPU time", [took.cpu for took in pdf]))
    print(summary("board SVG alone, wall clock", [took.wall for took in svg]))
    print(f"{'PDF size':<30} median {statistics.median(sizes) / 1024:7.1f} KiB")
    print(f"{'load average (1 min)':<30} {os.getloadavg()[0]:7.2f} on {os.cpu_count()} CPUs")
    mail = measure_email_pdf_times(repeats, title)
    snapshot = compared(pdf, bases)
    print(f"email_pdf_s {mail.path.wall:.4f} {mail.base.wall:.4f} {mail.ratio:.2f}")
    print(f"snapshot_pdf_s {snapshot.path.wall:.4f} {snapshot.base.wall:.4f} "
          f"{snapshot.ratio:.2f}")
    print(mail.line("turn email (minimal PDF)"))
    print(snapshot.line("PDF per seat (minimal PDF)"))
    walls = sorted(took.wall for took in pdf)
    p95 = walls[min(len(walls) - 1, round(0.95 * (len(walls) - 1)))]
    return (mail.keys("email_pdf") | snapshot.keys("snapshot_pdf")
            | {"snapshot_pdf_p95_ms": round(p95 * 1000, 3)})


def main() -> None:
    """Render the sampled views of each asked title and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=50, help="PDFs to render")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games")
    parser.add_argument("--repeats", type=int, default=9, help="turn emails to compose")
    parser.add_argument("--title", default=TITLE, choices=(*sorted(GAME_MODULES), "all"),
                        help="the game measured (all: each in turn)")
    parser.add_argument("--quick", action="store_true", help="6 renders, 3 emails")
    args = parser.parse_args()
    if args.quick:
        args.renders, args.repeats = 6, 3
    titles = sorted(GAME_MODULES) if args.title == "all" else [args.title]
    started = timed(warm_up)
    print(f"{'warm-up (as a worker starts)':<30} {started.wall * 1000:7.1f} ms "
          f"({started.cpu * 1000:.1f} ms CPU)")
    found = [measure_title(title, args.renders, args.seed, args.repeats) for title in titles]
    for title, keys in zip(titles, found, strict=True):
        line = keys if len(titles) == 1 else {"title": title} | keys
        print(json.dumps(line, sort_keys=True))


if __name__ == "__main__":
    main()
