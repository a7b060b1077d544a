"""Game archives: one game's whole record in a file anyone can check (docs/archive.md).

An archive is UTF-8 JSON Lines: a header line, then one line per event exactly as stored,
each in canonical JSON (sorted keys, no spaces), so it diffs line by line, streams, and
exporting the same game twice gives the same bytes. Readers hold one line at a time.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from engine.core import Game, UnknownGame, canonical_json, get_game, sha256_hex
from engine.core.errors import UnknownEngineVersion
from service.base.inputs import nesting_depth
from service.base.signedhead import SignedHead
from service.game.loading import UnknownGameId, load_game
from service.game.witness import Head, SignedLog, keyed, signed_head
from service.store.roles import EventLog
from service.store.store import GENESIS_HASH, StoredEvent, event_hash

if TYPE_CHECKING:
    from service.base.signing import KeyRing, Signer

FORMAT = "pbem-archive"
FORMAT_VERSION = 2
READ_VERSIONS = (1, 2)
"""Format versions read: 2 adds the signed heads, lines `{"signed_head": {...}}` after the
event they sign; 1 has none."""
SIGNED_HEAD = "signed_head"
SUFFIX = ".pbem.jsonl"
EVENT_FIELDS = ("game_id", "seq", "type", "schema_version", "payload", "actor", "causation",
                "recorded_at", "prev_hash", "hash")
_FIELD_SET = frozenset(EVENT_FIELDS)
HEADER_FIELDS = ("format", "format_version", "game_id", "game", "title", "engine_version",
                 "created_at", "status", "options", "seats", "events", "last_hash", "seed",
                 "secret")


class ArchiveError(Exception):
    """An archive that cannot be read or does not hold together; `seq` names the first bad event."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message if seq is None else f"seq {seq}: {message}")
        self.message = message
        self.seq = seq


@dataclass(frozen=True)
class ArchiveHeader:
    """The first line of an archive: which game, which engine, how many events, the seed."""

    game_id: str
    game: str
    title: str
    engine_version: str
    created_at: str
    status: str
    options: dict[str, Any]
    seats: tuple[dict[str, str], ...]
    events: int
    last_hash: str
    seed: str | None
    secret: bool

    @property
    def finished(self) -> bool:
        """Return whether the archived game had ended."""
        return self.status == "finished"

    def as_json(self) -> dict[str, Any]:
        """Return the header line's JSON object."""
        return {"format": FORMAT, "format_version": FORMAT_VERSION, "game_id": self.game_id,
                "game": self.game, "title": self.title, "engine_version": self.engine_version,
                "created_at": self.created_at, "status": self.status, "options": self.options,
                "seats": list(self.seats), "events": self.events, "last_hash": self.last_hash,
                "seed": self.seed, "secret": self.secret}


def known_versions(game: Game[Any]) -> tuple[str, ...]:
    """Return the engine versions whose logs this installation replays (current first)."""
    return (game.version, *game.older_versions)


def check_engine(name: str, version: str) -> Game[Any]:
    """Return the rules that replay logs of `name` at engine `version`, or raise ArchiveError."""
    try:
        return get_game(name, version)
    except UnknownGame:
        raise ArchiveError(f"the game {name!r} is not hosted by this installation, so its "
                           "log cannot be replayed here") from None
    except UnknownEngineVersion:
        raise ArchiveError(f"the log was written by {name} engine version {version}, which "
                           f"this installation does not know (it plays versions "
                           f"{', '.join(known_versions(get_game(name)))}); use a release of "
                           "pbem that has that version") from None


# -- writing -------------------------------------------------------------------------------

def header_for(store: EventLog, game_id: str, with_secrets: bool = False) -> ArchiveHeader:
    """Return the header of the game's archive as the log stands now."""
    row = store.get_game(game_id)
    if row is None:
        raise UnknownGameId(game_id)
    last = store.last_seq(game_id)
    loaded = load_game(store, game_id, row=row, upto=last)
    meta = loaded.meta
    seed = meta.revealed_seed if meta.finished else (row.seed if with_secrets else None)
    last_hash = store.events(game_id, last - 1, last)[0].hash if last else GENESIS_HASH
    seats = tuple({"seat": seat.name, "player": seat.player} for seat in meta.seats)
    return ArchiveHeader(game_id, row.game, row.title, row.engine_version, row.created_at,
                         row.status, dict(meta.options), seats, last, last_hash, seed,
                         secret=not meta.finished and seed is not None)


def event_json(item: StoredEvent) -> dict[str, Any]:
    """Return an event's archive line as a JSON object.

    Its canonical JSON without the `"hash":"...",` member is exactly the text the hash was
    computed over, so a reader checks a line's hash from its bytes without re-encoding it.
    """
    return {"game_id": item.game_id, "seq": item.seq, "type": item.type, "schema_version": item.schema_version,
            "payload": item.payload, "actor": item.actor, "causation": item.causation,
            "recorded_at": item.recorded_at, "prev_hash": item.prev_hash, "hash": item.hash}


def archive_lines(store: SignedLog, game_id: str, with_secrets: bool = False,
                  signer: Signer | None = None) -> Iterator[str]:
    """Yield the archive of a game line by line (each ends with a newline).

    After each event come the heads the service signed at it (the newest signed now by
    `signer`, when given), so a reader checks each against the chain as it streams past."""
    header = header_for(store, game_id, with_secrets)
    yield canonical_json(header.as_json()) + "\n"
    row = store.get_game(game_id)
    if signer is not None and row is not None and header.events:
        signed_head(store, signer, game_id, Head(header.events, keyed(
            row.seed, game_id, header.events, header.last_hash)))
    heads = store.iter_signed_heads(game_id, upto=header.events)
    head = next(heads, None)
    for item in store.iter_events(game_id, upto=header.events):
        yield canonical_json(event_json(item)) + "\n"
        while head is not None and head.seq <= item.seq:
            if head.seq == item.seq:
                yield canonical_json({SIGNED_HEAD: head.as_json()}) + "\n"
            head = next(heads, None)


def write_archive(store: SignedLog, game_id: str, out: IO[bytes],
                  with_secrets: bool = False, signer: Signer | None = None) -> int:
    """Write the game's archive to `out` (its newest head signed by `signer`, when given);
    return the number of bytes written."""
    size = 0
    for line in archive_lines(store, game_id, with_secrets, signer):
        data = line.encode("utf-8")
        out.write(data)
        size += len(data)
    return size


def archive_name(header: ArchiveHeader) -> str:
    """Return the file name an archive is offered under."""
    kind = "-secret" if header.secret else ("" if header.finished else "-backup")
    return f"{header.game}-{header.game_id}{kind}{SUFFIX}"


@dataclass(frozen=True)
class MailedArchive:
    """A finished game's archive for its last emails: attached when small, else linked."""

    name: str
    data: bytes | None
    note: str


def archive_for_mail(store: SignedLog, game_id: str, base_url: str, limit: int,
                     signer: Signer | None = None) -> MailedArchive:
    """Return the archive to attach (at most `limit` bytes), or a note linking to it."""
    name = archive_name(header_for(store, game_id))
    parts, size = [], 0
    for line in archive_lines(store, game_id, signer=signer):
        data = line.encode("utf-8")
        size += len(data)
        if size > limit:
            url = f"{base_url}/games/{game_id}/archive"
            return MailedArchive(name, None, f"The game's whole record is too large to attach; "
                                 f"download it from {url} and check it, without this server, "
                                 f"with: pbem audit --archive {name}")
        parts.append(data)
    return MailedArchive(name, b"".join(parts), f"The game's whole record is attached as "
                         f"{name}; anyone can check it, without this server, with: "
                         f"pbem audit --archive {name}")


# -- reading -------------------------------------------------------------------------------

_RAW_DECODE = json.JSONDecoder().raw_decode
MAX_LINE_BYTES = 16 * 2**20
"""The longest line read: far above any event the service records, far below what would
strain a reader's memory (a line is held whole while it is checked)."""
MAX_NESTING = 64
"""The deepest nesting of JSON arrays and objects read; the service's events stay far below."""


def read_lines(file: IO[bytes], first: int = 1) -> Iterator[tuple[int, bytes]]:
    """Yield (line number, line) from `file`, never holding more than MAX_LINE_BYTES of one.

    Raises ArchiveError for a longer line, which is not read to its end.
    """
    number = first
    while True:
        line = file.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_LINE_BYTES:
            raise ArchiveError(f"line {number} is longer than {MAX_LINE_BYTES // 2**20} MiB, "
                               "which no archive written by pbem holds; it was not read")
        yield number, line
        number += 1


def _object(line: bytes, what: str, seq: int | None) -> dict[str, Any]:
    """Return the JSON object on one line, or raise ArchiveError naming what it should be."""
    if line.count(b"[") + line.count(b"{") > MAX_NESTING and \
            nesting_depth(line.decode("utf-8", "replace")) > MAX_NESTING:
        raise ArchiveError(f"the line of {what} nests arrays and objects more than "
                           f"{MAX_NESTING} deep, which no archive written by pbem does", seq)
    try:
        text = line.decode("utf-8")
        value, end = _RAW_DECODE(text)
        if end != len(text) and not text[end:].isspace():
            raise json.JSONDecodeError("extra data after the object", text, end)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ArchiveError(f"the line of {what} is not valid JSON ({exc})", seq) from None
    if not isinstance(value, dict):
        raise ArchiveError(f"the line of {what} is not a JSON object", seq)
    return value


def parse_header(line: bytes) -> ArchiveHeader:
    """Return the header on an archive's first line, or raise ArchiveError."""
    data = _object(line, "the header", None)
    if data.get("format") != FORMAT:
        raise ArchiveError("this is not a pbem game archive (its first line has no "
                           f"\"format\": \"{FORMAT}\")")
    if data.get("format_version") not in READ_VERSIONS:
        raise ArchiveError(f"archive format version {data.get('format_version')!r} is not "
                           f"one this installation reads (it reads "
                           f"{', '.join(map(str, READ_VERSIONS))})")
    missing = [name for name in HEADER_FIELDS if name not in data]
    if missing:
        raise ArchiveError(f"the header lacks {', '.join(missing)}")
    try:
        return ArchiveHeader(
            str(data["game_id"]), str(data["game"]), str(data["title"]),
            str(data["engine_version"]), str(data["created_at"]), str(data["status"]),
            dict(data["options"]), tuple(dict(seat) for seat in data["seats"]),
            int(data["events"]), str(data["last_hash"]),
            None if data["seed"] is None else str(data["seed"]), bool(data["secret"]))
    except (TypeError, ValueError) as exc:
        raise ArchiveError(f"the header has a field of the wrong kind ({exc})") from None


class Archive:
    """An archive file: its header, read at once, and its events, streamed and checked."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            with self.path.open("rb") as file:
                first = next((line for _, line in read_lines(file)), b"")
        except OSError as exc:
            raise ArchiveError(f"cannot read {self.path}: {exc.strerror or exc}") from None
        if not first.strip():
            raise ArchiveError(f"{self.path} is empty")
        self.header = parse_header(first)

    def entries(self, strict: bool = False,
                heads: HeadCheck | None = None) -> Iterator[dict[str, Any]]:
        """Yield each event line's JSON object in order, checked against the hash chain.

        Raises ArchiveError naming the first event that is missing, out of order, altered or
        not linked to the one before, and when the file ends before the header's last event.
        A line's hash is checked over its own bytes; `strict` re-encodes each event as the
        store does instead, which also refuses lines that are not in canonical form. Each
        signed head is handed to `heads` with the chain hash of the event it follows.
        """
        expected, prev_hash, game_id = 1, GENESIS_HASH, self.header.game_id
        with self.path.open("rb") as file:
            file.readline(MAX_LINE_BYTES + 1)
            for _, line in read_lines(file, first=2):
                if line.isspace():
                    continue
                data = _object(line, f"event {expected}", expected)
                if SIGNED_HEAD in data:
                    head = _signed_head(data, expected - 1)
                    if heads is not None:
                        heads.check(head, prev_hash)
                    continue
                _check_fields(data, expected, game_id)
                if data["seq"] != expected or data["prev_hash"] != prev_hash:
                    _check_link(data, expected, prev_hash)
                if not (_canonical_hash_ok(data) if strict else _line_hash_ok(line, data["hash"])):
                    raise ArchiveError("the event does not match its hash: it was altered "
                                       "after it was recorded", expected)
                yield data
                expected, prev_hash = expected + 1, data["hash"]
        _check_end(self.header, expected - 1, prev_hash)
        if heads is not None:
            heads.finish(expected - 1)

    def signed_heads(self) -> Iterator[SignedHead]:
        """Yield the signed heads the archive carries, in order (no check of the events)."""
        with self.path.open("rb") as file:
            file.readline(MAX_LINE_BYTES + 1)
            for _, line in read_lines(file, first=2):
                if _SIGNED_KEY in line[:20]:
                    data = _object(line, "a signed head", None)
                    if SIGNED_HEAD in data:
                        yield _signed_head(data, None)

    def events(self, strict: bool = False) -> Iterator[StoredEvent]:
        """Yield the events in order as the store holds them, checked as `entries` does."""
        for data in self.entries(strict):
            yield StoredEvent(**data)


_SIGNED_KEY = b'{"signed_head"'


def _signed_head(data: dict[str, Any], after: int | None) -> SignedHead:
    """Return the signed head on a line, or raise ArchiveError; `after`, the seq of the
    event it follows, must be its seq."""
    inner = data.get(SIGNED_HEAD)
    if (data.keys() != {SIGNED_HEAD} or not isinstance(inner, dict)
            or inner.keys() != {"seq", "hash", "key", "signature"}
            or type(inner["seq"]) is not int
            or not all(isinstance(inner[name], str) for name in ("hash", "key", "signature"))):
        raise ArchiveError("a signed head line is not {\"signed_head\": {\"hash\", \"key\", "
                           "\"seq\", \"signature\"}}", after)
    head = SignedHead(inner["seq"], inner["hash"], inner["key"], inner["signature"])
    if after is not None and head.seq != after:
        raise ArchiveError(f"the head the service signed at seq {head.seq} stands after event "
                           f"{after}: events were removed, inserted or moved", after or None)
    return head


class HeadCheck:
    """Checks the signed heads of an archive as they stream past: each must be signed by one
    of `keys` over the witnessed hash the archive's own chain gives at its seq (the seed
    keys it), and, when `required`, the last event must carry one."""

    def __init__(self, game_id: str, seed_hex: str, keys: KeyRing, required: bool = True) -> None:
        self.game_id, self.seed_hex, self.keys, self.required = game_id, seed_hex, keys, required
        self.verified = 0
        self.last_good = 0
        self.last_signed = 0

    def check(self, head: SignedHead, chain_hash: str) -> None:
        """Raise ArchiveError unless the head verifies and the chain up to it leads to it."""
        problem = self.keys.problem(self.game_id, head)
        if problem:
            raise ArchiveError(problem, head.seq)
        if keyed(self.seed_hex, self.game_id, head.seq, chain_hash) != head.hash:
            raise ArchiveError(
                f"the events up to seq {head.seq} are not the ones the service signed there "
                f"(key {head.key}): an event after seq {self.last_good} (the last signed head "
                "that holds) was altered, re-attributed, removed or inserted, and the hash "
                "chain recomputed", head.seq)
        self.verified += 1
        self.last_good = self.last_signed = head.seq

    def finish(self, last: int) -> None:
        """Raise ArchiveError when a signed last head is required and missing."""
        if self.required and last and self.last_signed != last:
            raise ArchiveError(
                f"the archive's last event carries no head signed by the service (the last "
                f"signed one is at seq {self.last_signed or 'none'}): it was not written by "
                "the service, or events were added or the signatures removed after it was",
                last)


def chained(events: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Pass stored events (as field dicts, in seq order) on, checking the hash chain as they go.

    Raises ArchiveError naming the first event that is missing, out of order, altered or not
    linked to the one before.
    """
    expected, prev_hash = 1, GENESIS_HASH
    for data in events:
        _check_link(data, expected, prev_hash)
        if not _canonical_hash_ok(data):
            raise ArchiveError("the event does not match its hash: it was altered after it "
                               "was recorded", expected)
        yield data
        expected, prev_hash = expected + 1, data["hash"]


def _check_fields(data: dict[str, Any], expected: int, game_id: str) -> None:
    """Raise ArchiveError unless an event line has exactly the fields of an event, each of its kind."""
    if data.keys() != _FIELD_SET:
        missing = [name for name in EVENT_FIELDS if name not in data]
        extra = sorted(set(data) - set(EVENT_FIELDS))
        raise ArchiveError("the event " + (f"lacks {', '.join(missing)}" if missing else
                                           f"has unknown fields {', '.join(extra)}"), expected)
    causation = data["causation"]
    if not (type(data["seq"]) is int and type(data["schema_version"]) is int
            and type(data["payload"]) is dict and type(data["type"]) is str
            and type(data["actor"]) is str and type(data["recorded_at"]) is str
            and type(data["prev_hash"]) is str and type(data["hash"]) is str
            and (causation is None or type(causation) is str)):
        raise ArchiveError("the event has a field of the wrong kind", expected)
    if data["game_id"] != game_id:
        raise ArchiveError(f"the event belongs to game {data['game_id']!r}, not to the "
                           f"archive's game {game_id!r}", expected)


def _check_link(data: dict[str, Any], expected: int, prev_hash: str) -> None:
    """Raise ArchiveError unless the line is event `expected` and linked to its predecessor."""
    if data["seq"] != expected:
        raise ArchiveError(f"event {expected} is missing or out of order (the next line holds "
                           f"event {data['seq']})", expected)
    if data["prev_hash"] != prev_hash:
        raise ArchiveError("the event does not link to the hash of the event before it: an "
                           "event was removed, inserted or altered here", expected)


_HASH_KEY = b'"hash":"'


def _line_hash_ok(line: bytes, digest: str) -> bool:
    """Return whether a line, less its `"hash":"...",` member, hashes to `digest`."""
    start = line.find(_HASH_KEY)  # the first: no string value can hold an unescaped quote
    end = start + len(_HASH_KEY) + 66
    if start < 0 or line[end - 2:end] != b'",':
        return False
    return hashlib.sha256(line[:start] + line[end:].rstrip(b"\r\n")).hexdigest() == digest


def _canonical_hash_ok(data: dict[str, Any]) -> bool:
    """Return whether an event's hash is the one the store computes for its fields."""
    return bool(data["hash"] == event_hash(
        data["game_id"], data["seq"], data["type"], data["schema_version"], data["payload"],
        data["actor"], data["causation"], data["recorded_at"], data["prev_hash"]))


def _check_end(header: ArchiveHeader, last: int, last_hash: str) -> None:
    """Raise ArchiveError unless the events end where the header says they do."""
    if last < header.events:
        raise ArchiveError(f"the archive ends after event {last}, but its header promises "
                           f"{header.events} events: the rest is missing", last + 1)
    if last > header.events:
        raise ArchiveError(f"the archive holds more events than the {header.events} its "
                           "header promises", header.events + 1)
    if last_hash != header.last_hash:
        raise ArchiveError("the last event's hash is not the one the header names", last)


def seed_matches(seed_hex: str, seed_hash: str) -> bool:
    """Return whether a hex seed is the one whose SHA-256 was published."""
    try:
        return sha256_hex(bytes.fromhex(seed_hex)) == seed_hash
    except ValueError:
        return False
