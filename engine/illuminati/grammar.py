"""The order grammar: forgiving text for email and forms, read against the seat's own view.

Card names may be written in full, by id, by an alias (CIA, IRS, SLA...) or by any unique
beginning; `illuminati` means your own Illuminati card. Words such as with, aided by, spending,
from, to, at and on separate the parts of an order; a card's full name that holds such a word
(Secrets Man Was Not Meant To Know, Tobacco and Liquor Companies) is still read as one name.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.core.ordertext import Grammar, Names, Reader, number, plain

from . import orders as od
from .cards import ALIGNMENTS, ATTACKS, GROUPS, ILLUMINATI, SIDES, SPECIALS
from .orders import AUTO_PASS_MODES

KEYWORDS = {"with", "aided", "by", "spending", "from", "to", "at", "on", "and",
            "privileged", "whispering", "moving", "placing", "place"}
OPTIONS = {"privileged", "whispering", "moving", "placing", "place", "at"}
"""Words that begin the optional parts of an attack."""
PARTS = {"with", "aided", "spending", "privileged", "whispering", "moving", "placing", "place"}
"""Words that end a placing clause: the next part of the attack begins."""
NOISE = {"mb", "megabucks", "the"}
ON_PLAYERS = ("computer-espionage", "senate-investigating-committee")
"""Specials played on a player rather than on a card."""

GRAMMAR = Grammar("Illuminati", notes=(
    ("Cards: a unique beginning of the name will do (big media, cia, fed); illuminati is "
     "your own Illuminati card."),))

CARDS = Names({card_id: [card.name, *card.aliases]
               for table in (GROUPS, ILLUMINATI, SPECIALS) for card_id, card in table.items()},
              "card")


SPLIT_NAMES = sorted({(tuple(name.split()), key) for key, names in CARDS.phrases.items()
                      for name in names if set(name.split()[1:]) & KEYWORDS},
                     key=lambda entry: (-len(entry[0]), entry))
"""Full card names holding, after their first word, a word that separates the parts of an
order; longest first. (Whispering Campaign, which begins with one, keeps its option word.)"""


def whole_names(words: Sequence[str]) -> list[str]:
    """Return the words with each full card name that holds a separating word (to, and)
    written as the card's id, so that the word does not split the name."""
    found: list[str] = []
    index = 0
    while index < len(words):
        name = next(((n, key) for n, key in SPLIT_NAMES
                     if tuple(words[index:index + len(n)]) == n), None)
        found.append(name[1] if name else words[index])
        index += len(name[0]) if name else 1
    return found


def _clean(words: Sequence[str]) -> list[str]:
    """Return the words without noise (MB, the)."""
    return [w for w in words if w not in NOISE]


def own_illuminati(reader: Reader) -> str:
    """Return the id of the reading seat's Illuminati card ('' for none)."""
    you = reader.view.get("you")
    return str(you.get("illuminati", "")) if isinstance(you, dict) else ""


def card_named(words: Sequence[str], reader: Reader, what: str = "card") -> str:
    """Return the card id the words name, or raise saying why they name none or several."""
    phrase = plain(" ".join(_clean(words)))
    if phrase in ("illuminati", "my illuminati", "own illuminati") and own_illuminati(reader):
        return own_illuminati(reader)
    if not phrase:
        raise reader.fail(f"Name the {what}.")
    found = CARDS.matches(phrase) or _by_word_beginnings(phrase)
    exact = [key for key in found if phrase in CARDS.phrases[key]]
    if len(exact) == 1 or len(found) == 1:
        return (exact or found)[0]
    if not found:
        raise reader.fail(f'"{phrase}" is not a card of Illuminati ({what}).')
    names = " or ".join(CARDS.display[key] for key in found[:6])
    raise reader.fail(f'"{phrase}" could be {names}; write more of the name ({what}).')


def _by_word_beginnings(phrase: str) -> list[str]:
    """Return the cards with a name whose words begin with the phrase's words (conv stores)."""
    wanted = phrase.split()
    return [key for key, names in CARDS.phrases.items()
            if any(len(name.split()) >= len(wanted)
                   and all(part.startswith(word) for word, part in zip(wanted, name.split()))
                   for name in names)]


def until(words: Sequence[str], stops: set[str]) -> tuple[list[str], list[str]]:
    """Return the words before the first stop word, and the rest (from the stop word on); a
    full card name is never cut."""
    words = whole_names(words)
    for index, word in enumerate(words):
        if word in stops:
            return list(words[:index]), list(words[index:])
    return list(words), []


def amount(word: str, reader: Reader) -> int:
    """Return a whole number of MB, or raise."""
    value = number(word.removesuffix("mb"))
    if value is None:
        raise reader.fail(f'"{word}" is not an amount of money.')
    return value


def is_amount(word: str) -> bool:
    """Return whether the word is a number of MB."""
    return number(word.removesuffix("mb")) is not None


def seat_named(words: Sequence[str], reader: Reader) -> str:
    """Return the seat the words name (its name or a unique beginning)."""
    seats = [str(s) for s in reader.view.get("order", [])]
    phrase = "".join(_clean(words))
    found = [s for s in seats if s.lower() == phrase] or [
        s for s in seats if phrase and s.lower().startswith(phrase)]
    if len(found) != 1:
        raise reader.fail(f'"{phrase}" is not one player of this game ({", ".join(seats)}).')
    return found[0]


def side_named(word: str, reader: Reader) -> int:
    """Return the side index of top, right, bottom or left."""
    if word not in SIDES:
        raise reader.fail(f'"{word}" is not a side: top, right, bottom or left.')
    return SIDES.index(word)


def _split_and(words: Sequence[str]) -> list[list[str]]:
    """Return the names of a list written with 'and' between them (a full card name holding
    'and' stays whole)."""
    parts: list[list[str]] = [[]]
    for word in whole_names(words):
        if word == "and":
            parts.append([])
        else:
            parts[-1].append(word)
    return [p for p in parts if p]


def _money_pairs(words: list[str], group: str, reader: Reader) -> tuple[int, int, list[str]]:
    """Read '<MB> from <group|illuminati>' pairs; return both amounts and the words left."""
    from_group = from_own = 0
    own = own_illuminati(reader)
    while words and is_amount(words[0]):
        value = amount(words[0], reader)
        source, words = until(words[2:] if words[1:2] == ["from"] else words[1:],
                              KEYWORDS | {w for w in words if is_amount(w)})
        name = plain(" ".join(_clean(source))) or "group"
        if name in ("group", "attacker", "attacking group"):
            from_group += value
        elif name.startswith("illum") or card_named(source, reader) == own:
            from_own += value
        elif card_named(source, reader) == group:
            from_group += value
        else:
            raise reader.fail("Money for an attack comes from the attacking group or your "
                              "Illuminati.")
    return from_group, from_own, words


@GRAMMAR.rule("attack", kinds=("attack",))
def read_attack(words: list[str], reader: Reader) -> od.AttackOrder:
    """Read attack <kind> <target> with <group> [aided by ...] [spending ...] [...]."""
    kinds = [k for k in ATTACKS if words and k.startswith(words[0])]
    if len(kinds) != 1:
        raise reader.fail("Attack to control, neutralize or destroy: attack control <target> "
                          "with <group>.")
    words = _clean(words[1:])
    if "with" not in words:
        return _positional_attack(kinds[0], words, reader)
    target_words, rest = until(words, {"with"})
    target = card_named(target_words, reader, "target")
    group_words, rest = until(rest[1:], KEYWORDS - {"and"})
    group = card_named(group_words, reader, "attacking group")
    return _attack_options(od.AttackOrder(kinds[0], target, group), rest, reader)


def _positional_attack(kind: str, words: list[str], reader: Reader) -> od.AttackOrder:
    """Read the web form's layout: <target> <group> [<aider> ...] [<MB group> [<MB own>]]
    [privileged by ...] [at <side>] [whispering campaign] [<MB moving>] [placing ...]."""
    names: list[str] = []
    while words and not is_amount(words[0]) and words[0] not in OPTIONS:
        names.append(words.pop(0))
    amounts: list[int] = []
    while words and is_amount(words[0]) and len(amounts) < 2:
        amounts.append(amount(words.pop(0), reader))
    if len(names) < 2:
        raise reader.fail("Write: attack control <target> with <group> [aided by <group>] "
                          "[spending <MB> from group <MB> from illuminati].")
    cards = [card_named([name], reader) for name in names]
    amounts += [0] * (2 - len(amounts))
    order = od.AttackOrder(kind, cards[0], cards[1], tuple(cards[2:]), amounts[0], amounts[1])
    return _attack_options(order, words, reader, form=True)


def _attack_options(order: od.AttackOrder, rest: list[str], reader: Reader,
                    form: bool = False) -> od.AttackOrder:
    """Read the optional parts of an attack after its group (`form`: in the web form's layout,
    where a bare amount is the money moved and any words left say where puppets go)."""
    aiders = list(order.aiders)
    spent = [order.from_group, order.from_illuminati]
    privilege, arrow, whisper, moving = "", -1, False, 0
    placing: list[tuple[str, str, int]] = []
    while rest:
        word, rest = rest[0], rest[1:]
        if form and is_amount(word):
            moving = amount(word, reader)
            continue
        if word in ("placing", "place") or (form and word not in KEYWORDS):
            clauses, rest = until(rest if word in ("placing", "place") else [word, *rest],
                                  PARTS)
            placing += _placing(clauses, reader)
            continue
        if word == "aided":
            names, rest = until(rest[1:] if rest[:1] == ["by"] else rest, KEYWORDS - {"and"})
            aiders += [card_named(n, reader, "aiding group") for n in _split_and(names)]
        elif word == "spending":
            more_group, more_own, rest = _money_pairs(rest, order.group, reader)
            spent = [spent[0] + more_group, spent[1] + more_own]
        elif word == "privileged":
            names, rest = until(rest[1:] if rest[:1] == ["by"] else rest, KEYWORDS)
            if form:  # one option value: one word (bavaria, or a Special's id)
                names, rest = names[:1], names[1:] + rest
            flat = plain(" ".join(names))
            privilege = "bavaria" if flat in ("bavaria", "5", "5mb", "money") else (
                card_named(names, reader, "Special discarded for privilege"))
        elif word == "at" and rest[:1] in (["first"], ["any"]):
            arrow, rest = -1, rest[1:]
            rest = rest[2:] if rest[:2] == ["open", "arrow"] else rest
        elif word == "at" and rest:
            arrow, rest = side_named(rest[0], reader), rest[1:]
        elif word == "moving" and rest:
            moving, rest = amount(rest[0], reader), rest[1:]
        elif word == "whispering":
            whisper = True
            rest = rest[1:] if rest[:1] == ["campaign"] else rest
        else:
            raise reader.fail(f'"{word}" is not understood in an attack.')
    return od.AttackOrder(order.purpose, order.target, order.group, tuple(aiders), spent[0],
                          spent[1], privilege, arrow, whisper, moving, tuple(placing))


def _placing(words: list[str], reader: Reader) -> list[tuple[str, str, int]]:
    """Read '<puppet> at <side> [of <master>]' clauses joined by 'and' (on for at will do)."""
    found = []
    for clause in _split_and(words):
        cut = next((i for i, w in enumerate(clause) if w in ("at", "on")), -1)
        if cut < 1 or cut + 1 >= len(clause):
            raise reader.fail("Write where a displaced puppet goes: placing <puppet> at "
                              "<top|right|bottom|left> [of <its master>].")
        side = side_named(clause[cut + 1], reader)
        tail = clause[cut + 2:]
        if tail[:1] == ["of"]:
            tail = tail[1:]
        elif tail[:2] == ["arrow", "of"]:
            tail = tail[2:]
        master = card_named(tail, reader, "master") if tail else ""
        found.append((card_named(clause[:cut], reader, "puppet"), master, side))
    return found


@GRAMMAR.rule("transfer", kinds=("transfer",))
def read_transfer(words: list[str], reader: Reader) -> od.TransferOrder:
    """Read transfer <MB> from <card> to <card>."""
    words = _clean(words)
    if len(words) == 3 and is_amount(words[0]):
        return od.TransferOrder(amount(words[0], reader), card_named(words[1:2], reader),
                                card_named(words[2:], reader))
    if len(words) < 4 or not is_amount(words[0]) or "to" not in words:
        raise reader.fail("Write: transfer <MB> from <card> to <card>.")
    source, rest = until(words[2:] if words[1] == "from" else words[1:], {"to"})
    return od.TransferOrder(amount(words[0], reader), card_named(source, reader),
                            card_named(rest[1:], reader))


@GRAMMAR.rule("give", kinds=("give-money", "give-group", "give-special"))
def read_give(words: list[str], reader: Reader) -> object:
    """Read give <MB> to <player>, give group <group> to <player>, give special ... ."""
    words = _clean(words)
    if len(words) == 2 and is_amount(words[0]):
        return od.GiveMoneyOrder(amount(words[0], reader), seat_named(words[1:], reader))
    if "to" not in words:
        raise reader.fail("Write: give <MB|group <group>|special <special>> to <player>.")
    cut = len(words) - 1 - words[::-1].index("to")
    what, seat = words[:cut], seat_named(words[cut + 1:], reader)
    if len(what) == 1 and is_amount(what[0]):
        return od.GiveMoneyOrder(amount(what[0], reader), seat)
    if what[:1] == ["group"]:
        return od.GiveGroupOrder(card_named(what[1:], reader), seat)
    card = card_named(what[1:] if what[:1] == ["special"] else what, reader)
    return od.GiveSpecialOrder(card, seat) if card in SPECIALS else od.GiveGroupOrder(card, seat)


@GRAMMAR.rule("give-money", kinds=("give-money",))
def read_give_money(words: list[str], reader: Reader) -> od.GiveMoneyOrder:
    """Read the web form's layout: give-money <MB> [to] <player>."""
    words = [w for w in _clean(words) if w != "to"]
    if len(words) != 2 or not is_amount(words[0]):
        raise reader.fail("Write: give <MB> to <player>.")
    return od.GiveMoneyOrder(amount(words[0], reader), seat_named(words[1:], reader))


@GRAMMAR.rule("give-special", "give-group", kinds=("give-special", "give-group"))
def read_give_card(words: list[str], reader: Reader) -> object:
    """Read the web form's layout: give-special|give-group <card> [to] <player>."""
    words = [w for w in _clean(words) if w != "to"]
    if len(words) < 2:
        raise reader.fail("Write: give special <special> to <player>, or give group <group> "
                          "to <player>.")
    card, seat = card_named(words[:-1], reader), seat_named(words[-1:], reader)
    return od.GiveSpecialOrder(card, seat) if card in SPECIALS else od.GiveGroupOrder(card, seat)


@GRAMMAR.rule("call", "call-off", "withdraw", kinds=("call-off",))
def read_call_off(words: list[str], reader: Reader) -> od.CallOffOrder:
    """Read call off [the attack] (or withdraw)."""
    rest = words[1:] if words[:1] == ["off"] else words
    reader.nothing_after(rest, None, "call off", NOISE | {"attack", "my", "it", "off"})
    return od.CallOffOrder()


@GRAMMAR.rule("move", kinds=("move",))
def read_move(words: list[str], reader: Reader) -> od.MoveOrder:
    """Read move <group> to <card> [at <side>]."""
    group_words, rest = until(_clean(words), {"to"})
    master_words, rest = until(rest[1:], {"at"})
    if not group_words or not master_words:
        raise reader.fail("Write: move <group> to <card> [at <side>].")
    arrow = side_named(rest[1], reader) if len(rest) == 2 else -1
    return od.MoveOrder(card_named(group_words, reader), card_named(master_words, reader), arrow)


@GRAMMAR.rule("play", kinds=("play",))
def read_play(words: list[str], reader: Reader) -> od.PlayOrder:
    """Read play <special> [on <target>] [at <card> [<side>]]."""
    card_words, rest = until(_clean(words), {"on", "at"})
    card = card_named(card_words, reader, "Special")
    target = place = ""
    arrow = -1
    while rest:
        word, rest = rest[0], rest[1:]
        names, rest = until(rest, {"on", "at"})
        if word == "on":
            target = (seat_named(names, reader) if card in ON_PLAYERS
                      else card_named(names, reader))
            continue
        if names and names[-1] in SIDES:
            arrow, names = SIDES.index(names[-1]), names[:-1]
        place = card_named(names, reader)
    return od.PlayOrder(card, target, place, arrow)


def _amounts_from(words: list[str], reader: Reader, first: str) -> tuple[int, int]:
    """Read '<MB> [from <source>]' pairs: amounts from `first` (default) and the Illuminati."""
    main = own = 0
    words = _clean(words)
    bare = 0
    while words:
        value = amount(words[0], reader)
        named = len(words) > 2 and words[1] == "from"
        source = words[2] if named else (first if bare == 0 else "illuminati")
        bare += 0 if named else 1
        words = words[3:] if named else words[1:]
        if source.startswith("illum") or source == own_illuminati(reader):
            own += value
        else:
            main += value
    return main, own


@GRAMMAR.rule("defend", kinds=("defend",))
def read_defend(words: list[str], reader: Reader) -> od.DefendOrder:
    """Read defend <MB> [from target] [<MB> from illuminati]."""
    return od.DefendOrder(*_amounts_from(words, reader, "target"))


@GRAMMAR.rule("raise", kinds=("raise",))
def read_raise(words: list[str], reader: Reader) -> od.RaiseOrder:
    """Read raise <MB> [from group] [<MB> from illuminati]."""
    return od.RaiseOrder(*_amounts_from(words, reader, "group"))


@GRAMMAR.rule("interfere", kinds=("interfere",))
def read_interfere(words: list[str], reader: Reader) -> od.InterfereOrder:
    """Read interfere <for|against> <MB> [with interference]."""
    words = _clean(words)
    if len(words) < 2 or words[0] not in ("for", "against") or not is_amount(words[1]):
        raise reader.fail("Write: interfere for <MB> or interfere against <MB>.")
    value = amount(words[1], reader) * (1 if words[0] == "for" else -1)
    return od.InterfereOrder(value, "interference" in words[2:])


@GRAMMAR.rule("abolish", kinds=("abolish",))
def read_abolish(words: list[str], reader: Reader) -> od.AbolishOrder:
    """Read abolish with deep agent | abolish with <special> and <special>."""
    names = words[1:] if words[:1] == ["with"] else words
    parts = _split_and(names)
    if len(parts) == 1 and len(parts[0]) > 1 and all(
            CARDS.matches(w) and CARDS.matches(w)[0] in SPECIALS for w in parts[0]):
        parts = [[w] for w in parts[0]]  # the web form's layout: one Special per word
    return od.AbolishOrder(tuple(card_named(n, reader, "Special") for n in parts))


@GRAMMAR.rule("laser", kinds=("laser",))
def read_laser(words: list[str], reader: Reader) -> od.LaserOrder:
    """Read laser <group> <add|remove|reverse> <alignment>."""
    modes = [i for i, w in enumerate(words) if w in ("add", "remove", "reverse")]
    if not modes or modes[-1] + 2 != len(words) or words[-1] not in ALIGNMENTS:
        raise reader.fail("Write: laser <group> <add|remove|reverse> <alignment>.")
    cut = modes[-1]
    return od.LaserOrder(card_named(words[:cut], reader), words[cut], words[-1])


@GRAMMAR.rule("goal", kinds=("goal",))
def read_goal(words: list[str], reader: Reader) -> od.GoalOrder:
    """Read goal <illuminati>."""
    card = card_named(words, reader, "Illuminati")
    if card not in ILLUMINATI:
        raise reader.fail("Name an Illuminati: goal <illuminati>.")
    return od.GoalOrder(card)


@GRAMMAR.rule("auto-pass", "autopass", "auto", kinds=("auto-pass",))
def read_auto_pass(words: list[str], reader: Reader) -> od.AutoPassOrder:
    """Read auto-pass on | off | unless-attacked | pass-only."""
    words = words[1:] if words[:1] == ["pass"] and words[1:2] != ["only"] else words
    mode = "-".join(words).replace("unless-i-am-attacked", "unless-attacked")
    mode = {"only": "pass-only", "only-pass": "pass-only"}.get(mode, mode)
    if mode not in AUTO_PASS_MODES:
        raise reader.fail("Write: auto-pass on, auto-pass off, auto-pass unless-attacked or "
                          "auto-pass pass-only.")
    return od.AutoPassOrder(mode)


@GRAMMAR.rule("drop", kinds=("drop",))
def read_drop(words: list[str], reader: Reader) -> od.DropOrder:
    """Read drop <group>."""
    return od.DropOrder(card_named(words, reader, "group to drop"))


def _plain_rule(head: str, kind: str, value: object, *also: str) -> None:
    """Register an order that takes nothing after its word."""

    @GRAMMAR.rule(head, *also, kinds=(kind,))
    def read(words: list[str], reader: Reader) -> object:
        return reader.nothing_after(words, value, head, NOISE | {"turn", "dice"})


_plain_rule("recycle", "recycle", od.RecycleOrder())
_plain_rule("pass", "pass", od.PassOrder())
_plain_rule("end", "end", od.EndOrder(), "done")
_plain_rule("roll", "roll", od.RollOrder())
_plain_rule("resign", "resign", od.ResignOrder())


# Examples for `help ORDER` (each kind's; the core test holds every kind to having one).
GRAMMAR.example("goal", "goal discordia")
GRAMMAR.example("attack", "attack control cia with illuminati spending 4 from illuminati",
                "attack destroy moonies with kgb aided by fbi")
GRAMMAR.example("call-off", "call off")
GRAMMAR.example("transfer", "transfer 3 from illuminati to cia")
GRAMMAR.example("move", "move fbi to cia at right")
GRAMMAR.example("give-group", "give group moonies to bruno")
GRAMMAR.example("give-money", "give 5 to bruno")
GRAMMAR.example("give-special", "give special deep agent to bruno")
GRAMMAR.example("drop", "drop moonies")
GRAMMAR.example("play", "play assassination", "play secrets on murphys law")
GRAMMAR.example("recycle", "recycle")
GRAMMAR.example("laser", "laser moonies add liberal")
GRAMMAR.example("pass", "pass")
GRAMMAR.example("end", "end")
GRAMMAR.example("defend", "defend 2 from target 3 from illuminati")
GRAMMAR.example("interfere", "interfere against 2", "interfere for 3 with interference")
GRAMMAR.example("abolish", "abolish with deep agent")
GRAMMAR.example("raise", "raise 2 from group 1 from illuminati")
GRAMMAR.example("roll", "roll")
GRAMMAR.example("auto-pass", "auto-pass unless-attacked", "auto-pass off")
GRAMMAR.example("resign", "resign")
