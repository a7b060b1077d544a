"""Numbers per reader: two games alike but for one seat's private act give every other seat the
same numbers, pages, API answers and mails, byte for byte except the times.

Each title is played to the same point in two stores, with the same game id and seed; in the
second, one seat does something nobody else is told of (sets a timezone, sets a standing
answer, or two seats exchange private press), then a third seat writes to everyone in both.
Every other seat must then be shown exactly the same things in both games: whatever counts
the private event in a number it shows (a history line's number, a paging cursor, a replay's
"of N", a press id, a Message-ID, the API's seq, a PDF's name, a header of any answer, a line
of `pbem log --as`) tells that seat that something happened which it may not know of.

A second case answers a sealed decision by hand in one game and by a standing answer in the
other: the rules pages say the two cannot be told apart, so nothing another seat is shown may
differ either. A third answers a Masons tower choice at once by a standing answer in one game
and by hand in the other.
"""
from __future__ import annotations

import difflib
import random
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask

from engine.core import all_games
from service.base import clock
from service.base.config import load_config
from service.cli.main import main
from service.game.loading import LoadedGame, load_game
from service.mail.compose import compose_outbox
from service.orders.creation import NewSeat, create_game
from service.orders.processing import submit_order
from service.seats.press import PressRequest, send_press
from service.seats.seatcommands import answer
from service.store.store import Store
from service.web import handoff
from service.web.app import create_app
from tests.sealed import give
from tests.stores import ready_store

from .conftest import SEATS, SEED, seat_path
from .test_api import auth

GAME_ID = "7e1a5b20"
MOMENT = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
ORDERS = 6


@pytest.fixture
def twins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Flask, Flask]]:
    """Two apps on two homes with the same keys: one game in each can be alike byte for byte."""
    for name in ("PBEM_DATABASE_URL", "PBEM_SMTP_URL", "PBEM_BROKER_URL", "PBEM_ADMIN_TOKEN",
                 "PBEM_BASE_URL", "PBEM_INBOUND_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PBEM_SECRET_KEY", "twin-test-key")
    monkeypatch.setenv("PBEM_SIGNING_KEY", "ab" * 32)
    monkeypatch.setattr(handoff, "entry_points", lambda group: [])
    # One moment for both games: a PDF attached to a mail shows times that no pattern can
    # blot out of its compressed bytes (when it was made, the times of its history lines),
    # and two games played a minute apart would differ in them.
    clock.set_now(MOMENT)
    apps = []
    for twin in ("plain", "private"):
        monkeypatch.setenv("PBEM_HOME", str(tmp_path / twin))
        ready_store()
        apps.append(create_app({"TESTING": True, "INLINE_PROCESSING": True}))
    yield apps[0], apps[1]
    for app in apps:
        app.extensions["pbem.store"].dispose()
    clock.set_now(None)


def _store(app: Flask) -> Store:
    value: Store = app.extensions["pbem.store"]
    return value


def _timezone(store: Store, loaded: LoadedGame, actor: str, _: str) -> None:
    answer(store, loaded.meta.id, actor, "timezone Europe/Berlin", "twin:timezone")


def _standing(store: Store, loaded: LoadedGame, actor: str, _: str) -> None:
    # the last topic with answers to choose from: Secret Masters' redeploys, not the vote asked
    # now; Illuminati's windows (its `turn` topic takes orders written ahead, no answers)
    topic = [topic for topic in loaded.game.standing_topics() if topic.answers][-1]
    answer(store, loaded.meta.id, actor, f"standing {topic.name}: {topic.answers[0].name}",
           "twin:standing")


def _private_press(store: Store, loaded: LoadedGame, actor: str, other: str) -> None:
    send_press(store, loaded.meta.id, actor, PressRequest((other,), "between us"),
               causation="twin:press")


ACTS: dict[str, Callable[[Store, LoadedGame, str, str], None]] = {
    "timezone": _timezone, "standing": _standing, "private-press": _private_press}


def _played(app: Flask, game: str, act: str | None) -> LoadedGame:
    """Play the title to the same point, do the private act (if any, by the first of
    `_actors`, with the second), then let the last seat write to everyone; return the game."""
    store = _store(app)
    seats = [NewSeat(name, f"{name}@example.org", name.capitalize()) for name in SEATS[game]]
    with app.app_context():
        create_game(store, game, seats, seed_hex=SEED, game_id=GAME_ID)
        rng = random.Random(38)
        for _ in range(ORDERS):
            loaded = load_game(store, GAME_ID)
            prompts = loaded.game.prompts(loaded.state)
            if not prompts:
                break
            give(store, loaded, rng.choice(prompts).seat, rng)
        loaded = load_game(store, GAME_ID)
        names = _actors(loaded, act or "")
        if act is not None:
            ACTS[act](store, loaded, names[0], names[1])
        send_press(store, GAME_ID, names[-1], PressRequest(None, "hello everyone"),
                   causation="twin:public")
        return load_game(store, GAME_ID)


def _actors(loaded: LoadedGame, act: str) -> tuple[str, ...]:
    """Return the seats in the order `_played` casts them: the actor, its partner, ..., the
    writer. A standing answer is set by a seat that is not asked anything now: one that
    answers an open decision at once moves the game for everyone, which is no private act."""
    names = loaded.meta.seat_names
    if act != "standing":
        return names
    asked = {prompt.seat for prompt in loaded.game.prompts(loaded.state)}
    return (*(n for n in names if n not in asked), *(n for n in names if n in asked))


_TIMES = [re.compile(pattern) for pattern in (
    r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(\+00:00|Z)?",  # recorded times
    r"\w{3}, \d\d? \w{3} \d{4} \d\d:\d\d:\d\d [+-]\d{4}",  # mail dates
    r"\d{4}-\d\d-\d\d \d\d:\d\d( UTC)?",  # times as read
    r'name="(nonce|csrf_token)" value="[^"]*"',  # per-request form tokens
    r"boundary=\"?=+\d+==\"?|--=+\d+==(--)?",  # MIME boundaries
    # the hashes of heads: the chain covers every event, so they differ whenever the logs
    # do, but they are unpredictable values that count nothing (their seqs are compared)
    r"(?<=hash <code>)[0-9a-f]{12}|(?<=hash )[0-9a-f]{12}|(?<=:)[0-9a-f]{12}(?=[^0-9a-f])",
    r"(?<=\d:)[0-9a-f]{64} [0-9a-f]{16} [A-Za-z0-9+/=]{88}",
    r"PBEM-Signed-Head:.*(\n[ \t].*)*",
)]


def _untimed(text: str) -> str:
    """Return the text with its times (and the hashes of heads, see above) blotted out."""
    for pattern in _TIMES:
        text = pattern.sub("<varies>", text)
    return text


def _shown(app: Flask, loaded: LoadedGame, seat: str) -> dict[str, Any]:
    """Return what `seat` is shown of the game: pages, API answers (with their headers),
    `pbem log --as`, and its newest mail."""
    client, path = app.test_client(), seat_path(app, loaded, seat)
    headers = auth(app, loaded, seat)
    api = f"/api/v1/games/{GAME_ID}/seats/{seat}"
    answers = {
        "api": client.get(api, headers=headers),
        "api-history": client.get(api + "/history", headers=headers),
        "page": client.get(path),
        "history": client.get(path + "/history"),
        "replay": client.get(path + "/replay", follow_redirects=True),
    }
    shown: dict[str, Any] = {name: got.get_data(as_text=True) for name, got in answers.items()}
    # the answers' headers too: a file name, or a cache validator, may count events (the
    # session cookie is drawn anew; the lengths are those of the bodies, compared as text)
    pdf = client.get(path + "/snapshot.pdf")
    for name, got in [*answers.items(), ("pdf", pdf)]:
        shown[f"{name} headers"] = "\n".join(
            f"{key}: {value}" for key, value in got.headers.items()
            if key not in {"Set-Cookie", "Content-Length"})
    store = _store(app)
    # `pbem log --as SEAT`, text and JSON
    for name, extra in (("log", []), ("log json", ["--json"])):
        printed = CliRunner().invoke(main, ["log", GAME_ID, "--as", seat, *extra],
                                     env={"PBEM_DATABASE_URL": store.url})
        assert printed.exit_code == 0, printed.output
        shown[name] = printed.output
    rows = [row for row in store.outbox_for_game(GAME_ID) if row.recipient == seat]
    with app.app_context():
        message = compose_outbox(store, load_config(), rows[-1]) if rows else None
    # quoted-printable soft line breaks are the mail's transport, not its text
    shown["mail"] = (re.sub(r"(?<!=)=\n", "", message.as_string()) if message is not None
                     else "")
    return {name: _untimed(value) for name, value in shown.items()}


TITLES = [game.name for game in all_games()]


@pytest.mark.parametrize("act", list(ACTS))
@pytest.mark.parametrize("game", TITLES)
def test_a_private_act_moves_no_number_another_seat_is_shown(
        twins: tuple[Flask, Flask], game: str, act: str) -> None:
    plain, private = twins
    if act == "standing" and not load_game_topics(game):
        pytest.skip(f"{game} has no standing answers")
    if act == "private-press" and len(SEATS[game]) < 3:
        pytest.skip(f"{game} is played by two: no private press between two others")
    first = _played(plain, game, None)
    cast = _actors(first, act)
    second = _played(private, game, act)
    assert second.seq > first.seq, "the private act is in the second log only"
    actors = set(cast[:2] if act == "private-press" else cast[:1])
    differing = {}
    for seat in second.meta.seat_names:
        if seat in actors:
            continue
        seen, other = _shown(plain, first, seat), _shown(private, second, seat)
        differing.update({f"{seat} {name}": (seen[name], other[name])
                          for name in seen if seen[name] != other[name]})
    assert not differing, (f"a private act of {sorted(actors)} shows in {sorted(differing)}:\n"
                           + "\n".join(_changed(name, *texts) for name, texts in differing.items()))


def _changed(name: str, plain: str, private: str) -> str:
    """Return the first lines that differ, as a diff."""
    lines = difflib.unified_diff(plain.splitlines(), private.splitlines(), lineterm="", n=0)
    return f"{name}:\n" + "\n".join(line[:200] for line in list(lines)[2:8])


def load_game_topics(game: str) -> tuple[Any, ...]:
    """Return the standing topics of a title."""
    from engine.core import get_game

    return tuple(get_game(game).standing_topics())


# -- a sealed answer given by hand, and the same answer given by a standing answer -------------

def _sealed_open(game: Any, state: Any) -> tuple[str, str] | None:
    """Return (seat, the standing entry answering it) of a sealed decision open to several
    seats where one seat, not the last to answer, has a standing topic whose answer gives a
    legal order now; None when there is none."""
    prompts = game.prompts(state)
    waiting = [p for p in prompts if p.simultaneous and not p.submitted]
    if len(waiting) < 2 or not all(p.simultaneous for p in prompts):
        return None
    for prompt in waiting:
        for topic in game.standing_topics():
            for option in topic.answers:
                text = f"{topic.name}: {option.name}"
                entries = game.read_standing(text, prompt.seat, state)
                applied = game.standing_order(state, prompt.seat, entries)
                if applied is not None and applied.order is not None:
                    return prompt.seat, text
    return None


def _window_open(game: Any, state: Any) -> tuple[str, str] | None:
    """Return (seat, `windows: on`) of an Illuminati window open to several seats, where the
    seat is still asked (it could do more than pass) and another still is too."""
    prompts = game.prompts(state)
    waiting = [p for p in prompts if not p.answering_public and not p.submitted]
    if len(waiting) < 2:
        return None
    return waiting[0].seat, "windows: on"


def _sealed_twin(app: Flask, game: str,
                standing: tuple[int, str] | None = None) -> tuple[LoadedGame, str, int]:
    """Play the title to a sealed decision open to several seats; one of them answers it, by
    hand or (given `standing`) by a standing answer; then another seat writes to everyone.
    Return the game, the answering seat and the number of orders given before the decision.

    A standing answer to a decision open now is applied at once, so it is set while the
    decision is open. Illuminati's standing answer to windows holds from the next window on
    (its rules page), so there it is set just before the order that opens the window:
    `standing` is (orders given, seat) as the hand twin found them. There the hand answer
    is `pass`."""
    store = _store(app)
    seats = [NewSeat(name, f"{name}@example.org", name.capitalize()) for name in SEATS[game]]
    windows = game == "illuminati"
    found = _window_open if windows else _sealed_open
    with app.app_context():
        create_game(store, game, seats, seed_hex=SEED, game_id=GAME_ID)
        rng = random.Random(38)
        for given in range(3000):
            loaded = load_game(store, GAME_ID)
            prompts = loaded.game.prompts(loaded.state)
            assert prompts, f"{game} ended with no sealed decision a standing answer answers"
            if standing is not None and windows:
                if given == standing[0]:
                    chosen: tuple[str, str] | None = (standing[1], "windows: on")
                    break
                if given == standing[0] - 1:
                    answer(store, GAME_ID, standing[1], "standing windows: on", "twin:standing")
                    loaded = load_game(store, GAME_ID)
            else:
                chosen = found(loaded.game, loaded.state)
                if chosen is not None:
                    break
            give(store, loaded, rng.choice(prompts).seat, rng)
        else:
            raise AssertionError("no sealed decision several seats answer opened")
        assert chosen is not None
        seat, text = chosen
        loaded = load_game(store, GAME_ID)
        if windows:
            if standing is None:
                result = submit_order(store, GAME_ID, seat, "pass")
                assert result.accepted, result
        elif standing is not None:
            answer(store, GAME_ID, seat, f"standing {text}", "twin:standing")
        else:
            entries = loaded.game.read_standing(text, seat, loaded.state)
            applied = loaded.game.standing_order(loaded.state, seat, entries)
            assert applied is not None and applied.order is not None
            result = submit_order(store, GAME_ID, seat, loaded.game.format_order(applied.order))
            assert result.accepted, result
        loaded = load_game(store, GAME_ID)
        prompts = loaded.game.prompts(loaded.state)
        assert all(p.submitted for p in prompts if p.seat == seat), f"{seat} has answered"
        assert any(not p.submitted for p in prompts), "another seat is still asked"
        writer = next(name for name in loaded.meta.seat_names if name != seat)
        send_press(store, GAME_ID, writer, PressRequest(None, "hello everyone"),
                   causation="twin:public")
        return load_game(store, GAME_ID), seat, given


SEALED_TITLES = [name for name in TITLES if name != "freimaurerei"]
"""The titles with a sealed decision a standing answer can answer. Freimaurerei has none: its
one sealed decision is the choice at setup, which no standing answer covers; every decision a
standing answer takes there (intrigue roll, defection, recruits, members) is taken in the open,
one seat at a time, where everyone sees the order anyway."""


@pytest.mark.parametrize("game", SEALED_TITLES)
def test_a_sealed_answer_by_hand_or_standing_shows_the_same_to_every_other_seat(
        twins: tuple[Flask, Flask], game: str) -> None:
    """A seat answers a sealed decision by hand in one game and by a standing answer in its
    twin: every other seat is shown the same numbers, pages, API answers and mails.

    The decision is the first one the same random play reaches where several seats are asked
    at once and a standing answer of the seat gives a legal order: Secret Masters' vote,
    Masons' sealed city scoring, Castle of the Devil's doctor, and Illuminati's window
    (there the standing answer `windows: on` is set before the window opens, and the hand
    answer is `pass`). Freimaurerei has none (see `SEALED_TITLES`). The answer given by hand
    is the order the standing answer gives, so the two games reach the same state."""
    plain, private = twins
    first, seat, given = _sealed_twin(plain, game)
    second, again, _ = _sealed_twin(private, game, (given, seat))
    assert again == seat
    assert second.head_hash != first.head_hash, "the two logs differ"
    differing = _twins_differ(plain, first, private, second, seat)
    assert not differing, (f"{seat}'s standing answer shows in {sorted(differing)}:\n"
                           + "\n".join(_changed(name, *texts)
                                        for name, texts in differing.items()))


def _twins_differ(one: Flask, first: LoadedGame, other_app: Flask, second: LoadedGame,
                  actor: str) -> dict[str, tuple[Any, Any]]:
    """Return what every seat but `actor` is shown differently in the two twin games (by
    seat and what it reads), once both reach the same state as that seat sees it."""
    differing: dict[str, tuple[Any, Any]] = {}
    for other in second.meta.seat_names:
        if other == actor:
            continue
        assert first.game.view(first.state, other) == second.game.view(second.state, other), \
            "the twins reach the same state as every other seat sees it"
        seen, shown = _shown(one, first, other), _shown(other_app, second, other)
        differing.update({f"{other} {name}": (seen[name], shown[name])
                          for name in seen if seen[name] != shown[name]})
    return differing


# -- a Masons tower choice answered at once by a standing answer, and the same by hand ---------

MASONS_ANSWERS = ("towers: nearest the shore", "houses: either")
"""The answers the builder of a wall gives: towers by a standing answer in one twin, by hand in
the other; houses by hand in both."""


def _masons_turn(app: Flask, at_once: bool) -> tuple[LoadedGame, str]:
    """Play a Masons game to its first wall; its builder answers the towers that follow by a
    standing answer set before the wall (`at_once`: applied as the decision opens) or by hand
    with the order that answer gives (having set its time zone instead), and the houses by
    hand. Then another seat writes to everyone."""
    store = _store(app)
    seats = [NewSeat(name, f"{name}@example.org", name.capitalize()) for name in SEATS["masons"]]
    with app.app_context():
        create_game(store, "masons", seats, seed_hex=SEED, game_id=GAME_ID)
        loaded = load_game(store, GAME_ID)
        [prompt] = loaded.game.prompts(loaded.state)
        builder = prompt.seat
        # one private event in each twin, so the wall's draws (keyed with its seq) are alike
        private = f"standing {MASONS_ANSWERS[0]}" if at_once else "timezone Europe/Berlin"
        answer(store, GAME_ID, builder, private, "twin:private")
        loaded = load_game(store, GAME_ID)
        wall = loaded.game.format_order(loaded.game.legal_orders(loaded.state, builder)[0])
        assert submit_order(store, GAME_ID, builder, wall).accepted
        by_hand = 0
        for _ in range(len(MASONS_ANSWERS) + 1):
            loaded = load_game(store, GAME_ID)
            if not loaded.game.is_deciding(loaded.state, builder):
                break
            entries = [entry for text in MASONS_ANSWERS
                       for entry in loaded.game.read_standing(text, builder, loaded.state)]
            applied = loaded.game.standing_order(loaded.state, builder, entries)
            assert applied is not None and applied.order is not None
            result = submit_order(store, GAME_ID, builder,
                                  loaded.game.format_order(applied.order))
            assert result.accepted, result
            by_hand += 1
        assert by_hand == (1 if at_once else 2), "towers at once or by hand, houses by hand"
        loaded = load_game(store, GAME_ID)
        assert not loaded.game.is_deciding(loaded.state, builder), "the builder's turn is over"
        writer = next(name for name in loaded.meta.seat_names if name != builder)
        send_press(store, GAME_ID, writer, PressRequest(None, "hello everyone"),
                   causation="twin:public")
        return load_game(store, GAME_ID), builder


def test_a_masons_tower_choice_answered_at_once_or_by_hand_shows_the_same_to_the_others(
        twins: tuple[Flask, Flask]) -> None:
    """The builder of a wall answers its towers by a standing answer (given at once, as the
    decision opens) in one game and by hand in its twin: every other seat is shown the same
    numbers, pages, API answers and mails."""
    by_hand, at_once = twins
    first, builder = _masons_turn(by_hand, False)
    second, again = _masons_turn(at_once, True)
    assert again == builder and second.head_hash != first.head_hash, "the two logs differ"
    differing = _twins_differ(by_hand, first, at_once, second, builder)
    assert not differing, (f"{builder}'s answers at once show in {sorted(differing)}:\n"
                           + "\n".join(_changed(name, *texts)
                                       for name, texts in differing.items()))
