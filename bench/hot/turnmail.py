"""One turn email (text, HTML and the PDF snapshot) composed from its outbox row, against a
minimal WeasyPrint document rendered in the same run."""
from __future__ import annotations

import statistics
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

from bench.hot.order import Orders
from bench.hot.timing import paired

MINIMAL = "<html><body><p>pbem</p></body></html>"
EMAILS_PER_REPEAT = 4


def minimal_pdf() -> bytes:
    """Return the smallest useful WeasyPrint document, the floor of any PDF."""
    from weasyprint import HTML

    return bytes(HTML(string=MINIMAL).write_pdf())


def _played(store: Any, rows_wanted: int) -> list[Any]:
    """Play orders until the store holds `rows_wanted` turn email rows; return them."""
    from service.games import submit_order

    orders = Orders(store, b"bench-email")
    rows: list[Any] = []
    while len(rows) < rows_wanted:
        game_id, seat, text = orders.next()
        submit_order(store, game_id, seat, text, source="bench")
        rows = [row for row in store.outbox_for_game(game_id) if row.kind == "turn"]
    return rows


def _config(home: Path, url: str) -> Any:
    from service.config import Config

    return Config(home=home, database_url=url, broker_url="memory://", mail_domain="bench.test",
                  mail_from="pbem <games@bench.test>", smtp_url=None, imap_url=None,
                  base_url="http://127.0.0.1:5000", max_message_bytes=2 * 1024 * 1024)


def compose_bytes(store: Any, config: Any, row: Any) -> bytes:
    """Return the whole MIME message of a turn email's outbox row."""
    from service.mail.compose import compose_outbox

    message = compose_outbox(store, config, row)
    if message is None:
        raise SystemExit(f"outbox row {row.id} is no email to compose")
    return message.as_bytes()


def measure_email_pdf(repeats: int = 3) -> tuple[float, float]:
    """Return the median seconds of one turn email and of a minimal WeasyPrint PDF.

    Each email is a different (game, seq, seat), composed for the first time, as a worker
    meets it; the two are rendered alternately so that load on the machine hits both alike.
    """
    from service.store import Store

    with tempfile.TemporaryDirectory(prefix="pbem-ratios-mail-") as folder:
        url = f"sqlite:///{Path(folder) / 'mail.db'}"
        store = Store(url)
        store.create_schema()
        config = _config(Path(folder), url)
        rows = iter(_played(store, 1 + repeats * EMAILS_PER_REPEAT))
        minimal_pdf()
        compose_bytes(store, config, next(rows))  # warm: fonts, templates
        pairs = []
        for _ in range(repeats):
            batch = [next(rows) for _ in range(EMAILS_PER_REPEAT)]
            spent = [paired(partial(compose_bytes, store, config, row), minimal_pdf, 1)
                     for row in batch]
            pairs.append((statistics.mean(e for e, _ in spent),
                          statistics.mean(b for _, b in spent)))
        store.dispose()
    return statistics.median(e for e, _ in pairs), statistics.median(b for _, b in pairs)
