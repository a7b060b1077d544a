"""Problem documents (RFC 9457) for the JSON API."""
from __future__ import annotations

from typing import Any

from flask import Response, json

PROBLEM_TYPE = "application/problem+json"


def problem(status: int, code: str, title: str, detail: str = "", **extra: Any) -> Response:
    """Return an application/problem+json response with the service's stable code."""
    body = {"type": f"urn:pbem:problem:{code}", "title": title, "status": status,
            "code": code, "detail": detail or title, **extra}
    return Response(json.dumps(body), status=status, mimetype=PROBLEM_TYPE)
