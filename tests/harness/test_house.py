"""The house player on every registered game: it takes a legal order for every kind of
decision, its choice never depends on what its seat may not know (engine/core/housecheck.py),
the same stream and count give the same order, and the test fails a player that peeks."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core import Rng, all_games, get_game
from engine.core.contract import Game, Order
from engine.core.harness import HarnessFailure, play_random_game, seat_names, seeds, table_size
from engine.core.house import PLAYERS, NoDecision, choose
from engine.core.housecheck import check_house_fair, house_playing, sampled_decisions

CASES = [(game.name, table_size(game, 3)) for game in all_games()]
"""Every game at a table of three, or its nearest size."""


@pytest.mark.parametrize("player", PLAYERS)
@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_house_player_chooses_alike_in_every_hidden_variant(name: str, players: int,
                                                                 player: str) -> None:
    """Each search kept (the tree and the flat one) on every title."""
    game = get_game(name)
    played = play_random_game(game, seat_names(players), next(seeds(1, base=5151)))
    compared = check_house_fair(played, house_playing(player))
    if game.hidden_information:
        assert compared > 0, f"{name}: no choice was compared with a hidden variant"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_house_player_gives_legal_orders_and_the_same_one_again(name: str,
                                                                     players: int) -> None:
    """Its orders are legal and come again for the same stream and count; and the seats its
    rollouts wait for (`awaiting`, read without building prompts) are the prompted ones."""
    game = get_game(name)
    played = play_random_game(game, seat_names(players), next(seeds(1, base=5252)))
    for index, (state, seat) in enumerate(sampled_decisions(played)):
        prompts = game.prompts(state)
        assert game.awaiting(state) == (tuple(p.seat for p in prompts if not p.submitted)
                                        or tuple(p.seat for p in prompts))
        if index % 3:
            continue
        first = choose(game, state, seat, Rng(b"again%d" % index), iterations=4,
                       cpu_seconds=None)
        again = choose(game, state, seat, Rng(b"again%d" % index), iterations=4,
                       cpu_seconds=None)
        assert first == again
        assert game.is_legal(state, seat, first.order) is None, first


def test_a_seat_without_a_decision_is_refused() -> None:
    game = get_game("secret-masters")
    played = play_random_game(game, seat_names(3), next(seeds(1, base=5353)))
    state = played.state
    with pytest.raises(NoDecision, match="no open decision"):
        choose(game, state, "anna", Rng(b"x"), iterations=1)


def clairvoyant(game: Game[Any]) -> Game[Any]:
    """Return `game` as a peeking player sees it: nothing hidden, every world the true one."""
    peeking = type(f"Clairvoyant{type(game).__name__}", (type(game),), {
        "hidden_variant": lambda self, state, seat, rng: None})
    made: Game[Any] = peeking()
    return made


def peeking(player: str) -> Any:
    """Return a search named `player` that plays out the true state, others' secrets and
    all."""
    def peeking_player(game: Game[Any], state: Any, seat: str, rng: Rng,
                       iterations: int) -> Order:
        return choose(clairvoyant(game), state, seat, rng, iterations=iterations,
                      cpu_seconds=None, player=player).order

    return peeking_player


@pytest.mark.parametrize("player", PLAYERS)
@pytest.mark.parametrize("name", ["secret-masters", "masons", "castle-of-the-devil"])
def test_the_check_fails_a_player_that_peeks(name: str, player: str) -> None:
    game = get_game(name)
    with pytest.raises(HarnessFailure, match="depends on what it may not know"):
        for seed in seeds(4, base=5454):
            played = play_random_game(game, seat_names(table_size(game, 3)), seed)
            check_house_fair(played, peeking(player))


CHOOSE_IN_A_FRESH_PROCESS = """
import sys
from engine.core import Rng, get_game
from engine.core.harness import play_random_game, seat_names, seeds, table_size
from engine.core.house import choose
from engine.core.housecheck import sampled_decisions
game = get_game(sys.argv[1])
played = play_random_game(game, seat_names(table_size(game, 3)), next(seeds(1, base=5555)))
for index, (state, seat) in enumerate(sampled_decisions(played)):
    if index % 4 == 0:
        choice = choose(game, state, seat, Rng(b"fresh%d" % index), iterations=5,
                        cpu_seconds=None)
        print(seat, game.format_order(choice.order), choice.iterations)
"""


@pytest.mark.parametrize("name", ["secret-masters", "castle-of-the-devil"])
def test_the_same_stream_and_count_give_the_same_order_in_a_fresh_process(name: str) -> None:
    root = Path(__file__).resolve().parents[2]
    runs = [subprocess.run([sys.executable, "-c", CHOOSE_IN_A_FRESH_PROCESS, name], cwd=root,
                           capture_output=True, text=True, timeout=300, check=True,
                           env={**os.environ, "PYTHONPATH": str(root),
                                "PYTHONHASHSEED": str(hash_seed)}).stdout
            for hash_seed in (1, 2)]
    assert runs[0] == runs[1] and runs[0].count("\n") >= 3, runs
