"""The order grammar of Secret Masters, read against the seat's own view.

    place <colour> <card>               the card named by its region, or "red" / "white"
    move <colour> <from region>         second seat: move an agent onto the open card
    vote <marker> <marker> <marker>     markers red, white, orange; "2 red orange" and
                                        "two red and a white" also work
    redeploy <colour> <from> [to] <to>  Grand Master at the Redeploy card
    pass                                also "no redeploy" at the Redeploy card
"""
from __future__ import annotations

import re

from engine.core.ordertext import Grammar, Names, Reader, content, number

from .orders import MoveOrder, PassOrder, PlaceOrder, RedeployOrder, VoteOrder
from .state import COLOURS, MAP, Colour, Markers

GRAMMAR = Grammar("Secret Masters", separators=re.compile(r"[\s\-_/,;:.!?()\"']+"), notes=(
    ('Regions may be written with spaces or hyphens ("north america", "north-america"), and '
     'the beginning of each word is enough when it fits one region only ("n am", "oce").'),
    'When placing, a card may also be named by its side: "red" (left) or "white" (right).',
    ("A vote is sealed: the others learn only that it is in, and the count shows totals, never "
     "who put in what.")))
FILLERS = frozenset({"a", "the", "card", "agent", "from", "pool", "my"})
TARGET_WORDS = frozenset({"to", "into", "onto", "on"})
SIDE_WORDS = {"red": "red", "left": "red", "white": "white", "right": "white"}
MARKER_WORDS = ("red", "white", "orange")
COLOUR_LIST = "blue, green, red or yellow"
AGENT_COLOURS = Names({colour.value: [colour.value] for colour in COLOURS}, "agent colour")
REGIONS = Names({region.id: [region.name, *region.aliases] for region in MAP.regions}, "region",
                by_words=True)
REGION_LIST = "regions: " + ", ".join(MAP.ids)


def _colour(words: list[str], reader: Reader, what: str) -> Colour:
    """Return the agent colour named by the first of `words` (a unique beginning is enough)."""
    if not words:
        raise reader.fail(f"Name the colour of the {what} ({COLOUR_LIST}).")
    return Colour(AGENT_COLOURS.find(words[:1], reader, COLOUR_LIST))


def _region(words: list[str], reader: Reader, what: str) -> str:
    """Return the id of the single region `words` name, or raise saying why not."""
    if not words:
        raise reader.fail(f"Name the {what}.")
    return REGIONS.find(words, reader, REGION_LIST)


def _card(words: list[str], reader: Reader) -> str:
    """Return the region of the card named by `words`: its region or its side."""
    if len(words) == 1 and words[0] in SIDE_WORDS:
        card = (reader.view.get("cards") or {}).get(SIDE_WORDS[words[0]]) or {}
        if card.get("region") is None:
            raise reader.fail("No region cards are showing now.")
        return str(card["region"])
    return _region(words, reader, "card's region")


def _split_at_target(words: list[str]) -> tuple[list[str], list[str] | None]:
    """Return the words before and after the first to/into/onto (None when there is none)."""
    for position, word in enumerate(words):
        if word in TARGET_WORDS:
            return words[:position], words[position + 1:]
    return words, None


@GRAMMAR.rule("place", "put", kinds=("place",))
def _place(words: list[str], reader: Reader) -> PlaceOrder:
    """Read `place <colour> <card>`; the card may be left out when only one is open."""
    words = content(words, FILLERS)
    colour = _colour(words, reader, "agent to place")
    target = [word for word in words[1:] if word not in TARGET_WORDS]
    if target:
        return PlaceOrder(colour, _card(target, reader))
    card = reader.view.get("open_card")
    if card is None:
        raise reader.fail("Name the card to place on, by its region or as red or white.")
    return PlaceOrder(colour, str(card))


_NO_MOVE = ("No card is open for a move now: only the second player of a turn moves an agent, "
            "onto the card the active player left free.")
_NO_OPEN_CARD = {
    "redeploy": ("No card is open during Redeploy. To move an agent to a region of lower value, "
                 "write redeploy <colour> <from region> <to region>."),
    "place-first": ("No card is open for a move yet: the active player first places an agent "
                    "from the pool; then the next player may move one onto the other card."),
}


@GRAMMAR.rule("move", kinds=("move",))
def _move(words: list[str], reader: Reader) -> MoveOrder:
    """Read `move <colour> <from region> [to <card>]`, which only fills an open card."""
    if reader.view.get("open_card") is None:
        raise reader.fail(_NO_OPEN_CARD.get(str(reader.view.get("phase")), _NO_MOVE))
    words = content(words, FILLERS)
    colour = _colour(words, reader, "agent to move")
    source_words, target_words = _split_at_target(words[1:])
    source = _region(source_words, reader, "region the agent leaves")
    if target_words is not None:
        target = _card(target_words, reader)
        card = reader.view.get("open_card")
        if target != card:
            raise reader.fail(f'A move can only go onto the open card'
                              f'{" (" + str(card) + ")" if card else ""}, not onto {target}.')
    return MoveOrder(colour, source)


@GRAMMAR.rule("vote", kinds=("vote",))
def _vote(words: list[str], reader: Reader) -> VoteOrder:
    """Read three markers, e.g. `red red orange`, `2 red orange` or `two red and a white`."""
    chosen: list[str] = []
    count = 1
    for word in words:
        if word == "and":
            continue
        amount = number(word)
        if amount is not None:
            count = amount
            continue
        chosen.extend([_marker(word, reader)] * min(count, 10))
        count = 1
    if not chosen:
        raise reader.fail("Name three markers, e.g. vote red white orange.")
    markers = Markers.from_words(chosen)
    return VoteOrder(markers.red, markers.white, markers.orange)


def _marker(word: str, reader: Reader) -> str:
    """Return the marker colour `word` names ("r", "reds" and "red" all name red)."""
    for form in (word, word[:-1] if word.endswith("s") else ""):
        found = [marker for marker in MARKER_WORDS if form and marker.startswith(form)]
        if len(found) == 1:
            return found[0]
    raise reader.fail(f'"{word}" is not a vote marker (red, white or orange).')


@GRAMMAR.rule("redeploy", kinds=("redeploy",))
def _redeploy(words: list[str], reader: Reader) -> RedeployOrder:
    """Read `redeploy <colour> <from region> [to] <to region>`."""
    words = content(words, FILLERS)
    colour = _colour(words, reader, "agent to redeploy")
    source_words, target_words = _split_at_target(words[1:])
    if target_words is not None:
        source = _region(source_words, reader, "region the agent leaves")
        return RedeployOrder(colour, source, _region(target_words, reader,
                                                     "region the agent goes to"))
    pairs = _region_pairs(source_words)
    if len(pairs) == 1:
        return RedeployOrder(colour, *pairs[0])
    phrase = " ".join(source_words)
    if not pairs:
        raise reader.fail(f'"{phrase}" is not two region names; write redeploy <colour> '
                          "<from region> to <to region>.")
    raise reader.fail(f'"{phrase}" can be split into two regions in more than one way; put '
                      '"to" between them.')


def _region_pairs(words: list[str]) -> list[tuple[str, str]]:
    """Return every distinct (from, to) pair the words can be split into."""
    pairs = []
    for cut in range(1, len(words)):
        first, second = REGIONS.matches(" ".join(words[:cut])), REGIONS.matches(
            " ".join(words[cut:]))
        if len(first) == 1 and len(second) == 1:
            pairs.append((first[0], second[0]))
    return list(dict.fromkeys(pairs))


REDEPLOY_WORDS = ("redeploy", "redeployment", "redeploying")


@GRAMMAR.rule("pass", "skip", kinds=("pass",))
def _pass(words: list[str], reader: Reader) -> PassOrder:
    """Read `pass` (at Redeploy also `pass redeploy`, `skip redeploy`)."""
    if words and words[0] in REDEPLOY_WORDS:
        return _no_redeploy(words[1:], reader)
    if words:
        raise reader.fail(f'"pass" takes nothing after it, not "{words[0]}".')
    return PassOrder()


@GRAMMAR.rule("no", "dont", "don", "do", kinds=("pass",))
def _declined(words: list[str], reader: Reader) -> PassOrder:
    """Read `no redeploy`, `don't redeploy` or `do not redeploy` as passing at Redeploy."""
    rest = [word for word in words if word not in ("not", "t")]
    if rest and rest[0] in REDEPLOY_WORDS:
        return _no_redeploy(rest[1:], reader)
    raise reader.fail("Only Redeploy can be declined in words (no redeploy); to leave a card "
                      "empty when nothing can go there, write pass.")


def _no_redeploy(words: list[str], reader: Reader) -> PassOrder:
    """Return passing at the Redeploy card, or say why there is none to decline."""
    if reader.view.get("phase") != "redeploy":
        raise reader.fail("There is no Redeploy to decline now: it comes after the third turn "
                          "of each round.")
    reader.nothing_after(words, None, "no redeploy", allowed=("now", "this", "round", "time"))
    return PassOrder()


@GRAMMAR.otherwise
def _unknown(words: list[str], reader: Reader) -> None:
    """Answer a line without an order word with the help of the seat's decision."""
    raise reader.help_error(f'"{words[0]}" is not an order word (place, move, vote, redeploy '
                            "or pass).")


# Examples for `help ORDER` (each kind's; the core test holds every kind to having one).
GRAMMAR.example("place", "place blue europe")
GRAMMAR.example("move", "move red africa")
GRAMMAR.example("vote", "vote red white white")
GRAMMAR.example("redeploy", "redeploy green europe oceania")
GRAMMAR.example("pass", "pass")
