"""The Secret Masters board picture: a standalone SVG drawn from a view, never from the state.

Everything drawn comes from the view dict; a part the view lacks (the seat's own secrets, the
factions revealed at the end) is simply not drawn. Colours are always labelled by a letter or a
word as well, so the picture reads without telling the colours apart.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from engine.core.markup import escape, quoteattr

WIDTH = 1000
MARGIN = 16
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK, MUTED, LINE, PAPER, SEA = "#1d2430", "#5a6472", "#8792a2", "#ffffff", "#e3eef7"
LAND = "#f7f3e8"
AGENT_COLOURS: dict[str, tuple[str, str]] = {
    "blue": ("#0072B2", "#ffffff"), "green": ("#009E73", "#ffffff"),
    "red": ("#D55E00", "#ffffff"), "yellow": ("#F0E442", "#1d2430"),
}
"""Okabe-Ito colours (fill, letter) for the agent colours; unknown names are drawn grey."""
MARKER_COLOURS: dict[str, tuple[str, str]] = {
    "red": ("#B3261E", "#ffffff"), "white": ("#ffffff", "#1d2430"),
    "orange": ("#E69F00", "#1d2430"),
}
MARKERS = ("red", "white", "orange")
CARD_SIDES = (("red", "RED CARD", "left"), ("white", "WHITE CARD", "right"))
PHASES = {
    "setup": "setting up", "turn-start": "turn starting", "place-first": "placing agents",
    "place-second": "placing agents", "vote": "sealed vote", "redraw": "drawing markers",
    "redeploy": "Redeploy", "round-end": "round ending", "over": "game over",
}
COLUMN = (WIDTH - 2 * MARGIN - 3 * 12) // 4
ROW = 190
REGION_BOXES: dict[str, tuple[int, int, int, int]] = {
    "north-america": (0, 0, 1, 1), "europe": (1, 0, 1, 1), "russia": (2, 0, 2, 1),
    "south-america": (0, 1, 1, 2), "africa": (1, 1, 1, 2), "india-middle-east": (2, 1, 1, 1),
    "east-asia": (3, 1, 1, 1), "oceania": (3, 2, 1, 1),
}
"""Where each region sits on the schematic map: (column, row, columns wide, rows tall)."""
LEGEND_CELL = (2, 2)


BOLD_ADVANCE = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\u00d7?", (
    .774, .762, .734, .83, .683, .683, .821, .837, .372, .372, .775, .637, .995, .837, .85, .733,
    .85, .77, .72, .682, .812, .774, 1.103, .771, .724, .725, *[.696] * 10, .838, .58)))
"""Advance widths (in em) of DejaVu Sans Bold for the characters of short labels."""


MIN_TEXT = 16
"""The smallest text drawn: 8 pt when the board fills an A4 page's width, readable on phones."""


class Canvas:
    """SVG elements collected in drawing order, and short labels collected into runs.

    WeasyPrint lays out every <text> element on its own, which makes many tiny labels the
    costliest part of a PDF; so the one-letter and count labels of a style are written as one
    <text> with a position per character.
    """

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.runs: dict[tuple[int, str], list[tuple[float, float, str]]] = {}

    def add(self, tag: str, text: str | None = None, **attrs: Any) -> None:
        """Add one element; `text` is escaped, attribute names use '-' for '_'."""
        pairs = " ".join(f"{key.rstrip('_').replace('_', '-')}={quoteattr(str(value))}"
                         for key, value in attrs.items() if value is not None)
        if text is None:
            self.parts.append(f"<{tag} {pairs}/>")
        else:
            self.parts.append(f"<{tag} {pairs}>{escape(text)}</{tag}>")

    def text(self, x: float, y: float, content: str, size: int = 20, *, bold: bool = False,
             anchor: str = "start", fill: str = INK) -> None:
        """Add a line of text with its baseline at `y` (nothing if it is empty)."""
        if not content:
            return
        size = max(size, MIN_TEXT)
        self.add("text", content, x=round(x, 1), y=round(y, 1), font_size=size, fill=fill,
                 font_weight="bold" if bold else None,
                 text_anchor=anchor if anchor != "start" else None)

    def label(self, x: float, y: float, content: str, size: int, fill: str = INK, *,
              centre: bool = False) -> None:
        """Add a short bold label (a letter, a count) to the run of its size and colour."""
        size = max(size, MIN_TEXT)
        if not content or any(ch.isspace() for ch in content):
            self.text(x, y, content, size, bold=True, fill=fill,
                      anchor="middle" if centre else "start")
            return
        advances = [BOLD_ADVANCE.get(ch, 0.75) * size for ch in content]
        left = x - sum(advances) / 2 if centre else x
        run = self.runs.setdefault((size, fill), [])
        for ch, advance in zip(content, advances):
            run.append((left, y, ch))
            left += advance

    @contextmanager
    def group(self, part: str, **data: str) -> Iterator[None]:
        """Wrap what is drawn inside in a <g> naming the part of the board (data-part=...)."""
        attrs = " ".join(f"data-{key}={quoteattr(value)}"
                         for key, value in {"part": part, **data}.items())
        self.parts.append(f"<g {attrs}>")
        yield
        self.parts.append("</g>")

    def runs_svg(self) -> str:
        """Return one <text> element per run of short labels."""
        parts = []
        for (size, fill), chars in self.runs.items():
            xs = " ".join(f"{x:.1f}" for x, _, _ in chars)
            ys = " ".join(f"{y:.1f}" for _, y, _ in chars)
            text = escape("".join(ch for _, _, ch in chars))
            parts.append(f'<text x="{xs}" y="{ys}" font-size="{size}" font-weight="bold" '
                         f'fill="{fill}">{text}</text>')
        return "".join(parts)

    def box(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = LINE,
            width: float = 2, radius: int = 12, dash: str | None = None) -> None:
        """Add a rounded rectangle."""
        self.add("rect", x=round(x, 1), y=round(y, 1), width=round(w, 1), height=round(h, 1),
                 rx=radius, fill=fill, stroke=stroke, stroke_width=width, stroke_dasharray=dash)


NARROW, WIDE = set("fijlrtI.,:;'!|/ "), set("mwMW\u00d7")


def text_width(text: str, size: int, bold: bool = False) -> float:
    """Return a slightly generous estimate of the drawn width of `text` in DejaVu Sans."""
    ems = sum(0.36 if ch in NARROW else 0.95 if ch in WIDE else 0.74 if ch.isupper()
              else 0.64 for ch in text)
    return ems * size * (1.1 if bold else 1.0)


def wrap(text: str, width: float, size: int, bold: bool = False) -> list[str]:
    """Return `text` broken into lines at spaces and slashes so each fits `width`."""
    words = text.replace("/", "/ ").split()
    lines: list[str] = []
    for word in words:
        joined = f"{lines[-1]}{'' if lines[-1].endswith('/') else ' '}{word}" if lines else word
        if lines and text_width(joined, size, bold) <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines or [""]


def join_lines(items: Sequence[str], width: float, size: int) -> list[str]:
    """Return `items` joined by ' · ' into as few lines as fit `width`."""
    lines: list[str] = []
    for item in items:
        if lines and text_width(f"{lines[-1]} \u00b7 {item}", size) <= width:
            lines[-1] = f"{lines[-1]} \u00b7 {item}"
        else:
            lines.append(item)
    return lines or [""]


def fit(options: Sequence[str], width: float, size: int) -> str:
    """Return the first of `options` that fits `width`, else the last one."""
    return next((o for o in options if text_width(o, size) <= width), options[-1])


def colour_name(name: Any) -> str:
    """Return a colour or faction name for display, e.g. 'Green'."""
    text = str(name)
    return text.capitalize() if text in AGENT_COLOURS else text


def agent_glyph(c: Canvas, x: float, y: float, colour: Any, r: int = 17) -> None:
    """Draw an agent of `colour` as a lettered disc centred at (x, y)."""
    fill, ink = AGENT_COLOURS.get(str(colour), ("#9aa3ae", INK))
    c.add("circle", cx=round(x, 1), cy=round(y, 1), r=r, fill=fill, stroke=INK, stroke_width=1.5)
    c.label(x, y + r * 0.38, str(colour)[:1].upper(), round(r * 1.05), ink, centre=True)


def marker_glyph(c: Canvas, x: float, y: float, marker: str, r: int = 15) -> None:
    """Draw a vote marker as a lettered square-ish token centred at (x, y)."""
    fill, ink = MARKER_COLOURS.get(marker, ("#9aa3ae", INK))
    c.box(x - r, y - r, 2 * r, 2 * r, fill, INK, 1.5, radius=5)
    c.label(x, y + r * 0.4, marker[:1].upper(), round(r * 1.15), ink, centre=True)


def agent_counts(c: Canvas, x: float, y: float, counts: Mapping[str, Any], width: float,
                 *, show_zero: bool = False, empty: str = "") -> float:
    """Draw a glyph and count per colour, wrapping rows within `width`; return the height used."""
    items = [(colour, n) for colour, n in counts.items() if n or show_zero]
    if not items:
        c.text(x, y + 7, empty, 19, fill=MUTED)
        return 40
    per_row = max(1, int(width // 96))
    for i, (colour, count) in enumerate(items):
        cx, cy = x + 17 + (i % per_row) * 96, y + (i // per_row) * 42
        agent_glyph(c, cx, cy, colour)
        c.label(cx + 24, cy + 8, f"\u00d7{count}", 22, INK if count else MUTED)
    return 42 * ((len(items) + per_row - 1) // per_row)


def marker_counts(c: Canvas, x: float, y: float, markers: Mapping[str, Any], *,
                  skip_zero: bool = False) -> float:
    """Draw a token and count per marker colour in one row; return the x after it."""
    for marker in MARKERS:
        if marker in markers and (markers[marker] or not skip_zero):
            marker_glyph(c, x + 15, y, marker)
            label = f"{markers[marker]} {marker}"
            c.text(x + 38, y + 7, label, 20)
            x += 46 + text_width(label, 20)
    return x


def control_label(controllers: Sequence[Any], width: float) -> str:
    """Return who holds a region, in words if they fit, else by letters ('' for nobody)."""
    if not controllers:
        return ""
    names = [colour_name(c) for c in controllers]
    if len(names) == 1:
        return f"held by {names[0]}"
    letters = "+".join(str(c)[:1].upper() for c in controllers)
    return fit([f"tied: {', '.join(names)}", f"tied: {letters}"], width, 18)


def grid_cell(region: Mapping[str, Any]) -> tuple[int, int, int, int]:
    """Return where a region sits on the grid; a region the layout lacks goes below the map."""
    return REGION_BOXES.get(str(region["region"]), (0, 3, 1, 1))


def region_frame(region: Mapping[str, Any], x0: float, y0: float) -> tuple[float, float,
                                                                            float, float]:
    """Return the box (x, y, w, h) of a region on the map."""
    col, row, wide, tall = grid_cell(region)
    return (x0 + col * (COLUMN + 12), y0 + row * ROW, wide * COLUMN + (wide - 1) * 12,
            tall * ROW - 12)


def draw_region(c: Canvas, region: Mapping[str, Any], frame: tuple[float, float, float, float],
                card_side: str | None) -> None:
    """Draw one scoring region: name, agents, who holds it and its value."""
    x, y, w, h = frame
    held = list(region["controlled_by"])
    single = len(held) == 1 and held[0] in AGENT_COLOURS
    c.box(x, y, w, h, LAND, AGENT_COLOURS[str(held[0])][0] if single else LINE,
          5 if single else 2, dash="10 6" if len(held) > 1 else None)
    lines = wrap(str(region["name"]), w - 28, 22, bold=True)
    for i, line in enumerate(lines):
        c.text(x + 14, y + 34 + 26 * i, line, 22, bold=True)
    agent_counts(c, x + 14, y + 40 + 26 * len(lines), region["agents"], w - 20)
    c.text(x + 14, y + h - 15, control_label(held, w - 80), 18, fill=MUTED)
    c.add("circle", cx=round(x + w - 30, 1), cy=round(y + h - 30, 1), r=21, fill=INK)
    c.label(x + w - 30, y + h - 21, str(region["value"]), 24, PAPER, centre=True)
    if card_side is not None:
        draw_card_tag(c, x + w / 2, y, card_side)


def draw_card_tag(c: Canvas, centre: float, top: float, side: str) -> None:
    """Draw a tab on a region's top edge saying which revealed card shows it."""
    label = f"{side} card"
    w = text_width(label, 17, True) + 16
    fill, ink = (MARKER_COLOURS["red"] if side == "red" else (PAPER, INK))
    c.box(centre - w / 2, top - 12, w, 26, fill, INK, 2, radius=7)
    c.text(centre, top + 7, label, 17, bold=True, anchor="middle", fill=ink)


def card_regions(view: Mapping[str, Any]) -> dict[str, str]:
    """Return the side of the revealed card showing each region id."""
    cards = view.get("cards") or {}
    return {str(card["region"]): side for side, card in cards.items()
            if card and card.get("region") is not None}


def draw_legend(c: Canvas, x: float, y: float) -> None:
    """Draw the key to the agent letters in the open sea."""
    c.text(x + 8, y + 26, "Agents", 19, bold=True, fill=MUTED)
    for i, colour in enumerate(AGENT_COLOURS):
        gx, gy = x + 22 + (i % 2) * 110, y + 56 + (i // 2) * 42
        agent_glyph(c, gx, gy, colour, 15)
        c.text(gx + 22, gy + 7, colour_name(colour), 19)
    c.add("circle", cx=x + 22, cy=y + 140, r=15, fill=INK)
    c.label(x + 22, y + 147, "3", 18, PAPER, centre=True)
    c.text(x + 44, y + 147, "region value", 19)


def draw_map(c: Canvas, view: Mapping[str, Any], y: float) -> float:
    """Draw the sea, the eight scoring regions and Antarctica; return the y below them."""
    rows = max(row + tall for _, row, _, tall in map(grid_cell, view["board"]))
    c.box(MARGIN - 6, y - 6, WIDTH - 2 * MARGIN + 12, rows * ROW + 118, SEA, SEA, 0, radius=18)
    on_card = card_regions(view)
    for region in view["board"]:
        with c.group("region", region=str(region["region"])):
            draw_region(c, region, region_frame(region, MARGIN, y),
                        on_card.get(str(region["region"])))
    with c.group("legend"):
        draw_legend(c, MARGIN + LEGEND_CELL[0] * (COLUMN + 12), y + LEGEND_CELL[1] * ROW)
    with c.group("antarctica"):
        return draw_antarctica(c, view, y + rows * ROW, on_card.get("antarctica"))


def draw_antarctica(c: Canvas, view: Mapping[str, Any], y: float, card_side: str | None) -> float:
    """Draw the holding area below the map; return the y below it."""
    w = WIDTH - 2 * MARGIN
    c.box(MARGIN, y, w, 96, "#f4f7fa", LINE, 2)
    c.text(MARGIN + 14, y + 36, "Antarctica", 22, bold=True)
    c.text(MARGIN + 14, y + 66, "holding area, worth nothing", 18, fill=MUTED)
    agent_counts(c, MARGIN + 320, y + 48, view["antarctica"], w - 470, empty="no agents")
    if card_side is not None:
        draw_card_tag(c, MARGIN + w / 2, y, card_side)
    return y + 96 + 24


def draw_header(c: Canvas, view: Mapping[str, Any], y: float) -> float:
    """Draw the title, round, turn and phase; return the y below them."""
    c.text(MARGIN, y + 34, "Secret Masters", 32, bold=True)
    c.text(WIDTH - MARGIN, y + 34, f"Round {view['round']} \u00b7 Turn {view['turn']}", 26,
           bold=True, anchor="end")
    phase = PHASES.get(str(view["phase"]), str(view["phase"]))
    c.text(MARGIN, y + 66, f"Now: {phase}", 20, fill=MUTED)
    c.text(WIDTH - MARGIN, y + 66, f"Goal: {view['goal']} points", 20, anchor="end", fill=MUTED)
    y += 84
    if view.get("winner"):
        c.box(MARGIN, y, WIDTH - 2 * MARGIN, 46, "#fff4c2", INK, 2)
        c.text(WIDTH / 2, y + 32, f"Winner: {view['winner']}", 24, bold=True, anchor="middle")
        y += 58
    return draw_seats(c, view, y)


def seat_tags(view: Mapping[str, Any], seat: str) -> list[str]:
    """Return the public facts about one seat: Grand Master, active, voted, to act."""
    tags = []
    if seat == view["grand_master"]:
        tags.append("Grand Master")
    if seat == view["active"]:
        tags.append("active")
    if seat in view["voted"]:
        tags.append("voted")
    if seat in view["waiting_for"]:
        tags.append("to act")
    return tags


def draw_seats(c: Canvas, view: Mapping[str, Any], y: float) -> float:
    """Draw one chip per seat in clockwise order; return the y below them."""
    seats = [str(seat) for seat in view["seats"]]
    w = (WIDTH - 2 * MARGIN - 12 * (len(seats) - 1)) / max(1, len(seats))
    tags = [join_lines(seat_tags(view, seat), w - 24, 18) for seat in seats]
    h = 52 + 24 * max(len(lines) for lines in tags)
    for i, seat in enumerate(seats):
        x = MARGIN + i * (w + 12)
        acting = seat in view["waiting_for"]
        c.box(x, y, w, h, "#fff4c2" if acting else PAPER, INK if acting else LINE,
              3 if acting else 2)
        name = seat if text_width(seat, 22, True) <= w - 24 \
            else seat[: int((w - 24) // 14.5)] + "\u2026"
        c.text(x + 12, y + 30, name, 22, bold=True)
        for j, line in enumerate(tags[i]):
            c.text(x + 12, y + 60 + 24 * j, line, 18, fill=MUTED)
    return y + h + 14


def draw_points(c: Canvas, view: Mapping[str, Any], y: float) -> float:
    """Draw the points each colour holds now; return the y below them."""
    c.text(MARGIN, y + 27, "Points held", 20, bold=True)
    step = (WIDTH - 2 * MARGIN - 150) / max(1, len(view["points"]))
    for i, (colour, value) in enumerate(view["points"].items()):
        x = MARGIN + 150 + i * step
        agent_glyph(c, x + 16, y + 20, colour)
        c.text(x + 40, y + 28, f"{colour_name(colour)} {value}", 21, bold=True)
    return y + 56


def draw_card(c: Canvas, x: float, y: float, w: float, side: tuple[str, str, str],
              card: Mapping[str, Any] | None) -> None:
    """Draw one revealed region card with the agent standing on it."""
    key, title, where = side
    band, ink = MARKER_COLOURS["red"] if key == "red" else ("#ffffff", INK)
    c.box(x, y, w, 200, PAPER, INK, 3)
    c.box(x + 6, y + 6, w - 12, 40, band, INK if key == "white" else band, 1.5, radius=8)
    c.text(x + w / 2, y + 34, f"{title} ({where})", 19, bold=True, anchor="middle", fill=ink)
    if card is None or card.get("region") is None:
        c.text(x + w / 2, y + 120, "not turned up", 20, anchor="middle", fill=MUTED)
        return
    lines = wrap(str(card["name"]), w - 28, 24, bold=True)[:2]
    for i, line in enumerate(lines):
        c.text(x + 14, y + 80 + 28 * i, line, 24, bold=True)
    value = card.get("value")
    value = "no value" if value is None else f"{value} point{'' if value == 1 else 's'}"
    c.text(x + 14, y + 82 + 28 * len(lines), value, 19, fill=MUTED)
    if card.get("agent"):
        agent_glyph(c, x + 31, y + 168, card["agent"])
        c.text(x + 56, y + 176, f"{colour_name(card['agent'])} agent", 21, bold=True)
    else:
        c.text(x + 14, y + 176, "no agent yet", 20, fill=MUTED)


def draw_middle(c: Canvas, view: Mapping[str, Any], x: float, y: float, w: float) -> None:
    """Draw the pool, the last vote and the cards left before Redeploy between the cards."""
    c.box(x, y, w, 200, PAPER, LINE, 2)
    c.text(x + 14, y + 30, "Pool", 20, bold=True)
    agent_counts(c, x + 14, y + 58, view["pool"], w - 20, show_zero=True)
    if view.get("last_vote"):
        c.text(x + 14, y + 152, "Last vote", 19, bold=True)
        totals = {m: view["last_vote"][m] for m in MARKERS if m in view["last_vote"]}
        marker_counts_short(c, x + 122, y + 145, totals)
    c.text(x + 14, y + 186, f"Cards before Redeploy: {view['cards_before_redeploy']}", 17,
           fill=MUTED)


def marker_counts_short(c: Canvas, x: float, y: float, markers: Mapping[str, Any]) -> None:
    """Draw marker tokens with bare counts in one compact row."""
    for i, marker in enumerate(MARKERS):
        if marker in markers:
            marker_glyph(c, x + 13 + i * 62, y, marker, 13)
            c.label(x + 32 + i * 62, y + 7, str(markers[marker]), 20)


def draw_cards(c: Canvas, view: Mapping[str, Any], y: float) -> float:
    """Draw the red card, the pool and vote, and the white card; return the y below."""
    cards = view.get("cards") or {}
    w = (WIDTH - 2 * MARGIN - 24) / 3
    with c.group("card", side="red"):
        draw_card(c, MARGIN, y, w, CARD_SIDES[0], cards.get("red"))
    with c.group("pool"):
        draw_middle(c, view, MARGIN + w + 12, y, w)
    with c.group("card", side="white"):
        draw_card(c, MARGIN + 2 * (w + 12), y, w, CARD_SIDES[1], cards.get("white"))
    return y + 200 + 20


def draw_own(c: Canvas, you: Mapping[str, Any], y: float) -> float:
    """Draw what only the reading seat knows: faction, markers, sealed vote; return the y below."""
    h = 100 + (40 if "vote" in you else 0)
    c.box(MARGIN, y, WIDTH - 2 * MARGIN, h + 40, "#eef6ee", INK, 3)
    c.text(MARGIN + 16, y + 34, f"Only you see this: {you.get('seat', '')}", 21, bold=True)
    c.text(MARGIN + 16, y + 76, "Your faction", 20, fill=MUTED)
    if you.get("faction") is not None:
        agent_glyph(c, MARGIN + 241, y + 69, you["faction"])
        c.text(MARGIN + 266, y + 77, colour_name(you["faction"]), 22, bold=True)
    else:
        c.text(MARGIN + 224, y + 77, "none", 22, bold=True)
    c.text(MARGIN + 16, y + 116, "Your markers", 20, fill=MUTED)
    marker_counts(c, MARGIN + 224, y + 109, you.get("markers") or {})
    if "vote" in you:
        c.text(MARGIN + 16, y + 156, "Your sealed vote", 20, fill=MUTED)
        if you["vote"]:
            marker_counts(c, MARGIN + 224, y + 149, you["vote"], skip_zero=True)
        else:
            c.text(MARGIN + 224, y + 157, "not cast", 20, bold=True)
    return y + h + 40 + 20


def draw_revealed(c: Canvas, revealed: Mapping[str, Any], y: float) -> float:
    """Draw every faction and hand shown at the end of the game; return the y below."""
    factions = revealed.get("factions") or {}
    markers = revealed.get("markers") or {}
    h = 60 + 44 * len(factions) + (44 if "set_aside" in revealed else 0)
    c.box(MARGIN, y, WIDTH - 2 * MARGIN, h, PAPER, INK, 2)
    c.text(MARGIN + 16, y + 34, "Revealed at the end", 21, bold=True)
    row = y + 76
    for seat, faction in factions.items():
        c.text(MARGIN + 16, row + 7, str(seat)[:18], 20, bold=True)
        agent_glyph(c, MARGIN + 290, row, faction if faction is not None else "?")
        c.text(MARGIN + 314, row + 7, colour_name(faction or "?"), 20)
        if markers.get(seat):
            marker_counts(c, MARGIN + 480, row, markers[seat])
        row += 44
    if "set_aside" in revealed:
        c.text(MARGIN + 16, row + 7, "Set aside", 20, fill=MUTED)
        agent_glyph(c, MARGIN + 290, row, revealed["set_aside"] or "?")
        c.text(MARGIN + 314, row + 7, colour_name(revealed["set_aside"] or "?"), 20)
    return y + h + 20


def render_board_svg(view: Mapping[str, Any]) -> str:
    """Return the board picture of a Secret Masters view as a standalone SVG document."""
    c = Canvas()
    with c.group("status"):
        y = draw_points(c, view, draw_header(c, view, MARGIN))
    y = draw_map(c, view, y + 6)
    y = draw_cards(c, view, y)
    if view.get("you"):
        with c.group("you"):
            y = draw_own(c, view["you"], y)
    if view.get("revealed"):
        with c.group("revealed"):
            y = draw_revealed(c, view["revealed"], y)
    height = round(y - 4)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            f'font-family={quoteattr(FONT)} role="img">'
            f"<title>Secret Masters, round {escape(str(view['round']))}, "
            f"turn {escape(str(view['turn']))}</title>"
            f'<rect width="{WIDTH}" height="{height}" fill="{PAPER}"/>'
            + "".join(c.parts) + c.runs_svg() + "</svg>")
