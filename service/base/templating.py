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
    )


def environment() -> Environment:
    """Return the shared environment for the current templates folder."""
    return _environment_for(templates_dir())


def get_template(name: str, /) -> Template:
    """Return the compiled template `name` (e.g. 'pdf/snapshot.html'); Jinja caches it."""
    return environment().get_template(name)


def render_template(name: str, /, **context: Any) -> str:
    """Return template `name` rendered with `context`."""
    return get_template(name).render(**context)
