"""A seat's standing answer to windows is unseen: two Illuminati games, alike but that one seat
sets `standing windows: unless attacked` in one and its time zone in the other (one private
event each, so both logs stay as long), played by hand with the same orders, give every
other seat the same view, pages, API answers and emails, byte for byte, up to the first window
the standing answer answers. There the rules show it: the window closes without that seat.

Only the log head's hash (and the witness made from it) may differ: it is a hash over every
event, private ones included, so it differs for any private difference at all. (A form's CSRF
token and nonce are new on every read of a page, and each game draws its seats' secrets, so
their signed links, anew.)
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from flask import Flask

from engine.illuminati.candidates import listed
from engine.illuminati.state import Phase
from service.base import clock
from service.game.kept import forget_games
from service.game.loading import load_game
from service.web.app import create_app
from service.web.links import seat_signature
from service.web.seatparts import forget_parts
from tests.service.tablemail import Table, html_of, open_table, text_of

GAME_ID = "11a5e7a1"
SEATS = ("anna", "bruno", "carla")
SETTER = "bruno"
"""The seat that sets a standing answer (it neither chooses the UFOs' goal nor moves first)."""
HEAD = re.compile(r"(hash <code>|hash |--witness |\"hash\": \"|\"witness\": \")[0-9a-f:]+")
FRESH = re.compile(r'(name="(?:csrf_token|nonce)" value=")[^"]+')
"""A form's CSRF token and nonce, new on every page read."""
LINK = re.compile(r"(/play/" + GAME_ID + r"/\w+/|play\+[\w.]+\.)[\w-]+")
"""A seat's signed link and reply address: each game draws its seats' secrets anew."""
SIGNED = re.compile(r"(\d:)[0-9a-f]{64} [0-9a-f]{16} [A-Za-z0-9+/=]{88}|"
                    r"key (<code>)?[0-9a-f]{16}|(PBEM-Signed-Head:).*(\n[ \t].*)*")
"""The service's signature over the head, under each game's own home's key (and over the
head's hash, which may differ, see above)."""


@dataclass
class Played:
    """One of the two games: its table of mail and a web app reading the same store."""

    table: Table
    app: Flask


@pytest.fixture(autouse=True)
def fixed_clock() -> Iterator[None]:
    clock.set_now(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    yield
    clock.set_now(None)


def opened(tmp_path: Path, setting: str, monkeypatch: pytest.MonkeyPatch) -> Played:
    table = open_table(tmp_path, game="illuminati", game_id=GAME_ID)
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PBEM_SECRET_KEY", "table-key")
    monkeypatch.setenv("PBEM_DATABASE_URL", f"sqlite:///{tmp_path / 'data' / 'pbem.db'}")
    for name in ("PBEM_SMTP_URL", "PBEM_BROKER_URL", "PBEM_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    app = create_app({"TESTING": True, "INLINE_PROCESSING": True})
    result = table.write(SETTER, setting + "\n")
    assert result.status != "refused", result
    return Played(table, app)


def seen(played: Played, seat: str) -> dict[str, str]:
    """Return everything `seat` is shown now: view, page, history page, API answers, mails."""
    loaded = load_game(played.table.store, played.table.game_id)
    forget_games()
    forget_parts()
    with played.app.app_context():
        sig = seat_signature(loaded.meta, seat)
    client = played.app.test_client()
    page = f"/play/{GAME_ID}/{seat}/{sig}"
    api = f"/api/v1/games/{GAME_ID}/seats/{seat}"
    auth = {"Authorization": f"Bearer {sig}"}
    read = {"view": loaded.game.view(loaded.state, seat),
            "page": client.get(page).get_data(as_text=True),
            "history": client.get(page + "/history").get_data(as_text=True),
            "api": client.get(api, headers=auth).get_data(as_text=True),
            "api history": client.get(api + "/history", headers=auth).get_data(as_text=True),
            "mails": [(m["Subject"], text_of(m), html_of(m))
                      for m in played.table.mails(seat)]}
    return {key: masked(str(value)) for key, value in read.items()}


def masked(text: str) -> str:
    """Return `text` with what differs between any two games (see HEAD, FRESH, LINK, SIGNED)
    masked."""
    for pattern in (HEAD, FRESH, LINK):
        text = pattern.sub(r"\1#", text)
    return SIGNED.sub("#", text)


def order_for(played: Played, seat: str) -> str:
    """Return the order every game gives `seat` now: its first attack to control a group
    nobody controls (so no seat's group is attacked), else its first legal order."""
    loaded = load_game(played.table.store, played.table.game_id)
    game, state = loaded.game, loaded.state
    texts = [game.format_order(o) for o in listed(state, seat)]
    free = [t for t in texts if t.startswith("attack control ") and " spending " not in t
            and t.split()[2] in state.uncontrolled]
    return (free or texts)[0]


def others_alike(first: Played, second: Played, step: str) -> None:
    for seat in SEATS:
        if seat == SETTER:
            continue
        mine, theirs = seen(first, seat), seen(second, seat)
        for key, value in mine.items():
            if value != theirs[key]:
                lines = difflib.unified_diff(_lines(value), _lines(theirs[key]), lineterm="",
                                             n=0)
                raise AssertionError(f"{seat}'s {key} differs after {step}:\n"
                                     + "\n".join(list(lines)[2:12]))


def _lines(text: str) -> list[str]:
    """Return the lines of a page, or of mails as a quoted list."""
    return text.replace("\\n", "\n").splitlines()


def open_prompts(played: Played) -> list[str]:
    loaded = load_game(played.table.store, played.table.game_id)
    return [p.seat for p in loaded.game.prompts(loaded.state) if not p.submitted]


def test_a_standing_answer_to_windows_shows_nowhere_until_a_window_it_answers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    standing = opened(tmp_path / "standing", "standing windows: unless attacked", monkeypatch)
    plain = opened(tmp_path / "plain", "timezone Europe/Berlin", monkeypatch)
    others_alike(standing, plain, "the setting")
    for step in range(12):
        loaded = load_game(plain.table.store, plain.table.game_id)
        if loaded.state.phase is Phase.RESPONSE:
            break
        [seat] = open_prompts(plain)
        assert seat != SETTER, "the setting seat acts before any window opens"
        order = order_for(plain, seat)
        for played in (standing, plain):
            assert played.table.write(seat, order + "\n").status == "accepted"
        others_alike(standing, plain, f"step {step}: {seat} {order}")
    else:
        raise AssertionError("no window opened")
    assert step >= 2 and all(plain.table.mails(s) for s in SEATS)
    attack = loaded.state.attack
    assert attack is not None and SETTER in attack.asked and attack.defender != SETTER
    assert SETTER not in open_prompts(standing) and SETTER in open_prompts(plain)
    # the others answer by hand; the window closes without the seat with a standing pass
    for seat in [s for s in open_prompts(plain) if s != SETTER]:
        for played in (standing, plain):
            assert played.table.write(seat, "pass\n").status == "accepted"
    assert load_game(standing.table.store, GAME_ID).state.phase is not Phase.RESPONSE
    assert load_game(plain.table.store, GAME_ID).state.phase is Phase.RESPONSE
    with pytest.raises(AssertionError, match="differs"):
        others_alike(standing, plain, "the window the standing answer answered")
