"""The plain-text picture of a view (terminal and text mail)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _lots(lots: list[int]) -> str:
    """Return e.g. 'lot worth 5' or 'lots worth 5 and 3'."""
    return f"lot{'' if len(lots) == 1 else 's'} worth " + " and ".join(map(str, lots))


def _bidder_line(bidder: Mapping[str, Any]) -> str:
    """Return one bidder's line: cards in hand and lots won."""
    won = ", ".join(map(str, bidder["won"])) or "none"
    cards = f"{bidder['cards']} card{'' if bidder['cards'] == 1 else 's'}"
    return f"  {bidder['seat']:<10} {cards:<8}  lots won: {won} (worth {bidder['score']})"


def _result_line(result: Mapping[str, Any]) -> str:
    """Return what one earlier round showed."""
    bids = ", ".join(f"{seat} {card}" for seat, card in result["bids"])
    if result["winner"] is None:
        won = "won by nobody"
    elif result["taken"]:
        won = f"{result['winner']} took {result['taken']}"
    else:
        won = f"{result['winner']} is choosing"
    return f"  Round {result['round']} ({_lots(result['offer'])}): {bids}; {won}"


def render_text(view: Mapping[str, Any]) -> str:
    """Return the picture of a view as lines of text."""
    lines = [f"SEALED BID - {view['label']}"]
    if view["offer"]:
        lines.append(f"On offer: {_lots(view['offer'])} ({view['face_down']} face down)")
    if view["choosing"]:
        lines.append(f"{view['choosing']} won the bidding and chooses a lot")
    lines += ["", "Bidders:", *(_bidder_line(b) for b in view["bidders"])]
    you = view.get("you")
    if you is not None:
        lines += ["", "Your hand: " + (" ".join(map(str, you["hand"])) or "empty")]
        if you["bid"] is not None:
            lines.append(f"Your sealed bid: {you['bid']}")
        if you["sit_out"] == "on":
            lines.append("You sit out: you pass every round unasked")
    if view["results"]:
        lines += ["", "Rounds shown:", *(_result_line(r) for r in view["results"])]
    return "\n".join(lines)
