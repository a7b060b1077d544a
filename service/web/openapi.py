"""The OpenAPI 3.0 document of /api/v1 (kept beside the routes; a test checks they agree)."""
from __future__ import annotations

from typing import Any

from engine.core import Termination
from service.game.history import PAGE_EVENTS
from service.web.jsonbody import MAX_DEPTH
from service.web.schemas import MAX_STANDING

PROBLEM = "application/problem+json"
JSON = "application/json"


def ref(name: str) -> dict[str, str]:
    """Return a reference to a component schema."""
    return {"$ref": f"#/components/schemas/{name}"}


def problem_response(description: str) -> dict[str, Any]:
    """Return a response carrying a problem document."""
    return {"description": description, "content": {PROBLEM: {"schema": ref("Problem")}}}


def problem_examples(status: int, description: str,
                     examples: dict[str, tuple[str, str, str]]) -> dict[str, Any]:
    """Return a problem response with named examples, each (code, title, detail)."""
    response = problem_response(description)
    response["content"][PROBLEM]["examples"] = {
        name: {"value": {"type": f"urn:pbem:problem:{code}", "title": title, "status": status,
                         "code": code, "detail": detail}}
        for name, (code, title, detail) in examples.items()}
    return response


def json_response(description: str, schema: str) -> dict[str, Any]:
    """Return a JSON response of a component schema."""
    return {"description": description, "content": {JSON: {"schema": ref(schema)}}}


BANK_HOURS = {"type": "integer", "nullable": True,
              "description": "Hours left in the seat's time bank (null: the game has none)."}


def _string(**extra: Any) -> dict[str, Any]:
    return {"type": "string", **extra}


GAME_ID = {"name": "game_id", "in": "path", "required": True,
           "schema": _string(pattern="^[0-9a-f]{8}$")}
SEAT = {"name": "seat", "in": "path", "required": True,
        "schema": _string(pattern="^[a-z][a-z0-9_-]{0,23}$")}
MAX_BODY_BYTES = 256 * 1024
TERMINATIONS = ["", *(termination.value for termination in Termination)]
"""Why a game ended, for programs ('' while it runs, or for a game that ended before it was
recorded)."""
"""The largest request body the service reads (MAX_CONTENT_LENGTH's default)."""



def seq_query(name: str) -> dict[str, Any]:
    """Return an optional query parameter naming a seq of the log."""
    return {"name": name, "in": "query", "required": False,
            "schema": {"type": "integer", "minimum": 0, "maximum": 9_999_999_999}}


SEAT_ERRORS = {"401": problem_response("No bearer token, or not this seat's"),
               "404": problem_response("No such game"),
               "429": problem_response("Too many wrong tokens or orders")}

BAD_ORDER_REQUEST = problem_examples(
    400, "Not a valid order request, and not taken: the body is not UTF-8 or not JSON, is "
         f"nested more than {MAX_DEPTH} levels deep, holds a NUL character or a lone surrogate "
         "(\\ud800-\\udfff) anywhere, is not an object matching OrderRequest, or the "
         "Idempotency-Key header is not 1 to 128 printable ASCII characters", {
        "malformed": ("invalid-request", "Not a readable JSON document",
                      "the body is not valid JSON (Expecting value: line 1 column 1 (char 0))"),
        "too-deep": ("invalid-request", "Not a readable JSON document",
                     f"the document is nested more than {MAX_DEPTH} levels deep"),
        "not-text": ("invalid-request", "Not a readable JSON document",
                     ("$.text holds a NUL character or a lone surrogate (\\ud800-\\udfff), "
                      "which is not text")),
        "schema": ("invalid-request", "Invalid order request",
                   "the request does not match the schema"),
        "idempotency-key": ("invalid-request", "Bad Idempotency-Key",
                            ("an Idempotency-Key is 1 to 128 printable ASCII characters (no "
                             "spaces); this order was not taken"))})
TOO_LARGE = problem_examples(
    413, f"The body is larger than the service reads ({MAX_BODY_BYTES // 1024} KiB by "
         "default); nothing was stored", {
        "too-large": ("http-413", "Request Entity Too Large",
                      "That is more than this site takes in one go.")})

SCHEMAS: dict[str, Any] = {
    "Problem": {"type": "object", "required": ["type", "title", "status", "code", "detail"],
                "properties": {"type": _string(), "title": _string(),
                               "status": {"type": "integer"}, "code": _string(),
                               "detail": _string(), "legal": _string(),
                               "submission": _string(), "errors": {"type": "object"}}},
    "Seat": {"type": "object", "required": ["name", "player", "waiting", "deadline"],
             "properties": {"name": _string(), "player": _string(),
                            "waiting": {"type": "boolean"}, "deadline": _string(),
                            "time_bank_hours": BANK_HOURS,
                            "house": {"type": "boolean", "description":
                                      "the house (the computer player) plays the seat"}}},
    "Game": {"type": "object",
             "required": ["id", "title", "game", "game_title", "status", "turn",
                          "waiting_for", "outcome", "termination", "seats"],
             "properties": {"id": _string(), "title": _string(), "game": _string(),
                            "game_title": _string(),
                            "status": _string(enum=["open", "cancelled", "expired",
                                                    "active", "paused", "finished"]),
                            "turn": _string(), "outcome": _string(),
                            "termination": _string(enum=TERMINATIONS),
                            "waiting_for": {"type": "array", "items": _string()},
                            "seats": {"type": "array", "items": ref("Seat")},
                            "open_table": {"oneOf": [ref("OpenTable"), {"type": "null"}]},
                            "offered_seats": {"type": "array", "items": _string()}}},
    "OpenTable": {"type": "object",
                  "required": ["taken", "needed", "since", "expires", "join"],
                  "properties": {"taken": {"type": "integer"}, "needed": {"type": "integer"},
                                 "since": _string(), "expires": _string(),
                                 "join": _string()}},
    "GameList": {"type": "object", "required": ["games"],
                 "properties": {"games": {"type": "array", "items": ref("Game")}}},
    "Field": {"type": "object", "required": ["name", "label", "widget", "options"],
              "properties": {"name": _string(), "label": _string(),
                             "widget": _string(enum=["radio", "select", "checkbox", "text"]),
                             "options": {"type": "array", "items": _string()},
                             "min": {"type": "integer"}, "max": {"type": "integer"}}},
    "Form": {"type": "object", "required": ["kind", "label", "fields"],
             "properties": {"kind": _string(), "label": _string(), "syntax": _string(),
                            "examples": {"type": "array", "items": _string()},
                            "fields": {"type": "array", "items": ref("Field")}}},
    "Prompt": {"type": "object", "nullable": True,
               "required": ["key", "summary", "simultaneous", "submitted", "help", "forms"],
               "properties": {"key": _string(), "summary": _string(),
                              "simultaneous": {"type": "boolean"},
                              "submitted": {"type": "boolean"}, "default": _string(),
                              "help": _string(),
                              "forms": {"type": "array", "items": ref("Form")}}},
    "SeatView": {"type": "object",
                 "required": ["game", "seat", "seq", "view", "prompt", "legal", "deadline"],
                 "properties": {"game": _string(), "seat": _string(),
                                "seq": {"type": "integer"}, "view": {"type": "object"},
                                "prompt": ref("Prompt"),
                                "legal": {"type": "array", "items": _string()},
                                "deadline": _string(), "time_bank_hours": BANK_HOURS}},
    "OrderRequest": {
        "type": "object", "additionalProperties": False,
        "description": "Exactly one of text (the email grammar) and order (JSON with a kind).",
        "properties": {"text": _string(minLength=1),
                       "order": {"type": "object", "required": ["kind"],
                                 "properties": {"kind": _string()}},
                       "prompt_key": _string(minLength=1, maxLength=128)},
        "oneOf": [{"required": ["text"], "not": {"required": ["order"]}},
                  {"required": ["order"], "not": {"required": ["text"]}}]},
    "StandingRequest": {
        "type": "object", "additionalProperties": False, "required": ["text"],
        "description": "What follows the `standing` mail command: `windows: unless attacked`, "
                       "several separated by `/`, `clear windows` or `clear`.",
        "properties": {"text": _string(minLength=1, maxLength=MAX_STANDING)}},
    "StandingAnswers": {"type": "object", "required": ["game", "seat", "message", "standing"],
                        "properties": {"game": _string(), "seat": _string(),
                                       "message": _string(),
                                       "standing": {"type": "array", "items": _string()}}},
    "OrderAccepted": {"type": "object", "required": ["submission", "status", "orders", "seq"],
                      "description": "status help: the text was `help`; legal says what the "
                                     "seat can write now, and no order was given.",
                      "properties": {"submission": _string(),
                                     "status": _string(enum=["accepted", "help"]),
                                     "orders": {"type": "array", "items": _string()},
                                     "seq": {"type": "integer"},
                                     "legal": _string()}},
    "OrderQueued": {"type": "object", "required": ["submission", "status"],
                    "properties": {"submission": _string(),
                                   "status": _string(enum=["received"])}},
    "Submission": {"type": "object", "required": ["submission", "status"],
                   "properties": {"submission": _string(), "status": _string(),
                                  "code": _string(), "message": _string(),
                                  "legal": _string(),
                                  "orders": {"type": "array", "items": _string()},
                                  "seq": {"type": "integer"}}},
    "HistoryLine": {"type": "object", "required": ["seq", "recorded_at", "actor", "text"],
                    "properties": {"seq": {"type": "integer"}, "recorded_at": _string(),
                                   "actor": _string(), "text": _string()}},
    "History": {"type": "object", "required": ["game", "seat", "lines", "older", "newer"],
                "properties": {"game": _string(), "seat": _string(),
                               "lines": {"type": "array", "items": ref("HistoryLine")},
                               "older": {"type": "integer", "nullable": True,
                                         "description": "Ask with before=older for the page "
                                                        "before this one (null: the first)"},
                               "newer": {"type": "integer", "nullable": True,
                                         "description": "Ask with after=newer for the page "
                                                        "after this one (null: the newest)"}}},
    "RatingLine": {"type": "object",
                   "required": ["place", "player", "name", "rating", "mu", "sigma", "games",
                                "wins"],
                   "description": "A player's rating in one title: rating = mu - 3 sigma.",
                   "properties": {"place": {"type": "integer"}, "player": _string(),
                                  "name": _string(), "rating": {"type": "number"},
                                  "mu": {"type": "number"}, "sigma": {"type": "number"},
                                  "games": {"type": "integer"}, "wins": {"type": "integer"}}},
    "Leaderboard": {"type": "object", "required": ["game", "library", "players", "lines"],
                    "properties": {"game": _string(), "library": _string(),
                                   "players": {"type": "integer"},
                                   "lines": {"type": "array", "items": ref("LeaderboardLine")}}},
    "LeaderboardLine": {"type": "object",
                        "required": ["place", "player", "name", "rating", "mu", "sigma",
                                     "games", "wins", "record"],
                        "description": "A line of a leaderboard: the player's rating in the "
                                       "title and, beside it, their reliability record.",
                        "properties": {"place": {"type": "integer"}, "player": _string(),
                                       "name": _string(), "rating": {"type": "number"},
                                       "mu": {"type": "number"}, "sigma": {"type": "number"},
                                       "games": {"type": "integer"},
                                       "wins": {"type": "integer"},
                                       "record": ref("Reliability")}},
    "Reliability": {"type": "object",
                    "required": ["started", "finished", "resigned", "replaced",
                                 "deadlines_missed", "defaults_taken"],
                    "description": "Counted over the games that ended, in every title.",
                    "properties": {name: {"type": "integer"} for name in (
                        "started", "finished", "resigned", "replaced", "deadlines_missed",
                        "defaults_taken")}},
    "Player": {"type": "object", "required": ["player", "name", "record", "ratings"],
               "properties": {"player": _string(), "name": _string(),
                              "record": ref("Reliability"),
                              "ratings": {"type": "object",
                                          "additionalProperties": ref("RatingLine")}}},
}


def count_query(name: str, most: int) -> dict[str, Any]:
    """Return an optional query parameter holding a whole number (larger ones read as most)."""
    return {"name": name, "in": "query", "required": False,
            "schema": {"type": "integer", "minimum": 0, "maximum": most}}


def rating_paths() -> dict[str, Any]:
    """Return the paths of the ratings (public: no token)."""
    return {
        "/ratings/{game}": {"get": {
            "operationId": "getLeaderboard",
            "summary": "A page of a title's ratings, best first",
            "parameters": [{"name": "game", "in": "path", "required": True,
                            "schema": _string()},
                           count_query("offset", 100_000_000), count_query("limit", 200)],
            "responses": {"200": json_response("The page of the leaderboard", "Leaderboard"),
                          "404": problem_response("No such title")}}},
        "/players/{player}": {"get": {
            "operationId": "getPlayer",
            "summary": "A player's ratings and reliability record",
            "parameters": [{"name": "player", "in": "path", "required": True,
                            "schema": _string(pattern="^[0-9a-f]{16}$")}],
            "responses": {"200": json_response("The player", "Player"),
                          "404": problem_response("No such player")}}},
    }


def paths() -> dict[str, Any]:
    """Return the paths of the API."""
    seat_path = "/games/{game_id}/seats/{seat}"
    secured: list[dict[str, list[str]]] = [{"seatToken": []}]
    return {
        "/games": {"get": {"operationId": "listGames", "summary": "List the games",
                           "responses": {"200": json_response("The games", "GameList")}}},
        "/games/{game_id}": {"get": {
            "operationId": "getGame", "summary": "A game's public summary",
            "parameters": [GAME_ID],
            "responses": {"200": json_response("The game", "Game"),
                          "404": problem_response("No such game")}}},
        seat_path: {"get": {
            "operationId": "getSeat", "summary": "What the seat sees and may decide now",
            "parameters": [GAME_ID, SEAT], "security": secured,
            "responses": {"200": json_response("The seat's view and prompt", "SeatView"),
                          **SEAT_ERRORS}}},
        seat_path + "/orders": {"post": {
            "operationId": "submitOrder", "summary": "Give an order",
            "parameters": [GAME_ID, SEAT, {
                "name": "Idempotency-Key", "in": "header", "required": False,
                "schema": _string(minLength=1, maxLength=128, pattern="^[\\x21-\\x7e]+$")}],
            "security": secured,
            "requestBody": {"required": True,
                            "content": {JSON: {"schema": ref("OrderRequest")}}},
            "responses": {"200": json_response("Accepted", "OrderAccepted"),
                          "202": json_response("Stored and queued", "OrderQueued"),
                          "400": BAD_ORDER_REQUEST,
                          "413": TOO_LARGE,
                          "422": problem_response("Rejected, with the engine's reason"),
                          **SEAT_ERRORS}}},
        seat_path + "/standing": {"post": {
            "operationId": "setStanding",
            "summary": "Set, change or clear the seat's standing answers (private to it), as "
                       "the `standing` mail command does",
            "parameters": [GAME_ID, SEAT], "security": secured,
            "requestBody": {"required": True,
                            "content": {JSON: {"schema": ref("StandingRequest")}}},
            "responses": {"200": json_response("The seat's standing answers now",
                                               "StandingAnswers"),
                          "400": problem_response("Not JSON, or not a StandingRequest"),
                          "413": TOO_LARGE,
                          "422": problem_response("Not set: the game has no standing answers, "
                                                  "or the text names none (the detail lists "
                                                  "them), or the game is over"),
                          **SEAT_ERRORS}}},
        seat_path + "/submissions/{submission_id}": {"get": {
            "operationId": "getSubmission", "summary": "The fate of one of the seat's orders",
            "parameters": [GAME_ID, SEAT, {"name": "submission_id", "in": "path",
                                           "required": True, "schema": _string()}],
            "security": secured,
            "responses": {"200": json_response("The order's status", "Submission"),
                          **SEAT_ERRORS}}},
        seat_path + "/history": {"get": {
            "operationId": "getHistory",
            "summary": "A page of the history the seat may read: the newest events, or "
                       f"up to {PAGE_EVENTS} events before `before` or after `after`",
            "description": "Every `seq` the API shows a seat (here, in its view and in its "
                           "orders' answers) is the seat's own number: its n-th event of "
                           "those it may know happened is n, so nothing it may not know of "
                           "is counted; once the game is over, the log's own seqs.",
            "parameters": [GAME_ID, SEAT, seq_query("before"), seq_query("after")],
            "security": secured,
            "responses": {"200": json_response("The history", "History"),
                          "400": problem_response("`before` or `after` is not a seq (a whole "
                                                  "number of at most 10 digits)"),
                          **SEAT_ERRORS}}},
        **rating_paths(),
    }


def document() -> dict[str, Any]:
    """Return the whole OpenAPI document."""
    return {
        "openapi": "3.0.3",
        "info": {"title": "pbem API", "version": "1",
                 "description": "Seats authenticate with a bearer token: the last part of "
                                "their private link. Errors are RFC 9457 problem documents "
                                "with a stable code."},
        "servers": [{"url": "/api/v1"}],
        "paths": paths(),
        "components": {"schemas": SCHEMAS, "securitySchemes": {
            "seatToken": {"type": "http", "scheme": "bearer"}}},
    }
