"""The games' own escaping gives what the XML package's gives."""
from __future__ import annotations

import random
from xml.sax import saxutils

from engine.core.markup import escape, quoteattr

AWKWARD = ["", "plain", "a & b", "<tag>", 'say "hi"', "it's", "both ' and \"", "line\nbreak",
           "\r\t", "&amp;", "Ünïcødé <&> 'x' \"y\""]


def test_escaping_matches_the_xml_package() -> None:
    pick = random.Random(7)
    texts = AWKWARD + ["".join(pick.choice("ab&<>\"'\n\r\t é") for _ in range(pick.randint(0, 9)))
                       for _ in range(2000)]
    for text in texts:
        assert escape(text) == saxutils.escape(text), text
        assert quoteattr(text) == saxutils.quoteattr(text), text
