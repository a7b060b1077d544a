"""Soak benchmark: orders by API and by mail at a fixed rate while parts of the service break.

Runs the service as it runs at scale, on a private PostgreSQL and a private Redis: gunicorn
(two processes), two Celery workers and beat. Players' orders arrive at a fixed rate for a fixed
time, alternately through the JSON API and by email (the MTA webhook), each retried by its
sender until it is acknowledged, with the same Idempotency-Key or Message-ID. During the run the
players' mail server keeps three mails but drops the link after DATA (as a relay that hangs up
or answers after the 30 s timeout: the service cannot know they arrived and sends them again,
with the same Message-ID), one worker is killed with SIGKILL (and started again 5 s later, as a
supervisor would), Redis is restarted (losing every queued task) and PostgreSQL is restarted.
Then it waits for the service to drain and prints:

    orders offered, acknowledged and sustained per second; decided per second until drained
    p50/p95 from sending an order to the arrival of the last email it caused
    orders lost (acknowledged, never decided), orders doubled (a player's own order applied
    twice; forced and standing decisions that share its cause are not its doubles), wrong
    answers
    emails lost (an outbox row or an answer that never arrived), emails duplicated (and how
    many of them followed a link dropped after DATA); the baseline's own mails apart

Beside them, the CPU time of every process over the run (read from /proc twice a second, so
a killed or restarted process still counts), summed per role: web, worker-1, worker-2, beat,
postgres (the whole private cluster) and redis; and the CPU of all of them per decided order.
The baseline, measured in the same run before the load and after the drain, is a bare SMTP
round trip of a turn email's size to the players' mail server (both ends in this process) and
a bare one-row transaction on the same store: the floors of mailing and of storing, which the
machine's load slows as it slows the service. The last line is one JSON object:
`orders_sent`, `orders_acknowledged`, `orders_decided`, `decided_per_s`, `latency_p50_ms`,
`latency_p95_ms`, `orders_lost`, `orders_doubled`, `wrong_answers`, `emails_lost`,
`emails_duplicated`, `emails_duplicated_after_drop`, `cpu_ms_by_role`, `cpu_ms_per_decided_order`, `baseline` (`smtp_ms`,
`smtp_cpu_ms`, `one_row_ms`, `one_row_cpu_ms`) and `decided_order_cpu_ratio` (per decided
order, to the one-row transaction's CPU).

    .venv/bin/python bench/soak.py [--rate 30] [--seconds 60] [--games 120] [--drain 300]
                                   [--quick]

`--quick`: 12 games, 2 orders/s for 12 s, at most 180 s to drain.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.ceiling import Roles, process_tree
from bench.hot.timing import Took, median_took, timed
from bench.order import baseline as one_row_transaction
from bench.smtp import message as turn_sized_message
from bench.soak_parts import (
    BASELINE,
    MailKeeper,
    Postgres,
    Redis,
    Service,
    drain,
    free_port,
    percentile,
    read_back,
    services,
    start_mail_keeper,
    still_undone,
    wait_until,
)

KEY = "facbad6888c5b45ed55fdf0631ef2c77fed6ac62a9a736900a10440b4e824681"
DROPPED = 3
"""How many mails the players' server keeps but hangs up on before answering, as a fault."""
DOMAIN, INBOUND = "soak.test", "soak-inbound-token"


@dataclass
class Order:
    """One order as sent: where, how, when, and what became of it."""

    number: int
    game_id: str
    seat: str
    text: str
    channel: str
    sent_at: float
    submission: str = ""
    acked_at: float = 0.0


@dataclass
class Run:
    """Everything the load generator knows during a run."""

    base: str
    store: Any
    ready: list[str]
    orders: list[Order] = field(default_factory=list)
    missed: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    stop: threading.Event = field(default_factory=threading.Event)


def environment(pg: Postgres, redis: Redis, mail_port: int, folder: Path) -> dict[str, str]:
    """Return the settings every process of the service runs with."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PBEM_", "PROMETHEUS"))}
    env.update(PBEM_HOME=str(folder / "home"), PBEM_DATABASE_URL=pg.url,
               PBEM_BROKER_URL=redis.url, PBEM_SECRET_KEY=KEY, PBEM_MAIL_DOMAIN=DOMAIN,
               PBEM_SMTP_URL=f"smtp://127.0.0.1:{mail_port}?starttls=no",
               PBEM_INBOUND_TOKEN=INBOUND, PBEM_RATE_SUBMIT="100000/60",
               PBEM_CLAIM_SECONDS="20", PBEM_VISIBILITY_TIMEOUT="30", PBEM_LOG_LEVEL="WARNING")
    return env


def retrying(action: Any, what: str, limit: float = 60.0) -> Any:
    """Run `action` until it succeeds (PostgreSQL may be restarting); give up after `limit` s."""
    deadline = time.monotonic() + limit
    while True:
        try:
            return action()
        except Exception:  # noqa: BLE001 - a restart in progress; try again
            if time.monotonic() > deadline:
                raise RuntimeError(f"{what} kept failing for {limit:.0f} s") from None
            time.sleep(0.5)


def next_order(run: Run, game_id: str, rng: random.Random) -> tuple[str, str] | None:
    """Return (seat, order text) of a random legal order of the game, or None when it is over."""
    from service.game.loading import load_game

    loaded = retrying(lambda: load_game(run.store, game_id), "loading a game")
    prompts = loaded.game.prompts(loaded.state)
    if not prompts:
        return None
    seat = rng.choice(prompts).seat
    order = rng.choice(loaded.game.legal_orders(loaded.state, seat))
    return seat, loaded.game.format_order(order)


def send_api(run: Run, order: Order) -> str:
    """Post an order to the API until it is acknowledged; return its submission id."""
    from service.base.tokens import signature

    token = signature(KEY.encode(), order.game_id, order.seat, 0, "web")
    url = f"{run.base}/api/v1/games/{order.game_id}/seats/{order.seat}/orders"
    headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": f"soak-{order.number}"}
    return post_until_acked(lambda: requests.post(url, json={"text": order.text},
                                                  headers=headers, timeout=30))


def send_mail(run: Run, order: Order) -> str:
    """Hand an order by email to the MTA webhook until it is acknowledged."""
    from service.base.tokens import reply_address

    to = reply_address(KEY.encode(), DOMAIN, order.game_id, order.seat, 0)
    sender = f"{order.seat}@players.test"
    raw = (f"From: {sender}\r\nTo: {to}\r\nSubject: orders\r\n"
           f"Message-ID: <soak-{order.number}@players.test>\r\n\r\n{order.text}\r\n").encode()
    url = f"{run.base}/inbound/mail"
    return post_until_acked(lambda: requests.post(
        url, data=raw, params={"sender": sender, "recipient": to}, timeout=30,
        headers={"Authorization": f"Bearer {INBOUND}", "Content-Type": "message/rfc822"}))


def post_until_acked(post: Any, limit: float = 120.0) -> str:
    """Repeat a request until the service answers with a submission id; return it."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            answer = post()
            body = answer.json() if answer.headers.get("Content-Type", "").endswith("json") \
                else {}
            if answer.status_code in (200, 202, 422) and body.get("submission"):
                return str(body["submission"])
        except (requests.RequestException, ValueError):
            pass
        time.sleep(0.5)
    return ""


def decided(run: Run, submission: str, limit: float = 240.0) -> bool:
    """Wait until a submission is decided; return False when it is not within `limit` s."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and not run.stop.is_set():
        try:
            sub = run.store.get_submission(submission)
        except Exception:  # noqa: BLE001 - PostgreSQL restarting
            sub = None
        if sub is not None and sub.status != "received":
            return True
        time.sleep(0.3)
    return False


def play_one(run: Run, number: int, game_id: str, channel: str) -> None:
    """Send the game's next order, wait for its decision, then offer the game again."""
    rng = random.Random(number)
    chosen = next_order(run, game_id, rng)
    if chosen is None:
        return
    order = Order(number, game_id, chosen[0], chosen[1], channel, time.monotonic())
    with run.lock:
        run.orders.append(order)
    order.submission = (send_api if channel == "api" else send_mail)(run, order)
    order.acked_at = time.monotonic()
    if order.submission and decided(run, order.submission):
        with run.lock:
            run.ready.append(game_id)


def generate(run: Run, rate: float, seconds: float, pool: ThreadPoolExecutor) -> float:
    """Offer orders at `rate` per second for `seconds`; return when the offering started."""
    start = time.monotonic()
    for number in range(int(rate * seconds)):
        delay = start + number / rate - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        with run.lock:
            game_id = run.ready.pop(0) if run.ready else None
        if game_id is None:
            run.missed += 1
            continue
        pool.submit(play_one, run, number, game_id, "api" if number % 2 else "mail")
    return start


def break_things(parts: dict[str, Service], pg: Postgres, redis: Redis, keeper: MailKeeper,
                 seconds: float, events: list[str]) -> None:
    """Drop the link after DATA, kill a worker, restart Redis and restart PostgreSQL during
    the run, noting when."""
    start = time.monotonic()

    def at(fraction: float) -> None:
        time.sleep(max(0.0, start + seconds * fraction - time.monotonic()))

    def note(text: str) -> None:
        events.append(f"{time.monotonic() - start:5.1f} s  {text}")

    at(0.1)
    keeper.drop_after_data(DROPPED)
    note(f"the players' mail server drops the link after DATA for the next {DROPPED} mails")
    at(0.25)
    parts["worker-1"].kill()
    note("worker-1 killed with SIGKILL")
    time.sleep(5)
    parts["worker-1"].start()
    note("worker-1 started again")
    at(0.5)
    redis.restart()
    note("Redis restarted (empty: every queued task lost)")
    at(0.75)
    pg.restart()
    note("PostgreSQL restarted")


def report(run: Run, keeper: MailKeeper, engine: Any, start: float, seconds: float,
           rate: float, done_at: float, events: list[str]) -> dict[str, Any]:
    """Print the figures of the run; return them by JSON key."""
    subs, applied, rows = read_back(engine)
    arrivals = keeper.snapshot()
    acked = [o for o in run.orders if o.submission]
    lost = [o for o in acked if subs.get(o.submission, {}).get("status", "received")
            == "received"]
    doubled = [o for o in acked if applied.get(o.submission, 0) > 1]
    wrong = [o for o in acked if (subs.get(o.submission, {}).get("status") == "accepted")
             != (applied.get(o.submission, 0) > 0) and o not in lost]
    closed = sum(r.status == "closed" for r in rows)
    expected = {f"row:{r.game_id}.{r.seq}.{r.recipient}.{r.kind}": r.status == "sent"
                for r in rows if r.status != "closed"}
    mailed = {o.submission: o.number for o in acked if o.channel == "mail"}
    expected |= {f"answer:{mailed[key]}": sub["replied"] for key, sub in subs.items()
                 if key in mailed and sub["status"] != "received"}
    missing = set(expected) - set(arrivals)
    emails_lost = sorted(key for key in missing if expected[key])
    undelivered = len(missing) - len(emails_lost)
    duplicated, after_drops = keeper.duplicated()
    by_seq: dict[tuple[str, int], list[str]] = {}
    for r in (r for r in rows if r.status != "closed"):
        by_seq.setdefault((r.game_id, r.seq), []).append(
            f"row:{r.game_id}.{r.seq}.{r.recipient}.{r.kind}")
    latencies = []
    for order in acked:
        sub = subs.get(order.submission, {})
        keys = list(by_seq.get((order.game_id, sub.get("seq", 0)), [])) \
            if sub.get("status") == "accepted" else []
        keys += [f"answer:{order.number}"] if order.channel == "mail" else []
        firsts = [min(arrivals[k]) for k in keys if k in arrivals]
        if keys and len(firsts) == len(keys):
            latencies.append(max(firsts) - order.sent_at)
    in_window = [o for o in acked if o.acked_at - start <= seconds]
    decided = [o for o in acked if o not in lost]
    print(f"offered {rate:g}/s for {seconds:g} s: {len(run.orders)} orders sent "
          f"({run.missed} not sent: no game was free), {len(acked)} acknowledged "
          f"({sum(o.channel == 'api' for o in acked)} by API, "
          f"{sum(o.channel == 'mail' for o in acked)} by mail)")
    print(f"sustained: {len(in_window) / seconds:.1f} orders/s acknowledged in the window; "
          f"{len(decided) / max(done_at - start, 1e-9):.1f} orders/s decided until drained "
          f"({done_at - start:.0f} s after the start)")
    accepted = sum(subs.get(o.submission, {}).get("status") == "accepted" for o in acked)
    print(f"decided: {accepted} accepted, {len(decided) - accepted} refused or answered")
    if latencies:
        print(f"order -> its emails: p50 {statistics.median(latencies):.1f} s, "
              f"p95 {percentile(latencies, 0.95):.1f} s, max {max(latencies):.1f} s "
              f"({len(latencies)} orders)")
    print(f"orders lost: {len(lost)}   orders doubled: {len(doubled)}   "
          f"wrong answers: {len(wrong)}   never acknowledged: {len(run.orders) - len(acked)}")
    print(f"emails expected: {len(expected)}   emails lost: {len(emails_lost)} (marked sent, "
          f"never arrived)   still queued at the end: {undelivered}   "
          f"emails duplicated: {duplicated} ({after_drops} after the relay dropped the link "
          f"after DATA, each with the same Message-ID; baseline mails apart: "
          f"{keeper.baseline})")
    print(f"outbox rows closed without an email of their own: {closed} (folded into the "
          f"answer to the seat's email, or a reminder no longer needed)")
    for key in emails_lost[:5]:
        print(f"  lost: {key}")
    for line in still_undone(engine)[:5]:
        print(f"  still undone: {line}")
    print("faults:")
    for line in events:
        print(f"  {line}")
    return {"orders_sent": len(run.orders), "orders_acknowledged": len(acked),
            "orders_decided": len(decided),
            "decided_per_s": round(len(decided) / max(done_at - start, 1e-9), 2),
            "latency_p50_ms": round(statistics.median(latencies) * 1000, 1)
            if latencies else None,
            "latency_p95_ms": round(percentile(latencies, 0.95) * 1000, 1)
            if latencies else None,
            "orders_lost": len(lost), "orders_doubled": len(doubled),
            "wrong_answers": len(wrong), "emails_lost": len(emails_lost),
            "emails_duplicated": duplicated, "emails_duplicated_after_drop": after_drops}


def baselines(bare: Any, mail_port: int, rounds: int = 10) -> tuple[list[Took], list[Took]]:
    """Return bare SMTP round trips to the mail keeper and one-row transactions (`bare`, on the
    store), run by turns."""
    import smtplib

    mail = turn_sized_message()

    def smtp() -> None:
        with smtplib.SMTP("127.0.0.1", mail_port, timeout=10) as client:
            client.send_message(mail, to_addrs=[BASELINE])

    smtp()
    sends, rows = [], []
    for _ in range(rounds):
        sends.append(timed(smtp))
        rows.append(timed(bare))
    return sends, rows


def role_finders(parts: dict[str, Service], pg: Postgres,
                 redis: Redis) -> dict[str, Any]:
    """Return, per role, how to list its processes now (restarts give new ones)."""
    def tree(name: str) -> list[int]:
        process = parts[name].process
        return process_tree(process.pid) if process is not None else []

    def cluster() -> list[int]:
        head = (pg.folder / "data" / "postmaster.pid").read_text().split("\n", 1)[0]
        return process_tree(int(head))

    finders: dict[str, Any] = {name: (lambda name=name: tree(name)) for name in parts}
    finders["postgres"] = cluster
    finders["redis"] = lambda: [redis.process.pid] if redis.process is not None else []
    return finders


def start_service(args: argparse.Namespace, folder: Path) -> tuple[Any, ...]:
    """Start PostgreSQL, Redis, the mail keeper and the service; return them."""
    pg, redis = Postgres(folder / "pg"), Redis()
    pg.start()
    redis.start()
    keeper, controller, mail_port = start_mail_keeper()
    args.mail_port = mail_port
    env = environment(pg, redis, mail_port, folder)
    os.environ.update(env)
    from service.store.store import Store

    store = Store(pg.url)
    store.create_schema()
    web_port = free_port()
    parts = services(env, folder, web_port)
    for part in parts.values():
        part.start()
    base = f"http://127.0.0.1:{web_port}"
    wait_until(lambda: _healthy(base), 90, "the web service to answer")
    return pg, redis, keeper, controller, store, parts, base


def _healthy(base: str) -> bool:
    try:
        return requests.get(f"{base}/healthz", timeout=2).status_code == 200
    except requests.RequestException:
        return False


def create_games(store: Any, game: str, count: int) -> list[str]:
    """Create the games the players play, and queue their welcome emails."""
    from engine.core import get_game
    from service.orders.creation import NewSeat, create_game
    from workers.tasks import enqueue_game_mail

    rules = get_game(game)
    seats = [NewSeat(f"p{i}", f"p{i}@players.test") for i in range(rules.min_players)]
    ids = [create_game(store, game, seats).meta.id for _ in range(count)]
    for game_id in ids:
        enqueue_game_mail(game_id)
    return ids


def print_cpu(figures: dict[str, Any], used: dict[str, float | None], smtp: Took,
              row: Took) -> None:
    """Add the CPU by role, per decided order and the baselines to the figures; print them."""
    total = sum(value or 0.0 for value in used.values())
    per_order = total / max(figures["orders_decided"], 1)
    figures["cpu_ms_by_role"] = {role: None if value is None else round(value * 1000)
                                 for role, value in used.items()}
    figures["cpu_ms_per_decided_order"] = round(per_order * 1000, 1)
    figures["baseline"] = {"smtp_ms": round(smtp.wall * 1000, 2),
                           "smtp_cpu_ms": round(smtp.cpu * 1000, 2),
                           "one_row_ms": round(row.wall * 1000, 2),
                           "one_row_cpu_ms": round(row.cpu * 1000, 2)}
    figures["decided_order_cpu_ratio"] = round(per_order / row.cpu, 1) if row.cpu > 0 else None
    print("CPU by role over the run: " + ", ".join(
        f"{role} {'unreadable' if value is None else f'{value} ms'}"
        for role, value in figures["cpu_ms_by_role"].items()))
    print(f"CPU of the service per decided order: {per_order * 1000:.0f} ms "
          f"({figures['decided_order_cpu_ratio']}x a one-row transaction's "
          f"{row.cpu * 1000:.2f} ms CPU; a bare SMTP round trip {smtp.wall * 1000:.1f} ms, "
          f"{smtp.cpu * 1000:.2f} ms CPU)")


def main() -> None:
    """Run the soak and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=30.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--game", default="freimaurerei")
    parser.add_argument("--drain", type=float, default=300.0)
    parser.add_argument("--quick", action="store_true",
                        help="12 games, 2 orders/s for 12 s, at most 180 s to drain")
    args = parser.parse_args()
    if args.quick:
        args.games, args.rate, args.seconds, args.drain = 12, 2.0, 12.0, 180.0
    folder = Path(tempfile.mkdtemp(prefix="pbem-soak-"))
    folder.chmod(0o755)  # the private PostgreSQL runs as its own user
    pg, redis, keeper, controller, store, parts, base = start_service(args, folder)
    from sqlalchemy import create_engine

    engine = create_engine(pg.url, pool_pre_ping=True)
    roles = Roles(role_finders(parts, pg, redis))
    roles.start()
    try:
        ids = create_games(store, args.game, args.games)
        welcome_done = drain(engine, args.drain)
        print(f"{len(ids)} {args.game} games created; welcome emails sent "
              f"({len(keeper.snapshot())} messages)", flush=True)
        del welcome_done
        bare = one_row_transaction(store)
        sends, rows = baselines(bare, args.mail_port)
        run = Run(base, store, list(ids))
        events: list[str] = []
        before = roles.mark()
        breaker = threading.Thread(target=break_things,
                                   args=(parts, pg, redis, keeper, args.seconds, events),
                                   daemon=True)
        with ThreadPoolExecutor(max_workers=args.games) as pool:
            breaker.start()
            start = generate(run, args.rate, args.seconds, pool)
            breaker.join()
            done_at = drain(engine, args.drain)
            run.stop.set()
        after = roles.mark()
        figures = report(run, keeper, engine, start, args.seconds, args.rate, done_at, events)
        more_sends, more_rows = retrying(lambda: baselines(bare, args.mail_port), "baselines")
        print_cpu(figures, roles.used(before, after), median_took(sends + more_sends),
                  median_took(rows + more_rows))
    finally:
        roles.stop()
        for part in parts.values():
            part.stop()
        controller.stop()
        engine.dispose()
        store.dispose()
        redis.stop()
        pg.stop()
        shutil.rmtree(folder / "pg" / "data", ignore_errors=True)
        print(f"logs: {folder}")
    print(json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
