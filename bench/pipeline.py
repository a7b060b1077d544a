"""Pipeline benchmark: from an accepted order to all of its emails written.

Runs a real Celery worker (one process, solo pool) on the real Redis, plays a 3-seat Secret
Masters game with random legal orders, and for each accepted order measures the time until
every email it caused (text, HTML and PDF) is written to the mail folder, and the CPU time the
worker's process used for it (read from /proc). The baseline, timed in this process right after
each order, is a minimal WeasyPrint PDF and a plain mail of the same size written to a file, once
per email the order caused: the floor of mailing a PDF, so the ratio is what composing the real
turn emails and passing them through the queue cost on top of it. Also prints the PDF render
time per seat, against the minimal PDF. The last line is one JSON object of the figures. The store is a SQLite file in a temporary folder; the Redis database
(--redis, or $PBEM_BENCH_REDIS_URL, default db 12) must be empty at the start, and the keys
this run leaves in it are deleted at the end (see bench/README.md).

    .venv/bin/python bench/pipeline.py [--orders 60] [--redis redis://127.0.0.1:6379/12]
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.hot.timing import Took, compared, timed
from bench.processes import cpu_seconds
from bench.scratch import own_redis, redis_url


def percentile(values: list[float], share: float) -> float:
    """Return the `share` percentile (0..1) of `values`, nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def start_worker(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """Start one Celery worker process on the benchmark's broker."""
    argv = [sys.executable, "-m", "celery", "-A", "workers.app", "worker", "--pool", "solo",
            "--loglevel", "WARNING", "--without-gossip", "--without-mingle",
            "--without-heartbeat"]
    return subprocess.Popen(argv, env=env, cwd=ROOT, stdout=log.open("wb"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def main() -> None:
    """Set up the environment, then measure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, default=60)
    parser.add_argument("--redis", default=redis_url(12))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PBEM_HOME": tmp, "PBEM_BROKER_URL": args.redis,
               "PBEM_SECRET_KEY": "94aebf5804d6d0bd6d7078057484fb86d3cc65f52ffa79aad1efad5e4c70cd99", "PBEM_MAIL_DOMAIN": "bench.test"}
        env.pop("PBEM_SMTP_URL", None)
        env.pop("PBEM_DATABASE_URL", None)
        os.environ.update({k: v for k, v in env.items() if k.startswith("PBEM_")})
        with own_redis(args.redis):
            worker = start_worker(env, Path(tmp) / "worker.log")
            try:
                measure(args.orders, worker.pid, Path(tmp))
            finally:
                os.killpg(worker.pid, signal.SIGTERM)
                worker.wait(timeout=30)


def measure(orders: int, worker: int, folder: Path) -> None:
    """Play `orders` orders and print the latency and PDF figures."""
    from engine.core.harness import choose_step, chooser_for, seat_names
    from service.game.loading import load_game
    from service.orders.creation import NewSeat, create_game
    from service.orders.processing import submit_order
    from workers.tasks import enqueue_game_mail, store

    seats = [NewSeat(name, f"{name}@bench.test") for name in seat_names(3)]
    loaded = create_game(store(), "secret-masters", seats, {"long": "yes"}, seed_hex="be" * 32)
    game_id, game, chooser = loaded.meta.id, loaded.game, chooser_for(b"bench-pipeline")
    enqueue_game_mail(game_id)
    wait_sent(game_id, 120.0)
    latencies, bases, emails = [], [], 0
    for _ in range(orders):
        loaded = load_game(store(), game_id)
        if not game.prompts(loaded.state):
            break
        prompt, order = choose_step(game, loaded.state, chooser)
        if order is prompt.default:
            order = game.legal_orders(loaded.state, prompt.seat)[0]
        result = submit_order(store(), game_id, prompt.seat, game.format_order(order))
        accepted, cpu = time.perf_counter(), cpu_seconds(worker)
        enqueue_game_mail(game_id)
        written = wait_sent(game_id, 60.0)
        latencies.append(Took(time.perf_counter() - accepted, cpu_seconds(worker) - cpu))
        bases.append(timed(partial(plain_mails, written, folder)))
        emails += written
        assert result.accepted
    latency = compared(latencies, bases)
    walls = [took.wall for took in latencies]
    print(f"{len(latencies)} accepted orders, {emails} emails written (text, HTML and PDF each)")
    print(f"order accepted -> all its emails written: median "
          f"{latency.path.wall * 1000:.0f} ms, p95 {percentile(walls, 0.95) * 1000:.0f} ms, "
          f"worst {max(walls) * 1000:.0f} ms")
    print(latency.line("order -> emails (worker CPU)"))
    figures = latency.keys("pipeline") | {
        "pipeline_p95_ms": round(percentile(walls, 0.95) * 1000, 3),
        "orders": len(latencies), "emails": emails}
    print(json.dumps(figures | pdf_figures(game_id), sort_keys=True))


def plain_mails(count: int, folder: Path) -> None:
    """Render `count` minimal PDFs and write each in a plain mail of a turn email's size."""
    from email.message import EmailMessage

    from weasyprint import HTML

    for number in range(count):
        mail = EmailMessage()
        mail["From"], mail["To"], mail["Subject"] = "games@bench.test", "a@bench.test", "turn"
        mail.set_content("Your move.\n" * 200)
        mail.add_attachment(HTML(string="<p>Hello</p>").write_pdf() or b"",
                            maintype="application", subtype="pdf", filename="board.pdf")
        (folder / f"plain-{number}.eml").write_bytes(bytes(mail))


def wait_sent(game_id: str, timeout: float) -> int:
    """Wait until every outbox row of the game is settled; return how many were pending."""
    from workers.tasks import store

    pending = sum(1 for row in store().outbox_for_game(game_id) if row.status == "pending")
    deadline = time.monotonic() + timeout
    while any(row.status == "pending" for row in store().outbox_for_game(game_id)):
        if time.monotonic() > deadline:
            sys.exit("the worker did not catch up; see its log")
        time.sleep(0.005)
    return pending


def pdf_figures(game_id: str) -> dict[str, float]:
    """Print the median PDF render time per seat over the game's current state, against a
    minimal WeasyPrint document rendered by turns with it; return the figures by JSON key."""
    from weasyprint import HTML

    from service.game.loading import load_game
    from service.pdf.render import render_snapshot_pdf
    from workers.tasks import store

    loaded = load_game(store(), game_id)
    times, bases = [], []
    for _ in range(10):
        for seat in loaded.meta.seat_names:
            view = loaded.game.view(loaded.state, seat)
            times.append(timed(partial(render_snapshot_pdf, loaded.game, view,
                                       game_title=loaded.meta.title, game_id=game_id,
                                       seat=seat, turn_label="bench")))
            bases.append(timed(lambda: HTML(string="<p>Hello</p>").write_pdf()))
    pdf = compared(times, bases)
    print(f"PDF render per seat: median {pdf.path.wall * 1000:.0f} ms, p95 "
          f"{percentile([t.wall for t in times], 0.95) * 1000:.0f} ms over {len(times)} renders")
    print(pdf.line("PDF per seat"))
    return pdf.keys("pdf_per_seat")

if __name__ == "__main__":
    main()
