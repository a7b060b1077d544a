"""Canonical JSON: the one byte form used for hashing and comparing events."""
from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    """Return `value` as JSON with sorted keys, no whitespace and unescaped unicode."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def sha256_hex(text: str | bytes) -> str:
    """Return the hex SHA-256 of `text` (UTF-8 when given a str)."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()
