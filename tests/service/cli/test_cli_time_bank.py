"""`pbem new --time-bank`: every seat of the new game starts with the bank given."""
from __future__ import annotations

from pathlib import Path

from service.game.loading import load_game

from .test_cli import home, new_game, run, store

__all__ = ["home"]


def test_new_takes_a_time_bank_in_days_or_hours(home: Path) -> None:
    game_id = new_game("--time-bank", "3d")
    meta = load_game(store(), game_id).meta
    assert {meta.bank(seat) for seat in meta.seat_names} == {72}


def test_a_time_bank_that_is_no_duration_is_refused(home: Path) -> None:
    result = run("new", "secret-masters", "--seat", "anna=a@example.org", "--seat",
                 "bruno=b@example.org", "--seat", "carla=c@example.org", "--time-bank", "soon")
    assert result.exit_code != 0 and "--time-bank takes hours or days" in result.output
