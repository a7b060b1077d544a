"""The PDF warm-up a worker does when it starts: a spectator's snapshot of each game's opening,
dealt from a fixed seed, and nothing of any seat's own."""
from __future__ import annotations

from engine.core import all_games
from engine.core.contract import view_header
from service.pdf.render import opening_view, private_items, render_snapshot_html, warm_up


def test_the_opening_of_every_game_is_shown_to_a_spectator() -> None:
    for game in all_games():
        view = opening_view(game)
        assert view_header(view)["seat"] is None, game.name
        assert not view_header(view)["finished"], game.name
        assert private_items(view) == [], game.name


def test_the_opening_is_dealt_the_same_every_time() -> None:
    for game in all_games():
        assert opening_view(game) == opening_view(game), game.name
        first = render_snapshot_html(game, opening_view(game), game_title=game.title,
                                     game_id="warm-up", seat=None, turn_label="",
                                     generated_at="2025-03-01 09:30 UTC")
        again = render_snapshot_html(game, opening_view(game), game_title=game.title,
                                     game_id="warm-up", seat=None, turn_label="",
                                     generated_at="2025-03-01 09:30 UTC")
        assert first == again, game.name


def test_the_opening_of_every_game_renders_as_a_pdf() -> None:
    warm_up(all_games()[:1])
    warm_up()  # every registered game: an opening that cannot be drawn raises here
