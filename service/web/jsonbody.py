"""Reading a JSON request body that may be hostile: bounded nesting, only storable text."""
from __future__ import annotations

import json
from typing import Any

from service.base.inputs import has_unstorable, nesting_depth

MAX_DEPTH = 32
"""No order needs more nesting than this; deeper documents are refused before parsing."""


class BadJson(ValueError):
    """A body that is not a JSON document the service will read; the message says why."""


def unstorable_path(value: Any, path: str = "$") -> str:
    """Return where the first NUL or lone surrogate sits in a parsed document, or ''."""
    if isinstance(value, str):
        return path if has_unstorable(value) else ""
    if isinstance(value, dict):
        for key, item in value.items():
            found = (path if has_unstorable(str(key)) else
                     unstorable_path(item, f"{path}.{key}"))
            if found:
                return found
    if isinstance(value, list):
        for index, item in enumerate(value):
            found = unstorable_path(item, f"{path}[{index}]")
            if found:
                return found
    return ""


def read_json(raw: bytes) -> Any:
    """Return the parsed document, or raise BadJson saying what is wrong with it."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadJson("the body is not UTF-8") from None
    if nesting_depth(text) > MAX_DEPTH:
        raise BadJson(f"the document is nested more than {MAX_DEPTH} levels deep")
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadJson(f"the body is not valid JSON ({exc})") from None
    where = unstorable_path(value)
    if where:
        raise BadJson(f"{where} holds a NUL character or a lone surrogate (\\ud800-\\udfff), "
                      "which is not text")
    return value
