"""`pbem seats`: per seat, player and address, mail status, whether it is asked, absence."""
from __future__ import annotations

from pathlib import Path

from service.base.config import load_config
from service.game.loading import load_game
from service.mail.bounces import refused_for_good
from tests.service.cli.test_cli import home, new_game, run, store

__all__ = ["home"]  # the fixture, used by name


def test_seats_shows_address_mail_turn_and_absence(home: Path) -> None:
    game_id = new_game("--master-email", "gm@example.org")
    loaded = load_game(store(), game_id)
    asked = {prompt.seat for prompt in loaded.game.prompts(loaded.state)}
    quiet = next(seat for seat in loaded.meta.seat_names if seat not in asked)
    row = next(r for r in store().outbox_for_game(game_id) if r.recipient == quiet)
    assert refused_for_good(store(), load_config(), row, "550 5.1.1 no such user", "test-bounce")

    result = run("seats", game_id)
    assert result.exit_code == 0, result.output
    lines = dict(line.split(":", 1) for line in result.output.strip().splitlines())
    assert set(lines) == set(loaded.meta.seat_names)
    for seat in asked:
        assert "; waiting;" in lines[seat] and "mail ok" in lines[seat]
    assert f"<{quiet}@example.org>" in lines[quiet]
    assert "mail bouncing since" in lines[quiet] and "no such user" in lines[quiet]
    assert "not asked now" in lines[quiet] and "deadlines wait until" in lines[quiet]


def test_seats_of_an_unknown_game_says_so(home: Path) -> None:
    new_game()
    result = run("seats", "0123abcd")
    assert result.exit_code != 0 and "0123abcd" in result.output
