"""The board picture of a view as SVG: the lots on offer, each bidder's row, and the seat's hand."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

WIDTH = 560
ROW = 34
FONT = 'font-family="DejaVu Sans, sans-serif"'


def _text(x: float, y: float, words: str, size: int = 16, weight: str = "normal",
          anchor: str = "start") -> str:
    """Return one line of text."""
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" '
            f'text-anchor="{anchor}">{escape(words)}</text>')


def _card(x: float, y: float, words: str, fill: str) -> str:
    """Return a card: a rounded box with its number."""
    return (f'<rect x="{x}" y="{y}" width="44" height="60" rx="6" fill="{fill}" stroke="#333"/>'
            + _text(x + 22, y + 38, words, 18, "bold", "middle"))


def _bidders(view: Mapping[str, Any], top: float) -> list[str]:
    """Return the rows of the bidders: seat, cards in hand, lots won."""
    parts = [_text(20, top, "Bidder", 14, "bold"), _text(170, top, "Cards", 14, "bold"),
             _text(250, top, "Lots won", 14, "bold")]
    for row, bidder in enumerate(view["bidders"], start=1):
        y = top + row * ROW
        won = ", ".join(map(str, bidder["won"])) or "-"
        parts += [_text(20, y, bidder["seat"]), _text(170, y, str(bidder["cards"])),
                  _text(250, y, f"{won} ({bidder['score']})")]
    return parts


def _hand(you: Mapping[str, Any], top: float) -> list[str]:
    """Return the seat's own hand as cards, its sealed bid highlighted."""
    parts = [_text(20, top, "Your hand (only you see this)", 14, "bold")]
    for index, card in enumerate(you["hand"]):
        fill = "#ffd866" if you["bid"] == str(card) else "#ffffff"
        parts.append(_card(20 + index * 54, top + 12, str(card), fill))
    return parts


def render_board_svg(view: Mapping[str, Any]) -> str:
    """Return the board picture of a view as a standalone SVG document."""
    lots = "Lot" if len(view["offer"]) == 1 else "Lots"
    offer = (f"{lots} on offer: worth " + " and ".join(map(str, view["offer"])) if view["offer"]
             else "No lot on offer")
    if view["choosing"]:
        offer += f" ({view['choosing']} chooses)"
    parts = [_text(20, 34, f"Sealed Bid - {view['label']}", 20, "bold"), _text(20, 64, offer)]
    parts += _bidders(view, 104)
    height = 104 + ROW * len(view["bidders"]) + 30
    if view.get("you") is not None:
        parts += _hand(view["you"], height)
        height += 90
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            f'width="{WIDTH}" height="{height}" {FONT}>'
            f'<rect width="{WIDTH}" height="{height}" fill="#f6f2e8"/>' + "".join(parts)
            + "</svg>")
