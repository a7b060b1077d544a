"""The web application's factory: `create_app()` builds it from the defaults, then PBEM_*
variables, then the caller's settings; `pbem serve` runs it with Flask's server and
`deploy/gunicorn.conf.py` under gunicorn.
"""
from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from flask import Flask, abort, request
from sqlalchemy.exc import DBAPIError

from service.base.config import Config, ConfigError, load_config
from service.ops.startup import check_settings, opened
from service.store.store import Store
from service.web import errors, security
from service.web.ratelimit import limiter_for
from service.web.settings import configure


def create_app(overrides: Mapping[str, Any] | None = None) -> Flask:
    """Return the Flask application, configured from defaults, then PBEM_* variables."""
    app = Flask("pbem", static_folder=None)
    config = load_config()
    check_settings(config)
    configure(app, config, overrides)
    _open_store(app, config)
    app.extensions["pbem.limiter"] = limiter_for(config.broker_url)
    security.init_app(app)
    errors.init_app(app)
    _register_blueprints(app)
    _trust_proxies(app)
    return app


RETRY_SECONDS = 5.0
"""How often a web process whose database did not answer at its start tries it again."""


def _open_store(app: Flask, config: Config) -> None:
    """Open the store; if the database does not answer, start anyway and open it later.

    Until it answers, /healthz says the database fails and every other page answers 503, so a
    load balancer and a visitor both learn why; the first request after it is back opens it.
    A schema this version cannot run on stops the start (ConfigError), as it should.
    """
    try:
        app.extensions["pbem.store"] = opened(config)
        return
    except DBAPIError as exc:
        app.logger.warning("the database does not answer (%s); serving, and trying again",
                           type(exc).__name__)
    app.extensions["pbem.store"] = Store(config.database_url, pdf_folder=config.pdf_folder)
    tried = [time.monotonic()]

    @app.before_request
    def _until_the_database_answers() -> None:
        if "pbem.store" in app.extensions and not tried:
            return
        if time.monotonic() - tried[-1] >= RETRY_SECONDS:
            tried[-1] = time.monotonic()
            try:
                app.extensions["pbem.store"].dispose()
                app.extensions["pbem.store"] = opened(config)
                tried.clear()
                return
            except (DBAPIError, ConfigError) as exc:
                app.logger.warning("the database is still not usable: %s", exc)
        if request.endpoint != "ops.health":
            abort(503)


def _trust_proxies(app: Flask) -> None:
    """Read the client's address and scheme from PROXY_HOPS trusted proxies' headers."""
    hops = int(app.config["PROXY_HOPS"])
    if hops > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops,  # type: ignore[method-assign]
                                x_host=hops)


def _register_blueprints(app: Flask) -> None:
    """Add one blueprint per area, and the command line commands."""
    from service.web import (
        admin,
        api,
        commands,
        confirming,
        devmail,
        inbound,
        lobby,
        me,
        moderation,
        opentables,
        ops,
        play,
        ratings,
        replay,
        talk,
        tournaments,
    )

    app.register_blueprint(lobby.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(replay.bp)
    app.register_blueprint(talk.bp)
    app.register_blueprint(me.bp)
    app.register_blueprint(opentables.bp)
    app.register_blueprint(confirming.bp)
    app.register_blueprint(moderation.bp)
    app.register_blueprint(admin.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(ratings.bp)
    app.register_blueprint(ratings.api)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(inbound.bp)
    app.register_blueprint(ops.bp)
    if app.config["DEV_INBOX"]:
        app.register_blueprint(devmail.bp)
    commands.init_app(app)
