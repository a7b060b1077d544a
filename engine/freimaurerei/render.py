"""render_board_svg: the board picture of a view, as a standalone SVG document.

Both principalities side by side (Leichtberg left), each with its ruler, Secret Master, money,
lodges drawn as cards holding their Masons, and the unaffiliated zone; the banks, the bag and
the decks below. Pyramids are drawn from the side: a Mason is a blue triangle of its size,
markers sit on its tip, and nested alignments show inside its base (grey with "?" where the
viewer may not know them). Only the view is read, never the state. A4 landscape.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.markup import escape

from .text import stage_text

PAGE_W, PAGE_H = 1188, 840
MARGIN, GUTTER = 12, 14
HALF_W = (PAGE_W - 2 * MARGIN - GUTTER) // 2
SLOT_W, ROW_H, BASELINE = 40, 82, 64
LODGE_COLUMNS, LODGE_SLOTS = 3, 4
LODGE_W = LODGE_SLOTS * SLOT_W + 20
LOOSE_SLOTS = (HALF_W - 20) // SLOT_W
CARD_W, CARD_H = 58, 80
SIZE = {"small": (16, 18), "medium": (24, 27), "large": (32, 36)}
COLOUR = {"blue": "#2f6fd0", "red": "#d0342c", "green": "#2e9e44", "purple": "#7b3fa0",
          "rosicrucian": "#ffffff", "illuminati": "#222222", "hidden": "#b8b8b8"}
RITE_COLOUR = {"french": "red", "st-andrews": "green"}
SUIT_INK = {"rosicrucian": "#b22222", "illuminati": "#111111", None: "#555555"}
FONT = "font-family='DejaVu Sans, Arial, sans-serif'"


class Canvas:
    """Collects SVG elements."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = "#444",
             extra: str = "") -> None:
        """Draw a rectangle."""
        self.parts.append(f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' "
                          f"fill='{fill}' stroke='{stroke}' {extra}/>")

    def text(self, x: float, y: float, content: str, size: int = 12, anchor: str = "start",
             weight: str = "normal", fill: str = "#111") -> None:
        """Write a line of text."""
        self.parts.append(f"<text x='{x:.1f}' y='{y:.1f}' font-size='{size}' {FONT} "
                          f"text-anchor='{anchor}' font-weight='{weight}' fill='{fill}'>"
                          f"{escape(content)}</text>")

    def triangle(self, cx: float, base: float, w: float, h: float, fill: str,
                 stroke: str = "#333") -> None:
        """Draw a pyramid seen from the side, base centred on (cx, base)."""
        points = f"{cx - w / 2:.1f},{base:.1f} {cx + w / 2:.1f},{base:.1f} {cx:.1f},{base - h:.1f}"
        self.parts.append(f"<polygon points='{points}' fill='{fill}' stroke='{stroke}' "
                          "stroke-width='1'/>")


# -- pyramids ------------------------------------------------------------------------------

def draw_stack(canvas: Canvas, cx: float, base: float, piece: Mapping[str, Any]) -> None:
    """Draw one piece: its pyramid, the markers on its tip and its nested alignments."""
    w, h = SIZE[piece["size"]]
    body = COLOUR[piece["outer"]] if piece["master"] and piece["outer"] else COLOUR["blue"]
    canvas.triangle(cx, base, w, h, body)
    if not piece["master"] and piece["outer"]:
        canvas.triangle(cx, base - 1, w * 0.6, h * 0.6, COLOUR[piece["outer"]])
    if piece["inner"]:
        _nested(canvas, cx, base, w, h, piece["inner"])
    top = base - h
    if piece["rite"]:
        marker = SIZE["medium"] if piece["master"] or piece["size"] == "large" else SIZE["small"]
        canvas.triangle(cx, top + marker[1] * 0.55, marker[0], marker[1],
                        COLOUR[RITE_COLOUR[piece["rite"]]])
        top = top + marker[1] * 0.55 - marker[1]
    if piece["perfect"]:
        small = SIZE["small"]
        canvas.triangle(cx, top + small[1] * 0.55, small[0], small[1], COLOUR["purple"])
    canvas.text(cx, base + 12, piece["id"], 10, "middle", "bold" if piece["master"] else "normal")


def _nested(canvas: Canvas, cx: float, base: float, w: float, h: float, inner: str) -> None:
    """Draw the small inner alignment inside a base ('hidden': grey with a question mark)."""
    fill = COLOUR.get(inner, COLOUR["hidden"])
    canvas.triangle(cx, base - 2, w * 0.34, h * 0.34, fill)
    if inner not in COLOUR or inner == "hidden":
        canvas.text(cx, base - 3, "?", 8, "middle", "bold")


def draw_row(canvas: Canvas, x: float, y: float, pieces: Sequence[Mapping[str, Any]],
             per_row: int) -> float:
    """Draw pieces in rows from (x, y); return the height used."""
    rows = max(1, -(-len(pieces) // per_row))
    for index, piece in enumerate(pieces):
        column, row = index % per_row, index // per_row
        draw_stack(canvas, x + column * SLOT_W + SLOT_W / 2, y + row * ROW_H + BASELINE, piece)
    return rows * ROW_H


# -- cards ---------------------------------------------------------------------------------

def card_face(card: Mapping[str, Any]) -> str:
    """Return the short face of a card: rank and suit symbol, or the special card's name."""
    if card["effect"] == "suit":
        return f"{card['rank']}{card['symbol']}"
    return str(card["name"]).replace("the ", "").title()


def draw_card(canvas: Canvas, x: float, y: float, card: Mapping[str, Any] | None,
              caption: str) -> None:
    """Draw a ruler or consort card with a caption under it."""
    if card is None:
        return
    ink = SUIT_INK.get(card["alignment"], SUIT_INK[None])
    canvas.rect(x, y, CARD_W, CARD_H, "#fffdf5", ink, "rx='5' stroke-width='2'")
    canvas.text(x + CARD_W / 2, y + 34, card_face(card), 16 if card["effect"] == "suit" else 10,
                "middle", "bold", ink)
    canvas.text(x + CARD_W / 2, y + 54, _society(card["alignment"], card["effect"]), 9,
                "middle", fill=ink)
    canvas.text(x + CARD_W / 2, y + CARD_H + 13, caption, 10, "middle")


def _society(alignment: str | None, effect: str = "suit") -> str:
    """Return the society a card stands for, in a word."""
    if alignment:
        return alignment.capitalize()
    return {"joker": "drawn at end", "none": "no alignment", "master": "as the SM"}.get(
        effect, "-")


def lodge_height(lodge: Mapping[str, Any]) -> float:
    """Return the height of a lodge card."""
    rows = max(1, -(-len(lodge["members"]) // LODGE_SLOTS))
    return 34 + rows * ROW_H


def draw_lodge(canvas: Canvas, x: float, y: float, lodge: Mapping[str, Any]) -> None:
    """Draw a lodge as a card holding its members."""
    card = lodge["card"]
    ink = SUIT_INK.get(lodge["alignment"], SUIT_INK[None])
    dash = "" if lodge["alignment"] else "stroke-dasharray='5,3'"
    canvas.rect(x, y, LODGE_W, lodge_height(lodge), "#fffdf5", ink,
                f"rx='7' stroke-width='2.5' {dash}")
    canvas.text(x + 8, y + 18, card_face(card), 15, weight="bold", fill=ink)
    canvas.text(x + LODGE_W - 8, y + 16, f"Lodge {lodge['number']}", 12, "end", "bold")
    under = ", ".join(c["id"] for c in lodge["covered"])
    note = _society(lodge["alignment"], card["effect"]) + (f" (over {under})" if under else "")
    canvas.text(x + LODGE_W - 8, y + 29, note, 9, "end", fill=ink)
    draw_row(canvas, x + 10, y + 26, lodge["members"], LODGE_SLOTS)


# -- a principality ------------------------------------------------------------------------

def draw_realm(canvas: Canvas, x: float, y: float, realm: Mapping[str, Any],
               viewer: str | None) -> float:
    """Draw one principality from (x, y); return the height used."""
    counts = realm["counts"]
    canvas.rect(x, y, HALF_W, 30, "#efe6cf", "#8a7a50", "rx='6'")
    mine = " (you)" if realm["seat"] == viewer else ""
    canvas.text(x + 10, y + 21, f"{realm['title']} - {realm['seat']}{mine}", 16,
                weight="bold")
    canvas.text(x + HALF_W - 10, y + 21, f"{realm['money']} T", 16, "end", "bold", "#8a6d00")
    status = (f"{counts['lodges']} lodges, {counts['perfect_initiates']} Perfect Initiates, "
              f"{counts['masons']} Masons" + ("; may declare the end"
                                              if realm["may_declare_end"] else "")
              + (f"; {realm['points']} points" if "points" in realm else ""))
    canvas.text(x + 10, y + 46, status, 11)
    top = y + 56
    draw_card(canvas, x + 10, top, realm["ruler"], "Ruler"
              + (f" (+{realm['rulers_covered']} under)" if realm["rulers_covered"] else ""))
    for index, consort in enumerate(realm["consorts"]):
        draw_card(canvas, x + 80 + index * (CARD_W + 10), top, consort, "beside")
    _draw_master(canvas, x + 230, top, realm)
    height: float = 56 + CARD_H + 24
    height += _draw_lodges(canvas, x, y + height, realm["lodges"])
    height += _draw_loose(canvas, x, y + height, realm["unaffiliated"])
    return height


def _draw_master(canvas: Canvas, x: float, y: float, realm: Mapping[str, Any]) -> None:
    """Draw the SM's description next to the ruler (the SM itself stands with its lodge)."""
    master = realm["secret_master"]
    where = f"in lodge {master['lodge']}" if master["lodge"] is not None else "unaffiliated"
    rite = {"french": "French Rite", "st-andrews": "St Andrew's Rite"}.get(master["rite"] or "",
                                                                          "no charter")
    lines = [f"Secret Master ({where})",
             f"outer: {master['outer'] or 'not yet shown'}",
             f"inner: {master['inner'] or 'none'}",
             rite + (" + Perfection" if master["perfect"] else ""),
             "ruler counts as: " + (realm["ruler_alignment"] or "no alignment in play")]
    for index, line in enumerate(lines):
        canvas.text(x, y + 14 + index * 15, line, 11, weight="bold" if index == 0 else "normal")


def _draw_lodges(canvas: Canvas, x: float, y: float,
                 lodges: Sequence[Mapping[str, Any]]) -> float:
    """Draw the lodges in rows of three; return the height used."""
    height = 0.0
    for start in range(0, len(lodges), LODGE_COLUMNS):
        row = lodges[start:start + LODGE_COLUMNS]
        for index, lodge in enumerate(row):
            draw_lodge(canvas, x + index * (LODGE_W + 10), y + height, lodge)
        height += max(lodge_height(lodge) for lodge in row) + 10
    return height


def _draw_loose(canvas: Canvas, x: float, y: float,
                pieces: Sequence[Mapping[str, Any]]) -> float:
    """Draw the unaffiliated zone (kept clear of every lodge card); return the height used."""
    rows = max(1, -(-len(pieces) // LOOSE_SLOTS))
    height = 22 + rows * ROW_H
    canvas.rect(x, y, HALF_W, height, "none", "#777", "rx='6' stroke-dasharray='6,4'")
    canvas.text(x + 10, y + 15, "Unaffiliated", 11, weight="bold")
    if pieces:
        draw_row(canvas, x + 10, y + 14, pieces, LOOSE_SLOTS)
    return height + 10


# -- page ----------------------------------------------------------------------------------

def _header(canvas: Canvas, view: Mapping[str, Any]) -> None:
    """Draw the title line and the legend."""
    waiting = ", ".join(view["waiting_for"]) or "nobody"
    canvas.text(MARGIN, 24, "Freimaurerei", 20, weight="bold")
    canvas.text(MARGIN + 150, 23, f"{stage_text(view)} - waiting for {waiting}", 13)
    legend = [("blue", "Mason"), ("red", "French"), ("green", "St Andrew's"),
              ("purple", "Perfection"), ("rosicrucian", "Rosicrucian"),
              ("illuminati", "Illuminati"), ("hidden", "unknown to you")]
    x = PAGE_W - MARGIN - 7 * 92
    for index, (colour, label) in enumerate(legend):
        canvas.triangle(x + index * 92 + 8, 46, 12, 13, COLOUR[colour])
        canvas.text(x + index * 92 + 18, 45, label, 10)


def _footer(canvas: Canvas, y: float, view: Mapping[str, Any]) -> float:
    """Draw the banks, bag, decks, the action under way and the result; return the height."""
    bank = view["bank"]
    masons = bank["masons"]
    banks = (f"Bank: Masons {masons['small']} small / {masons['medium']} medium / "
             f"{masons['large']} large; French markers {bank['french']['medium']} medium / "
             f"{bank['french']['small']} small; St Andrew's {bank['st-andrews']['medium']} "
             f"medium / {bank['st-andrews']['small']} small; purple {bank['purple']}; money "
             f"{bank['money']} T")
    decks = (f"Alignment bag: {view['bag']['small']} small, {view['bag']['medium']} medium. "
             f"Lodge deck: {view['lodge_deck']} cards. Ruler deck: {view['ruler_deck']} cards.")
    lines = [banks, decks]
    lines += _pending_lines(view.get("pending")) + _result_lines(view.get("result"))
    canvas.rect(MARGIN, y, PAGE_W - 2 * MARGIN, 12 + 17 * len(lines), "#f4f4f4", "#999",
                "rx='6'")
    for index, line in enumerate(lines):
        canvas.text(MARGIN + 10, y + 20 + index * 17, line, 12,
                    weight="bold" if line.startswith(("Result", "Winner")) else "normal")
    return 22 + 17 * len(lines)


def _pending_lines(pending: Mapping[str, Any] | None) -> list[str]:
    """Return the action under way as lines."""
    if not pending:
        return []
    parts = [f"Under way: {pending['step']}"]
    if pending["face"]:
        parts.append(f"Intrigue roll {pending['rolls']}: {pending['face'].upper()}")
    if pending["card"]:
        parts.append(f"new lodge card {card_face(pending['card'])}")
    if pending["recruits"]:
        parts.append("recruits " + ", ".join(r["id"] for r in pending["recruits"]))
    return ["; ".join(parts)]


def _result_lines(result: Mapping[str, Any] | None) -> list[str]:
    """Return the final reckoning as lines."""
    if not result:
        return []
    points = ", ".join(f"{seat} {n}" for seat, n in result["points"].items())
    return [f"Result: {points} points. Winner: {', '.join(result['winners'])}.",
            str(result["reason"])]


def render_board_svg(view: Mapping[str, Any]) -> str:
    """Return the board picture of a view as a standalone SVG document."""
    canvas = Canvas()
    _header(canvas, view)
    top, tallest = 60.0, 0.0
    viewer = view["you"]["seat"] if view.get("you") else None
    for index, realm in enumerate(view["principalities"]):
        x = MARGIN + index * (HALF_W + GUTTER)
        tallest = max(tallest, draw_realm(canvas, x, top, realm, viewer))
    height = top + tallest + 8
    height += _footer(canvas, height, view)
    page_h = max(PAGE_H, height + MARGIN)
    page_w = PAGE_W * page_h / PAGE_H if page_h > PAGE_H else PAGE_W
    offset = (page_w - PAGE_W) / 2
    return ("<?xml version='1.0' encoding='UTF-8'?>\n"
            f"<svg xmlns='http://www.w3.org/2000/svg' width='297mm' height='210mm' "
            f"viewBox='{-offset:.1f} 0 {page_w:.1f} {page_h:.1f}'>\n"
            f"<rect x='{-offset:.1f}' y='0' width='{page_w:.1f}' height='{page_h:.1f}' "
            "fill='white'/>\n" + "\n".join(canvas.parts) + "\n</svg>\n")
