"""The order grammar of Sealed Bid, read against the seat's own view.

    bid <card>     a card of your hand, as digits or a word ("bid 12", "bid twelve")
    pass           bid no card this round
    take <lot>     the lot you take when you won the round ("take 7", "take the lot worth 7")
"""
from __future__ import annotations

from engine.core.ordertext import Grammar, Reader, content, number

from .orders import Bid, Pass, Take

GRAMMAR = Grammar("Sealed Bid", notes=(
    "A bid is sealed: the others do not even learn that it is in, until every bid is shown.",))
FILLERS = frozenset({"card", "my", "the", "a", "with", "lot", "worth"})


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


@GRAMMAR.rule("take", kinds=("take",))
def _take(words: list[str], reader: Reader) -> Take:
    """Read 'take 7' (also 'take the lot worth 7'): the lot's worth, and nothing after it."""
    kept = content(words, FILLERS)
    lot = number(kept[0]) if kept else None
    if lot is None:
        raise reader.fail("Name the lot you take by its worth, e.g. take 7.")
    return reader.nothing_after(kept[1:], Take(lot), f"take {lot}")
