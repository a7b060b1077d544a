"""Archives: export, offline audit and import round trips for every game, and tampering."""
from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core import all_games, get_game
from service.audit.archive import Archive, ArchiveError
from service.audit.rerun import AuditFailure, AuditRefused, audit
from service.audit.restore import audit_archive, import_archive
from service.audit.verify import verify
from service.store.store import Store
from tests import archives
from tests.stores import open_store

SEED = "3c" * 32


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, dict[str, str]]]:
    """A SQLite store with finished games: one per game, one defaulted, one with a new player."""
    store = open_store("sqlite", tmp_path_factory.mktemp("source"))
    games = {game.name: archives.played(store, game.name, f"{index + 0x30:02x}" * 32,
                                        game_id=f"a0c{index:05x}")
             for index, game in enumerate(all_games())}
    games["defaulted"] = archives.defaulted(store, "secret-masters", "4d" * 32)
    games["replaced"] = archives.played(store, "castle-of-the-devil", "5e" * 32,
                                        replace_after=1)
    yield store, games
    store.dispose()


@pytest.fixture()
def target(tmp_path: Path) -> Iterator[Store]:
    """An empty SQLite store to import into."""
    store = open_store("sqlite", tmp_path / "target")
    yield store
    store.dispose()


def _archive(source: tuple[Store, dict[str, str]], name: str, tmp_path: Path) -> Path:
    store, games = source
    return archives.export(store, games[name], tmp_path / f"{name}.pbem.jsonl")


CASES = [*(game.name for game in all_games()), "defaulted", "replaced"]
"""Every registered game, one whose seats played their defaults, one whose seat changed hands."""


@pytest.mark.parametrize("name", CASES)
def test_export_audit_import_round_trip(source: tuple[Store, dict[str, str]], name: str,
                                        target: Store, tmp_path: Path) -> None:
    store, games = source
    path = _archive(source, name, tmp_path)
    header, events = archives.read_lines(path)
    assert header["status"] == "finished" and header["seed"] and not header["secret"]
    assert header["events"] == len(events) == store.last_seq(games[name])
    report = audit_archive(path)
    assert report == audit(store, games[name])
    assert report.orders > 0 and report.events == len(events)
    restored = import_archive(target, path)
    assert (restored.game_id, restored.events) == (games[name], len(events))
    assert verify(target, games[name]).ok
    assert target.events(games[name]) == store.events(games[name])
    again = archives.export(target, games[name], tmp_path / "again.jsonl")
    assert again.read_bytes() == path.read_bytes()


def test_the_header_names_players_not_addresses(source: tuple[Store, dict[str, str]],
                                                 tmp_path: Path) -> None:
    header, events = archives.read_lines(_archive(source, "replaced", tmp_path))
    assert header["seats"][0] == {"seat": "anna", "player": "Dora"}
    assert "@" not in json.dumps(header)
    assert any(item["type"] == "seat.replaced" for item in events)


def test_a_defaulted_game_ends_by_deadline_defaults(source: tuple[Store, dict[str, str]],
                                                    tmp_path: Path) -> None:
    _, events = archives.read_lines(_archive(source, "defaulted", tmp_path))
    last_order = [item for item in events if item["type"] == "order.accepted"][-1]
    assert last_order["actor"] == "deadline"


# -- tampering ---------------------------------------------------------------------------

def _order_line(lines: list[bytes]) -> int:
    """Return the index of a line holding an accepted order past the first few events."""
    return next(i for i, line in enumerate(lines) if i > 5 and b'"order.accepted"' in line)


def _in_payload(lines: list[bytes]) -> None:
    index = _order_line(lines)
    at = lines[index].index(b'"text":"') + 8
    lines[index] = lines[index][:at] + b"Z" + lines[index][at + 1:]


def _in_hash(lines: list[bytes]) -> None:
    index = _order_line(lines)
    at = lines[index].index(b'"hash":"') + 8
    flipped = b"0" if lines[index][at:at + 1] != b"0" else b"1"
    lines[index] = lines[index][:at] + flipped + lines[index][at + 1:]


def _removed(lines: list[bytes]) -> None:
    del lines[_order_line(lines)]


def _swapped(lines: list[bytes]) -> None:
    index = _order_line(lines)
    lines[index], lines[index + 1] = lines[index + 1], lines[index]


def _other_seed(lines: list[bytes]) -> None:
    header = json.loads(lines[0])
    header["seed"] = "77" * 32
    lines[0] = json.dumps(header).encode() + b"\n"


TAMPERING = {"payload": (_in_payload, 0), "hash": (_in_hash, 0), "removed": (_removed, 0),
             "swapped": (_swapped, 0), "seed": (_other_seed, None)}


@pytest.mark.parametrize("kind", sorted(TAMPERING))
def test_tampered_archives_are_refused_naming_the_seq(source: tuple[Store, dict[str, str]],
                                                      kind: str, target: Store,
                                                      tmp_path: Path) -> None:
    path = _archive(source, "secret-masters", tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    change, _ = TAMPERING[kind]
    bad_seq = 1 if kind == "seed" else _order_line(lines)  # line i holds event i
    bad = archives.altered_bytes(path, tmp_path / "bad.jsonl", change)
    with pytest.raises(AuditRefused, match=f"^seq {bad_seq}: "):
        audit_archive(bad)
    with pytest.raises(ArchiveError) as refused:
        import_archive(target, bad)
    assert refused.value.seq == bad_seq
    assert target.list_games() == [] and target.events(archives.read_lines(path)[0]["game_id"]) == []


def test_a_forged_log_with_a_new_seed_is_refused_where_it_stops_following(
        source: tuple[Store, dict[str, str]], tmp_path: Path) -> None:
    """A forger who rewrites the seed, its published hash and every hash of the chain."""
    from engine.core import sha256_hex

    header, events = archives.read_lines(_archive(source, "secret-masters", tmp_path))
    seed = "99" * 32
    header["seed"] = seed
    events[0]["payload"]["seed_hash"] = sha256_hex(bytes.fromhex(seed))
    next(e for e in events if e["type"] == "seed.revealed")["payload"]["seed"] = seed
    archives.rechain(header, events)
    forged = archives.write_lines(tmp_path / "forged.jsonl", header, events)
    first_dealt = events[1]["seq"]  # the opening deal is the first random outcome
    with pytest.raises(AuditFailure) as failed:
        audit_archive(forged)
    assert failed.value.seq == first_dealt and "different events" in failed.value.reason


def test_the_end_of_an_archive_must_be_all_there(source: tuple[Store, dict[str, str]],
                                                 tmp_path: Path) -> None:
    path = _archive(source, "freimaurerei", tmp_path)
    header, events = archives.read_lines(path)
    cut = archives.write_lines(tmp_path / "cut.jsonl", header, events[:-1])
    with pytest.raises(AuditRefused, match=f"^seq {len(events)}: .*the rest is missing"):
        audit_archive(cut)


# -- engine versions ----------------------------------------------------------------------

def test_an_archive_of_an_older_registered_engine_is_upcast_and_audited(
        source: tuple[Store, dict[str, str]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Version 0.9 wrote game.created at schema 1 (no player names, no deadline settings)."""
    rules = get_game("secret-masters")
    monkeypatch.setattr(rules, "older_versions", ("0.9",))
    monkeypatch.setattr(rules, "older", lambda version: rules)  # 0.9 played as today
    header, events = archives.read_lines(_archive(source, "secret-masters", tmp_path))
    created = events[0]
    payload = created["payload"]
    created["schema_version"] = 1
    created["payload"] = {
        "game": payload["game"], "title": payload["title"], "engine_version": "0.9",
        "seats": [{"name": s["name"], "email": s["email"]} for s in payload["seats"]],
        "options": payload["options"], "seed_hash": payload["seed_hash"]}
    for seat in header["seats"]:
        seat["player"] = seat["seat"]
    header["engine_version"] = "0.9"
    archives.rechain(header, events)
    old = archives.write_lines(tmp_path / "old.jsonl", header, events)
    assert audit_archive(old).orders > 0


def test_an_unknown_engine_version_is_named(source: tuple[Store, dict[str, str]],
                                            target: Store, tmp_path: Path) -> None:
    header, events = archives.read_lines(_archive(source, "freimaurerei", tmp_path))
    header["engine_version"] = "0.1"
    unknown = archives.write_lines(tmp_path / "unknown.jsonl", header, events)
    with pytest.raises(AuditRefused, match="engine version 0.1, which this installation does "
                                           "not know"):
        audit_archive(unknown)
    with pytest.raises(ArchiveError, match="version 0.1"):
        import_archive(target, unknown)


def test_not_an_archive_is_told_apart(tmp_path: Path) -> None:
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"hello": 1}\n')
    with pytest.raises(ArchiveError, match="not a pbem game archive"):
        Archive(junk)
    junk.write_text("")
    with pytest.raises(ArchiveError, match="is empty"):
        Archive(junk)


# -- import -------------------------------------------------------------------------------

def test_import_refuses_an_id_that_exists(source: tuple[Store, dict[str, str]], target: Store,
                                          tmp_path: Path) -> None:
    path = _archive(source, "freimaurerei", tmp_path)
    import_archive(target, path)
    before = target.events(archives.read_lines(path)[0]["game_id"])
    with pytest.raises(ArchiveError, match="already in this store"):
        import_archive(target, path)
    assert target.events(archives.read_lines(path)[0]["game_id"]) == before


@pytest.fixture()
def running(tmp_path: Path) -> Iterator[tuple[Store, str]]:
    """A store with a Secret Masters game in progress."""
    store = open_store("sqlite", tmp_path / "running")
    game_id = archives.played_some(store, "secret-masters", SEED, 5)
    yield store, game_id
    store.dispose()


def test_a_running_game_without_its_seed_is_not_imported(running: tuple[Store, str],
                                                         target: Store,
                                                         tmp_path: Path) -> None:
    store, game_id = running
    path = archives.export(store, game_id, tmp_path / "backup.jsonl")
    header, _ = archives.read_lines(path)
    assert header["seed"] is None and not header["secret"] and header["status"] == "active"
    with pytest.raises(ArchiveError, match="could not go on"):
        import_archive(target, path)
    with pytest.raises(AuditRefused, match="holds no seed"):
        audit_archive(path)
    assert target.list_games() == []


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgresql",
                                                         marks=pytest.mark.postgres)])
def test_a_running_game_goes_on_after_import(running: tuple[Store, str], kind: str,
                                             tmp_path: Path) -> None:
    from service.game.loading import load_game
    from service.orders.processing import submit_order

    store, game_id = running
    path = archives.export(store, game_id, tmp_path / "secret.jsonl", with_secrets=True)
    header, _ = archives.read_lines(path)
    assert header["secret"] and header["seed"] == store.get_game(game_id).seed  # type: ignore[union-attr]
    assert audit_archive(path).finished is False
    copy = open_store(kind, tmp_path / "copy")
    try:
        import_archive(copy, path)
        again = archives.export(copy, game_id, tmp_path / "again.jsonl", with_secrets=True)
        assert again.read_bytes() == path.read_bytes()
        before, after = load_game(store, game_id), load_game(copy, game_id)
        assert after.meta == before.meta and after.seq == before.seq
        for seat in after.meta.seats:  # its players find it under "my games"
            assert game_id in {row.id for row in copy.games_of_address(seat.email.lower(), 5)}
        for played_in in (store, copy):
            archives.play_some(played_in, game_id, 3, "aa" * 32)
        assert store.events(game_id)[-1].payload == copy.events(game_id)[-1].payload
        assert verify(copy, game_id).ok
        assert submit_order(copy, game_id, "anna", "help").status == "help"
    finally:
        copy.drop_schema()
        copy.dispose()


@pytest.mark.postgres
def test_round_trip_through_an_empty_postgresql_gives_the_same_file(
        source: tuple[Store, dict[str, str]], tmp_path: Path) -> None:
    path = _archive(source, "castle-of-the-devil", tmp_path)
    pg = open_store("postgresql", tmp_path)
    try:
        import_archive(pg, path)
        game_id = archives.read_lines(path)[0]["game_id"]
        assert verify(pg, game_id).ok
        again = archives.export(pg, game_id, tmp_path / "pg.jsonl")
        assert again.read_bytes() == path.read_bytes()
    finally:
        pg.drop_schema()
        pg.dispose()


def test_the_commands_export_audit_and_import(source: tuple[Store, dict[str, str]],
                                              tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from service.base.config import load_config
    from service.base.signing import signer
    from service.cli.main import main

    _, games = source
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    store, _ = source  # written as `pbem export` writes it: signed by this service's key
    path = archives.export(store, games["freimaurerei"], tmp_path / "freimaurerei.pbem.jsonl",
                           signer=signer(load_config()))
    runner = CliRunner()
    audited = runner.invoke(main, ["audit", "--archive", str(path)])
    assert audited.exit_code == 0 and audited.output.startswith("ok: hash chain intact")
    imported = runner.invoke(main, ["import", str(path)])
    assert imported.exit_code == 0, imported.output
    assert f"imported game {games['freimaurerei']}" in imported.output
    out = tmp_path / "exported.jsonl"
    exported = runner.invoke(main, ["export", games["freimaurerei"], "-o", str(out)])
    assert exported.exit_code == 0 and out.read_bytes() == path.read_bytes()
    again = runner.invoke(main, ["import", str(path)])
    assert again.exit_code == 1 and "already in this store" in again.output
    both = runner.invoke(main, ["audit", games["freimaurerei"], "--archive", str(path)])
    assert both.exit_code == 1 and "not both" in both.output
    shutil.copy(path, tmp_path / "broken.jsonl")
    archives.altered_bytes(path, tmp_path / "broken.jsonl", _removed)
    broken = runner.invoke(main, ["audit", "--archive", str(tmp_path / "broken.jsonl")])
    assert broken.exit_code == 1 and "missing or out of order" in broken.output
