"""The order grammar: forgiving text for email and forms, read against the seat's own view.

Card names may be written in full, by id, by an alias (CIA, IRS, SLA...) or by any unique
beginning, in quotes or not; `illuminati` means your own Illuminati card.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from engine.core.errors import UnreadableOrder

from . import orders as od
from .cards import ALIGNMENTS, ATTACKS, GROUPS, ILLUMINATI, SIDES, SPECIALS
from .rules_specials import AUTO_PASS_MODES

FILLER = {"the", "mb", "megabucks", "please"}
KEYWORDS = {"with", "aided", "by", "spending", "from", "to", "at", "on", "and",
            "privileged", "whispering"}
HELP = ("Write one order per line, for example: attack control \"Big Media\" with CIA aided "
        "by FBI spending 4 from group 2 from illuminati | defend 2 from target | interfere "
        "against 3 | transfer 5 from illuminati to \"Federal Reserve\" | play swiss bank "
        "account | end | pass | auto-pass on. Write help for what you can write now.")


def norm(text: str) -> str:
    """Return a name reduced to plain lowercase words."""
    text = text.lower().replace("&", " and ").replace("'", "").replace(".", "")
    text = re.sub(r"[-/_\"]+", " ", text)
    words = text.split()
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words)


@cache
def _name_table() -> dict[str, tuple[str, ...]]:
    """Return every written form of every card name, with the card ids it may mean."""
    table: dict[str, set[str]] = {}
    for source in (GROUPS, ILLUMINATI, SPECIALS):
        for card_id, card in source.items():
            for form in (card_id, card.name, *card.aliases):
                table.setdefault(norm(form), set()).add(card_id)
    return {key: tuple(sorted(value)) for key, value in table.items()}


def card_named(words: list[str], own: str) -> str:
    """Return the card id the words name, or raise UnreadableOrder."""
    phrase = norm(" ".join(words))
    if not phrase:
        raise UnreadableOrder("A card name is missing.", legal=HELP)
    if phrase in ("illuminati", "my illuminati") and own:
        return own
    table = _name_table()
    if phrase in table and len(table[phrase]) == 1:
        return table[phrase][0]
    found = sorted({c for key, ids in table.items() if key.startswith(phrase) for c in ids})
    if len(found) == 1:
        return found[0]
    if not found:
        raise UnreadableOrder(f"No card is called {' '.join(words)!r}.", legal=HELP)
    names = ", ".join(sorted(found)[:8])
    raise UnreadableOrder(f"{' '.join(words)!r} could be any of: {names}.", legal=HELP)


def tokens(text: str) -> list[str]:
    """Return the words of `text`: quoted names stay whole, filler words and commas go."""
    parts = re.findall(r'"[^"]*"|\'[^\']*\'|[^\s,]+', text.strip())
    result = []
    for part in parts:
        if part[0] in "\"'" and len(part) > 1:
            result.append(part[1:-1].replace(" ", "-") or "-")
        elif part.lower() not in FILLER:
            result.append(part.lower())
    return result


def until(words: list[str], stops: set[str]) -> tuple[list[str], list[str]]:
    """Return the words before the first stop word, and the rest."""
    for index, word in enumerate(words):
        if word in stops:
            return words[:index], words[index:]
    return words, []


def amount(word: str) -> int:
    """Return a whole number of MB, or raise UnreadableOrder."""
    digits = word.lower().removesuffix("mb")
    if not digits.isdigit():
        raise UnreadableOrder(f"{word!r} is not an amount of money.", legal=HELP)
    return int(digits)


def seat_named(word: str, view: Mapping[str, Any]) -> str:
    """Return the seat the word names (a unique beginning will do)."""
    seats = [str(s) for s in view.get("order", [])]
    found = [s for s in seats if s.lower() == word] or [
        s for s in seats if s.lower().startswith(word)]
    if len(found) != 1:
        raise UnreadableOrder(f"{word!r} is not a player of this game ({', '.join(seats)}).",
                              legal=HELP)
    return found[0]


def _own(view: Mapping[str, Any]) -> str:
    for player in view.get("players", []):
        if player.get("seat") == view.get("you"):
            return str(player.get("illuminati", ""))
    return ""


def side_named(word: str) -> int:
    """Return the side index of top/right/bottom/left."""
    if word not in SIDES:
        raise UnreadableOrder(f"{word!r} is not a side: top, right, bottom or left.",
                              legal=HELP)
    return SIDES.index(word)


def _money_pairs(words: list[str], group: str, own: str) -> tuple[int, int, list[str]]:
    """Read '<MB> from <card>' pairs: the group's and the Illuminati's amounts."""
    from_group = from_own = 0
    while len(words) >= 3 and words[1] == "from":
        value = amount(words[0])
        source, rest = until(words[2:], KEYWORDS | {"0", *map(str, range(1, 1000))})
        name = norm(" ".join(source))
        if name in ("group", "attacker", "target") or (
                name not in ("illuminati",) and card_named(source, own) == group):
            from_group += value
        elif name == "illuminati" or card_named(source, own) == own:
            from_own += value
        else:
            raise UnreadableOrder("Money comes from the attacking group or your Illuminati.",
                                  legal=HELP)
        words = rest
    return from_group, from_own, words


def parse_attack(words: list[str], view: Mapping[str, Any]) -> Any:
    """Read attack <kind> <target> with <group> [aided by ...] [spending ...] [...]."""
    own = _own(view)
    if not words or not any(k.startswith(words[0]) for k in ATTACKS):
        raise UnreadableOrder("Attack to control, neutralize or destroy.", legal=HELP)
    kind = next(k for k in ATTACKS if k.startswith(words[0]))
    target_words, rest = until(words[1:], {"with"})
    target = card_named(target_words, own)
    group_words, rest = until(rest[1:], KEYWORDS - {"and"})
    group = card_named(group_words, own) if rest or group_words else ""
    if not group:
        raise UnreadableOrder("Name the attacking group: ... with <group>.", legal=HELP)
    aiders: list[str] = []
    spent = (0, 0)
    privilege, arrow, whisper = "", -1, False
    while rest:
        word, rest = rest[0], rest[1:]
        if word == "aided":
            names, rest = until(rest[1:] if rest[:1] == ["by"] else rest,
                                KEYWORDS - {"and"})
            aiders += [card_named(n, own) for n in _split_and(names)]
        elif word == "spending":
            g, i, rest = _money_pairs(rest, group, own)
            spent = (spent[0] + g, spent[1] + i)
        elif word == "privileged":
            names, rest = until(rest[1:] if rest[:1] == ["by"] else rest, KEYWORDS)
            privilege = "bavaria" if norm(" ".join(names)) in ("bavaria", "5", "5mb") else (
                card_named(names, own))
        elif word == "at" and rest:
            arrow, rest = side_named(rest[0]), rest[1:]
        elif word == "whispering":
            whisper = True
            rest = rest[1:] if rest[:1] == ["campaign"] else rest
        else:
            raise UnreadableOrder(f"{word!r} is not understood in an attack.", legal=HELP)
    return od.AttackOrder(kind, target, group, tuple(aiders), spent[0], spent[1], privilege,
                          arrow, whisper)


def _split_and(words: list[str]) -> list[list[str]]:
    groups: list[list[str]] = [[]]
    for word in words:
        if word == "and":
            groups.append([])
        else:
            groups[-1].append(word)
    return [g for g in groups if g]


def parse_transfer(words: list[str], view: Mapping[str, Any]) -> Any:
    """Read transfer <MB> from <card> to <card>."""
    if len(words) < 4 or words[1] != "from" or "to" not in words:
        raise UnreadableOrder("Write: transfer <MB> from <card> to <card>.", legal=HELP)
    cut = words.index("to")
    own = _own(view)
    return od.TransferOrder(amount(words[0]), card_named(words[2:cut], own),
                            card_named(words[cut + 1:], own))


def parse_give(words: list[str], view: Mapping[str, Any]) -> Any:
    """Read give <MB> to <player>, give group <group> to <player>, give special ..."""
    if "to" not in words:
        raise UnreadableOrder("Write: give <MB|group ...|special ...> to <player>.",
                              legal=HELP)
    cut = len(words) - 1 - words[::-1].index("to")
    what, seat = words[:cut], seat_named(" ".join(words[cut + 1:]), view)
    own = _own(view)
    if len(what) == 1 and what[0].removesuffix("mb").isdigit():
        return od.GiveMoneyOrder(amount(what[0]), seat)
    if what[:1] == ["group"]:
        return od.GiveGroupOrder(card_named(what[1:], own), seat)
    card = card_named(what[1:] if what[:1] == ["special"] else what, own)
    if card in SPECIALS:
        return od.GiveSpecialOrder(card, seat)
    return od.GiveGroupOrder(card, seat)


def parse_move(words: list[str], view: Mapping[str, Any]) -> Any:
    """Read move <group> to <card> [at <side>]."""
    own = _own(view)
    group_words, rest = until(words, {"to"})
    master_words, rest = until(rest[1:], {"at"})
    arrow = side_named(rest[1]) if len(rest) == 2 else -1
    if not group_words or not master_words:
        raise UnreadableOrder("Write: move <group> to <card> [at <side>].", legal=HELP)
    return od.MoveOrder(card_named(group_words, own), card_named(master_words, own), arrow)


def parse_play(words: list[str], view: Mapping[str, Any]) -> Any:
    """Read play <special> [on <target>] [at <card> [<side>]]."""
    own = _own(view)
    card_words, rest = until(words, {"on", "at"})
    card = card_named(card_words, own)
    target = place = ""
    arrow = -1
    while rest:
        word, rest = rest[0], rest[1:]
        names, rest = until(rest, {"on", "at"})
        if word == "on":
            seats = [str(s).lower() for s in view.get("order", [])]
            joined = " ".join(names)
            target = seat_named(joined, view) if joined in seats else card_named(names, own)
        else:
            if names and names[-1] in SIDES:
                arrow, names = SIDES.index(names[-1]), names[:-1]
            place = card_named(names, own)
    return od.PlayOrder(card, target, place, arrow)


def parse_defend(words: list[str], view: Mapping[str, Any]) -> Any:
    """Read defend <MB> [from target] [<MB> from illuminati]."""
    target = own = 0
    while words:
        value = amount(words[0])
        source = words[2] if len(words) > 2 and words[1] == "from" else "target"
        words = words[3:] if len(words) > 2 and words[1] == "from" else words[1:]
        if source.startswith("illum") or source == _own(view):
            own += value
        else:
            target += value
    return od.DefendOrder(target, own)


def parse_interfere(words: list[str], view: Mapping[str, Any]) -> Any:
    """Read interfere <for|against> <MB> [with interference]."""
    if len(words) < 2 or words[0] not in ("for", "against"):
        raise UnreadableOrder("Write: interfere for <MB> or interfere against <MB>.",
                              legal=HELP)
    value = amount(words[1]) * (1 if words[0] == "for" else -1)
    return od.InterfereOrder(value, "interference" in words[2:])


def parse_raise(words: list[str], view: Mapping[str, Any]) -> Any:
    """Read raise <MB> [from group] [<MB> from illuminati]."""
    group = own = 0
    while words:
        value = amount(words[0])
        source = words[2] if len(words) > 2 and words[1] == "from" else "group"
        words = words[3:] if len(words) > 2 and words[1] == "from" else words[1:]
        if source.startswith("illum"):
            own += value
        else:
            group += value
    return od.RaiseOrder(group, own)


def parse_abolish(words: list[str], view: Mapping[str, Any]) -> Any:
    """Read abolish with deep agent | abolish with <special> and <special>."""
    names = words[1:] if words[:1] == ["with"] else words
    own = _own(view)
    return od.AbolishOrder(tuple(card_named(n, own) for n in _split_and(names)))


def parse_laser(words: list[str], view: Mapping[str, Any]) -> Any:
    """Read laser <group> <add|remove|reverse> <alignment>."""
    modes = [i for i, w in enumerate(words) if w in ("add", "remove", "reverse")]
    if not modes or modes[-1] + 2 != len(words) or words[-1] not in ALIGNMENTS:
        raise UnreadableOrder("Write: laser <group> <add|remove|reverse> <alignment>.",
                              legal=HELP)
    cut = modes[-1]
    return od.LaserOrder(card_named(words[:cut], _own(view)), words[cut], words[-1])


def _plain(order: Any) -> Callable[[list[str], Mapping[str, Any]], Any]:
    def read(words: list[str], view: Mapping[str, Any]) -> Any:
        if words:
            raise UnreadableOrder(f"Nothing follows {order.text()!r}.", legal=HELP)
        return order

    return read


def _goal(words: list[str], view: Mapping[str, Any]) -> Any:
    card = card_named(words, "")
    if card not in ILLUMINATI:
        raise UnreadableOrder("Name an Illuminati: goal <illuminati>.", legal=HELP)
    return od.GoalOrder(card)


def _auto(words: list[str], view: Mapping[str, Any]) -> Any:
    mode = "-".join(words)
    if mode not in AUTO_PASS_MODES:
        raise UnreadableOrder("Write: auto-pass on, auto-pass off or auto-pass "
                              "unless-attacked.", legal=HELP)
    return od.AutoPassOrder(mode)


VERBS: dict[str, Callable[[list[str], Mapping[str, Any]], Any]] = {
    "attack": parse_attack, "transfer": parse_transfer, "give": parse_give,
    "move": parse_move, "play": parse_play, "defend": parse_defend,
    "interfere": parse_interfere, "raise": parse_raise, "abolish": parse_abolish,
    "laser": parse_laser, "goal": _goal, "auto-pass": _auto, "autopass": _auto,
    "drop": lambda w, v: od.DropOrder(card_named(w, _own(v))),
    "recycle": _plain(od.RecycleOrder()), "pass": _plain(od.PassOrder()),
    "end": _plain(od.EndOrder()), "done": _plain(od.EndOrder()),
    "roll": _plain(od.RollOrder()), "resign": _plain(od.ResignOrder()),
    "default": _plain(od.DefaultOrder()),
}


def parse(text: str, seat: str, view: Mapping[str, Any]) -> Any:
    """Return the order written in `text`, or raise UnreadableOrder saying what is legal."""
    words = tokens(text)
    if not words:
        raise UnreadableOrder("The line is empty.", legal=HELP)
    verb = words[0]
    if verb == "auto" and words[1:2] == ["pass"]:
        verb, words = "auto-pass", ["auto-pass", *words[2:]]
    reader = VERBS.get(verb)
    if reader is None:
        raise UnreadableOrder(f"{words[0]!r} is not an order of Illuminati.", legal=HELP)
    return reader(words[1:], view)
