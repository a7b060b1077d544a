"""The plain-text order grammar, read against the seat's own view.

Orders (case, commas and extra words such as "the", "on", "with" do not matter; objects may be
named by id, printed name or a unique beginning; players by name or a unique beginning):
    claim order | claim brotherhood | claim seal      at the start of your turn
    spy <player>            offer <object> to <player>            duel <player>
    use clairvoyant         use diplomat <player> <object>        (on your turn)
    accept give <object>    refuse                                (answering an offer)
    use coat | use tome | use sextant left|right | pass           (a traded ability)
    give <object> [to <player>]                                   (passing, gifts, returns)
    support attacker|defender | pass | use priest                 (before a duel's reveal)
    play <object> | use <profession> [<player>|<side>] | token <n> | pass   (in a duel)
    pass | use doctor       look society | look objects           take <object>
    top <object> <object>   name <player> [<player> ...] | done
"""
from __future__ import annotations

from typing import Any

from engine.core.ordertext import (
    Grammar,
    Reader,
    content,
    number,
    plain,
    split_at,
)

from . import orders as od
from .cards import ATTACKER, DEFENDER
from .grammar_use import read_top, read_use
from .grammar_words import (
    OBJECT_NAMES,
    PROFESSION_NAMES,
    SIDE_WORDS,
    SOCIETY_WORDS,
    hand_of,
    is_seat,
    phase_of,
    read_object,
    read_seat,
    seats_of,
)

GRAMMAR = Grammar("Castle of the Devil", notes=(
    "Objects and professions may be named by a unique beginning of their name.",))


# -- one rule per order word ----------------------------------------------------------------------

@GRAMMAR.rule("claim", "proclaim", kinds=("claim",))
def _claim(words: list[str], reader: Reader) -> Any:
    """Read `claim order|brotherhood|seal`, or in one line `claim order <player> ...`."""
    kept = [word for word in content(plain(" ".join(words)).split())
            if word not in ("victory", "win", "society")]
    society = SOCIETY_WORDS.get(" ".join(kept))
    if society is not None:
        return od.ClaimOrder(society)
    for length in (3, 2, 1):
        society = SOCIETY_WORDS.get(" ".join(kept[:length]))
        if society is not None:
            names = tuple(read_seat([word], reader, "player you name") for word in kept[length:])
            return od.ClaimOrder(society, names)
    raise reader.fail("Claim order, claim brotherhood or claim seal.")


@GRAMMAR.rule("spy", kinds=("spy",))
def _spy(words: list[str], reader: Reader) -> Any:
    """Read `spy <player>` (also "spy on <player>")."""
    return od.SpyOrder(read_seat(words, reader, "player to spy on"))


@GRAMMAR.rule("duel", "challenge", "attack", kinds=("duel",))
def _duel(words: list[str], reader: Reader) -> Any:
    """Read `duel <player>` (also "challenge <player> to a duel")."""
    kept = [word for word in words if word not in ("duel", "challenge")]
    return od.DuelOrder(read_seat(kept, reader, "player to challenge"))


@GRAMMAR.rule("offer", "trade", kinds=("offer",))
def _offer(words: list[str], reader: Reader) -> Any:
    """Read `offer <object> to <player>` (or `offer <player> <object>`)."""
    before, after = split_at(words, "to", "with")
    hand = hand_of(reader.view)
    if after is not None:
        return od.OfferOrder(read_object(before, reader, "object to offer", hand),
                             read_seat(after, reader, "player to offer it to"))
    kept = content(words)
    seats = seats_of(reader.view)
    if len(kept) >= 2 and is_seat(kept[0], seats):
        return od.OfferOrder(read_object(kept[1:], reader, "object to offer", hand),
                             read_seat(kept[:1], reader))
    if len(kept) >= 2:
        return od.OfferOrder(read_object(kept[:-1], reader, "object to offer", hand),
                             read_seat(kept[-1:], reader, "player to offer it to"))
    raise reader.fail("Write offer <object> to <player>.")


@GRAMMAR.rule("accept", kinds=("accept",))
def _accept(words: list[str], reader: Reader) -> Any:
    """Read `accept give <object>` (the word give may be left out)."""
    kept = [w for w in content(words) if w not in ("give", "giving", "back", "return")]
    if not kept:
        raise reader.fail("Say what you give back: accept give <object>.")
    return od.AcceptOrder(read_object(kept, reader, "object to give back", hand_of(reader.view)))


@GRAMMAR.rule("refuse", "reject", "decline", kinds=("refuse",))
def _refuse(words: list[str], reader: Reader) -> Any:
    """Read `refuse`."""
    return reader.nothing_after(words, od.RefuseOrder(), "refuse", ("offer", "it", "trade"))


@GRAMMAR.rule("support", "side", kinds=("support",))
def _support(words: list[str], reader: Reader) -> Any:
    """Read `support attacker|defender` (or the name of a duellist)."""
    kept = content(words)
    side = SIDE_WORDS.get(kept[0]) if len(kept) == 1 else None
    duel = reader.view.get("duel") or {}
    if side is None and len(kept) == 1 and duel:
        named = [seat for seat in (duel["attacker"], duel["defender"])
                 if seat.startswith(kept[0])]
        if len(named) == 1:
            side = ATTACKER if named[0] == duel["attacker"] else DEFENDER
    if side is None:
        raise reader.fail("Write support attacker or support defender.")
    return od.SupportOrder(side)


@GRAMMAR.rule("play", kinds=("play",))
def _play(words: list[str], reader: Reader) -> Any:
    """Read `play <object>`, or `play <n> tokens`."""
    kept = content(words)
    if kept and kept[-1] in ("token", "tokens"):
        return _token(kept[:-1], reader)
    return od.PlayOrder(read_object(kept, reader, "object to play", hand_of(reader.view)))


@GRAMMAR.rule("token", "tokens", kinds=("token",))
def _token(words: list[str], reader: Reader) -> Any:
    """Read `token <count>` (a number or a word; one when left out)."""
    kept = [w for w in content(words) if w not in ("token", "tokens")]
    if not kept:
        return od.TokenOrder(1)
    count = number(kept[0]) if len(kept) == 1 else None
    if count is None:
        raise reader.fail("Write token <count>, for example token 2.")
    return od.TokenOrder(count)


@GRAMMAR.rule("pass", "skip", kinds=("pass",))
def _pass(words: list[str], reader: Reader) -> Any:
    """Read `pass` (in the Sextant's passing, `pass <object>` gives it)."""
    if phase_of(reader.view) == "sextant" and content(words):
        return _give(words, reader)
    return reader.nothing_after(words, od.PassOrder(), "pass")


@GRAMMAR.rule("look", "see", kinds=("look",))
def _look(words: list[str], reader: Reader) -> Any:
    """Read `look society` or `look objects`."""
    targets = {"society": "society", "card": "society", "societies": "society",
               "objects": "objects", "object": "objects", "hand": "objects", "cards": "objects",
               "items": "objects"}
    found = {targets[w] for w in content(words) if w in targets}
    if len(found) != 1:
        raise reader.fail("Write look society or look objects.")
    return od.LookOrder(found.pop())


@GRAMMAR.rule("steal")
def _steal(words: list[str], reader: Reader) -> Any:
    """Read `steal` (look at the objects) or `steal <object>` (take it)."""
    return _take(words, reader) if content(words) else od.LookOrder("objects")


@GRAMMAR.rule("take", kinds=("take",))
def _take(words: list[str], reader: Reader) -> Any:
    """Read `take <object>`, among the loser's objects once they are shown to the winner."""
    shown = (reader.view.get("you") or {}).get("loser_objects", ())
    return od.TakeOrder(read_object(words, reader, "object to take", shown))


@GRAMMAR.rule("give", kinds=("give",))
def _give(words: list[str], reader: Reader) -> Any:
    """Read `give <object>` or `give <object> to <player>`."""
    before, after = split_at(words, "to")
    obj = read_object(before, reader, "object to give", hand_of(reader.view))
    if after is None:
        return od.GiveOrder(obj)
    return od.GiveOrder(obj, read_seat(after, reader, "player who receives it"))


@GRAMMAR.rule("done", "stop", kinds=("done",))
def _done(words: list[str], reader: Reader) -> Any:
    """Read `done`."""
    return reader.nothing_after(words, od.DoneOrder(), "done", ("naming",))


@GRAMMAR.rule("name", kinds=("name",))
def _name(words: list[str], reader: Reader) -> Any:
    """Read `name <player> [<player> ...]`, in seat order."""
    seats = seats_of(reader.view)
    kept = [word for word in words if word in seats or word not in ("and", "the", "players")]
    if not kept:
        raise reader.fail("Name at least one player: name <player> [<player> ...].")
    named = [read_seat([word], reader) for word in kept]
    return od.NameOrder(tuple(sorted(dict.fromkeys(named), key=seats.index)))


GRAMMAR.rule("use", "reveal", kinds=("use",))(read_use)
GRAMMAR.rule("top", kinds=("top",))(read_top)


@GRAMMAR.otherwise
def _bare(words: list[str], reader: Reader) -> Any:
    """Read an order without its keyword: a profession or a duel object on its own."""
    phase = phase_of(reader.view)
    if PROFESSION_NAMES.longest(words[:1])[0] is not None or (
            phase == "ability" and OBJECT_NAMES.one(words[:1]) is not None):
        return read_use(words, reader)
    if phase == "play" and OBJECT_NAMES.one(words) is not None:
        return _play(words, reader)
    raise reader.fail(f'"{words[0]}" is not an order word (spy, offer, duel, accept, refuse, '
                      "support, play, use, token, pass, look, take, give, top, claim, name, "
                      "done).")


# Examples for `help ORDER` (each kind's; the core test holds every kind to having one).
GRAMMAR.example("spy", "spy bruno")
GRAMMAR.example("offer", "offer goblet to bruno")
GRAMMAR.example("duel", "duel bruno")
GRAMMAR.example("accept", "accept give key")
GRAMMAR.example("refuse", "refuse")
GRAMMAR.example("support", "support attacker")
GRAMMAR.example("play", "play dagger")
GRAMMAR.example("use", "use doctor", "use hypnotist bruno")
GRAMMAR.example("token", "token 2")
GRAMMAR.example("pass", "pass")
GRAMMAR.example("look", "look society", "look objects")
GRAMMAR.example("take", "take goblet")
GRAMMAR.example("give", "give key to bruno")
GRAMMAR.example("top", "top key goblet")
GRAMMAR.example("claim", "claim order", "claim brotherhood bruno carla")
GRAMMAR.example("name", "name bruno carla")
GRAMMAR.example("done", "done")
