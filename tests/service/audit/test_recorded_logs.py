"""Games recorded by earlier engine code still verify and audit: the rules code keeps reading
and re-deciding the logs it once wrote (or keeps the older rules they were played under)."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.audit.rerun import audit
from service.audit.verify import verify
from service.store.store import Store
from tests.recorded import recordings, restore


@pytest.mark.parametrize("path", recordings(), ids=lambda path: path.stem)
def test_a_recorded_game_still_verifies_and_audits(path: Path, tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'pbem.db'}")
    store.create_schema()
    game_id = restore(store, path)
    report = verify(store, game_id)
    assert report.ok, report.problem
    result = audit(store, game_id)
    assert result.orders > 0 and result.events == store.last_seq(game_id)


def test_every_game_has_a_recording() -> None:
    from engine.core.registry import GAME_MODULES

    recorded = {path.name.rsplit("-", 2)[0] for path in recordings()}
    assert set(GAME_MODULES) <= recorded, f"no recording of {set(GAME_MODULES) - recorded}"


def test_a_version_whose_rules_are_not_kept_is_named(tmp_path: Path) -> None:
    from engine.core.errors import UnknownEngineVersion
    from engine.core.registry import get_game

    with pytest.raises(UnknownEngineVersion, match="engine version '0.1' is not known"):
        get_game("secret-masters", "0.1")
