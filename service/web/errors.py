"""Error pages: a plain page for people, problem+json for the API."""
from __future__ import annotations

import logging
from typing import Any

from flask import Flask, make_response, request
from werkzeug.exceptions import HTTPException

from service.web.problems import problem
from service.web.render import page

log = logging.getLogger("pbem.web")

MESSAGES = {
    400: "The request could not be read.",
    403: "That is not open to you on this site.",
    404: "There is nothing here. A private link may be mistyped, or it was renewed: the "
         "newest email of the game carries the current one.",
    405: "That is not something this page does.",
    413: "That is more than this site takes in one go.",
    429: "Too many attempts in a short time; wait a few minutes and try again.",
}


def handle_http_error(exc: HTTPException) -> Any:
    """Return the error page (or problem document) for an HTTP error."""
    status = exc.code or 500
    if status >= 500:
        log_server_error(exc, status)
    if request.path.startswith("/api/"):
        response = problem(status, f"http-{status}", exc.name, _detail(exc, status))
    else:
        response = make_response(page("error.html", status=status, title=exc.name,
                                      message=_detail(exc, status)), status)
    for name, value in exc.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value  # Allow on 405, WWW-Authenticate on 401
    return response


def log_server_error(exc: HTTPException, status: int) -> None:
    """Log a 5xx answer with its cause, where the service's log goes (stderr: the journal
    under systemd, the terminal or the output file of `pbem serve`). Flask has logged the
    traceback of an unhandled exception already; any other 5xx gets its own here."""
    cause = getattr(exc, "original_exception", None)
    if cause is not None:
        log.error("%s %s answered %d: %s: %s", request.method, request.path, status,
                  type(cause).__name__, cause)
    else:
        log.error("%s %s answered %d: %s", request.method, request.path, status,
                  exc.description, exc_info=exc)


def _detail(exc: HTTPException, status: int) -> str:
    default = type(exc).description
    given = exc.description or ""
    return given if given and given != default else MESSAGES.get(status, given)


def init_app(app: Flask) -> None:
    """Register the error handlers."""
    app.register_error_handler(HTTPException, handle_http_error)
