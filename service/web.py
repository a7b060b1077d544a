"""The web application factory (the lobby, seat pages and API grow here)."""
from __future__ import annotations

from typing import Any

from flask import Flask, jsonify, render_template_string

from .config import load_config
from .store import Store

INDEX = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>pbem</title></head>
<body style="font-family: Georgia, serif; max-width: 44em; margin: 2em auto; padding: 0 1em;">
<h1>pbem</h1><p>Correspondence games by email. Games on this server:</p>
<table><tr><th align="left">id</th><th align="left">game</th><th align="left">title</th>
<th align="left">state</th></tr>
{% for row in games %}<tr><td><code>{{ row.id }}</code></td><td>{{ row.game }}</td>
<td>{{ row.title }}</td><td>{{ row.status }}</td></tr>{% endfor %}</table>
{% if not games %}<p>No games yet: <code>pbem new secret-masters --seat ...</code></p>{% endif %}
</body></html>"""


def create_app(overrides: dict[str, Any] | None = None) -> Flask:
    """Return the Flask application, configured from defaults, then PBEM_* variables."""
    app = Flask("pbem")
    config = load_config()
    app.config.update(PBEM=config, **(overrides or {}))
    store = Store(config.database_url)
    store.create_schema()
    app.extensions["pbem.store"] = store

    @app.get("/")
    def index() -> str:
        return render_template_string(INDEX, games=store.list_games())

    @app.get("/healthz")
    def health() -> Any:
        return jsonify(status="ok", games=len(store.list_games()))

    return app
