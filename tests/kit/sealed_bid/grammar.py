"""The order grammar of Sealed Bid, read against the seat's own view.

    bid <card>     a card of your hand, as digits or a word ("bid 12", "bid twelve")
    pass           bid no card this round
"""
from __future__ import annotations

from engine.core.ordertext import Grammar, Reader, content, number

from .orders import Bid, Pass

GRAMMAR = Grammar("Sealed Bid", notes=(
    "A bid is sealed: the others learn only that it is in, until every bid is shown.",))
FILLERS = frozenset({"card", "my", "the", "a", "with"})


@GRAMMAR.rule("bid", kinds=("bid",))
def _bid(words: list[str], reader: Reader) -> Bid:
    """Read 'bid 12': the card's number, and nothing after it."""
    kept = content(words, FILLERS)
    card = number(kept[0]) if kept else None
    if card is None:
        raise reader.fail("Name the card you bid by its number, e.g. bid 12.")
    return reader.nothing_after(kept[1:], Bid(card), f"bid {card}")


@GRAMMAR.rule("pass", kinds=("pass",))
def _pass(words: list[str], reader: Reader) -> Pass:
    """Read 'pass' (also 'pass this round')."""
    return reader.nothing_after(words, Pass(), "pass", allowed=("this", "round"))
