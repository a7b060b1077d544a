"""The plain-text order grammar: parse, format_order and help.

Orders (case, commas and extra words such as "the" do not matter):
    outer white | outer black             setup: the SM's large pyramid
    declare end                           at the start of a turn, when a condition is met
    recruit | dues | build lodge | reorganize | advance | intrigue
    charter french | charter st andrews | charter perfection
    place in lodge 3 | place unaffiliated recruitment: where the final roll's Masons go
    members M1 M2 SM                      Build a Lodge: the three charter members
    move M3 to lodge 2 | move SM to unaffiliated                    Reorganize, one piece a time
    advance M9 M10 by M7                  Advance Initiates: candidates, then the initiator
    done                                  finish a reorganization or an advancement
    accept | reroll                       Intrigue: keep the roll or pay 5 T to roll again
    swap schwerheim | aim lodge 4 | dig M7 inner | tip leichtberg | hop M9 with SM | forgo
Pieces: SM (your Secret Master) and M<number>. Lodges: "lodge 3", "L3", "#3" or the card on top
("5C"). Principalities: leichtberg, schwerheim, or "mine" / "theirs".
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.core.contract import Prompt
from engine.core.errors import UnreadableOrder

from .checks import legal_text
from .orders import (
    AcceptOrder,
    AdvanceOrder,
    AimOrder,
    BuildOrder,
    CharterOrder,
    DeclareEndOrder,
    DigOrder,
    DoneOrder,
    DuesOrder,
    ForgoOrder,
    HopOrder,
    InitiateOrder,
    IntrigueOrder,
    MembersOrder,
    MoveOrder,
    OuterOrder,
    PlaceOrder,
    RecruitOrder,
    ReorganizeOrder,
    RerollOrder,
    SwapOrder,
    TipOrder,
    canonical_text,
)
from .state import REALMS, SM, Alignment, Charter, Phase, Principality, State, id_order, other

_SEPARATORS = re.compile(r"[\s\-_/,;:.!?()\"'=>]+")
_FILLERS = frozenset({"a", "an", "the", "my", "our", "of", "please", "and", "secret", "new",
                      "masons", "mason", "pieces", "piece", "them", "it", "all"})
_LOOSE = frozenset({"unaffiliated", "unaff", "loose", "outside", "none", "nowhere", "zone",
                    "unaffiliate", "free"})
_MASTER = frozenset({"sm", "master"})
_LODGE_WORDS = frozenset({"lodge", "in", "to", "into", "at", "on", "onto", "under"})
_MINE = frozenset({"mine", "own", "ours", "home", "me"})
_THEIRS = frozenset({"theirs", "their", "other", "opponent", "opponents", "enemy", "yours"})


class Reader:
    """Reads one order for one seat, raising UnreadableOrder that names the wrong word."""

    def __init__(self, text: str, index: int, state: State) -> None:
        self.words = words_of(text)
        self.index = index
        self.state = state

    def fail(self, message: str) -> UnreadableOrder:
        """Return the error for unreadable text, listing what the seat may write now."""
        legal = legal_text(self.state, self.index) if self.index >= 0 else ""
        return UnreadableOrder(message, legal=legal)

    def piece(self, word: str) -> str | None:
        """Return the piece id written as `word` (SM, M7), or None."""
        if word in _MASTER:
            return SM
        if len(word) > 1 and word[0] == "m" and word[1:].isdigit():
            return "M" + str(int(word[1:]))
        return None

    def pieces(self, words: list[str], what: str) -> tuple[str, ...]:
        """Return the piece ids among `words`, failing on any other word."""
        found = []
        for word in words:
            if word in _FILLERS:
                continue
            piece = self.piece(word)
            if piece is None:
                raise self.fail(f'"{word}" is not a piece; name {what} as SM or M<number>, '
                                "e.g. M7.")
            found.append(piece)
        return tuple(found)

    def lodge(self, words: list[str]) -> int | None:
        """Return the lodge the words name (None: unaffiliated)."""
        words = [w for w in words if w not in _FILLERS and w not in _LODGE_WORDS]
        if len(words) == 1 and words[0] in _LOOSE:
            return None
        if len(words) == 1:
            number = self._lodge_number(words[0])
            if number is not None:
                return number
        phrase = " ".join(words) or "nothing"
        raise self.fail(f'"{phrase}" is not a lodge; write e.g. lodge 3, L3, the card on top '
                        "(5C) or unaffiliated.")

    def _lodge_number(self, word: str) -> int | None:
        """Return the lodge number written as 3, l3, #3, or its top card (5c)."""
        digits = word.lstrip("l#")
        if digits.isdigit():
            return int(digits)
        for realm in self.state.realms:
            for lodge in realm.lodges:
                if lodge.card.lower() == word:
                    return lodge.number
        return None

    def principality(self, words: list[str]) -> Principality:
        """Return the principality the words name."""
        words = [w for w in words if w not in _FILLERS]
        if len(words) == 1:
            word = words[0]
            if word in _MINE:
                return REALMS[self.index]
            if word in _THEIRS:
                return REALMS[other(self.index)]
            found = [p for p in REALMS if p.value.startswith(word)]
            if len(found) == 1:
                return found[0]
        phrase = " ".join(words) or "nothing"
        raise self.fail(f'"{phrase}" is not a principality; write leichtberg or schwerheim '
                        "(or mine / theirs).")


def words_of(text: str) -> list[str]:
    """Return the lower-case words of `text`, punctuation and hyphens read as spaces."""
    return [word for word in _SEPARATORS.split(text.lower().replace("#", " #")) if word]


def _split(words: list[str], separators: frozenset[str]) -> tuple[list[str], list[str] | None]:
    """Return the words before and after the first separator (None when there is none)."""
    for position, word in enumerate(words):
        if word in separators:
            return words[:position], words[position + 1:]
    return words, None


def parse(text: str, index: int, state: State) -> Any:
    """Return the order written in `text` by the seat of principality `index`."""
    reader = Reader(text, index, state)
    if not reader.words:
        raise reader.fail("The order is empty.")
    head, rest = reader.words[0], reader.words[1:]
    if head == "default":
        raise reader.fail("The deadline default cannot be written as an order; it is applied "
                          "only when a deadline passes.")
    if reader.piece(head) is not None and rest[:1] in (["advances"], ["initiates"]):
        return _advance(reader, rest[1:] + ["by", head])
    parser = _KEYWORDS.get(head)
    if parser is None:
        raise reader.fail(f'"{head}" is not an order word here.')
    return parser(reader, rest)


def _nothing_after(reader: Reader, rest: list[str], order: Any, allowed: frozenset[str]
                   ) -> Any:
    """Return `order` if only harmless words follow it."""
    extra = [w for w in rest if w not in _FILLERS and w not in allowed]
    if extra:
        raise reader.fail(f'"{canonical_text(order)}" takes nothing more, not "{extra[0]}".')
    return order


def _fixed(order: Any, allowed: frozenset[str] = frozenset()) -> Callable[[Reader, list[str]],
                                                                          Any]:
    """Return a parser for an order written as a single word."""
    return lambda reader, rest: _nothing_after(reader, rest, order, allowed)


def _outer(reader: Reader, rest: list[str]) -> Any:
    colours = {"white": Alignment.ROSICRUCIAN, "rosicrucian": Alignment.ROSICRUCIAN,
               "black": Alignment.ILLUMINATI, "illuminati": Alignment.ILLUMINATI}
    words = [reader.words[0], *rest]
    found = {colours[w] for w in words if w in colours}
    if len(found) != 1:
        raise reader.fail("Name one colour for your SM: outer white (Rosicrucian) or outer "
                          "black (Illuminati).")
    return OuterOrder(found.pop())


def _declare(reader: Reader, rest: list[str]) -> Any:
    return _nothing_after(reader, rest, DeclareEndOrder(), frozenset({"end", "game", "over"}))


def _end(reader: Reader, rest: list[str]) -> Any:
    if reader.state.phase in (Phase.REORGANIZE, Phase.ADVANCE) and not rest:
        return DoneOrder()
    return _declare(reader, rest)


def _charter(reader: Reader, rest: list[str]) -> Any:
    words = [w for w in rest if w not in _FILLERS and w not in ("rite", "s")]
    kinds = {"french": Charter.FRENCH, "red": Charter.FRENCH, "st": Charter.ST_ANDREWS,
             "saint": Charter.ST_ANDREWS, "andrew": Charter.ST_ANDREWS,
             "andrews": Charter.ST_ANDREWS, "standrews": Charter.ST_ANDREWS,
             "green": Charter.ST_ANDREWS, "perfection": Charter.PERFECTION,
             "purple": Charter.PERFECTION, "perfect": Charter.PERFECTION}
    found = {kinds.get(w) for w in words}
    if not words or None in found or len(found) != 1:
        bad = next((w for w in words if w not in kinds), None)
        start = f'"{bad}" is not a rite. ' if bad else ""
        raise reader.fail(start + "Write charter french, charter st andrews or charter "
                          "perfection.")
    charter = found.pop()
    assert charter is not None
    return CharterOrder(charter)


def _build(reader: Reader, rest: list[str]) -> Any:
    named = [w for w in rest if reader.piece(w) is not None]
    if reader.state.phase is Phase.BUILD_MEMBERS:
        return _members(reader, [w for w in rest if w not in ("lodge", "with")])
    if named:
        members = _members(reader, [w for w in rest if w not in ("lodge", "with")])
        return BuildOrder(members.members)
    return _nothing_after(reader, rest, BuildOrder(), frozenset({"lodge"}))


def _members(reader: Reader, rest: list[str]) -> Any:
    chosen = reader.pieces([w for w in rest if w not in ("with", "members")], "the members")
    if not chosen:
        raise reader.fail("Name the three charter members, e.g. members M1 M2 SM.")
    return MembersOrder(tuple(sorted(chosen, key=id_order)))


def _reorganize(reader: Reader, rest: list[str]) -> Any:
    if reader.state.phase is Phase.REORGANIZE and rest:
        return _move(reader, rest)
    if [w for w in rest if w not in _FILLERS]:
        raise reader.fail("Write reorganize on its own to begin; then move one piece per order "
                          "(move M3 to lodge 2) and write done at the end.")
    return ReorganizeOrder()


def _move(reader: Reader, rest: list[str]) -> Any:
    before, after = _split(rest, frozenset({"to", "into", "in"}))
    pieces = reader.pieces(before, "the piece to move")
    if len(pieces) != 1:
        raise reader.fail("Move one piece at a time, e.g. move M3 to lodge 2.")
    if after is None:
        raise reader.fail(f"Say where {pieces[0]} goes, e.g. move {pieces[0]} to lodge 2 or "
                          f"move {pieces[0]} to unaffiliated.")
    return MoveOrder(pieces[0], reader.lodge(after))


def _advance(reader: Reader, rest: list[str]) -> Any:
    if not [w for w in rest if w not in _FILLERS and w != "initiates"]:
        return AdvanceOrder()
    if reader.state.phase is not Phase.ADVANCE:
        raise reader.fail("Write advance on its own to begin; then name each initiation "
                          "(advance M9 M10 by M7) and write done at the end.")
    return _initiation(reader, rest)


def _initiation(reader: Reader, rest: list[str]) -> Any:
    before, after = _split(rest, frozenset({"by", "with", "from", "using"}))
    if after is None:
        raise reader.fail("Name the initiator after by, e.g. advance M9 M10 by M7.")
    initiator = reader.pieces(after, "the initiator")
    if len(initiator) != 1:
        raise reader.fail("Name one initiator after by, e.g. advance M9 by SM.")
    candidates = reader.pieces(before, "the candidates")
    return InitiateOrder(initiator[0], tuple(sorted(candidates, key=id_order)))


def _place(reader: Reader, rest: list[str]) -> Any:
    return PlaceOrder(reader.lodge(rest))


def _dig(reader: Reader, rest: list[str]) -> Any:
    where = {"inner": True, "small": True, "outer": False, "medium": False}
    words = [w for w in rest if w not in _FILLERS and w not in ("alignment", "under", "at")]
    chosen = [where[w] for w in words if w in where]
    named = [w for w in words if w not in where]
    if len(chosen) != 1:
        raise reader.fail("Say inner or outer, e.g. dig M7 inner.")
    pieces = reader.pieces(named, "the Perfect Initiate")
    if len(pieces) != 1:
        raise reader.fail("Name one Perfect Initiate, e.g. dig M7 outer.")
    return DigOrder(pieces[0], chosen[0])


def _hop(reader: Reader, rest: list[str]) -> Any:
    before, after = _split(rest, frozenset({"with", "by", "using", "via"}))
    if after is None:
        named = reader.pieces(before, "the target and the agent")
        if len(named) != 2:
            raise reader.fail("Name the target and your agent, e.g. hop M9 with SM.")
        return HopOrder(named[0], named[1])
    target, agent = reader.pieces(before, "the target"), reader.pieces(after, "the agent")
    if len(target) != 1 or len(agent) != 1:
        raise reader.fail("Name one target and one agent, e.g. hop M9 with M7.")
    return HopOrder(target[0], agent[0])


def _aim(reader: Reader, rest: list[str]) -> Any:
    number = reader.lodge(rest)
    if number is None:
        raise reader.fail("AIM needs a lodge, e.g. aim lodge 3.")
    return AimOrder(number)


_KEYWORDS: dict[str, Callable[[Reader, list[str]], Any]] = {
    "outer": _outer, "choose": _outer, "sm": _outer, "white": _outer, "black": _outer,
    "rosicrucian": _outer, "illuminati": _outer,
    "declare": _declare, "end": _end,
    "recruit": _fixed(RecruitOrder()), "dues": _fixed(DuesOrder()),
    "assess": _fixed(DuesOrder(), frozenset({"dues"})),
    "build": _build, "members": _members, "with": _members,
    "reorganize": _reorganize, "reorganise": _reorganize, "reaffiliate": _reorganize,
    "move": _move, "charter": _charter,
    "advance": _advance, "initiate": _advance, "intrigue": _fixed(IntrigueOrder()),
    "accept": _fixed(AcceptOrder()), "keep": _fixed(AcceptOrder()),
    "reroll": _fixed(RerollOrder()), "re": _fixed(RerollOrder(), frozenset({"roll"})),
    "roll": _fixed(RerollOrder(), frozenset({"again"})),
    "place": _place, "put": _place,
    "done": _fixed(DoneOrder()), "finish": _fixed(DoneOrder()), "stop": _fixed(DoneOrder()),
    "swap": lambda r, rest: SwapOrder(r.principality(rest)),
    "tip": lambda r, rest: TipOrder(r.principality(rest)),
    "aim": _aim, "dig": _dig, "hop": _hop,
    "forgo": _fixed(ForgoOrder()), "drop": _fixed(ForgoOrder()), "pass": _fixed(ForgoOrder()),
}


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
    lines.append("Pieces are SM (your Secret Master) and M<number>; lodges are lodge <n> "
                 "(also L3, #3, or the card on top such as 5C); case does not matter.")
    if prompt.simultaneous:
        lines.append("The choice is sealed; you may change it until the other seat has chosen.")
    lines.append(f"If the deadline passes ({prompt.deadline_hours} hours), "
                 f"{prompt.default_summary}.")
    return "\n".join(lines)


__all__ = ["format_order", "help_text", "parse", "words_of"]
