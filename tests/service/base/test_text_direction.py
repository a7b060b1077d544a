"""Text direction controls: removed from names, titles and press at input, shown as their codes
wherever text kept before is rendered, so what a player reads is what was written."""
from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from service.base.inputs import check_line, escaped_bidi, without_bidi
from service.base.templating import environment
from service.game.loading import load_game
from tests.service.tablemail import open_table

SPOOF = "invoice\u202egpj.exe\u2066x\u2069\u200e\u200f\u061c"


def test_controls_are_removed_at_input() -> None:
    assert without_bidi(SPOOF) == "invoicegpj.exex"
    assert check_line(f"  Anna{SPOOF}  ", "the name", 100) == "Annainvoicegpj.exex"


def test_text_kept_before_is_shown_with_codes() -> None:
    assert escaped_bidi("a\u202eb") == "a<U+202E>b"
    text = environment().from_string("{% autoescape false %}{{ name }}{% endautoescape %}"
                                     ).render(name="a\u202eb")  # as a mail's text part
    assert text == "a<U+202E>b"
    html = environment().from_string("{% autoescape true %}<b>{{ name }}</b>"
                                     "{{ board }}{% endautoescape %}")
    shown = html.render(name="a\u202eb", board=Markup("<svg><text>c\u202ed</text></svg>"))
    assert shown == "<b>a&lt;U+202E&gt;b</b><svg><text>c&lt;U+202E&gt;d</text></svg>"
    assert "\u202e" not in shown


def test_press_by_mail_loses_its_direction_controls(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    table.write("anna", "press to all: meet me at \u202ecsim\u202c the bank")
    loaded = load_game(table.store, table.game_id)
    said = [e for e in table.store.events(table.game_id) if e.type == "press.sent"]
    assert said and loaded.meta.started
    body = said[-1].payload["text"]
    assert body.startswith("meet me at csim") and "\u202e" not in body and "\u202c" not in body
