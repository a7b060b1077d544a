"""The plain-text order grammar: parse, format_order and help.

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

from collections.abc import Callable
from typing import Any

from engine.core.contract import Prompt

from . import orders as od
from .grammar_base import (
    FILLERS,
    NUMBER_WORDS,
    SIDE_WORDS,
    SOCIETY_WORDS,
    content,
    find_object,
    find_profession,
    find_seat,
    help_text,
    plain,
    unreadable,
    words_of,
)
from .grammar_use import read_top, read_use
from .state import Phase, State


def parse(text: str, index: int, state: State) -> Any:
    """Return the order written in `text` by seat `index`, or raise UnreadableOrder."""
    words = words_of(text)
    if not words:
        raise unreadable(state, index, "The order is empty.")
    head, rest = words[0], words[1:]
    if head == "help":
        raise unreadable(state, index, "Here is what you can write now.", full=True)
    if head == "default":
        raise unreadable(state, index, "The deadline default is applied when a deadline passes; "
                         "it cannot be written as an order.")
    reader = _READERS.get(head)
    if reader is not None:
        return reader(rest, index, state)
    return _bare(words, index, state)


def _no_more(words: list[str], index: int, state: State, order: Any) -> Any:
    """Return `order` if nothing meaningful follows its keyword."""
    extra = content(words)
    if extra:
        raise unreadable(state, index, f'"{od.canonical_text(order)}" takes nothing after it, '
                         f'not "{" ".join(extra)}".')
    return order


def _object(words: list[str], index: int, state: State, what: str,
            among: tuple[str, ...] = ()) -> str:
    """Return the object named by `words`, or raise saying why it cannot be read."""
    found, problem = find_object(content(words), among)
    if found is None:
        raise unreadable(state, index, problem.format(what=what))
    return found


def _seat(words: list[str], index: int, state: State, what: str = "player") -> str:
    """Return the seat named by `words`, or raise."""
    found, problem = find_seat(words, state.seats)
    if found is None:
        raise unreadable(state, index, problem.format(what=what))
    return found


def _hand(state: State, index: int) -> tuple[str, ...]:
    """Return the seat's objects (to tell apart names such as "bag")."""
    return state.hands[index] if index >= 0 else ()


def _split(words: list[str], *markers: str) -> tuple[list[str], list[str] | None]:
    """Return the words before and after the first marker (None when there is none)."""
    for position, word in enumerate(words):
        if word in markers and position > 0:
            return words[:position], words[position + 1:]
    return words, None


# -- one reader per order word ----------------------------------------------------------------

def _claim(words: list[str], index: int, state: State) -> Any:
    """Read `claim order|brotherhood|seal`, or in one line `claim order <player> ...`."""
    phrase = plain(" ".join(content(words)))
    society = SOCIETY_WORDS.get(phrase)
    if society is not None:
        return od.ClaimOrder(society)
    first = content(words)[:1]
    society = SOCIETY_WORDS.get(first[0]) if first else None
    if society is None:
        raise unreadable(state, index, "Claim order, claim brotherhood or claim seal.")
    names = tuple(_claim_name(word, index, state) for word in content(words)[1:])
    return od.ClaimOrder(society, names)


def _claim_name(word: str, index: int, state: State) -> str:
    """Return the seat named by `word` in a one-line claim."""
    for seat in state.seats:
        if plain(seat) == plain(word):
            return seat
    raise unreadable(state, index, f"{word!r} is not a player of this game; name the holders "
                     "by their seat names: claim order anna bruno.")


def _spy(words: list[str], index: int, state: State) -> Any:
    """Read `spy <player>`."""
    return od.SpyOrder(_seat(words, index, state, "player to spy on"))


def _duel(words: list[str], index: int, state: State) -> Any:
    """Read `duel <player>` (also "challenge <player> to a duel")."""
    kept = [word for word in words if word not in ("duel", "challenge")]
    return od.DuelOrder(_seat(kept, index, state, "player to challenge"))


def _offer(words: list[str], index: int, state: State) -> Any:
    """Read `offer <object> to <player>` (or `offer <player> <object>`)."""
    before, after = _split(words, "to", "with")
    hand = _hand(state, index)
    if after is not None:
        return od.OfferOrder(_object(before, index, state, "object to offer", hand),
                             _seat(after, index, state, "player to offer it to"))
    kept = content(words)
    if len(kept) >= 2 and find_seat(kept[:1], state.seats)[0] is not None:
        return od.OfferOrder(_object(kept[1:], index, state, "object to offer", hand),
                             _seat(kept[:1], index, state))
    if len(kept) >= 2:
        return od.OfferOrder(_object(kept[:-1], index, state, "object to offer", hand),
                             _seat(kept[-1:], index, state, "player to offer it to"))
    raise unreadable(state, index, "Write offer <object> to <player>.")


def _accept(words: list[str], index: int, state: State) -> Any:
    """Read `accept give <object>` (the word give may be left out)."""
    kept = [w for w in content(words) if w not in ("give", "giving", "back", "return")]
    if not kept:
        raise unreadable(state, index, "Say what you give back: accept give <object>.")
    hand = _hand(state, index)
    return od.AcceptOrder(_object(kept, index, state, "object to give back", hand))


def _refuse(words: list[str], index: int, state: State) -> Any:
    """Read `refuse`."""
    return _no_more(words, index, state, od.RefuseOrder())


def _support(words: list[str], index: int, state: State) -> Any:
    """Read `support attacker|defender` (or the name of a duellist)."""
    kept = content(words)
    side = SIDE_WORDS.get(kept[0]) if len(kept) == 1 else None
    if side is None and len(kept) == 1 and state.duel is not None:
        seat = find_seat(kept, state.seats)[0]
        duel = state.duel
        side = {state.seats[duel.attacker]: "attacker",
                state.seats[duel.defender]: "defender"}.get(seat or "")
    if side is None:
        raise unreadable(state, index, "Write support attacker or support defender.")
    return od.SupportOrder(side)


def _play(words: list[str], index: int, state: State) -> Any:
    """Read `play <object>`, or `play <n> tokens`."""
    kept = content(words)
    if kept and kept[-1] in ("token", "tokens"):
        return _token(kept[:-1], index, state)
    hand = _hand(state, index)
    return od.PlayOrder(_object(kept, index, state, "object to play", hand))


def _token(words: list[str], index: int, state: State) -> Any:
    """Read `token <count>` (a number or a word; one when left out)."""
    kept = [w for w in content(words) if w not in ("token", "tokens")]
    if not kept:
        return od.TokenOrder(1)
    if len(kept) == 1:
        word = kept[0]
        count = int(word) if word.isdigit() else NUMBER_WORDS.get(word)
        if count is not None:
            return od.TokenOrder(count)
    raise unreadable(state, index, "Write token <count>, for example token 2.")


def _pass(words: list[str], index: int, state: State) -> Any:
    """Read `pass` (in the Sextant's passing, `pass <object>` gives it)."""
    if state.phase is Phase.SEXTANT and content(words):
        return _give(words, index, state)
    return _no_more(words, index, state, od.PassOrder())


def _look(words: list[str], index: int, state: State) -> Any:
    """Read `look society` or `look objects`."""
    kept = content(words)
    targets = {"society": "society", "card": "society", "societies": "society",
               "objects": "objects", "object": "objects", "hand": "objects", "cards": "objects",
               "items": "objects"}
    found = {targets[w] for w in kept if w in targets}
    if len(found) != 1:
        raise unreadable(state, index, "Write look society or look objects.")
    return od.LookOrder(found.pop())


def _steal(words: list[str], index: int, state: State) -> Any:
    """Read `steal` (look at the objects) or `steal <object>` (take it)."""
    return _take(words, index, state) if content(words) else od.LookOrder("objects")


def _take(words: list[str], index: int, state: State) -> Any:
    """Read `take <object>`, among the loser's objects."""
    among: tuple[str, ...] = ()
    duel = state.duel
    if duel is not None and duel.loser is not None:
        among = state.hands[duel.loser]
    return od.TakeOrder(_object(words, index, state, "object to take", among))


def _give(words: list[str], index: int, state: State) -> Any:
    """Read `give <object>` or `give <object> to <player>`."""
    before, after = _split(words, "to")
    hand = _hand(state, index)
    obj = _object(before, index, state, "object to give", hand)
    if after is None:
        return od.GiveOrder(obj)
    return od.GiveOrder(obj, _seat(after, index, state, "player who receives it"))


def _done(words: list[str], index: int, state: State) -> Any:
    """Read `done`."""
    return _no_more(words, index, state, od.DoneOrder())


def _name(words: list[str], index: int, state: State) -> Any:
    """Read `name <player> [<player> ...]`, in seat order."""
    kept = [word for word in words if word in state.seats or word not in FILLERS]
    if not kept:
        raise unreadable(state, index, "Name at least one player: name <player> [<player> ...].")
    named = [_seat([word], index, state) for word in kept]
    order = sorted(dict.fromkeys(named), key=state.seats.index)
    return od.NameOrder(tuple(order))


_READERS: dict[str, Callable[[list[str], int, State], Any]] = {
    "claim": _claim, "proclaim": _claim, "spy": _spy, "duel": _duel, "challenge": _duel,
    "attack": _duel, "offer": _offer, "trade": _offer, "accept": _accept, "refuse": _refuse,
    "reject": _refuse, "decline": _refuse, "support": _support, "side": _support,
    "play": _play, "token": _token, "tokens": _token, "pass": _pass, "skip": _pass,
    "look": _look, "see": _look, "steal": _steal, "take": _take, "give": _give,
    "done": _done, "stop": _done, "name": _name, "use": read_use, "reveal": read_use,
    "top": read_top,
}


def _bare(words: list[str], index: int, state: State) -> Any:
    """Read an order without its keyword: a profession or a duel object on its own."""
    if find_profession(words[:1])[0] is not None or (
            state.phase is Phase.ABILITY and find_object(words[:1], ())[0] is not None):
        return read_use(words, index, state)
    if state.phase is Phase.PLAY and find_object(content(words), ())[0] is not None:
        return _play(words, index, state)
    raise unreadable(state, index, f'"{words[0]}" is not an order word (spy, offer, duel, '
                     "accept, refuse, support, play, use, token, pass, look, take, give, top, "
                     "claim, name, done).")


def format_order(value: Any) -> str:
    """Return the canonical text of an order."""
    return od.canonical_text(value)


__all__ = ["Prompt", "format_order", "help_text", "parse", "plain", "words_of"]
