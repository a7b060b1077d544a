"""Font subsetting without a new C type for every glyph count.

When WeasyPrint writes a PDF it subsets each font to the glyphs used, handing HarfBuzz the glyph
ids as a C array made by `ffi.new(f"hb_codepoint_t[{count}]", ids)`. CFFI parses every C type
it has not seen before with pycparser, and a fixed-length array type is a new type for every
count: a few milliseconds of parsing for each font of nearly every PDF, since the counts of
glyphs used (and the highest glyph id, which sizes the second array) change with what a page
says. An open array, `hb_codepoint_t[]`, takes its length from the ids and is parsed once.

`install()` gives WeasyPrint's font writer (`weasyprint.pdf.fonts`, and no other module) a CFFI
handle that makes every fixed-length array from its ids as an open array of the same element
type, the same length and the same values, and hands everything else to the real handle; once
per process, and only on the WeasyPrint versions whose font writer it was written against.
"""
from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import weasyprint
import weasyprint.pdf.fonts as fonts_module

KNOWN_VERSIONS = ("70.",)
"""WeasyPrint versions whose font writer makes its glyph arrays as this module expects."""
_FIXED_ARRAY = re.compile(r"^\s*([A-Za-z_][\w ]*?)\s*\[\s*\d+\s*\]\s*$")
_lock = threading.Lock()


class OpenArrays:
    """A CFFI handle that makes a fixed-length array given its values as an open array of the
    same type (one parsed type for every length), and is the wrapped handle otherwise."""

    def __init__(self, ffi: Any) -> None:
        self.ffi = ffi

    def new(self, cdecl: Any, init: Any = None) -> Any:
        """Return a new C object as `ffi.new` does; an array type of a fixed length, given
        exactly that many values, comes out as an open array of those values."""
        if isinstance(cdecl, str) and init is not None:
            fixed = _FIXED_ARRAY.match(cdecl)
            if fixed is not None and _length(cdecl) == len(init):
                return self.ffi.new(f"{fixed.group(1)}[]", init)
        return self.ffi.new(cdecl, init)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.ffi, name)


def _length(cdecl: str) -> int:
    """Return the length of a fixed-length array type, e.g. 3 for 'int[3]'."""
    return int(cdecl[cdecl.rindex("[") + 1:cdecl.rindex("]")])


def install() -> bool:
    """Give WeasyPrint's font writer open glyph arrays from now on; return whether they are in
    place."""
    with _lock:
        if isinstance(fonts_module.ffi, OpenArrays):
            return True
        if not weasyprint.__version__.startswith(KNOWN_VERSIONS):
            return False
        fonts_module.ffi = OpenArrays(fonts_module.ffi)
        return True


@contextmanager
def stock() -> Iterator[None]:
    """Let WeasyPrint's font writer use its own CFFI handle within the with-block (to compare
    what it writes with and without open arrays)."""
    with _lock:
        found = fonts_module.ffi
        fonts_module.ffi = found.ffi if isinstance(found, OpenArrays) else found
    try:
        yield
    finally:
        with _lock:
            fonts_module.ffi = found
