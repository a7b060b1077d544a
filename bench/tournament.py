"""Tournament simulation: a 32-player, 5-round Swiss tournament of each title, played through
the service to its final standings with no operator command.

Each title gets a SQLite store of its own in a temporary folder. The tournament is opened,
32 players sign up, and then only two things happen, turn by turn, until it is finished: the
standings sweep runs (what the workers' beat runs every minute: record the ended games, seat
the next round), and every seat of every running game plays random legal orders through the
service (`play_to_end`, now and then a deadline default), as 32 players would. It prints, per
title, the rounds, games, byes, the top of the final standings, and the wall-clock and CPU
time; the last line is one JSON object of the figures.

    .venv/bin/python bench/tournament.py [--titles masons illuminati ...] [--players 32]
                                         [--rounds 5] [--quick]

`--quick` plays Masons alone, 8 players, 2 rounds.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SEATS = {"secret-masters": 3, "castle-of-the-devil": 4, "freimaurerei": 2, "illuminati": 4,
         "masons": 4}


def simulate(title: str, players: int, rounds: int) -> dict[str, float]:
    """Run one tournament of `title` to its end; print and return its figures."""
    from service.cli.selfplay import play_to_end
    from service.game.loading import load_game
    from service.store.store import Store
    from service.sweeps.standings import sweep_standings
    from service.tournaments.running import (
        current_standings,
        enter,
        new_tournament,
        sittings,
        tournament,
    )

    wall, cpu = time.perf_counter(), time.process_time()
    with tempfile.TemporaryDirectory(prefix="pbem-bench-tournament-") as folder:
        store = Store(f"sqlite:///{Path(folder) / 'pbem.db'}")
        store.create_schema()
        try:
            held = new_tournament(store, title, format="swiss", rounds=rounds,
                                  seats_per_game=SEATS[title], entrants=players, rated=True,
                                  tournament_id=f"{sum(title.encode()):08x}"[-8:])
            for number in range(1, players + 1):
                enter(store, held.id, f"Player {number}", f"p{number}@example.org")
            games = 0
            while tournament(store, held.id).status != "finished":
                sweep_standings(store)
                for sitting in sittings(store, held.id):
                    loaded = load_game(store, sitting.game_id) if sitting.game_id else None
                    if loaded is not None and not loaded.meta.finished:
                        play_to_end(store, loaded, bytes.fromhex(sitting.game_id * 8))
                        games += 1
            tables = sittings(store, held.id)
            final = current_standings(store, held)
        finally:
            store.dispose()
    byes = sum(len(s.seats) for s in tables if not s.game_id)
    took_wall, took_cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{title}: {rounds} rounds, {games} games, {byes} byes; "
          f"{took_wall:.1f} s ({took_cpu:.1f} s CPU)")
    for place, line in enumerate(final[:3], 1):
        print(f"    {place}. {line.entrant.name}: {line.points} points, Buchholz "
              f"{line.buchholz}, {line.wins} wins")
    return {f"{title}_games": games, f"{title}_byes": byes,
            f"{title}_s": round(took_wall, 2), f"{title}_cpu_s": round(took_cpu, 2)}


def main() -> None:
    """Simulate each title's tournament and print the figures, the last line as JSON."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--titles", nargs="+", default=list(SEATS), choices=list(SEATS))
    parser.add_argument("--players", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="Masons, 8 players, 2 rounds")
    args = parser.parse_args()
    titles, players, rounds = ((["masons"], 8, 2) if args.quick
                               else (args.titles, args.players, args.rounds))
    figures: dict[str, float] = {}
    for title in titles:
        figures |= simulate(title, players, rounds)
    print(json.dumps(figures, sort_keys=True))


if __name__ == "__main__":
    main()
