"""The snapshot's A4 pages laid out here, each drawn as one SVG picture.

A snapshot is a heading (title, turn, game, seat, time), the board, the seat's own part and its
recent history, with a footer on every page. WeasyPrint would lay that out as HTML text - boxes,
floats, line breaking, margin boxes, page counters - at several times the cost of drawing it.
Here the lines are broken by their measured width (service.pdf.svgtext.text_width) and placed on
pages in points, as the page's stylesheet used to place them; each page becomes an SVG picture
(`templates/pdf/page.svg`) with the board's own picture nested in it, and the PDF is those
pictures, one a page. The text stays text in the PDF: it can be searched and copied.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from markupsafe import Markup

MM = 72 / 25.4
PORTRAIT = (595.276, 841.89)
LANDSCAPE = (841.89, 595.276)
TOP, SIDE, BOTTOM = 13 * MM, 14 * MM, 15 * MM
INK, MUTED, RULE = "#1d2430", "#5a6472", "#8792a2"
SANS, MONO = "DejaVu Sans", "DejaVu Sans Mono"
ASCENT, LINE = 0.928, 1.164
"""DejaVu's ascent and its normal line height, in em."""
BOARD_MAX_HEIGHT = {"portrait": 247 * MM, "landscape": 159 * MM}
FACTS_WIDTH = 64 * MM
LABEL_WIDTH, VALUE_AT = 30 * MM, 32 * MM
HANGING = 4 * MM

Measure = Callable[[str, float, bool, str], float]
"""Width of a text on one line: (text, font size, bold, family) -> points."""


@dataclass(frozen=True)
class Label:
    """One line of text; `y` is its baseline."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False
    fill: str = INK
    anchor: str = "start"
    family: str = SANS


@dataclass(frozen=True)
class Rule:
    """A horizontal line."""

    x: float
    y: float
    width: float
    weight: float
    color: str = RULE


@dataclass(frozen=True)
class Panel:
    """The framed background of the text board."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Picture:
    """A board picture (or a piece of one) nested in the page, scaled into its box."""

    x: float
    y: float
    width: float
    height: float
    view_box: str
    attributes: Markup
    body: Markup


Item = Label | Rule | Panel | Picture


def moved(item: Item, dy: float) -> Item:
    """Return the item `dy` lower."""
    return replace(item, y=item.y + dy)


@dataclass(frozen=True)
class Block:
    """Items that stay together on a page, placed from the block's top; `gap` is the space
    above it, dropped at the top of a page."""

    height: float
    items: tuple[Item, ...]
    gap: float = 0.0


@dataclass
class Page:
    """One page: its size in points and what is drawn on it."""

    width: float
    height: float
    labels: list[Label] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    panels: list[Panel] = field(default_factory=list)
    pictures: list[Picture] = field(default_factory=list)

    @property
    def landscape(self) -> bool:
        """Return whether the page is wider than tall."""
        return self.width > self.height

    def add(self, item: Item) -> None:
        """Draw an item on the page (an empty label draws nothing)."""
        if isinstance(item, Label):
            if item.text:
                self.labels.append(item)
        elif isinstance(item, Rule):
            self.rules.append(item)
        elif isinstance(item, Panel):
            self.panels.append(item)
        else:
            self.pictures.append(item)


@dataclass(frozen=True)
class Snapshot:
    """What a snapshot shows, as text and the board's SVG pictures."""

    title: str
    game_id: str
    seat_label: str
    turn_label: str
    generated_at: str
    boards: Sequence[str]
    layout: str
    board_text: str
    private: Sequence[tuple[str, str]]
    history: Sequence[str]


class Flow:
    """Blocks placed down the pages, a new page when the next does not fit."""

    def __init__(self, first: tuple[float, float]) -> None:
        self.pages = [Page(*first)]
        self.y = TOP

    @property
    def room(self) -> float:
        """Return the height left on the current page."""
        return self.pages[-1].height - BOTTOM - self.y

    def new_page(self) -> None:
        """Continue on a new portrait page."""
        self.pages.append(Page(*PORTRAIT))
        self.y = TOP

    def place(self, block: Block, keep_with: float = 0.0) -> None:
        """Place a block (and keep `keep_with` points more of room below it)."""
        if self.y > TOP and block.gap + block.height + keep_with > self.room:
            self.new_page()
        top = self.y + (block.gap if self.y > TOP else 0.0)
        for item in block.items:
            self.pages[-1].add(moved(item, top))
        self.y = top + block.height


def lay_out(snapshot: Snapshot, measure: Measure) -> list[Page]:
    """Return the pages of a snapshot."""
    flow = Flow(LANDSCAPE if snapshot.layout == "landscape" else PORTRAIT)
    flow.place(heading(snapshot, measure, flow.pages[0].width))
    if snapshot.boards:
        place_boards(flow, snapshot.boards)
        if flow.pages[-1].landscape:
            flow.new_page()
    else:
        place_text_board(flow, snapshot.board_text, measure)
    if snapshot.private:
        place_private(flow, snapshot, measure)
    if snapshot.history:
        place_history(flow, snapshot.history, measure)
    footers(flow.pages, f"{snapshot.title} \u00b7 game {snapshot.game_id} \u00b7 "
            f"{snapshot.seat_label}", measure)
    return flow.pages


def baseline(size: float, line_height: float | None = None) -> float:
    """Return a line's baseline below the top of its line box."""
    height = line_height or size * LINE
    return (height - size * LINE) / 2 + size * ASCENT


def wrap(text: str, width: float, measure: Callable[[str], float],
         first_width: float | None = None) -> list[str]:
    """Return `text` broken into lines at spaces (a word wider than a line anywhere), each
    line at most `width` wide, the first at most `first_width`; spaces within a line kept."""
    lines: list[str] = []
    line, fresh = "", True
    for word in text.split(" "):
        room = width if lines or first_width is None else first_width
        candidate = word if fresh else f"{line} {word}"
        if measure(candidate) <= room:
            line, fresh = candidate, False
            continue
        if not fresh:
            lines.append(line)
            room = width
        line, fresh = word, False
        while len(line) > 1 and measure(line) > room:
            cut = len(line) - 1
            while cut > 1 and measure(line[:cut]) > room:
                cut -= 1
            lines.append(line[:cut])
            line, room = line[cut:], width
    lines.append(line)
    return lines


def words(text: str) -> str:
    """Return `text` with its white space collapsed, as HTML shows it."""
    return " ".join(text.split())


def heading(snapshot: Snapshot, measure: Measure, page_width: float) -> Block:
    """Return the heading: title and turn on the left, the facts on the right, a rule under."""
    right = page_width - SIDE
    text_width = page_width - 2 * SIDE - FACTS_WIDTH - 2 * MM
    items: list[Item] = []
    y = 0.0
    for line in wrap(words(snapshot.title), text_width, lambda t: measure(t, 17, True, SANS)):
        items.append(Label(SIDE, y + baseline(17), line, 17, bold=True))
        y += 17 * LINE
    y += 1 * MM
    for line in wrap(words(snapshot.turn_label), text_width,
                     lambda t: measure(t, 10.5, False, SANS)):
        items.append(Label(SIDE, y + baseline(10.5), line, 10.5))
        y += 10.5 * LINE
    facts_line = 8.5 * 1.264
    facts_top = 1.15 * MM
    for index, (name, value) in enumerate((("Game", snapshot.game_id),
                                           ("Seat", snapshot.seat_label),
                                           ("As of", snapshot.generated_at))):
        line_y = facts_top + index * facts_line + baseline(8.5, facts_line)
        items.append(Label(right, line_y, value, 8.5, bold=True, anchor="end"))
        gap = measure(f"{value} ", 8.5, True, SANS)  # SVG drops a label's trailing space
        items.append(Label(right - gap, line_y, f"{name}:", 8.5, fill=MUTED, anchor="end"))
    bottom = max(y, facts_top + 3 * facts_line + 0.15 * MM) + 2 * MM
    items.append(Rule(SIDE, bottom + 0.6, page_width - 2 * SIDE, 1.2, INK))
    return Block(bottom + 1.2 + 3 * MM, tuple(items))


_ROOT = re.compile(r"<svg\b([^>]*)>", re.DOTALL)
_ATTRIBUTE = re.compile(r"""([\w:.-]+)\s*=\s*("[^"]*"|'[^']*')""")
_SIZE_ATTRIBUTES = frozenset(("x", "y", "width", "height", "viewBox", "preserveAspectRatio"))


def nested(svg: str) -> tuple[tuple[float, float, float, float], Markup, Markup]:
    """Return a board picture's viewBox, the other attributes of its root and its content (as
    markup: the picture is the game's own SVG, which escapes what it shows)."""
    root = _ROOT.search(svg)
    if root is None:
        raise ValueError("a board picture must be an <svg> document")
    attributes = dict(_ATTRIBUTE.findall(root.group(1)))
    left, top, width, height = (float(part) for part in
                                attributes["viewBox"].strip("\"'").replace(",", " ").split())
    kept = " ".join(f"{name}={value}" for name, value in attributes.items()
                    if name not in _SIZE_ATTRIBUTES and not name.startswith("xmlns"))
    body = svg[root.end():svg.rindex("</svg>")]
    return (left, top, width, height), Markup(kept), Markup(body)


def place_boards(flow: Flow, boards: Sequence[str]) -> None:
    """Place the board's pictures, each scaled to the width and the height a page allows, on
    the next page when it does not fit below what is there."""
    for svg in boards:
        (left, top, width, height), attributes, body = nested(svg)
        space = flow.pages[-1].width - 2 * SIDE
        tallest = BOARD_MAX_HEIGHT["landscape" if flow.pages[-1].landscape else "portrait"]
        if flow.pages[-1].landscape:
            tallest = min(tallest, flow.room)  # a wide board stays on its wide page
        scale = min(space / width, tallest / height)
        shown_w, shown_h = width * scale, height * scale
        picture = Picture(SIDE + (space - shown_w) / 2, 0.0, shown_w, shown_h,
                          f"{left:g} {top:g} {width:g} {height:g}", attributes, body)
        flow.place(Block(shown_h, (picture,)))


_WORD_RUN = re.compile(r"\S+(?: \S+)*")


def place_text_board(flow: Flow, text: str, measure: Measure) -> None:
    """Place the board as framed monospaced text, continued on the next page if it must."""
    padding = 3 * MM + 0.6
    width = flow.pages[-1].width - 2 * SIDE
    line_height = 8.5 * LINE
    lines = [piece for source in text.splitlines()
             for piece in wrap(source, width - 2 * padding,
                               lambda t: measure(t, 8.5, False, MONO))]
    while lines:
        fits = int((flow.room - 2 * padding) // line_height)
        if fits < 1:
            flow.new_page()
            continue
        shown, lines = lines[:fits], lines[fits:]
        height = len(shown) * line_height + 2 * padding
        items: list[Item] = [Panel(SIDE, 0.0, width, height)]
        for i, line in enumerate(shown):
            # Runs of spaces align the text board's columns: each run of words is placed.
            items += [Label(SIDE + padding + measure(line[:run.start()], 8.5, False, MONO),
                            padding + i * line_height + baseline(8.5), run.group(), 8.5,
                            family=MONO) for run in _WORD_RUN.finditer(line)]
        flow.place(Block(height, tuple(items)))


def section_title(text: str, width: float) -> tuple[float, list[Item]]:
    """Return the height and items of a section title with its rule (an h2 of the old page)."""
    line = 10.5 * LINE
    items: list[Item] = [Label(SIDE, baseline(10.5), text, 10.5, bold=True),
                         Rule(SIDE, line + 1 * MM + 0.2, width, 0.4)]
    return line + 1 * MM + 0.4 + 2 * MM, items


def place_private(flow: Flow, snapshot: Snapshot, measure: Measure) -> None:
    """Place the seat's own part: a title and a row per item, label left, value bold; all on
    one page when it fits on one."""
    width = flow.pages[-1].width - 2 * SIDE
    line = 9.5 * LINE
    rows = []
    for label, value in snapshot.private:
        labels = wrap(words(label), LABEL_WIDTH, lambda t: measure(t, 9.5, False, SANS))
        values = wrap(words(value), width - VALUE_AT, lambda t: measure(t, 9.5, True, SANS))
        items = [Label(SIDE, i * line + baseline(9.5), text, 9.5, fill=MUTED)
                 for i, text in enumerate(labels)]
        items += [Label(SIDE + VALUE_AT, i * line + baseline(9.5), text, 9.5, bold=True)
                  for i, text in enumerate(values)]
        rows.append(Block(max(len(labels), len(values)) * line + 1 * MM, tuple(items)))
    height, title = section_title(f"Only for {snapshot.seat_label}", width)
    together = min(sum(row.height for row in rows), PORTRAIT[1] - TOP - BOTTOM - height)
    flow.place(Block(height, tuple(title), gap=3 * MM), keep_with=together)
    for row in rows:
        flow.place(row)


def place_history(flow: Flow, history: Sequence[str], measure: Measure) -> None:
    """Place the recent history: a title, then each line with a hanging indent."""
    width = flow.pages[-1].width - 2 * SIDE
    line = 8.5 * LINE
    blocks = []
    for text in history:
        lines = wrap(words(text), width - HANGING, lambda t: measure(t, 8.5, False, SANS),
                     first_width=width)
        blocks.append(Block(len(lines) * line, tuple(
            Label(SIDE + (HANGING if i else 0.0), i * line + baseline(8.5), part, 8.5)
            for i, part in enumerate(lines)), gap=0.8 * MM))
    height, title = section_title("Recent history", width)
    flow.place(Block(height - 0.8 * MM, tuple(title), gap=3 * MM),
               keep_with=blocks[0].gap + blocks[0].height)
    for block in blocks:
        flow.place(block)


def footers(pages: list[Page], text: str, measure: Measure) -> None:
    """Put the footer on every page: the game and seat on the left (on two lines or more when
    a long title needs them), the page on the right, in the middle of the bottom margin."""
    for number, page in enumerate(pages, start=1):
        numbering = f"page {number} of {len(pages)}"
        room = page.width - 2 * SIDE - measure(numbering, 8, False, SANS) - 6 * MM
        lines = wrap(words(text), room, lambda t: measure(t, 8, False, SANS))
        line = 8 * LINE
        top = page.height - BOTTOM / 2 - len(lines) * line / 2
        page.labels += [Label(SIDE, top + i * line + baseline(8), part, 8, fill=MUTED)
                        for i, part in enumerate(lines)]
        page.labels.append(Label(page.width - SIDE, page.height - BOTTOM / 2 - line / 2
                                 + baseline(8), numbering, 8, fill=MUTED, anchor="end"))
