"""The table of Illuminati's event types, and the words their accounts share."""
from __future__ import annotations

from engine.core.declare import EventTypes

from .cards import name_of
from .state import Answer, State

EVENTS: EventTypes[State] = EventTypes("illuminati")


def card_names(cards: tuple[str, ...]) -> str:
    """Return the cards' names, listed (or "nothing")."""
    return ", ".join(name_of(c) for c in cards) or "nothing"


def answer_text(item: Answer) -> str:
    """Return one answer to a window in words."""
    words = []
    if item.defend_target or item.defend_illuminati:
        words.append(f"defends with {item.defend_target}MB from the target and "
                     f"{item.defend_illuminati}MB from the Illuminati")
    if item.interfere:
        side = "for" if item.interfere > 0 else "against"
        words.append(f"interferes {side} the attack with {abs(item.interfere)}MB")
    if item.abolish:
        words.append(f"abolishes privilege with {card_names(item.abolish)}")
    if item.play and item.play != "interference":
        words.append(f"plays {name_of(item.play)}"
                     + (f" on {name_of(item.cancels)}" if item.cancels else ""))
    return f"{item.seat} " + (" and ".join(words) or "passes")
