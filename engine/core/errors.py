"""Typed rule violations: every rejected order raises one, with a stable code and a message."""
from __future__ import annotations


class RuleViolation(Exception):
    """An order the rules do not allow; `code` is stable, `message` is for the player."""

    code: str = "illegal-order"

    def __init__(self, message: str, *, code: str | None = None, legal: str = "") -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message
        self.legal = legal

    def __str__(self) -> str:
        return f"{self.message} {self.legal}".strip()

    def as_dict(self) -> dict[str, str]:
        """Return the violation as JSON-ready data."""
        return {"code": self.code, "message": self.message, "legal": self.legal}


class UnreadableOrder(RuleViolation):
    """The text could not be read as any order of this game."""

    code = "unreadable-order"


class NotYourTurn(RuleViolation):
    """The seat has nothing to decide now."""

    code = "not-your-turn"


class WrongOrderKind(RuleViolation):
    """The seat must decide something, but not this kind of order."""

    code = "wrong-order-kind"


class StaleOrder(RuleViolation):
    """The order answers a decision point the game has already moved past."""

    code = "stale-order"


class GameOver(RuleViolation):
    """The game has ended; no order is accepted."""

    code = "game-over"


class UnknownEngineVersion(LookupError):
    """A game was created by an engine version whose rules this release does not keep."""
