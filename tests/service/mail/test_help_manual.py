"""`help` is the manual by mail: the decision, then every mail command and press form."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.core import get_game
from service.base import clock
from service.game.loading import load_game
from service.mail.letter import COMMAND_WORDS, HELP_WORDS, read_letter
from service.orders.results import ServiceError
from service.seats.manual import TOPICS, Topic, press_detail, topic_text, topics_for
from service.seats.seatcommands import answer
from tests.service.tablemail import Table, open_table, text_of

SEATS_GAME = get_game("secret-masters")
COMMAND_TOPICS = [topic for topic in topics_for(SEATS_GAME) if topic.words]
"""The mail commands with their examples as a Secret Masters table shows them."""


@pytest.fixture(autouse=True)
def fixed_clock() -> Iterator[None]:
    """Every test runs on 2026-11-23, so the examples' dates lie ahead."""
    clock.set_now(datetime(2026, 11, 23, 9, 0, tzinfo=UTC))
    yield
    clock.set_now(None)


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """A Secret Masters game with private press."""
    return open_table(tmp_path)


def test_every_mail_command_word_has_its_page() -> None:
    covered = {word for topic in TOPICS for word in topic.words}
    assert (COMMAND_WORDS | HELP_WORDS) - covered == set()
    names = [topic.name for topic in TOPICS]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("topic", COMMAND_TOPICS, ids=lambda topic: topic.name)
def test_each_commands_example_is_read_as_that_command(topic: Topic) -> None:
    assert read_letter([topic.example]).commands == (topic.example,)
    assert topic.example.split()[0] in topic.words


def test_the_press_example_is_read_as_press() -> None:
    [press] = [topic for topic in TOPICS if topic.name == "press"]
    letter = read_letter([press.example])
    assert letter.press and letter.press[0].to == ("bruno", "carla")


@pytest.mark.parametrize("topic", [t for t in COMMAND_TOPICS if t.name != "help"],
                         ids=lambda topic: topic.name)
def test_each_commands_example_is_answered(table: Table, topic: Topic) -> None:
    text = answer(table.store, table.game_id, "anna", topic.example, "test#example")
    assert text and "not a mail command" not in text


def test_help_by_mail_gives_the_decision_then_every_command(table: Table) -> None:
    loaded = load_game(table.store, table.game_id)
    seat = loaded.game.prompts(loaded.state)[0].seat
    result = table.write(seat, "help\n")
    assert result.status == "help"
    body = text_of(table.answers[-1])
    decision = body.index("What you can write now:")
    prompt = loaded.game.prompt_for(loaded.state, seat)
    assert prompt is not None and prompt.summary in body
    for topic in topics_for(loaded.game):
        assert body.index(topic.example) > decision, topic.name
        assert topic.summary in body
    assert "help NAME" in body and "auto-pass" not in body
    assert load_game(table.store, table.game_id).seq == loaded.seq


@pytest.mark.parametrize("asked, topic", [
    ("press", "press"), ("notify", "notify"), ("absent", "absent"), ("back", "absent"),
    ("tz", "timezone"), ("status", "status"), ("history", "history"), ("resign", "resign"),
    ("help", "help"), ("confirm", "confirm"), ("`notify`", "notify"),
])
def test_help_on_one_topic_gives_its_details(table: Table, asked: str, topic: str) -> None:
    result = table.write("anna", f"help {asked}\n")
    [page] = [t for t in TOPICS if t.name == topic]
    meta = load_game(table.store, table.game_id).meta
    assert result.status == "talk"
    assert result.notes == (f"help {asked}\n{topic_text(meta, SEATS_GAME, [topic])}",)
    example, detail = result.notes[0].split("\n")[1:3]
    assert example == page.example and len(detail) > len(page.summary)


def test_the_details_of_press_and_absence_follow_the_games_settings(tmp_path: Path) -> None:
    grey = open_table(tmp_path / "grey", press="grey", absence_days=5)
    result = grey.write("anna", "help press\nhelp absent\n")
    assert "anonymous press to" in result.notes[0] and "limit of 5 days" in result.notes[1]
    off = open_table(tmp_path / "off", press="off")
    result = off.write("anna", "help\n")
    assert "press to" not in text_of(off.answers[-1]).split("Mail commands")[1]
    assert off.write("anna", "help press\n").notes[0].endswith(press_detail("off"))


def test_an_unknown_topic_is_answered_with_the_list_of_topics(table: Table) -> None:
    result = table.write("anna", "help xyz\n")
    note = result.notes[0]
    assert "There is no help on 'xyz'" in note
    for topic in topics_for(SEATS_GAME):
        assert topic.name in note.split("one of:")[1]
    assert "auto-pass" not in note


def test_a_game_with_standing_orders_lists_them(tmp_path: Path) -> None:
    assert "auto-pass" in [topic.name for topic in topics_for(get_game("illuminati"))]
    table = open_table(tmp_path, game="illuminati")
    result = table.write("anna", "help\nhelp auto-pass\n")
    body = text_of(table.answers[-1])
    assert "auto-pass on" in body.split("Mail commands")[1]
    assert "`auto-pass unless-attacked`" in result.notes[0]


def test_help_through_the_command_answer_names_the_decision_too(table: Table) -> None:
    text = answer(table.store, table.game_id, "anna", "help", "test#help")
    assert text.index("Mail commands and press") > 0
    with pytest.raises(ServiceError):
        answer(table.store, table.game_id, "anna", "sabbatical", "test#unknown")


@pytest.mark.parametrize(("game", "example"), [
    ("secret-masters", "standing vote neither"), ("masons", "standing towers nearest the shore"),
    ("freimaurerei", "standing roll accept"), ("castle-of-the-devil", "standing offers refuse"),
])
def test_the_standing_example_is_in_the_games_own_words(game: str, example: str) -> None:
    [standing] = [topic for topic in topics_for(get_game(game)) if topic.name == "standing"]
    assert standing.example == example
