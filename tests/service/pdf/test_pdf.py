"""PDF snapshots: an A4 page per seat that shows that seat's secrets and nobody else's.

The PDFs are read back with poppler's tools (pdftotext, pdfinfo, pdffonts). Without them the
tests are skipped, except under CI (CI=true), where they fail.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jinja2 import UndefinedError

from engine.core import Canaries
from engine.core.contract import Game
from engine.core.harness import PlayedGame, play_random_game, seat_names
from engine.secret_masters import GAME, SecretMasters
from service.base import templating
from service.pdf.render import _tools as pdf_tools
from service.pdf.render import render_snapshot_html, render_snapshot_pdf, write_pdf

SEATS = seat_names(3)
READERS: tuple[str | None, ...] = (*SEATS, None)
WHEN = "2025-03-01 09:30 UTC"
POPPLER = ("pdftotext", "pdfinfo", "pdffonts", "pdftoppm")


@pytest.fixture(scope="module")
def poppler() -> None:
    """Require poppler's command-line tools: skip without them, fail under CI."""
    missing = [tool for tool in POPPLER if shutil.which(tool) is None]
    if missing:
        message = f"poppler-utils missing ({', '.join(missing)}); run scripts/setup"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


@cache
def played(seed: int) -> PlayedGame:
    """Return a seeded random game (played once per test session)."""
    return play_random_game(GAME, SEATS, f"pdf-{seed}".encode(), sample_every=5)


def history_for(game: PlayedGame, reader: str | None, count: int = 6) -> list[str]:
    """Return the last `count` history lines `reader` may read, as the service would."""
    lines = []
    for event in game.events:
        audience = GAME.visibility(event)
        lines.append(GAME.describe(event) if audience.allows(reader) else audience.summary or "")
    return [line for line in lines if line][-count:]


def snapshot(view: Mapping[str, Any], reader: str | None, history: Sequence[str] = (),
             game: Game[Any] = GAME) -> bytes:
    """Return the PDF for `reader` of `view`."""
    return render_snapshot_pdf(game, view, game_title="Secret Masters", game_id="g-0042",
                               seat=reader, turn_label=f"Round {view['round']}, turn "
                               f"{view['turn']}", history=history, generated_at=WHEN)


def run(tool: str, pdf: bytes, tmp_path: Path, *args: str) -> str:
    """Return the output of a poppler tool run on `pdf`."""
    path = tmp_path / "snapshot.pdf"
    path.write_bytes(pdf)
    done = subprocess.run([tool, *args, str(path), *(["-"] if tool == "pdftotext" else [])],
                          capture_output=True, text=True, check=True, timeout=60)
    return done.stdout


def squeezed(text: str) -> str:
    """Return `text` with all whitespace removed (PDF text breaks lines where it likes)."""
    return re.sub(r"\s+", "", text)


def states_to_check() -> list[Any]:
    """Return states from several random games: a few before the end of each, and its end."""
    states = []
    for seed in range(3):
        sampled = played(seed).sampled_states
        states += sampled[:-1][:: max(1, len(sampled) // 3)][:3] + [sampled[-1]]
    return states


@pytest.mark.usefixtures("poppler")
def test_every_secret_reaches_the_pdf_of_its_owners_and_no_other(tmp_path: Path) -> None:
    checked = 0
    for state in states_to_check():
        if GAME.outcome(state) is not None:
            continue
        canaries = Canaries()
        planted = GAME.plant_canaries(state, canaries)
        for reader in READERS:
            text = run("pdftotext", snapshot(GAME.view(planted, reader), reader), tmp_path)
            for canary, owners in canaries.owners.items():
                assert (canary in text) == (reader in owners), \
                    f"{canary} (owners {sorted(owners)}) in the PDF of {reader or 'spectator'}"
                checked += reader in owners
    assert checked >= 20


@pytest.mark.usefixtures("poppler")
def test_each_pdf_is_one_or_two_a4_pages_with_the_heading_and_history(tmp_path: Path) -> None:
    for seed in range(2):
        game = played(seed)
        for state in (game.sampled_states[0], game.sampled_states[-1]):
            for reader in READERS:
                history = history_for(game, reader)
                pdf = snapshot(GAME.view(state, reader), reader, history)
                assert pdf.startswith(b"%PDF-")
                info = run("pdfinfo", pdf, tmp_path)
                assert re.search(r"^Pages:\s+[12]$", info, re.MULTILINE), info
                assert re.search(r"^Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)", info,
                                 re.MULTILINE), info
                text = squeezed(run("pdftotext", pdf, tmp_path))
                for shown in ("Secret Masters", "g-0042", reader or "Spectator", WHEN,
                              *history):
                    assert squeezed(shown) in text, shown


@pytest.mark.usefixtures("poppler")
def test_the_page_shows_the_board_and_the_seats_own_part(tmp_path: Path) -> None:
    state = played(0).sampled_states[0]
    view = GAME.view(state, "anna")
    text = run("pdftotext", snapshot(view, "anna"), tmp_path)
    for region in view["board"]:
        assert squeezed(region["name"]) in squeezed(text)
    assert "Only for anna" in text and "Only you see this: anna" in text
    laid_out = run("pdftotext", snapshot(view, "anna"), tmp_path, "-layout")
    assert re.search(rf"^\s*Faction\s+{view['you']['faction']}$", laid_out, re.MULTILINE)
    spectator = run("pdftotext", snapshot(GAME.view(state, None), None), tmp_path)
    assert "Spectator" in spectator and "Only for" not in spectator
    assert "Only you see this" not in spectator


@pytest.mark.usefixtures("poppler")
def test_the_fonts_are_embedded_dejavu(tmp_path: Path) -> None:
    view = GAME.view(played(1).sampled_states[-1], "bruno")
    fonts = run("pdffonts", snapshot(view, "bruno"), tmp_path).splitlines()[2:]
    assert fonts and all("DejaVu" in line for line in fonts), fonts


class WithoutPicture(SecretMasters):
    """Secret Masters as a game that has no board picture yet."""

    def render_board_svg(self, view_data: Mapping[str, Any]) -> str:
        """Raise like a game without a picture."""
        return Game.render_board_svg(self, view_data)


@pytest.mark.usefixtures("poppler")
def test_a_game_without_a_picture_gets_its_text_board(tmp_path: Path) -> None:
    view = GAME.view(played(2).sampled_states[0], "carla")
    text = run("pdftotext", snapshot(view, "carla", game=WithoutPicture()), tmp_path)
    assert "Controlled by" in text and "India/Middle East" in text


def test_text_from_players_is_escaped_in_the_page() -> None:
    view = GAME.view(played(0).sampled_states[0], None)
    source = render_snapshot_html(GAME, view, game_title="<b>Title</b>", game_id="g&1",
                                  seat=None, turn_label="Round 1",
                                  history=["<script>x</script>"])
    pages = "".join(page.decode("utf-8") for page in source.pages.values())
    assert "<script>" not in pages and "&lt;script&gt;" in pages
    assert "&lt;b&gt;Title&lt;/b&gt;" in pages and "g&amp;1" in pages
    assert "<b>" not in source.html and "&lt;b&gt;Title&lt;/b&gt;" in source.html


def test_templates_are_strict_and_may_live_elsewhere(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(UndefinedError):
        templating.render_template("pdf/snapshot.html")
    (tmp_path / "hello.html").write_text("Hello {{ name }}!")
    (tmp_path / "hello.txt").write_text("Hello {{ name }}!")
    monkeypatch.setenv("PBEM_TEMPLATES", str(tmp_path))
    assert templating.render_template("hello.html", name="<Ann>") == "Hello &lt;Ann&gt;!"
    assert templating.render_template("hello.txt", name="<Ann>") == "Hello <Ann>!"


def test_the_page_fetches_nothing_but_its_own_pages() -> None:
    fetcher = pdf_tools().fetcher
    with fetcher.serving({"snapshot:page-1": b"<svg/>"}):
        assert fetcher.fetch("snapshot:page-1").read() == b"<svg/>"
        for url in ("file:///etc/passwd", "http://example.org/x.png", "snapshot:page-2"):
            with pytest.raises(ValueError, match="disallowed protocol"):
                fetcher.fetch(url)
    with pytest.raises(ValueError, match="disallowed protocol"):
        fetcher.fetch("snapshot:page-1")


@pytest.mark.usefixtures("poppler")
def test_the_pages_own_user_agent_stylesheet_draws_it_as_weasyprints_does(
        tmp_path: Path) -> None:
    game = played(1)
    view = GAME.view(game.sampled_states[-1], "bruno")
    source = render_snapshot_html(GAME, view, game_title="Secret Masters", game_id="g-0042",
                                  seat="bruno", turn_label="Round 9, turn 2",
                                  history=history_for(game, "bruno"), generated_at=WHEN)
    assert pdf_tools().user_agent is not None
    pictures = []
    for stock in (False, True):
        pdf = write_pdf(source, stock_user_agent=stock)
        path = tmp_path / f"{stock}.pdf"
        path.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", "50", str(path), str(path.with_suffix(""))],
                       check=True, timeout=60)
        pictures.append(sorted(path.parent.glob(f"{path.stem}-*.png")))
    ours, theirs = pictures
    assert len(ours) == len(theirs) >= 1
    for mine, stock in zip(ours, theirs):
        assert mine.read_bytes() == stock.read_bytes(), mine.name
