"""The house player's strength and cost, per title, through the engine alone.

Each title plays seeded games with one house seat (its place at the table turning from game
to game) against random legal players, and as many against seats that give their prompt's
deadline default every time. Prints per title the house seat's wins as a multiple of its fair
share (a win counts 1, a shared win its share, so a seat that plays no better than the others
scores 1.0), the CPU time per decision it searched (p50, p95) beside the wall clock, the
iterations it ran, and whether its choices passed the peeking check (the same order in a state
and in its hidden variants, engine/core/housecheck.py). Last, one JSON object:
`win_share_vs_random` and `win_share_vs_defaults` (by title), `cpu_s_per_decision_p95` and
`wall_s_per_decision_p95` (by title), `iterations_p50` (by title), `games` (per figure and
title), `player` (the search played, by title), `peeking_check` ("pass" or "fail") and `peeking_check_by_title`.

    .venv/bin/python bench/house.py [--games 20] [--iterations 200] [--title NAME]
        [--player ismcts-1|flat-ucb-3] [--quick]

Each decision searches until `--iterations` are done or the title's CPU budget
(`Game.house_seconds`) is spent. `--quick`: 6 games per figure at 24 iterations, the peeking
check at 4; `--tiny` (for the smoke test): 1 game per figure at 2 iterations, short titles only.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Rng, all_games, get_game
from engine.core.contract import Game
from engine.core.harness import HarnessFailure, play_random_game, seat_names, table_size
from engine.core.house import PLAYERS, choose, player_of
from engine.core.housecheck import check_house_fair

GAME_ID = "house-bench"
MOST_DECISIONS = 1200
"""A game not over after this many decisions ends without a winner (the house seat scores 0)."""
TABLE = 4
"""Seats at a table, within what each title allows."""


@dataclass
class Tally:
    """One figure of one title: the house seat's wins and the cost of its decisions."""

    games: int = 0
    won: float = 0.0
    fair: float = 0.0
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    iterations: list[int] = field(default_factory=list)
    unfinished: int = 0

    def share(self) -> float:
        """Return the wins as a multiple of the fair share."""
        return self.won / self.fair if self.fair else 0.0


def play(game: Game[Any], seats: tuple[str, ...], house_seat: str, seed: bytes,
         opponents: str, iterations: int, tally: Tally, player: str | None = None) -> None:
    """Play one seeded game with `house_seat` searched and the others `opponents`
    ("random": random legal orders; "defaults": the prompt's deadline default)."""
    state = game.initial_state(seats, game.default_options())
    state = game.fold(state, game.start(state, Rng.for_position(seed, GAME_ID, 0)))
    chooser = Rng(hashlib.sha256(b"house-bench-players:" + seed).digest())
    for position in range(1, MOST_DECISIONS + 1):
        if game.outcome(state) is not None:
            break
        movers = game.awaiting(state)
        if not movers:
            break
        seat = movers[chooser.randbelow(len(movers))]
        if seat == house_seat:
            wall, cpu = time.perf_counter(), time.process_time()
            choice = choose(game, state, seat, Rng.for_position(seed, "house", position),
                            iterations=iterations, cpu_seconds=type(game).house_seconds,
                            player=player)
            if choice.iterations:
                tally.cpu.append(time.process_time() - cpu)
                tally.wall.append(time.perf_counter() - wall)
                tally.iterations.append(choice.iterations)
            order = choice.order
        elif opponents == "random":
            order = game.random_legal_order(state, seat, chooser)
        else:
            prompt = game.prompt_for(state, seat)
            assert prompt is not None
            order = prompt.default
        state = game.decide_and_fold(state, seat, order,
                                     Rng.for_position(seed, GAME_ID, position))[1]
    tally.games += 1
    tally.fair += 1.0 / len(seats)
    outcome = game.outcome(state)
    if outcome is None:
        tally.unfinished += 1
    elif house_seat in outcome.winners:
        tally.won += 1.0 / len(outcome.winners)


def peeking_check(game: Game[Any], iterations: int) -> str:
    """Return "pass" when the house player's choices in a seeded random game are the same in
    each state and its hidden variants, else "fail"."""
    seats = seat_names(table_size(game, TABLE))
    played = play_random_game(game, seats, hashlib.sha256(b"house-bench-peek").digest())
    try:
        check_house_fair(played, iterations=iterations)
    except HarnessFailure as exc:
        print(f"  {exc}", flush=True)
        return "fail"
    return "pass"


def percentile(values: list[float], share: float) -> float:
    """Return the value below which `share` of `values` lie (nearest rank); 0 when none."""
    if not values:
        return 0.0
    ranked = sorted(values)
    return ranked[min(len(ranked) - 1, max(0, round(share * len(ranked) + 0.5) - 1))]


def bench_title(game: Game[Any], games: int, iterations: int, peek_iterations: int,
                player: str | None = None) -> dict[str, Any]:
    """Return one title's figures, printing them as they come."""
    seats = seat_names(table_size(game, TABLE))
    tallies = {"random": Tally(), "defaults": Tally()}
    for opponents, tally in tallies.items():
        for index in range(games):
            seed = hashlib.sha256(f"house-bench:{game.name}:{opponents}:{index}".encode()).digest()
            play(game, seats, seats[index % len(seats)], seed, opponents, iterations, tally,
                 player)
            print(f"  {game.name} vs {opponents}: {tally.games} games, wins "
                  f"{tally.share():.2f}x fair share so far, {len(tally.cpu)} decisions "
                  f"searched, {time.process_time():.0f}s CPU", flush=True)
    both = tallies["random"], tallies["defaults"]
    cpu = [t for tally in both for t in tally.cpu]
    wall = [t for tally in both for t in tally.wall]
    its = [float(n) for tally in both for n in tally.iterations]
    peek = peeking_check(game, peek_iterations)
    figures = {
        "players": len(seats), "games": games, "player": player or player_of(game),
        "win_share_vs_random": round(both[0].share(), 2),
        "win_share_vs_defaults": round(both[1].share(), 2),
        "unfinished": both[0].unfinished + both[1].unfinished,
        "decisions_searched": len(cpu),
        "cpu_s_per_decision_p50": round(percentile(cpu, 0.5), 3),
        "cpu_s_per_decision_p95": round(percentile(cpu, 0.95), 3),
        "wall_s_per_decision_p50": round(percentile(wall, 0.5), 3),
        "wall_s_per_decision_p95": round(percentile(wall, 0.95), 3),
        "iterations_p50": median(its) if its else 0,
        "budget_s": type(game).house_seconds, "peeking_check": peek}
    print(f"{game.name} ({len(seats)} players, {games} games per figure, "
          f"{figures['player']}): wins "
          f"{figures['win_share_vs_random']}x fair share vs random, "
          f"{figures['win_share_vs_defaults']}x vs defaults; per searched decision CPU "
          f"p50 {figures['cpu_s_per_decision_p50']}s p95 {figures['cpu_s_per_decision_p95']}s "
          f"(wall p50 {figures['wall_s_per_decision_p50']}s p95 "
          f"{figures['wall_s_per_decision_p95']}s; budget {figures['budget_s']}s), "
          f"{figures['iterations_p50']} iterations p50 over {len(cpu)} decisions, "
          f"{figures['unfinished']} unfinished; peeking check {peek}", flush=True)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per figure and title")
    parser.add_argument("--iterations", type=int, default=200,
                        help="iterations per decision at most (the CPU budget bounds it too)")
    parser.add_argument("--title", action="append", help="a title's short name (repeatable)")
    parser.add_argument("--player", choices=PLAYERS,
                        help="the search to play (default: each title's own)")
    parser.add_argument("--quick", action="store_true", help="a short run (a few minutes)")
    parser.add_argument("--tiny", action="store_true", help="the smallest run (smoke test)")
    args = parser.parse_args()
    games, iterations, peek = args.games, args.iterations, 6
    if args.quick:
        games, iterations, peek = 6, 24, 4
    if args.tiny:
        games, iterations, peek = 1, 2, 2
    names = args.title or [g.name for g in all_games()
                           if not args.tiny or g.name in ("secret-masters", "masons")]
    started_wall, started_cpu = time.perf_counter(), time.process_time()
    by_title = {name: bench_title(get_game(name), games, iterations, peek, args.player) for name in names}
    print(f"took {time.perf_counter() - started_wall:.0f}s wall, "
          f"{time.process_time() - started_cpu:.0f}s CPU", flush=True)
    keys = ("win_share_vs_random", "win_share_vs_defaults", "cpu_s_per_decision_p50",
            "cpu_s_per_decision_p95", "wall_s_per_decision_p95", "iterations_p50")
    result: dict[str, Any] = {key: {n: f[key] for n, f in by_title.items()} for key in keys}
    result["games"] = {n: f["games"] for n, f in by_title.items()}
    result["player"] = {n: f["player"] for n, f in by_title.items()}
    result["peeking_check_by_title"] = {n: f["peeking_check"] for n, f in by_title.items()}
    result["peeking_check"] = ("pass" if all(f["peeking_check"] == "pass"
                                             for f in by_title.values()) else "fail")
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
