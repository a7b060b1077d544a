"""Defaults, abandoned games and game length with players who go away, before and after
time banks and vacation days.

Plays seeded games of every title through the real service in-process (a SQLite store in a
temporary folder, `create_game`, orders by `submit_order`, the deadline sweep run as the
clock is moved with `clock.set_now`, its defaults decided by `process_submission`), twice
per seed:

- before: today's deadlines: each game's own (48 hours for most decisions), no time bank,
  vacation off;
- after: the suggested time bank per seat (`--time-bank 1d`, `banks.START_HOURS`; an hour
  more per answer 36 hours early, up to 2 days) and vacation days on (14 a year, at most
  `AUTO_DAYS_IN_ROW` spent automatically in a row).

Each seat is a simulated player (seeded `random.Random`, the same for both runs) with a
profile over the months of the game: it answers a decision a few hours after it opens
(mostly within a day), slowly in busy weeks (one to three days), not at all while on a trip
(several days, every month or two; it answers a while after it comes back), and a few
players vanish for good at some day. Nobody books vacation ahead: days are spent only as the
sweep spends them when a deadline would pass (after the bank). Each answer is a random legal
order.

What is counted: decisions taken by default (submissions of the deadline sweep that were
decided); a game abandoned when one seat has had 5 defaults in a row: the seat is then handed
to a new player (`replace_seat`, a new address, a new simulated player from then on) and the
game goes on, as its game master would do, so that both runs of a seed are measured over the
same game (`--stop-abandoned` stops the game there instead, the measure of the first runs,
under which a game abandoned early counted as a short one); the game's length in days from
its creation to its end or the cap. A full game of some titles runs to hundreds of decisions,
so each game stops after `--cap` decisions (answers and defaults: 150, `--quick` 25); the
lengths are then those of the capped part, the same number of decisions before and after
unless the game ended first (the cap is looked at between steps, so one sweep's defaults may
pass it by a few; a game stopped there is ended, so that the sweeps of the games played after
it on the same store leave it alone, and only the game being played has its defaults
counted). The median length is also given over the seeds abandoned in neither run,
and the pace of play as days per 100 decisions over all games.

    .venv/bin/python bench/time.py            # 4 seeds of every title
    .venv/bin/python bench/time.py --quick    # 1 seed, 25 decisions per game
    .venv/bin/python bench/time.py --seeds 8 --cap 300

The last line is JSON: `defaults_taken`, `games_abandoned`, `median_game_days`, each
`before` and `after`, as are `decisions`, `games_finished`,
`median_game_days_never_abandoned` and `days_per_100_decisions`; `by_title`, the targets,
the settings and the run's wall and CPU seconds (`seconds`, `cpu_seconds`).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.hot.timing import timed_result
from bench.pace import TABLES, chooser, pick_order
from engine.core import get_game
from engine.core.registry import all_games
from service.base import clock
from service.game.loading import load_game
from service.game.meta import parse_time
from service.orders.creation import NewSeat, create_game, seed_game_id
from service.orders.processing import process_submission, submit_order
from service.seats.master import end_game, replace_seat
from service.seats.vacation import AUTO_DAYS_IN_ROW
from service.store.store import Store
from service.sweeps.deadlines import sweep
from service.time.banks import CAP_HOURS, EARLY_HOURS, GAIN_HOURS, START_HOURS

NAMES = ("anna", "bruno", "carla", "dora", "emil", "fritz", "greta", "hans")
START = datetime(2027, 1, 4, 9, 0, tzinfo=UTC)
BANK_HOURS = START_HOURS
ABANDON_AFTER = 5
CAP = 150
QUICK_CAP = 25
HORIZON_DAYS = 730
VANISH_SHARE = 0.08
TARGET_DEFAULT_CUT = 0.5
TARGET_LENGTH_GROWTH = 0.2
MAX_STEPS = 50_000


@dataclass
class Player:
    """One player's months: trips away, busy weeks, perhaps the day it vanishes (hours from
    the start), and how long it takes to answer its n-th decision (drawn from its seed and n,
    so that the two runs of a seed draw alike)."""

    seed: str
    trips: list[tuple[float, float]] = field(default_factory=list)
    busy: list[tuple[float, float]] = field(default_factory=list)
    gone_at: float | None = None
    answered: int = 0

    @classmethod
    def drawn(cls, seed: str, since: float = 0.0) -> Player:
        """Return a player drawn from `seed` who joins `since` hours after the start: a trip
        of 3 to 10 days every 1 to 2 months, a busy week every month or so, and a small
        chance of vanishing within 4 months."""
        rng = random.Random(seed)
        player = cls(seed)
        at = since + rng.uniform(0, 50) * 24
        while at < since + HORIZON_DAYS * 24:
            length = rng.uniform(3, 10) * 24
            player.trips.append((at, at + length))
            at += length + rng.uniform(30, 60) * 24
        at = since + rng.uniform(0, 30) * 24
        while at < since + HORIZON_DAYS * 24:
            player.busy.append((at, at + 7 * 24))
            at += 7 * 24 + rng.expovariate(1 / 30) * 24
        if rng.random() < VANISH_SHARE:
            player.gone_at = since + rng.uniform(5, 120) * 24
        return player

    def answers_at(self, opened: float) -> float | None:
        """Return when (hours from the start) the player answers its next decision, opened
        at `opened`: 1 to 40 hours later (mostly within the day), 1 to 3 days in a busy
        week, a few hours after coming back from a trip; None if it vanished first."""
        rng = random.Random(f"{self.seed}:{self.answered}")
        self.answered += 1
        slow = any(start <= opened < end for start, end in self.busy)
        at = opened + (rng.uniform(24, 72) if slow else rng.triangular(1, 40, 6))
        for start, end in self.trips:
            if start <= at and opened < end:  # away when it would answer, or when it opened
                at = max(at, end + rng.uniform(2, 24))
        if self.gone_at is not None and at >= self.gone_at:
            return None
        return at


@dataclass
class Played:
    """How one game went: decisions taken, of them by default, its length, how it ended."""

    decisions: int = 0
    defaults: int = 0
    days: float = 0.0
    ended: str = "capped"  # finished, abandoned (only when stopped there), capped
    replaced: int = 0


def moment(hours: float) -> datetime:
    """Return the time `hours` after the start."""
    return START + timedelta(hours=hours)


def hours_of(text: str) -> float:
    """Return a stored time as hours after the start."""
    return (parse_time(text) - START).total_seconds() / 3600


def play(store: Store, game: str, index: int, banked: bool, cap: int,
         stop_abandoned: bool = False) -> Played:
    """Play one seeded game with its simulated players until it ends or reaches `cap`
    decisions; a seat abandoned (ABANDON_AFTER defaults in a row) is handed to a new player,
    as its game master would (`replace_seat`), or with `stop_abandoned` the game stops
    there."""
    seats = [NewSeat(name, f"{name}.{game}.{index}@example.org")
             for name in NAMES[:TABLES[game]]]
    players = {seat.name: Player.drawn(f"time:{game}:{index}:{seat.name}") for seat in seats}
    seed = hashlib.sha256(f"time-seed:{game}:{index}".encode()).hexdigest()
    clock.set_now(START)
    loaded = create_game(store, game, seats, seed_hex=seed, game_id=seed_game_id(seed),
                         time_bank_hours=BANK_HOURS if banked else 0, vacation=banked)
    game_id, rules = loaded.meta.id, loaded.game
    rng = chooser(game, index, "time")
    planned: dict[str, tuple[str, float | None]] = {}
    streak: Counter[str] = Counter()
    played, now = Played(), 0.0
    for _ in range(MAX_STEPS):
        loaded = load_game(store, game_id)
        if loaded.meta.finished:
            played.ended = "finished"
            break
        if played.decisions >= cap:
            break
        open_now = {p.seat: p.key for p in rules.prompts(loaded.state) if not p.submitted}
        if not open_now:
            raise SystemExit(f"{game} {game_id}: nothing to decide and not finished")
        for seat, key in open_now.items():
            if planned.get(seat, ("", None))[0] != key:
                planned[seat] = (key, players[seat].answers_at(now))
        for seat in set(planned) - set(open_now):
            del planned[seat]
        answers = [(at, seat) for seat, (_, at) in planned.items() if at is not None]
        dues = [hours_of(d.due) for seat, d in loaded.meta.deadlines.items() if seat in open_now]
        answer_at, seat = min(answers) if answers else (float("inf"), "")
        due_at = max(min(dues), now) + 1 / 60 if dues else float("inf")
        if answer_at == due_at == float("inf"):
            raise SystemExit(f"{game} {game_id}: no answer and no deadline to wait for")
        if answer_at <= due_at:
            now = max(now, answer_at)
            clock.set_now(moment(now))
            order = pick_order(rules, loaded.state, seat, rng)
            result = submit_order(store, game_id, seat, rules.format_order(order), source="time")
            if not result.accepted:
                raise SystemExit(f"{game} {game_id}: {seat}'s legal order was refused: "
                                 f"{result.message}")
            del planned[seat]
            streak[seat] = 0
            played.decisions += 1
            continue
        now = due_at
        clock.set_now(moment(now))
        for sub_id in sweep(store).submissions:
            sub = store.get_submission(sub_id)
            if sub is None or sub.game_id != game_id or not sub.seat:
                continue  # no game but this one runs (those played before are ended)
            if not process_submission(store, sub_id).accepted:
                continue
            played.decisions += 1
            played.defaults += 1
            streak[sub.seat] += 1
        abandoned = [seat for seat, row in streak.items() if row >= ABANDON_AFTER]
        if abandoned and load_game(store, game_id).meta.finished:
            abandoned = []  # the defaults ended the game: nothing to hand over
        for seat in abandoned:
            if stop_abandoned:
                played.ended = "abandoned"
                break
            played.replaced += 1
            replace_seat(store, game_id, seat, f"{seat} {played.replaced}",
                         f"{seat}.{game}.{index}.r{played.replaced}@example.org")
            players[seat] = Player.drawn(f"time:{game}:{index}:{seat}:r{played.replaced}", now)
            planned.pop(seat, None)
            streak[seat] = 0
        if played.ended == "abandoned":
            break
    else:
        raise SystemExit(f"{game} {game_id}: no end after {MAX_STEPS} steps")
    if played.ended != "finished":
        # Stopped at the cap (or abandoned): ended, so that the sweeps of the games played
        # after it, on the same store as their clocks pass its deadlines, leave it alone.
        end_game(store, game_id, "the benchmark stops here")
    played.days = now / 24
    return played


def run(games: list[str], seeds: int, cap: int, folder: Path,
        stop_abandoned: bool = False) -> dict[str, dict[str, list[Played]]]:
    """Return how every game went, per title, before and after."""
    found: dict[str, dict[str, list[Played]]] = {}
    try:
        for label, banked in (("before", False), ("after", True)):
            store = Store(f"sqlite:///{folder / label}.db")
            store.create_schema()
            for game in games:
                found.setdefault(game, {})[label] = [
                    play(store, game, index, banked, cap, stop_abandoned)
                    for index in range(seeds)]
            store.dispose()
    finally:
        clock.set_now(None)
    return found


def figures(games: list[Played]) -> dict[str, Any]:
    """Return the defaults, abandoned games and median length of some games."""
    return {"games": len(games), "decisions": sum(g.decisions for g in games),
            "defaults": sum(g.defaults for g in games),
            "abandoned": sum(g.ended == "abandoned" or g.replaced > 0 for g in games),
            "replaced_seats": sum(g.replaced for g in games),
            "finished": sum(g.ended == "finished" for g in games),
            "median_days": round(statistics.median(g.days for g in games), 1) if games else 0.0}


def summary(found: dict[str, dict[str, list[Played]]], cap: int, seeds: int) -> dict[str, Any]:
    """Return the figures as JSON-ready data, with the targets met or not."""
    every = {label: figures([g for pair in found.values() for g in pair[label]])
             for label in ("before", "after")}
    before, after = every["before"], every["after"]
    cut = 1 - after["defaults"] / before["defaults"] if before["defaults"] else 0.0
    growth = (after["median_days"] / before["median_days"] - 1) if before["median_days"] else 0.0
    # a game abandoned early is short: compare also where neither run of a seed was abandoned,
    # and the pace (days per 100 decisions), which does not depend on where a game stopped
    kept = [(b, a) for pair in found.values() for b, a in zip(pair["before"], pair["after"],
                                                               strict=True)
            if "abandoned" not in (b.ended, a.ended) and not (b.replaced or a.replaced)]
    kept_days = {label: round(statistics.median(p[i].days for p in kept), 1) if kept else 0.0
                 for i, label in enumerate(("before", "after"))}
    pace = {label: round(100 * sum(g.days for pair in found.values() for g in pair[label])
                         / every[label]["decisions"], 1) if every[label]["decisions"] else 0.0
            for label in ("before", "after")}
    return {
        "defaults_taken": {label: every[label]["defaults"] for label in every},
        "games_abandoned": {label: every[label]["abandoned"] for label in every},
        "median_game_days": {label: every[label]["median_days"] for label in every},
        "decisions": {label: every[label]["decisions"] for label in every},
        "seats_replaced": {label: every[label]["replaced_seats"] for label in every},
        "games_finished": {label: every[label]["finished"] for label in every},
        "games": before["games"],
        "by_title": {game: {label: figures(pair[label]) for label in pair}
                     for game, pair in found.items()},
        "median_game_days_never_abandoned": kept_days, "games_never_abandoned": len(kept),
        "days_per_100_decisions": pace,
        "defaults_cut": round(cut, 3), "median_days_growth": round(growth, 3),
        "targets": {"defaults_down_by_half": cut >= TARGET_DEFAULT_CUT,
                    "median_days_up_at_most_a_fifth": growth <= TARGET_LENGTH_GROWTH},
        "settings": {"seeds": seeds, "cap_decisions": cap, "bank_hours": BANK_HOURS,
                     "bank_gain_hours": GAIN_HOURS, "bank_early_hours": EARLY_HOURS,
                     "bank_cap_hours": CAP_HOURS,
                     "abandon_after_defaults": ABANDON_AFTER,
                     "vacation_days": int(os.environ["PBEM_VACATION_DAYS"])}}


def table(data: dict[str, Any]) -> str:
    """Return the before/after table, one line per title and one for all."""
    lines = [(f"{'title':20} {'games':>5}  {'decisions':>13}  {'defaults':>11}  "
             f"{'abandoned':>9}  {'finished':>9}  median days")]
    rows = [(get_game(game).title, pair) for game, pair in data["by_title"].items()]
    rows.append(("all", {label: {"games": data["games"], "decisions": data["decisions"][label],
                                 "defaults": data["defaults_taken"][label],
                                 "abandoned": data["games_abandoned"][label],
                                 "finished": data["games_finished"][label],
                                 "median_days": data["median_game_days"][label]}
                         for label in ("before", "after")}))
    for title, pair in rows:
        b, a = pair["before"], pair["after"]
        lines.append(f"{title:20} {a['games']:5}  {b['decisions']:5} -> {a['decisions']:5}"
                     f"  {b['defaults']:4} -> {a['defaults']:4}"
                     f"  {b['abandoned']:3} -> {a['abandoned']:2}"
                     f"  {b['finished']:3} -> {a['finished']:2}"
                     f"  {b['median_days']:5} -> {a['median_days']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the table, the targets, the run's time and the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help=f"1 seed of every title, {QUICK_CAP} decisions per game")
    parser.add_argument("--seeds", type=int, default=4, help="games per title and setting")
    parser.add_argument("--cap", type=int, default=CAP, help="decisions per game at most")
    parser.add_argument("--stop-abandoned", action="store_true",
                        help="stop a game at its first abandoned seat instead of handing the "
                             "seat to a new player (the measure of the first runs)")
    args = parser.parse_args(argv)
    seeds, cap = (1, QUICK_CAP) if args.quick else (args.seeds, args.cap)
    os.environ["PBEM_VACATION_DAYS"] = "14"  # the service's default allowance
    games = [g.name for g in all_games() if g.name in TABLES]
    with tempfile.TemporaryDirectory(prefix="pbem-time-") as tmp:
        found, took = timed_result(lambda: run(games, seeds, cap, Path(tmp),
                                               args.stop_abandoned))
    wall, cpu = took.wall, took.cpu
    data = summary(found, cap, seeds)
    data["settings"]["stop_abandoned"] = args.stop_abandoned
    data |= {"seconds": round(wall, 1), "cpu_seconds": round(cpu, 1)}
    print(f"{seeds} seed(s) per title, each game capped at {cap} decisions (answers and "
          f"defaults; lengths are those of the capped part); a game is abandoned when one seat "
          f"has had {ABANDON_AFTER} defaults in a row, "
          + ("and stops there" if args.stop_abandoned else
             "and the seat is handed to a new player"))
    print("before: each game's own deadlines, no bank, no vacation; after: a "
          f"{BANK_HOURS // 24}-day bank per seat ({GAIN_HOURS} h more per answer "
          f"{EARLY_HOURS} h early, up to {CAP_HOURS // 24} days) and vacation days on (at most "
          f"{AUTO_DAYS_IN_ROW} spent automatically in a row)")
    print(table(data))
    print(f"defaults taken down by {data['defaults_cut']:.0%} (target at least "
          f"{TARGET_DEFAULT_CUT:.0%}): {'met' if data['targets']['defaults_down_by_half'] else 'not met'}")
    print(f"median game length up by {data['median_days_growth']:.0%} (target at most "
          f"{TARGET_LENGTH_GROWTH:.0%}): "
          f"{'met' if data['targets']['median_days_up_at_most_a_fifth'] else 'not met'}")
    kept, pace = data["median_game_days_never_abandoned"], data["days_per_100_decisions"]
    print(f"median length of the {data['games_never_abandoned']} seeds abandoned in neither run: "
          f"{kept['before']} -> {kept['after']} days; days per 100 decisions, all games: "
          f"{pace['before']} -> {pace['after']}")
    print(f"run: {wall:.1f} s wall clock, {cpu:.1f} s CPU of this process")
    print(json.dumps(data, sort_keys=True))


if __name__ == "__main__":
    main()
