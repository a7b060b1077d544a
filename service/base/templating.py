"""The one Jinja environment over the repository's `templates/` folder (emails, web pages, PDFs).

The folder is found next to the packages (`<repository>/templates`); `PBEM_TEMPLATES` names
another folder. HTML, XML and SVG templates are autoescaped; an undefined name is an error, never
an empty string, so a template cannot silently drop a part of a view.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template, select_autoescape
from markupsafe import Markup

from service.base.inputs import BIDI_CONTROLS, escaped_bidi

DEFAULT_TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def templates_dir() -> Path:
    """Return the templates folder: $PBEM_TEMPLATES, else the repository's `templates/`."""
    given = os.environ.get("PBEM_TEMPLATES")
    return Path(given).resolve() if given else DEFAULT_TEMPLATES


@lru_cache(maxsize=4)
def _environment_for(folder: Path) -> Environment:
    """Return the environment loading templates from `folder` (built once per folder)."""
    return Environment(
        loader=FileSystemLoader(folder),
        autoescape=select_autoescape(("html", "htm", "xml", "svg")),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_shown,
    )


def _shown(value: Any) -> Any:
    """Return a value as a template shows it: text direction controls written as their codes,
    so that a name or message kept before they were removed at input cannot be spoofed."""
    if isinstance(value, Markup) and BIDI_CONTROLS.search(value):  # HTML or SVG already
        return _escaped_markup(value)
    if isinstance(value, str) and BIDI_CONTROLS.search(value):
        return escaped_bidi(value)
    return value


def _escaped_markup(value: Markup) -> Markup:
    """Return safe markup with each text direction control written as its code."""
    return Markup(BIDI_CONTROLS.sub(lambda found: f"&lt;U+{ord(found.group()):04X}&gt;",
                                    str(value)))


def environment() -> Environment:
    """Return the shared environment for the current templates folder."""
    return _environment_for(templates_dir())


def get_template(name: str, /) -> Template:
    """Return the compiled template `name` (e.g. 'pdf/snapshot.html'); Jinja caches it."""
    return environment().get_template(name)


def render_template(name: str, /, **context: Any) -> str:
    """Return template `name` rendered with `context`."""
    return get_template(name).render(**context)
