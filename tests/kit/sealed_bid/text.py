"""The plain-text picture of a view (terminal and text mail)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _bidder_line(bidder: Mapping[str, Any], bidding: bool) -> str:
    """Return one bidder's line: cards in hand, lots won, and while bidding whether it sealed."""
    won = ", ".join(map(str, bidder["won"])) or "none"
    cards = f"{bidder['cards']} card{'' if bidder['cards'] == 1 else 's'}"
    sealed = ("  bid sealed" if bidder["sealed"] else "  no bid yet") if bidding else ""
    return f"  {bidder['seat']:<10} {cards:<8}  lots won: {won} (worth {bidder['score']}){sealed}"


def _result_line(result: Mapping[str, Any]) -> str:
    """Return what one earlier round showed."""
    bids = ", ".join(f"{seat} {card}" for seat, card in result["bids"])
    winner = result["winner"] or "nobody"
    return f"  Round {result['round']} (lot {result['lot']}): {bids}; won by {winner}"


def render_text(view: Mapping[str, Any]) -> str:
    """Return the picture of a view as lines of text."""
    lines = [f"SEALED BID - {view['label']}"]
    if view["lot"]:
        lines.append(f"On offer: a lot worth {view['lot']} ({view['face_down']} lots face down)")
    lines += ["", "Bidders:", *(_bidder_line(b, bool(view["lot"])) for b in view["bidders"])]
    you = view.get("you")
    if you is not None:
        lines += ["", "Your hand: " + (" ".join(map(str, you["hand"])) or "empty")]
        if you["bid"] is not None:
            lines.append(f"Your sealed bid: {you['bid']}")
    if view["results"]:
        lines += ["", "Rounds shown:", *(_result_line(r) for r in view["results"])]
    return "\n".join(lines)
