"""The engine core: codec, seeded random stream, type tables with upcasting, options."""
from __future__ import annotations

import enum
import hashlib
import hmac
import json
from collections import Counter
from dataclasses import dataclass

import pytest

from engine.core import (
    Canaries,
    OptionSpec,
    Rng,
    TypeTable,
    canonical_json,
    decode,
    encode,
    event,
    replace,
)


class Suit(str, enum.Enum):
    HEARTS = "hearts"
    SPADES = "spades"


@dataclass(frozen=True)
class Card:
    suit: Suit
    rank: int


@dataclass(frozen=True)
class Table:
    cards: tuple[Card, ...]
    pair: tuple[int, str]
    owners: dict[str, Suit]
    by_suit: dict[Suit, tuple[int, ...]]
    seen: frozenset[str]
    note: str | None
    top: Card | None = None


def test_codec_round_trips_nested_dataclasses() -> None:
    table = Table((Card(Suit.HEARTS, 3), Card(Suit.SPADES, 12)), (1, "x"),
                  {"anna": Suit.SPADES}, {Suit.HEARTS: (1, 2)}, frozenset({"b", "a"}), None,
                  Card(Suit.SPADES, 1))
    data = json.loads(json.dumps(encode(table)))
    assert data["seen"] == ["a", "b"]
    assert data["cards"][0] == {"suit": "hearts", "rank": 3}
    assert decode(Table, data) == table


def test_codec_fills_a_missing_defaulted_field_from_older_data() -> None:
    assert decode(Table, {"cards": [], "pair": [1, "x"], "owners": {}, "by_suit": {},
                          "seen": [], "note": None}).top is None


def test_codec_refuses_unsupported_types() -> None:
    with pytest.raises(TypeError):
        encode(object())


def test_canonical_json_is_key_order_independent() -> None:
    assert canonical_json({"b": 1, "a": [1, "é"]}) == '{"a":[1,"é"],"b":1}'


def test_rng_stream_is_the_documented_hmac_construction() -> None:
    """The stream must stay reproducible by anyone from the seed: pin its first block."""
    seed, game_id, seq = b"\x01" * 32, "abc", 5
    key = hmac.new(seed, b"abc:5", hashlib.sha256).digest()
    block = hmac.new(key, (0).to_bytes(8, "big"), hashlib.sha256).digest()
    rng = Rng.for_position(seed, game_id, seq)
    assert rng.getrandbits(256) == int.from_bytes(block, "big")


def test_rng_is_deterministic_per_position_and_differs_between_positions() -> None:
    first = Rng.for_position(b"s" * 32, "g", 1).shuffled(range(20))
    again = Rng.for_position(b"s" * 32, "g", 1).shuffled(range(20))
    other = Rng.for_position(b"s" * 32, "g", 2).shuffled(range(20))
    assert first == again and first != other and sorted(first) == list(range(20))


def test_rng_randbelow_is_roughly_uniform_and_in_range() -> None:
    rng = Rng(b"uniform")
    counts = Counter(rng.randbelow(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < n < 1200 for n in counts.values())
    assert 1 <= rng.roll(6) <= 6
    assert rng.draws == 6001


def test_rng_refuses_empty_choices() -> None:
    with pytest.raises(ValueError):
        Rng(b"x").choice([])
    with pytest.raises(ValueError):
        Rng(b"x").randbelow(0)


@event("thing-happened", version=2)
@dataclass(frozen=True)
class ThingHappened:
    who: str
    count: int


def test_type_table_upcasts_old_schema_versions() -> None:
    table = TypeTable([ThingHappened], "event_type",
                      {("thing-happened", 1): lambda p: {"who": p["name"], "count": 1}})
    assert table.dump(ThingHappened("anna", 2)) == ("thing-happened", {"who": "anna", "count": 2})
    assert table.version_of(ThingHappened("anna", 2)) == 2
    assert table.load("thing-happened", {"name": "bruno"}, 1) == ThingHappened("bruno", 1)
    assert table.load("thing-happened", {"who": "carla", "count": 4}, 2) == \
        ThingHappened("carla", 4)
    with pytest.raises(KeyError):
        table.load("no-such-thing", {})


def test_option_specs_parse_and_explain() -> None:
    flag = OptionSpec("long", "bool", False, "play to 6")
    number = OptionSpec("rounds", "int", 3, "how many", minimum=1, maximum=9)
    choice = OptionSpec("deck", "choice", "plain", "which deck", choices=("plain", "tarot"))
    assert flag.parse("Yes") is True and flag.parse("off") is False
    assert number.parse("4") == 4 and choice.parse("tarot") == "tarot"
    for spec, text, words in [(flag, "maybe", "yes or no"), (number, "x", "whole number"),
                              (number, "0", "at least 1"), (number, "10", "at most 9"),
                              (choice, "joker", "one of plain, tarot")]:
        with pytest.raises(ValueError, match=words):
            spec.parse(text)


def test_canaries_are_unique_and_remember_owners() -> None:
    canaries = Canaries()
    first, second = canaries.text({"anna"}), canaries.number(("bruno",))
    assert first != str(second)
    assert canaries.owners == {first: frozenset({"anna"}), str(second): frozenset({"bruno"})}


def test_replace_copies_a_frozen_dataclass() -> None:
    card = Card(Suit.HEARTS, 3)
    assert replace(card, rank=4) == Card(Suit.HEARTS, 4) and card.rank == 3
