"""Reading an archive line by line: every malformed line is refused naming its seq, and the
audit holds the log to exactly the re-derived events."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from service.audit.archive import Archive, ArchiveError
from service.audit.rerun import AuditFailure, AuditRefused
from service.audit.restore import audit_archive
from tests import archives, longgame

BAD_LINE = 7


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short running game's archive with its seed, built from the rules."""
    return longgame.build(tmp_path_factory.mktemp("lines"), (300,))[300]


def _edited(path: Path, target: Path, change: Callable[[bytes], bytes]) -> Path:
    """Copy an archive with the line of event BAD_LINE changed by `change`."""
    return archives.altered_bytes(path, target, lambda lines: lines.__setitem__(
        BAD_LINE, change(lines[BAD_LINE])))


def _field(name: str, value: Any) -> Callable[[bytes], bytes]:
    def change(line: bytes) -> bytes:
        data = json.loads(line)
        data[name] = value
        return json.dumps(data).encode() + b"\n"
    return change


def _without(name: str) -> Callable[[bytes], bytes]:
    def change(line: bytes) -> bytes:
        data = json.loads(line)
        del data[name]
        return json.dumps(data).encode() + b"\n"
    return change


MALFORMED = {
    "not JSON": (lambda line: b"{" + line, "not valid JSON"),
    "trailing text": (lambda line: line.rstrip() + b" x\n", "not valid JSON"),
    "not an object": (lambda line: b"[1, 2]\n", "not a JSON object"),
    "seq as text": (_field("seq", str(BAD_LINE)), "wrong kind"),
    "schema version as a boolean": (_field("schema_version", True), "wrong kind"),
    "payload as a list": (_field("payload", []), "wrong kind"),
    "an unknown field": (_field("colour", "red"), "unknown fields colour"),
    "a missing field": (_without("actor"), "lacks actor"),
    "another game": (_field("game_id", "other"), "belongs to game 'other'"),
}


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_a_malformed_line_is_refused_naming_its_seq(archive: Path, tmp_path: Path,
                                                    kind: str) -> None:
    change, reason = MALFORMED[kind]
    bad = _edited(archive, tmp_path / "bad.jsonl", change)
    for strict in (False, True):
        with pytest.raises(ArchiveError, match=reason) as refused:
            for _ in Archive(bad).entries(strict):
                pass
        assert refused.value.seq == BAD_LINE


def test_blank_lines_and_crlf_line_ends_are_read(archive: Path, tmp_path: Path) -> None:
    lines = archive.read_bytes().splitlines()
    loose = tmp_path / "loose.jsonl"
    loose.write_bytes(b"\r\n".join([*lines[:5], b"", b"  ", *lines[5:]]) + b"\r\n")
    assert [e["seq"] for e in Archive(loose).entries()] == list(range(1, len(lines)))
    assert audit_archive(loose).events == len(lines) - 1


def test_an_event_with_a_field_the_rules_never_wrote_fails_the_audit(archive: Path,
                                                                      tmp_path: Path) -> None:
    """A forger who adds to a re-derived event's payload and rechains the whole log."""
    header, events = archives.read_lines(archive)
    target = next(e for e in events[BAD_LINE:] if "." not in e["type"])
    target["payload"]["note"] = "added"
    archives.rechain(header, events)
    forged = archives.write_lines(tmp_path / "forged.jsonl", header, events)
    with pytest.raises(AuditFailure) as failed:
        audit_archive(forged)
    assert failed.value.seq == target["seq"] and "different events" in failed.value.reason


def test_a_difference_is_named_before_a_bad_line_read_after_it(archive: Path,
                                                               tmp_path: Path) -> None:
    """The audit reads a few events ahead; an unreadable line just after a forged event must
    not hide the forged one, which comes first."""
    header, events = archives.read_lines(archive)
    target = next(e for e in events[BAD_LINE:] if "." not in e["type"])
    target["payload"]["note"] = "added"
    archives.rechain(header, events)
    forged = archives.write_lines(tmp_path / "forged.jsonl", header, events)
    later = target["seq"] + 2
    bad = archives.altered_bytes(forged, tmp_path / "bad.jsonl", lambda lines: lines.__setitem__(
        later, b"{" + lines[later]))
    with pytest.raises(AuditFailure) as failed:
        audit_archive(bad)
    assert failed.value.seq == target["seq"]
    early = archives.altered_bytes(archive, tmp_path / "early.jsonl",
                                   lambda lines: lines.__setitem__(3, b"{" + lines[3]))
    with pytest.raises(AuditRefused, match="^seq 3: the line of event 3 is not valid JSON"):
        audit_archive(early)
