"""The plain-text order grammar: parse, format_order and help.

Orders (case and extra spaces do not matter; region names may use spaces or hyphens, and a
unique beginning such as "n-am" or "oce" is enough):
    place <colour> <card>               the card named by its region, or "red" / "white"
    move <colour> <from region>         second seat: move an agent onto the open card
    vote <marker> <marker> <marker>     markers red, white, orange; "2 red orange" also works
    redeploy <colour> <from> [to] <to>  Grand Master at the Redeploy card
    pass
"""
from __future__ import annotations

import re
from typing import Any

from engine.core.contract import Prompt
from engine.core.errors import UnreadableOrder

from .board import MAP, Region
from .orders import MoveOrder, PassOrder, PlaceOrder, RedeployOrder, VoteOrder, canonical_text
from .rules import legal_text, open_card
from .state import COLOURS, Colour, Markers, Phase, Side, State

_SEPARATORS = re.compile(r"[\s\-_/,;:.!?()\"']+")
_FILLERS = frozenset({"a", "the", "card", "agent", "from", "pool", "my"})
_TARGET_WORDS = frozenset({"to", "into", "onto", "on"})
_KEYWORDS = {"place": "place", "put": "place", "move": "move", "vote": "vote",
             "redeploy": "redeploy", "pass": "pass", "skip": "pass"}
_SIDE_WORDS = {"red": Side.RED, "left": Side.RED, "white": Side.WHITE, "right": Side.WHITE}
_MARKER_WORDS = ("red", "white", "orange")


def words_of(text: str) -> list[str]:
    """Return the lower-case words of `text`, punctuation and hyphens read as spaces."""
    return [word for word in _SEPARATORS.split(text.lower()) if word]


def parse(text: str, index: int, state: State) -> Any:
    """Return the order written in `text` by seat `index`, or raise UnreadableOrder."""
    words = words_of(text)
    if not words:
        raise _unreadable(state, index, "The order is empty.")
    keyword = _KEYWORDS.get(words[0])
    if words[0] == "default":
        raise _unreadable(state, index, "The deadline default cannot be written as an order; it "
                          "is only applied when a deadline passes.")
    if keyword is None:
        raise _unreadable(state, index, f'"{words[0]}" is not an order word (place, move, vote, '
                          "redeploy or pass).")
    rest = words[1:]
    if keyword == "vote":
        return _parse_vote(rest, index, state)
    if keyword == "pass":
        if rest:
            raise _unreadable(state, index, f'"pass" takes nothing after it, not "{rest[0]}".')
        return PassOrder()
    rest = [word for word in rest if word not in _FILLERS]
    if keyword == "place":
        return _parse_place(rest, index, state)
    if keyword == "move":
        return _parse_move(rest, index, state)
    return _parse_redeploy(rest, index, state)


def _unreadable(state: State, index: int, message: str) -> UnreadableOrder:
    """Return the error for unreadable text, listing what the seat may write now."""
    legal = legal_text(state, index) if index >= 0 else ""
    return UnreadableOrder(message, legal=legal)


def _colour(words: list[str], index: int, state: State, what: str) -> Colour:
    """Return the agent colour named by the first of `words` (a unique prefix is enough)."""
    if not words:
        raise _unreadable(state, index, f"Name the colour of the {what} (blue, green, red or "
                          "yellow).")
    word = words[0]
    found = [colour for colour in COLOURS if colour.value.startswith(word)]
    if len(found) != 1:
        raise _unreadable(state, index, f'"{word}" is not an agent colour (blue, green, red or '
                          "yellow).")
    return found[0]


def region_matches(words: list[str]) -> list[Region]:
    """Return the regions the phrase `words` may name (exact names win over prefixes)."""
    phrase = " ".join(words)
    compact = "".join(words)
    exact = [r for r in MAP.regions
             if phrase in (_plain(r.name), _plain(r.id))
             or phrase in (_plain(alias) for alias in r.aliases)]
    if exact:
        return exact
    return [r for r in MAP.regions if _prefix_match(words, compact, r)]


def _plain(text: str) -> str:
    """Return `text` as lower-case words separated by single spaces."""
    return " ".join(words_of(text))


def _prefix_match(words: list[str], compact: str, region: Region) -> bool:
    """Return whether each word begins the matching word of the region name, or the whole run."""
    name_words = words_of(region.name)
    if len(words) <= len(name_words) and all(
            full.startswith(part) for part, full in zip(words, name_words)):
        return True
    return "".join(name_words).startswith(compact)


def _region(words: list[str], index: int, state: State, what: str) -> str:
    """Return the id of the single region `words` name, or raise saying why not."""
    if not words:
        raise _unreadable(state, index, f"Name the {what}.")
    found = region_matches(words)
    phrase = " ".join(words)
    if not found:
        raise _unreadable(state, index, f'"{phrase}" is not a region ({_region_list()}).')
    if len(found) > 1:
        names = " or ".join(r.name for r in found)
        raise _unreadable(state, index, f'"{phrase}" could be {names}; write more of the name.')
    return found[0].id


def _region_list() -> str:
    """Return the region ids, comma separated."""
    return ", ".join(MAP.ids)


def _card(words: list[str], index: int, state: State) -> str:
    """Return the region of the card named by `words`: its region or its side."""
    if len(words) == 1 and words[0] in _SIDE_WORDS:
        region = state.card(_SIDE_WORDS[words[0]])
        if region is None:
            raise _unreadable(state, index, "No region cards are showing now.")
        return region
    return _region(words, index, state, "card's region")


def _parse_place(words: list[str], index: int, state: State) -> PlaceOrder:
    """Read `place <colour> <card>`; the card may be left out when only one is open."""
    colour = _colour(words, index, state, "agent to place")
    target = [word for word in words[1:] if word not in _TARGET_WORDS]
    if not target:
        card = open_card(state) if state.phase is Phase.PLACE_SECOND else None
        if card is None:
            raise _unreadable(state, index, "Name the card to place on, by its region or as "
                              "red or white.")
        return PlaceOrder(colour, card)
    return PlaceOrder(colour, _card(target, index, state))


def _split_at_target(words: list[str]) -> tuple[list[str], list[str] | None]:
    """Return the words before and after the first to/into/onto (None when there is none)."""
    for position, word in enumerate(words):
        if word in _TARGET_WORDS:
            return words[:position], words[position + 1:]
    return words, None


def _parse_move(words: list[str], index: int, state: State) -> MoveOrder:
    """Read `move <colour> <from region> [to <card>]`."""
    colour = _colour(words, index, state, "agent to move")
    source_words, target_words = _split_at_target(words[1:])
    source = _region(source_words, index, state, "region the agent leaves")
    if target_words is not None:
        target = _card(target_words, index, state)
        card = open_card(state)
        if target != card:
            raise _unreadable(state, index, f'A move can only go onto the open card'
                              f'{" (" + card + ")" if card else ""}, not onto {target}.')
    return MoveOrder(colour, source)


def _parse_redeploy(words: list[str], index: int, state: State) -> RedeployOrder:
    """Read `redeploy <colour> <from region> [to] <to region>`."""
    colour = _colour(words, index, state, "agent to redeploy")
    source_words, target_words = _split_at_target(words[1:])
    if target_words is not None:
        source = _region(source_words, index, state, "region the agent leaves")
        return RedeployOrder(colour, source, _region(target_words, index, state,
                                                     "region the agent goes to"))
    pairs = _region_pairs(source_words)
    if len(pairs) == 1:
        return RedeployOrder(colour, *pairs[0])
    if not pairs:
        raise _unreadable(state, index, f'"{" ".join(source_words)}" is not two region names; '
                          "write redeploy <colour> <from region> to <to region>.")
    raise _unreadable(state, index, f'"{" ".join(source_words)}" can be split into two regions '
                      'in more than one way; put "to" between them.')


def _region_pairs(words: list[str]) -> list[tuple[str, str]]:
    """Return every distinct (from, to) pair the words can be split into."""
    pairs = []
    for cut in range(1, len(words)):
        first, second = region_matches(words[:cut]), region_matches(words[cut:])
        if len(first) == 1 and len(second) == 1:
            pairs.append((first[0].id, second[0].id))
    return list(dict.fromkeys(pairs))


def _parse_vote(words: list[str], index: int, state: State) -> VoteOrder:
    """Read three markers, e.g. `red red orange` or `2 red orange`."""
    chosen: list[str] = []
    count = 1
    for word in words:
        if word.isdigit():
            count = int(word)
            continue
        found = [marker for marker in _MARKER_WORDS if marker.startswith(word)]
        if len(found) != 1:
            raise _unreadable(state, index, f'"{word}" is not a vote marker (red, white or '
                              "orange).")
        chosen.extend(found * min(count, 10))
        count = 1
    if not chosen:
        raise _unreadable(state, index, "Name three markers, e.g. vote red white orange.")
    markers = Markers.from_words(chosen)
    return VoteOrder(markers.red, markers.white, markers.orange)


def format_order(value: Any) -> str:
    """Return the canonical text of an order."""
    return canonical_text(value)


def help_text(prompt: Prompt) -> str:
    """Return the lines telling the prompted seat what it can write now."""
    lines = [prompt.summary, "", "You can write:"]
    for form in prompt.forms:
        lines.append(f"  {form.syntax}  - {form.label}")
        for field in form.fields:
            lines.append(f"      {field.label}: {', '.join(field.options)}")
        if form.examples:
            lines.append("      for example: " + " | ".join(form.examples))
    lines.append("")
    kinds = {form.kind for form in prompt.forms}
    if kinds & {"place", "move", "redeploy"}:
        lines.append('Case does not matter; regions may be written with spaces or hyphens '
                     '("north america", "north-america"), and a unique beginning such as '
                     '"n-am" is enough.')
    if "place" in kinds:
        lines.append('A card can also be named by its side: "red" (left) or "white" (right).')
    if prompt.simultaneous:
        lines.append("Votes are sealed; you may send a new vote until the last vote is in.")
    lines.append(f"If the deadline passes ({prompt.deadline_hours} hours), "
                 f"{prompt.default_summary}.")
    return "\n".join(lines)


__all__ = ["format_order", "help_text", "parse", "region_matches", "words_of"]
