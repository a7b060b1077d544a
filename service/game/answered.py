"""What was answered for a seat at its open decision, as that seat alone may read it.

A decision already answered for a seat (by its own sealed answer, a standing answer, an
answer written ahead, the one legal answer taken at once, or a standing answer the game keeps
itself, such as Illuminati's windows) is never shown to it as something it must do: the mail
says what was answered and until when the seat may change it. Everything said here is the
seat's own (its orders, its settings) or public (the decision's deadline), so the line is the
same whatever the hidden cards are.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Game, Prompt
from service.game.events import FORCED_ACTOR, HOUSE_ACTOR, STANDING_ACTOR
from service.store.roles import EventLog

LOOK_BACK = 400
"""How many events before the decision's deadline are searched for its answer: the answers
taken at once are appended before the deadline, in the append that opened the decision."""


@dataclass(frozen=True)
class AnsweredFor:
    """The seat's answer in: how it came (`by`), its text, and whether it may change it."""

    by: str
    text: str
    may_change: bool

    def line(self, until: str) -> str:
        """Return the answer in words, with until when the seat may change it."""
        said = {
            "seat": f"You answered: {self.text}.",
            STANDING_ACTOR: f"Your standing answer (or the answer you wrote ahead) gave: "
                            f"{self.text}.",
            FORCED_ACTOR: f"Taken for you as your only legal answer: {self.text}.",
            HOUSE_ACTOR: f"The house answered for you: {self.text}.",
            "kept": f"Your standing answer answers it for you ({self.text}).",
        }.get(self.by, "Your answer is in.")
        if not self.may_change:
            return said + " Nothing more is asked of you here."
        when = f" until {until}" if until else " until the decision closes"
        return (said + f" You may change it by writing another answer{when}; otherwise "
                "nothing more is asked of you here.")


def answered_for(store: EventLog, game: Game[Any], state: Any, game_id: str, seat: str,
                 prompt: Prompt, upto: int, opened_at: int) -> AnsweredFor | None:
    """Return what was answered for `seat` at its open `prompt`, or None when it is not
    answered. `opened_at` is the seq of the decision's deadline (0: unknown), `upto` the seq
    the mail tells."""
    if not prompt.submitted:
        return None
    after = max(0, (opened_at or upto) - LOOK_BACK)
    found = None
    for row in store.events(game_id, after_seq=after, upto=upto):
        if row.type == "order.accepted" and row.payload.get("seat") == seat and \
                row.payload.get("prompt_key") == prompt.key:
            found = row
    # one form without fields is one possible answer: there is nothing to change it to
    may_change = prompt.revisable and (len(prompt.forms) > 1 or any(
        form.fields for form in prompt.forms))
    if found is not None:
        by = found.actor if found.actor in (STANDING_ACTOR, FORCED_ACTOR, HOUSE_ACTOR) \
            else "seat"
        return AnsweredFor(by, str(found.payload.get("text", "")), may_change
                           and found.actor != FORCED_ACTOR)
    kept = game.kept_standing(state, seat)
    if kept:
        text = ", ".join(entry.text() for entry in kept)
        return AnsweredFor("kept", text, may_change)
    return AnsweredFor("", "sealed", may_change)
