"""The replay viewer and the archive download, through the app's test client."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.audit.restore import audit_archive
from service.game.history import reader_number, reader_seq
from service.game.loading import load_game
from service.store.store import Store

from .conftest import SEATS, new_game, seat_path
from .helpers import play_to_the_end, text


def _board(html: str) -> str:
    match = re.search(r'<section class="board"[^>]*>(.*?)</section>', html, re.DOTALL)
    assert match, html[:500]
    return match.group(1)


def test_a_running_game_has_no_public_replay_or_archive(app: Flask, client: FlaskClient,
                                                         store: Store) -> None:
    game_id = new_game(store).meta.id
    assert client.get(f"/games/{game_id}/replay/1").status_code == 404
    assert client.get(f"/games/{game_id}/archive").status_code == 404
    assert "Download the game" not in text(client.get(f"/games/{game_id}"))
    loaded = load_game(store, game_id)
    seat = seat_path(app, loaded, loaded.meta.seat_names[0])
    assert client.get(seat + "/archive").status_code == 404


def test_stepping_to_the_end_shows_the_final_board(app: Flask, client: FlaskClient,
                                                    store: Store, tmp_path: Path) -> None:
    game_id = new_game(store).meta.id
    play_to_the_end(store, game_id)
    last = store.last_seq(game_id)
    game_page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"/games/{game_id}/replay/1" in game_page
    assert f"pbem audit --archive secret-masters-{game_id}.pbem.jsonl" in game_page
    first = client.get(f"/games/{game_id}/replay/1").get_data(as_text=True)
    assert f"event 1 of {last}" in first and "as a spectator saw it" in first
    assert f'href="/games/{game_id}/replay/2"' in first
    final = client.get(f"/games/{game_id}/replay/{last}").get_data(as_text=True)
    assert _board(final) == _board(game_page)
    assert "the end: everything shown" in final and 'rel="next"' not in final
    assert client.get(f"/games/{game_id}/replay/{last + 1}").status_code == 404
    end = load_game(store, game_id)
    rounds = end.game.view(end.state, None)["round"]
    jumped = client.get(f"/games/{game_id}/replay?round={rounds}")
    assert jumped.status_code == 303
    seq = int(jumped.headers["Location"].rsplit("/", 1)[1])
    loaded = load_game(store, game_id, upto=seq)
    before = load_game(store, game_id, upto=seq - 1)
    assert loaded.game.view(loaded.state, None)["round"] == rounds
    assert before.game.view(before.state, None)["round"] == rounds - 1
    missing = client.get(f"/games/{game_id}/replay?round={rounds + 1}")
    assert missing.status_code == 404 and f"ended in round {rounds}" in text(missing)
    assert client.get(f"/games/{game_id}/replay?round=x").status_code == 400
    assert client.get(f"/games/{game_id}/archive").status_code == 404
    end_game = load_game(store, game_id)
    download = client.get(seat_path(app, end_game, end_game.meta.seat_names[0]) + "/archive")
    assert download.status_code == 200
    assert f"secret-masters-{game_id}.pbem.jsonl" in download.headers["Content-Disposition"]
    path = tmp_path / "downloaded.jsonl"
    path.write_bytes(download.get_data())
    assert audit_archive(path).events == last


def test_a_seat_steps_through_its_own_past_views(app: Flask, client: FlaskClient,
                                                 store: Store) -> None:
    loaded = new_game(store)
    anna = seat_path(app, loaded, "anna")
    start = client.get(f"{anna}/replay")
    assert start.status_code == 303 and start.headers["Location"].endswith("/replay/1")
    now = load_game(store, loaded.meta.id)
    last = reader_seq(store, now.game, now.meta.id, "anna", now.seq, False)
    if last < now.seq:  # steps end at the newest event anna may know happened
        assert client.get(f"{anna}/replay/{last + 1}").status_code == 404
    for seq in range(1, last + 1):
        page = client.get(f"{anna}/replay/{seq}").get_data(as_text=True)
        then = load_game(store, loaded.meta.id, upto=seq)
        assert "as anna saw it" in page
        svg = then.game.render_board_svg(then.game.view(then.state, "anna"))
        assert svg.split("?>")[-1].strip()[:200] in page
    bruno = seat_path(app, loaded, "bruno")
    assert client.get(f"{bruno[:-3]}xyz/replay/1").status_code == 404


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_seats_replay_shows_its_own_secrets_only(app: Flask, client: FlaskClient,
                                                   store: Store, game: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Canaries planted in every hidden item reach a seat's replay page only if it owns them."""
    from service.web import links, replay

    from .test_secrecy import planted_game

    loaded, canaries = planted_game(store, game, monkeypatch)
    monkeypatch.setattr(replay, "load_game", links.load_game)  # type: ignore[attr-defined]
    last = store.last_seq(loaded.meta.id)
    meta = load_game(store, loaded.meta.id).meta
    # each seat's last step is its own number of the log's last event it may know of
    pages = {seat: text(client.get(f"{seat_path(app, loaded, seat)}/replay/"
                                   f"{reader_number(store, meta, seat, last)}"))
             for seat in loaded.meta.seat_names}
    assert canaries.owners, f"{game} planted nothing: the test proves nothing"
    for marker, owners in canaries.owners.items():
        for reader, page in pages.items():
            if marker in page:
                assert reader in owners, f"{marker} of {sorted(owners)} reaches {reader}"
        if owners:
            assert any(marker in pages[owner] for owner in owners), f"{marker} unseen"
