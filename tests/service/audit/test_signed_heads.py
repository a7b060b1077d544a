"""Signed heads: an archive, a turn email and a seat page carry heads signed with the service's
Ed25519 key, so a history rewritten with every hash recomputed is refused by `pbem audit
--archive --key`, by `pbem import`, and by `pbem verify` (docs/signing.md)."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, text

from engine.core import canonical_json
from service.audit.archive import Archive, ArchiveError
from service.audit.rerun import AuditFailure
from service.audit.restore import audit_archive, import_archive
from service.audit.verify import verify
from service.base.config import load_config
from service.base.signing import (
    KeyRing,
    KeyTextError,
    Signer,
    public_line,
    published_keys,
    service_keys,
    signer,
)
from service.cli.main import main
from service.game.loading import load_game
from service.game.witness import head_at, signed_head
from service.mail.compose import compose_outbox
from service.orders.creation import create_game
from service.seats.press import PressRequest, send_press
from service.store.store import GENESIS_HASH, Store, event_hash
from tests import archives
from tests.stores import open_store

GAME_ID = "5a9e7c01"
SERVICE = Signer.from_seed(bytes(range(32)))
OTHER = Signer.from_seed(bytes(range(32, 64)))
KEYS = KeyRing.parse(public_line(SERVICE.public))


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, Path]]:
    """A finished Secret Masters game with press between its seats, heads signed as it was
    mailed, and its archive as the service writes it."""
    folder = tmp_path_factory.mktemp("signed")
    store = open_store("sqlite", folder)
    seats = archives.seats_for("secret-masters")
    create_game(store, "secret-masters", seats, seed_hex="3c" * 32, game_id=GAME_ID)
    names = [seat.name for seat in seats]
    for round_ in range(3):
        archives.play_some(store, GAME_ID, 3, f"{round_:02x}" * 32)
        send_press(store, GAME_ID, names[0], PressRequest((names[1],), f"deal {round_}?"),
                   causation=f"press-{round_}-a")
        send_press(store, GAME_ID, names[1], PressRequest(None, f"to all {round_}"),
                   causation=f"press-{round_}-b")
        last = store.last_seq(GAME_ID)  # a turn email of this head was signed
        head = head_at(store, GAME_ID, last)
        assert head is not None
        signed_head(store, SERVICE, GAME_ID, head)
    from service.cli.selfplay import play_to_end

    play_to_end(store, load_game(store, GAME_ID), bytes.fromhex("3c" * 32))
    path = archives.export(store, GAME_ID, folder / "signed.pbem.jsonl", signer=SERVICE)
    yield store, path
    store.dispose()


@pytest.fixture()
def target(tmp_path: Path) -> Iterator[Store]:
    """An empty store to import into."""
    store = open_store("sqlite", tmp_path / "target")
    yield store
    store.dispose()


def _press(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [line for line in lines if line.get("type") == "press.sent"]


def test_the_archive_carries_the_heads_signed_as_the_game_was_shown(
        played: tuple[Store, Path], target: Store) -> None:
    store, path = played
    heads = list(Archive(path).signed_heads())
    assert len(heads) == 4 and heads[-1].seq == Archive(path).header.events
    assert all(head.key == SERVICE.key_id for head in heads)
    report = audit_archive(path, keys=KEYS)
    assert report.finished
    restored = import_archive(target, path, KEYS)
    assert [head.seq for head in target.iter_signed_heads(restored.game_id)] == \
        [head.seq for head in heads]
    assert verify(target, GAME_ID, KEYS).ok and verify(store, GAME_ID, KEYS).ok
    # on a server with other keys, the imported heads of this one are passed over
    assert verify(target, GAME_ID, KeyRing.parse(public_line(OTHER.public))).ok
    again = archives.export(target, GAME_ID, path.with_name("again.jsonl"), signer=SERVICE)
    assert again.read_bytes() == path.read_bytes()


def _forge_text(lines: list[dict[str, Any]]) -> None:
    _press(lines)[0]["payload"]["text"] = "I never wrote this"


def _forge_author(lines: list[dict[str, Any]]) -> None:
    press = _press(lines)[0]
    others = [item for item in press["payload"]["recipients"]]
    press["payload"]["sender"], press["payload"]["recipients"] = others[0], [press["actor"]]
    press["actor"] = others[0]


def _forge_deletion(lines: list[dict[str, Any]]) -> None:
    lines.remove(_press(lines)[1])


@pytest.mark.parametrize("forge", [_forge_text, _forge_author, _forge_deletion],
                         ids=["text", "author", "deletion"])
@pytest.mark.parametrize("signatures", ["kept", "dropped"])
def test_forged_press_with_the_chain_recomputed_is_refused_given_the_key(
        played: tuple[Store, Path], target: Store, tmp_path: Path, forge: Any,
        signatures: str) -> None:
    _, path = played
    header, lines = archives.read_lines(path)
    first_press = _press(lines)[0]["seq"]
    forge(lines)
    if signatures == "dropped":
        lines = [line for line in lines if "signed_head" not in line]
    archives.rechain(header, lines)
    forged = archives.write_lines(tmp_path / "forged.pbem.jsonl", header, lines)
    if signatures == "dropped" and forge is not _forge_deletion:
        audit_archive(forged)  # the replay alone cannot tell: press follows from no order
    with pytest.raises(AuditFailure) as failed:
        audit_archive(forged, keys=KEYS)
    assert failed.value.seq is not None and failed.value.seq >= first_press - 1
    reason = ("carries no head signed" if signatures == "dropped" else
              "not the ones the service signed|stands after event")
    if forge is _forge_deletion and signatures == "dropped":  # the later draws moved too
        reason += "|does not follow from its orders"
    assert re.search(reason, failed.value.reason)
    with pytest.raises(ArchiveError, match=f"seq {failed.value.seq}: .*does not pass its audit"):
        import_archive(target, forged, KEYS)
    assert target.list_games() == []


def test_an_archive_signed_by_another_key_is_refused(
        played: tuple[Store, Path], target: Store, tmp_path: Path) -> None:
    store, _ = played
    other = archives.export(store, GAME_ID, tmp_path / "other.pbem.jsonl", signer=OTHER)
    header, lines = archives.read_lines(other)
    lines = [line for line in lines  # only the other key's head, as another server wrote it
             if "signed_head" not in line or line["signed_head"]["key"] == OTHER.key_id]
    other = archives.write_lines(other, header, lines)
    with pytest.raises(AuditFailure, match="not among the given public keys"):
        audit_archive(other, keys=KEYS)
    with pytest.raises(ArchiveError, match="not among the given public keys"):
        import_archive(target, other, KEYS)
    assert target.list_games() == []
    assert audit_archive(other, keys=KeyRing.parse(public_line(OTHER.public))).finished


def test_a_forged_signature_is_refused(played: tuple[Store, Path], target: Store,
                                       tmp_path: Path) -> None:
    _, path = played
    header, lines = archives.read_lines(path)
    line = next(line for line in lines if "signed_head" in line)["signed_head"]
    line["hash"] = "0" * 64
    forged = archives.write_lines(tmp_path / "sig.pbem.jsonl", header, lines)
    with pytest.raises(ArchiveError, match=f"seq {line['seq']}: .*signature .* is not valid"):
        import_archive(target, forged, KEYS)


def _rewrite_store(store: Store, seq: int, payload: dict[str, Any]) -> None:
    """Replace one event's payload and recompute the chain, the games table's head and the
    outbox's heads, as someone who can write the database would."""
    rows = store.events(GAME_ID)
    prev = rows[seq - 2].hash if seq > 1 else GENESIS_HASH
    engine = create_engine(store.url)
    new: dict[str, str] = {}
    try:
        with engine.begin() as conn:
            for row in rows[seq - 1:]:
                body = payload if row.seq == seq else row.payload
                digest = event_hash(row.game_id, row.seq, row.type, row.schema_version, body,
                                    row.actor, row.causation, row.recorded_at, prev)
                conn.execute(text("UPDATE events SET payload = :p, prev_hash = :ph, hash = :h "
                                  "WHERE game_id = :g AND seq = :s"),
                             {"p": canonical_json(body), "ph": prev, "h": digest,
                              "g": row.game_id, "s": row.seq})
                new[row.hash], prev = digest, digest
            conn.execute(text("UPDATE games SET head_hash = :h WHERE id = :g"),
                         {"h": prev, "g": GAME_ID})
            for old, digest in new.items():
                conn.execute(text("UPDATE outbox SET head_hash = :n WHERE head_hash = :o"),
                             {"n": digest, "o": old})
    finally:
        engine.dispose()
    store.delete_snapshots(GAME_ID)


def test_verify_checks_the_store_against_the_heads_it_signed(
        played: tuple[Store, Path], target: Store) -> None:
    _, path = played
    import_archive(target, path, KEYS)
    press = next(row for row in target.events(GAME_ID) if row.type == "press.sent")
    _rewrite_store(target, press.seq, {**press.payload, "text": "rewritten"})
    assert verify(target, GAME_ID).ok  # the chain, the head and the replay all agree
    report = verify(target, GAME_ID, KEYS)
    assert not report.ok and report.first_bad_seq is not None
    assert report.first_bad_seq >= press.seq and "not the one the service signed" in report.problem


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A pbem home folder of the `pbem` command, on SQLite."""
    monkeypatch.setenv("PBEM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)
    monkeypatch.delenv("PBEM_SIGNING_KEY", raising=False)
    monkeypatch.setenv("PBEM_SECRET_KEY", "signed-heads-test-key")
    return tmp_path / "home"


def test_the_key_is_made_once_kept_private_and_printed(home: Path) -> None:
    config = load_config()
    first = signer(config)
    assert (home / "signing.key").stat().st_mode & 0o777 == 0o600
    assert signer(config).key_id == first.key_id
    printed = CliRunner().invoke(main, ["key"])
    assert printed.exit_code == 0 and public_line(first.public) in printed.output
    assert KeyRing.parse(printed.output).keys.keys() == {first.key_id}
    with pytest.raises(KeyTextError, match="names the key"):
        KeyRing.parse(public_line(first.public).replace(first.key_id, "0" * 16))


def test_rotation_keeps_old_archives_verifiable(home: Path, tmp_path: Path) -> None:
    store = open_store("sqlite", tmp_path)
    create_game(store, "secret-masters", archives.seats_for("secret-masters"),
                seed_hex="3c" * 32, game_id=GAME_ID)
    archives.play_some(store, GAME_ID, 4, "3c" * 32)
    config = load_config()
    before = signer(config)
    old = archives.export(store, GAME_ID, tmp_path / "old.pbem.jsonl", True, before)
    rotated = CliRunner().invoke(main, ["key", "--rotate"])
    assert rotated.exit_code == 0, rotated.output
    after = signer(config)
    assert after.key_id != before.key_id
    assert published_keys(config).splitlines()[1] == public_line(after.public)
    assert public_line(before.public, retired=True) in published_keys(config)
    keys_file = tmp_path / "keys.txt"
    keys_file.write_text(published_keys(config))
    archives.play_some(store, GAME_ID, 2, "3d" * 32)
    new = archives.export(store, GAME_ID, tmp_path / "new.pbem.jsonl", True, after)
    assert [head.key for head in Archive(new).signed_heads()] == [before.key_id, after.key_id]
    for path in (old, new):
        assert audit_archive(path, keys=service_keys(config)).events
        audited = CliRunner().invoke(main, ["audit", "--archive", str(path),
                                            "--key", str(keys_file)])
        assert audited.exit_code == 0 and "every signed head verified" in audited.output
    with pytest.raises(AuditFailure, match="not among the given public keys"):
        audit_archive(new, keys=KeyRing.parse(public_line(after.public)))
    assert verify(store, GAME_ID, service_keys(config)).ok
    store.dispose()


def test_the_command_refuses_a_forged_archive_naming_the_seq(
        played: tuple[Store, Path], home: Path, tmp_path: Path) -> None:
    _, path = played
    keys_file = tmp_path / "keys.txt"
    keys_file.write_text(public_line(SERVICE.public) + "\n")
    header, lines = archives.read_lines(path)
    _forge_text(lines)
    archives.rechain(header, lines)
    forged = archives.write_lines(tmp_path / "forged.pbem.jsonl", header, lines)
    runner = CliRunner()
    audited = runner.invoke(main, ["audit", "--archive", str(forged), "--key", str(keys_file)])
    assert audited.exit_code == 1 and re.search(r"seq \d+", audited.output), audited.output
    plain = runner.invoke(main, ["audit", "--archive", str(forged)])
    assert plain.exit_code == 0 and "signed heads not checked" in plain.output
    imported = runner.invoke(main, ["import", str(forged), "--key", str(keys_file)])
    assert imported.exit_code == 1 and "not the ones the service signed" in imported.output
    own = runner.invoke(main, ["import", str(path)])  # this home's key did not sign it
    assert own.exit_code == 1 and "not among the given public keys" in own.output


def test_a_turn_email_carries_its_signed_head(played: tuple[Store, Path], home: Path,
                                              target: Store) -> None:
    store = Store(load_config().database_url)
    store.create_schema()
    try:
        game_id = create_game(store, "secret-masters", archives.seats_for("secret-masters"),
                              seed_hex="5e" * 32,
                              game_id="5a9e7c02").meta.id
        row = store.outbox_for_game(game_id)[-1]
        message = compose_outbox(store, load_config(), row)
        assert message is not None
        found = message["PBEM-Signed-Head"].split()
        assert found[0] == game_id
        seq, hashed = found[1].split(":")
        body = message.get_body(("plain",))
        assert body is not None and found[3] in body.get_content().replace("\n", "")
        keys = service_keys(load_config())
        from service.base.signedhead import SignedHead

        head = SignedHead(int(seq), hashed, found[2], found[3])
        assert keys.problem(game_id, head) == ""
        assert [h.seq for h in store.iter_signed_heads(game_id)] == [int(seq)]
        assert verify(store, game_id, keys).ok
    finally:
        store.dispose()


def test_the_keys_are_read_from_the_service_address(played: tuple[Store, Path]) -> None:
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from service.base.signing import KEY_URL_PATH, read_key_source

    class Keys(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = (public_line(SERVICE.public) + "\n").encode()
            self.send_response(200 if self.path == KEY_URL_PATH else 404)
            self.send_header("Content-Type", "text/plain")
            self.end_headers()
            self.wfile.write(body if self.path == KEY_URL_PATH else b"")

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Keys)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        _, path = played
        audited = CliRunner().invoke(main, ["audit", "--archive", str(path),
                                            "--key", base + KEY_URL_PATH])
        assert audited.exit_code == 0 and "every signed head verified" in audited.output
        assert read_key_source(base + KEY_URL_PATH).keys.keys() == {SERVICE.key_id}
        with pytest.raises(KeyTextError, match="cannot read the public keys at .*404"):
            read_key_source(base + "/elsewhere")
    finally:
        server.shutdown()
        server.server_close()
