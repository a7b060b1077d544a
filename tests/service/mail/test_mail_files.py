"""Mail written to the folder is named by game, seq, recipient and kind, in plain characters."""
from __future__ import annotations

from pathlib import Path

from service.base.config import load_config
from service.mail.delivery import deliver, mail_file_name
from service.orders.creation import NewSeat, create_game
from tests.stores import open_store


def test_the_game_masters_mail_is_a_file_without_a_star(tmp_path: Path) -> None:
    config = load_config({"PBEM_HOME": str(tmp_path / "home"), "PBEM_SECRET_KEY": "files"})
    store = open_store("sqlite", tmp_path)
    seats = [NewSeat(name, f"{name}@example.org") for name in ("anna", "bruno", "carla")]
    loaded = create_game(store, "secret-masters", seats, seed_hex="9a" * 32,
                         master_email="gm@example.org")
    rows = store.outbox_for_game(loaded.meta.id)
    master = next(row for row in rows if row.kind == "master-link")
    assert mail_file_name(master) == f"{loaded.meta.id}-{master.seq:06d}-master-master-link"
    for row in rows:
        deliver(store, config, row.id)
    names = [path.name for path in Path(config.mail_dir).glob("*.eml")]
    assert f"{mail_file_name(master)}.eml" in names and not any("*" in n for n in names)
    store.dispose()
