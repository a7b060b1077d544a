"""The plain-text order grammar, read against the seat's own view (never the state).

Every order word has one rule; the orders and their other spellings are listed in
docs/rules/freimaurerei.md ("Writing orders"). Pieces are SM and M<number>; lodges are "lodge
3", "L3", "#3" or the card on top; principalities are leichtberg, schwerheim, mine or theirs.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from engine.core.ordertext import Grammar, Reader, content, split_at

from .orders import (
    ORDERS,
    AcceptOrder,
    AdvanceOrder,
    AimOrder,
    BuildOrder,
    CharterOrder,
    DeclareEndOrder,
    DeclineOrder,
    DefectOrder,
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
)
from .state import REALMS, SM, Alignment, Charter, Principality, id_order

SEPARATORS = re.compile(r"[\s\-_/,;:.!?()\"'=>]+")
FILLERS = frozenset({"a", "an", "the", "my", "our", "of", "please", "and", "secret", "new",
                     "masons", "mason", "pieces", "piece", "them", "it", "all"})
LOOSE = frozenset({"unaffiliated", "unaff", "loose", "outside", "none", "nowhere", "zone",
                   "unaffiliate", "free"})
LODGE_WORDS = frozenset({"lodge", "in", "to", "into", "at", "on", "onto", "under"})
MINE = frozenset({"mine", "own", "ours", "home", "me"})
THEIRS = frozenset({"theirs", "their", "other", "opponent", "opponents", "enemy", "yours"})
RULER_WORDS = frozenset({"ruler", "rulers", "principality", "throne"})
"""Words around a principality's name that add nothing ("swap the ruler of schwerheim")."""
COLOURS = {"white": Alignment.ROSICRUCIAN, "rosicrucian": Alignment.ROSICRUCIAN,
           "black": Alignment.ILLUMINATI, "illuminati": Alignment.ILLUMINATI}
CHARTERS = {"french": Charter.FRENCH, "red": Charter.FRENCH, "st": Charter.ST_ANDREWS,
            "saint": Charter.ST_ANDREWS, "andrew": Charter.ST_ANDREWS,
            "andrews": Charter.ST_ANDREWS, "standrews": Charter.ST_ANDREWS,
            "green": Charter.ST_ANDREWS, "perfection": Charter.PERFECTION,
            "purple": Charter.PERFECTION, "perfect": Charter.PERFECTION}

NOTE = ("Pieces are SM (your Secret Master) and M<number>; lodges are lodge <n> (also L3, #3, "
        "or the card on top such as 5C).")
GRAMMAR = Grammar("Freimaurerei", separators=SEPARATORS, notes=(NOTE,))


# -- words of the game ---------------------------------------------------------------------

def piece_of(word: str) -> str | None:
    """Return the piece id written as `word` (SM, M7), or None."""
    if word in ("sm", "master"):
        return SM
    if len(word) > 1 and word[0] == "m" and word[1:].isdigit():
        return "M" + str(int(word[1:]))
    return None


def pieces_of(words: Iterable[str], reader: Reader, what: str) -> tuple[str, ...]:
    """Return the piece ids among `words`, failing on any other word."""
    found = []
    for word in content(words, FILLERS):
        piece = piece_of(word)
        if piece is None:
            raise reader.fail(f'"{word}" is not a piece; name {what} as SM or M<number>, '
                              "e.g. M7.")
        found.append(piece)
    return tuple(found)


def lodge_of(words: Iterable[str], reader: Reader) -> int | None:
    """Return the lodge the words name (None: unaffiliated)."""
    kept = [w for w in content(words, FILLERS) if w not in LODGE_WORDS]
    if len(kept) == 1 and kept[0] in LOOSE:
        return None
    if len(kept) == 1:
        number = _lodge_number(kept[0], reader)
        if number is not None:
            return number
    phrase = " ".join(kept) or "nothing"
    raise reader.fail(f'"{phrase}" is not a lodge; write e.g. lodge 3, L3, the card on top (5C) '
                      "or unaffiliated.")


def _lodge_number(word: str, reader: Reader) -> int | None:
    """Return the lodge number written as 3, l3, #3, or its top card as the seat sees it."""
    digits = word.lstrip("l#")
    if digits.isdigit():
        return int(digits)
    for realm in reader.view.get("principalities", ()):
        for lodge in realm["lodges"]:
            if str(lodge["card"]["id"]).lower() == word:
                return int(lodge["number"])
    return None


def principality_of(words: Iterable[str], reader: Reader) -> Principality:
    """Return the principality the words name (mine and theirs from the seat's view)."""
    kept = [w for w in content(words, FILLERS) if w not in RULER_WORDS]
    own = (reader.view.get("you") or {}).get("principality")
    if len(kept) == 1:
        word = kept[0]
        if word in MINE and own:
            return Principality(own)
        if word in THEIRS and own:
            return next(p for p in REALMS if p.value != own)
        found = [p for p in REALMS if p.value.startswith(word)]
        if len(found) == 1:
            return found[0]
    phrase = " ".join(kept) or "nothing"
    raise reader.fail(f'"{phrase}" is not a principality; write leichtberg or schwerheim (or '
                      "mine / theirs).")


def only(order: Any, rest: list[str], reader: Reader, allowed: Iterable[str] = ()) -> Any:
    """Return `order` if only harmless words follow it, else say which word is too many."""
    extra = [w for w in content(rest, FILLERS) if w not in set(allowed)]
    if extra:
        raise reader.fail(f'"{ORDERS.text(order)}" takes nothing more, not "{extra[0]}".')
    return order


def phase(reader: Reader) -> str:
    """Return the step the seat's view shows (setup, action, reorganize ...)."""
    return str(reader.view.get("phase", ""))


# -- the rules -----------------------------------------------------------------------------

def _outer(words: list[str], reader: Reader) -> OuterOrder:
    found = {COLOURS[w] for w in words if w in COLOURS}
    if len(found) != 1:
        raise reader.fail("Name one colour for your SM: outer white (Rosicrucian) or outer "
                          "black (Illuminati).")
    return OuterOrder(found.pop())


@GRAMMAR.rule("outer", "choose", kinds=("outer",))
def _read_outer(rest: list[str], reader: Reader) -> OuterOrder:
    return _outer(rest, reader)


@GRAMMAR.rule("white", kinds=("outer",))
def _read_white(rest: list[str], reader: Reader) -> OuterOrder:
    return _outer(["white", *rest], reader)


@GRAMMAR.rule("black", kinds=("outer",))
def _read_black(rest: list[str], reader: Reader) -> OuterOrder:
    return _outer(["black", *rest], reader)


@GRAMMAR.rule("rosicrucian", kinds=("outer",))
def _read_rosicrucian(rest: list[str], reader: Reader) -> OuterOrder:
    return _outer(["rosicrucian", *rest], reader)


@GRAMMAR.rule("illuminati", kinds=("outer",))
def _read_illuminati(rest: list[str], reader: Reader) -> OuterOrder:
    return _outer(["illuminati", *rest], reader)


@GRAMMAR.rule("sm", kinds=("outer", "initiate"))
def _read_sm(rest: list[str], reader: Reader) -> Any:
    if rest[:1] in (["advances"], ["initiates"]):
        return _read_advance(rest[1:] + ["by", "sm"], reader)
    return _outer(rest, reader)


@GRAMMAR.otherwise
def _read_piece_first(words: list[str], reader: Reader) -> Any:
    if piece_of(words[0]) is not None and words[1:2] in (["advances"], ["initiates"]):
        return _read_advance(words[2:] + ["by", words[0]], reader)
    raise reader.fail(f'"{words[0]}" is not an order word here.')


@GRAMMAR.rule("declare", kinds=("declare-end",))
def _read_declare(rest: list[str], reader: Reader) -> DeclareEndOrder:
    if not {"end", "over"} & set(rest):
        raise reader.fail("Write declare end to declare the game over (it cannot be undone).")
    order: DeclareEndOrder = only(DeclareEndOrder(), rest, reader, ("end", "game", "over"))
    return order


@GRAMMAR.rule("end", kinds=("done",))
def _read_end(rest: list[str], reader: Reader) -> Any:
    if phase(reader) in ("reorganize", "advance"):
        return only(DoneOrder(), rest, reader, ("reorganization", "reorganizing", "advancement",
                                                "advancing", "action"))
    raise reader.fail("Ending the game cannot be undone, so it takes its full words: write "
                      "declare end.")


@GRAMMAR.rule("recruit", kinds=("recruit",))
def _read_recruit(rest: list[str], reader: Reader) -> Any:
    return only(RecruitOrder(), rest, reader)


@GRAMMAR.rule("dues", kinds=("dues",))
def _read_dues(rest: list[str], reader: Reader) -> Any:
    return only(DuesOrder(), rest, reader)


@GRAMMAR.rule("assess", "collect", kinds=("dues",))
def _read_assess(rest: list[str], reader: Reader) -> Any:
    return only(DuesOrder(), rest, reader, ("dues",))


@GRAMMAR.rule("intrigue", kinds=("intrigue",))
def _read_intrigue(rest: list[str], reader: Reader) -> Any:
    return only(IntrigueOrder(), rest, reader)


@GRAMMAR.rule("charter", kinds=("charter",))
def _read_charter(rest: list[str], reader: Reader) -> CharterOrder:
    words = [w for w in content(rest, FILLERS) if w not in ("rite", "s")]
    found = {CHARTERS.get(w) for w in words}
    if not words or None in found or len(found) != 1:
        bad = next((w for w in words if w not in CHARTERS), None)
        start = f'"{bad}" is not a rite. ' if bad else ""
        raise reader.fail(start + "Write charter french, charter st andrews or charter "
                          "perfection.")
    charter = found.pop()
    assert charter is not None
    return CharterOrder(charter)


@GRAMMAR.rule("build", kinds=("build", "members"))
def _read_build(rest: list[str], reader: Reader) -> Any:
    named = [w for w in rest if piece_of(w) is not None]
    listed = [w for w in rest if w not in ("lodge", "with")]
    if phase(reader) == "build-members":
        return _read_members(listed, reader)
    if named:
        return BuildOrder(_read_members(listed, reader).members)
    return only(BuildOrder(), rest, reader, ("lodge",))


@GRAMMAR.rule("members", "with", kinds=("members",))
def _read_members(rest: list[str], reader: Reader) -> MembersOrder:
    chosen = pieces_of([w for w in rest if w not in ("with", "members")], reader, "the members")
    if not chosen:
        raise reader.fail("Name the three charter members, e.g. members M1 M2 SM.")
    return MembersOrder(tuple(sorted(chosen, key=id_order)))


@GRAMMAR.rule("reorganize", "reorganise", "reaffiliate", kinds=("reorganize",))
def _read_reorganize(rest: list[str], reader: Reader) -> Any:
    if phase(reader) == "reorganize" and rest:
        return _read_move(rest, reader)
    if content(rest, FILLERS):
        raise reader.fail("Write reorganize on its own to begin; then move one piece per order "
                          "(move M3 to lodge 2) and write done at the end.")
    return ReorganizeOrder()


@GRAMMAR.rule("move", kinds=("move",))
def _read_move(rest: list[str], reader: Reader) -> MoveOrder:
    before, after = split_at(rest, "to", "into", "in")
    if after is None:
        before, after = _piece_then_place(rest)
    pieces = pieces_of(before, reader, "the piece to move")
    if len(pieces) != 1:
        raise reader.fail("Move one piece at a time, e.g. move M3 to lodge 2.")
    if after is None:
        raise reader.fail(f"Say where {pieces[0]} goes, e.g. move {pieces[0]} to lodge 2 or "
                          f"move {pieces[0]} to unaffiliated.")
    return MoveOrder(pieces[0], lodge_of(after, reader))


def _piece_then_place(words: list[str]) -> tuple[list[str], list[str] | None]:
    """Return the piece words and the place words of "move M9 lodge 1" (no "to")."""
    count = 0
    while count < len(words) and (piece_of(words[count]) or words[count] in FILLERS):
        count += 1
    if 0 < count < len(words):
        return words[:count], words[count:]
    return words, None


@GRAMMAR.rule("advance", "initiate", kinds=("advance", "initiate"))
def _read_advance(rest: list[str], reader: Reader) -> Any:
    if not [w for w in content(rest, FILLERS) if w != "initiates"]:
        return AdvanceOrder()
    if phase(reader) != "advance":
        raise reader.fail("Write advance on its own to begin; then name each initiation "
                          "(advance M9 M10 by M7) and write done at the end.")
    before, after = split_at(rest, "by", "with", "from", "using")
    if after is None:
        raise reader.fail("Name the initiator after by, e.g. advance M9 M10 by M7.")
    initiator = pieces_of(after, reader, "the initiator")
    if len(initiator) != 1:
        raise reader.fail("Name one initiator after by, e.g. advance M9 by SM.")
    candidates = pieces_of(before, reader, "the candidates")
    return InitiateOrder(initiator[0], tuple(sorted(candidates, key=id_order)))


@GRAMMAR.rule("defect", "bring", kinds=("defect",))
def _read_defect(rest: list[str], reader: Reader) -> DefectOrder:
    pieces = pieces_of([w for w in rest if w not in ("over", "across")], reader, "the defector")
    if len(pieces) != 1:
        raise reader.fail("Name one Mason to bring over, e.g. defect M5, or write decline.")
    return DefectOrder(pieces[0])


@GRAMMAR.rule("decline", kinds=("decline",))
def _read_decline(rest: list[str], reader: Reader) -> Any:
    return only(DeclineOrder(), rest, reader, ("defection", "defector", "nobody"))


@GRAMMAR.rule("place", "put", kinds=("place",))
def _read_place(rest: list[str], reader: Reader) -> PlaceOrder:
    return PlaceOrder(lodge_of(rest, reader))


@GRAMMAR.rule("done", "finish", "stop", kinds=("done",))
def _read_done(rest: list[str], reader: Reader) -> Any:
    return only(DoneOrder(), rest, reader)


@GRAMMAR.rule("accept", "keep", kinds=("accept",))
def _read_accept(rest: list[str], reader: Reader) -> Any:
    return only(AcceptOrder(), rest, reader)


@GRAMMAR.rule("reroll", kinds=("reroll",))
def _read_reroll(rest: list[str], reader: Reader) -> Any:
    return only(RerollOrder(), rest, reader)


@GRAMMAR.rule("re", kinds=("reroll",))
def _read_re_roll(rest: list[str], reader: Reader) -> Any:
    return only(RerollOrder(), rest, reader, ("roll",))


@GRAMMAR.rule("roll", kinds=("reroll",))
def _read_roll_again(rest: list[str], reader: Reader) -> Any:
    return only(RerollOrder(), rest, reader, ("again",))


@GRAMMAR.rule("swap", kinds=("swap",))
def _read_swap(rest: list[str], reader: Reader) -> SwapOrder:
    return SwapOrder(principality_of(rest, reader))


@GRAMMAR.rule("tip", kinds=("tip",))
def _read_tip(rest: list[str], reader: Reader) -> TipOrder:
    return TipOrder(principality_of(rest, reader))


@GRAMMAR.rule("aim", kinds=("aim",))
def _read_aim(rest: list[str], reader: Reader) -> AimOrder:
    number = lodge_of(rest, reader)
    if number is None:
        raise reader.fail("AIM needs a lodge, e.g. aim lodge 3.")
    return AimOrder(number)


@GRAMMAR.rule("dig", kinds=("dig",))
def _read_dig(rest: list[str], reader: Reader) -> DigOrder:
    where = {"inner": True, "small": True, "outer": False, "medium": False}
    words = [w for w in content(rest, FILLERS) if w not in ("alignment", "under", "at")]
    chosen = [where[w] for w in words if w in where]
    if len(chosen) != 1:
        raise reader.fail("Say inner or outer, e.g. dig M7 inner.")
    pieces = pieces_of([w for w in words if w not in where], reader, "the Perfect Initiate")
    if len(pieces) != 1:
        raise reader.fail("Name one Perfect Initiate, e.g. dig M7 outer.")
    return DigOrder(pieces[0], chosen[0])


@GRAMMAR.rule("hop", kinds=("hop",))
def _read_hop(rest: list[str], reader: Reader) -> HopOrder:
    before, after = split_at(rest, "with", "by", "using", "via")
    if after is None:
        named = pieces_of(before, reader, "the target and the agent")
        if len(named) != 2:
            raise reader.fail("Name the target and your agent, e.g. hop M9 with SM.")
        return HopOrder(named[0], named[1])
    target, agent = pieces_of(before, reader, "the target"), pieces_of(after, reader, "the agent")
    if len(target) != 1 or len(agent) != 1:
        raise reader.fail("Name one target and one agent, e.g. hop M9 with M7.")
    return HopOrder(target[0], agent[0])


@GRAMMAR.rule("forgo", "drop", kinds=("forgo",))
def _read_forgo(rest: list[str], reader: Reader) -> Any:
    return only(ForgoOrder(), rest, reader)


@GRAMMAR.rule("pass", kinds=("forgo",))
def _read_pass(rest: list[str], reader: Reader) -> Any:
    if phase(reader) == "intrigue-target":
        return only(ForgoOrder(), rest, reader)
    raise reader.fail('"pass" only lets a kept Intrigue result drop; nobody passes a turn or an '
                      "action in Freimaurerei (Assess Dues is the quiet choice).")


# Examples for `help ORDER` (each kind's; the core test holds every kind to having one).
GRAMMAR.example("outer", "outer white")
GRAMMAR.example("declare-end", "declare end")
GRAMMAR.example("recruit", "recruit")
GRAMMAR.example("dues", "dues")
GRAMMAR.example("build", "build lodge")
GRAMMAR.example("reorganize", "reorganize")
GRAMMAR.example("charter", "charter french")
GRAMMAR.example("advance", "advance")
GRAMMAR.example("intrigue", "intrigue")
GRAMMAR.example("place", "place in lodge 2", "place unaffiliated")
GRAMMAR.example("defect", "defect M5")
GRAMMAR.example("decline", "decline")
GRAMMAR.example("members", "members SM M1 M5")
GRAMMAR.example("move", "move M1 to lodge 2", "move M5 to unaffiliated")
GRAMMAR.example("initiate", "advance M1 M5 by SM")
GRAMMAR.example("done", "done")
GRAMMAR.example("accept", "accept")
GRAMMAR.example("reroll", "reroll")
GRAMMAR.example("swap", "swap leichtberg")
GRAMMAR.example("aim", "aim lodge 3")
GRAMMAR.example("dig", "dig M9 inner")
GRAMMAR.example("tip", "tip schwerheim")
GRAMMAR.example("hop", "hop M5 with SM")
GRAMMAR.example("forgo", "forgo")
