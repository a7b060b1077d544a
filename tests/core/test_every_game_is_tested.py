"""The registry cannot miss a game: every package under `engine/` that holds a game is
registered and held to no import cycles, and every registered game is collected by each shared
per-game suite and has its own rule tests, rules page and recorded log.

The shared suites take their games from the registry, so a game left out of it would be
played, tested and offered by none of them, silently: this test is what notices.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

import engine
from engine.core.registry import GAME_MODULES

ROOT = Path(__file__).resolve().parents[2]

PER_GAME_SUITES = (
    "tests/core/test_registry.py::test_every_game_declares_its_hidden_information",
    "tests/core/test_registry.py::test_every_declaration_is_complete",
    "tests/core/test_registry.py::test_every_order_reads_back_from_its_canonical_text",
    "tests/harness/test_games.py::test_random_games_keep_every_invariant",
    "tests/harness/test_games.py::test_no_answer_depends_on_hidden_information",
    "tests/harness/test_games.py::test_every_option_combination_plays",
    "tests/harness/test_atonce.py::test_answers_at_once_read_as_answers_by_hand",
    "tests/harness/test_atonce.py::test_forced_decisions_follow_from_public_information",
    "tests/harness/test_house.py::test_the_house_player_chooses_alike_in_every_hidden_variant",
    "tests/harness/test_house.py::test_the_house_player_gives_legal_orders_and_the_same_one_again",
    "tests/harness/test_texts.py::test_labels_have_no_empty_part_and_no_colon",
    "tests/harness/test_texts.py::test_event_texts_and_summaries_read_cleanly",
    "tests/harness/test_texts.py::test_text_pictures_count_correctly_and_cut_no_name",
    "tests/service/audit/test_recorded_logs.py::test_a_recorded_game_still_verifies_and_audits",
    "tests/service/orders/test_termination.py::test_a_game_played_to_its_end_records_why_it_ended",
    "tests/service/game/test_waiting.py::test_the_marks_are_the_same_whatever_is_hidden",
    "tests/service/pdf/test_pdf_pages.py::test_every_line_of_every_page_stays_inside_the_margins",
    "tests/web/test_readable_boards.py::test_the_pdf_board_has_no_text_under_8_pt",
    "tests/web/test_lobby.py::test_a_game_is_created_from_the_form",
)
"""The tests that run once per registered game (or per game and player count), by node id."""


def game_packages(root: Path) -> dict[str, str]:
    """Return, by package name, the module of every package directly under `root` (an
    `engine/` folder) that holds a game: one with a `game.py`, the kit's game object."""
    return {path.parent.name: f"engine.{path.parent.name}"
            for path in sorted(root.glob("*/game.py"))}


def unregistered(packages: Mapping[str, str], registry: Mapping[str, str]) -> list[str]:
    """Return the game packages that no registry entry names, each with the line to add."""
    known = set(registry.values())
    return [f"{module} holds a game but is not in GAME_MODULES "
            f"(add \"{name.replace('_', '-')}\": \"{module}\" to engine/core/registry.py)"
            for name, module in packages.items() if module not in known]


def game_of(test_id: str, games: Iterable[str]) -> str | None:
    """Return the game a parametrized test id runs (`masons-3`, `masons-3p-0`, `masons`)."""
    named = [game for game in games if test_id == game or test_id.startswith(game + "-")]
    return max(named, key=len) if named else None


def missing_suites(collected: Iterable[str], games: Iterable[str],
                   suites: Iterable[str] = PER_GAME_SUITES) -> list[str]:
    """Return, for each suite in `suites`, the games of `games` that none of the `collected`
    node ids (`path::test[id]`) runs."""
    games = sorted(games)
    covered: dict[str, set[str]] = {suite: set() for suite in suites}
    for node in collected:
        suite, _, rest = node.partition("[")
        if suite in covered:
            game = game_of(rest.rstrip("]"), games)
            if game is not None:
                covered[suite].add(game)
    return [f"{suite} does not run {game}"
            for suite, seen in covered.items() for game in games if game not in seen]


def collected_ids(suites: Iterable[str]) -> list[str]:
    """Return the node ids pytest collects from the files of `suites`."""
    files = sorted({suite.partition("::")[0] for suite in suites})
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q",
                           "-p", "no:cacheprovider", "-p", "no:xdist", *files],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_every_game_package_is_registered() -> None:
    packages = game_packages(Path(engine.__file__).parent)
    assert len(packages) >= 5, packages
    assert unregistered(packages, GAME_MODULES) == []


def test_a_game_package_left_out_of_the_registry_is_named(tmp_path: Path) -> None:
    for name in ("masons", "bluff_auction", "core"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("")
    (tmp_path / "masons" / "game.py").write_text("")
    (tmp_path / "bluff_auction" / "game.py").write_text("")
    problems = unregistered(game_packages(tmp_path), {"masons": "engine.masons"})
    assert problems == [("engine.bluff_auction holds a game but is not in GAME_MODULES (add "
                         "\"bluff-auction\": \"engine.bluff_auction\" to engine/core/registry.py)")]


def test_every_game_package_is_held_to_no_import_cycles() -> None:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"]
    acyclic = {name for contract in contracts if contract["type"] == "acyclic_siblings"
               for name in contract["ancestors"]}
    packages = game_packages(Path(engine.__file__).parent).values()
    assert {"engine", "engine.core", *packages} <= acyclic, (
        "add every game package to the ancestors of the engine's acyclic_siblings contract in "
        "pyproject.toml")


def test_every_registered_game_runs_in_every_shared_suite() -> None:
    assert missing_suites(collected_ids(PER_GAME_SUITES), GAME_MODULES) == []


def test_a_suite_that_leaves_a_game_out_is_named() -> None:
    suite = "tests/harness/test_games.py::test_random_games_keep_every_invariant"
    collected = [f"{suite}[masons-2]", f"{suite}[masons-3]", f"{suite}[illuminati-4]",
                 "tests/other.py::test_x[secret-masters]"]
    assert missing_suites(collected, ["masons", "illuminati", "secret-masters"], [suite]) == [
        f"{suite} does not run secret-masters"]
    assert game_of("castle-of-the-devil-4p-0", ["castle-of-the-devil", "castle"]) == \
        "castle-of-the-devil"


def test_every_registered_game_has_rule_tests_a_rules_page_and_a_recording() -> None:
    for name, module in GAME_MODULES.items():
        package = module.removeprefix("engine.")
        assert list((ROOT / "tests" / "rules" / package).glob("test_*.py")), \
            f"{name} has no rule tests in tests/rules/{package}/"
        assert (ROOT / "docs" / "rules" / f"{name}.md").is_file(), \
            f"{name} has no rules page docs/rules/{name}.md"
        assert list((ROOT / "tests" / "fixtures" / "recorded").glob(f"{name}-*.jsonl")), \
            f"{name} has no recorded log in tests/fixtures/recorded/"
