"""The manual by mail: every mail command and press form, one example each, and its details.

`help` answers with what the seat can write now and then `manual_text`; `help press` (or any
topic's name or command word) with `topic_text`. A topic that only some games have names the
order word it needs in the game's grammar (`auto-pass`), so a game without it never lists it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core import Prompt
from engine.core.standing import topics_help
from service.game.meta import GameMeta


@dataclass(frozen=True)
class Topic:
    """One page of the manual: a command or form, the words it covers, an example, details."""

    name: str
    words: tuple[str, ...]
    """The words that open it in a reply (the mail command words it answers)."""
    example: str
    summary: str
    detail: str
    order_word: str = ""
    """An order word of the game's grammar that must exist for the topic to be listed."""
    standing: bool = False
    """Listed only for a game with standing answers."""


TOPICS: tuple[Topic, ...] = (
    Topic("status", ("status",), "status",
          "the board as your seat sees it, whose turn it is and your deadline",
          "`status` answers with the board as your seat may see it, the seats the game waits "
          "for, your deadline (also in your time zone, see `help timezone`) and which seats "
          "are away."),
    Topic("history", ("history",), "history 40",
          "the latest lines of the history your seat may read",
          "`history` answers with the last 15 lines of the game's history that your seat may "
          "read, each with its time in UTC; `history 40` gives 40 (at most 200)."),
    Topic("press", (), "press to bruno, carla: hi",
          "talk to other players; it is never read as an order", ""),
    Topic("notify", ("notify",), "notify act",
          "how often you are mailed, whether press is mailed to you, and notices besides "
          "mail (Discord, Slack, Matrix, Telegram, ntfy, webhooks)",
          "`notify every` mails you every change of the game; `notify act` only when you "
          "must act, with the news since your last email, plus a daily digest of the rest "
          "(how new games start); `notify digest` a daily "
          "digest only. `notify press off` stops mailing you press (it stays in your "
          "history); `notify press on` mails it again. `notify add URL` adds a channel "
          "besides mail for every game of your address: any apprise URL (such as "
          "discord://webhook_id/webhook_token, slack://…, tgram://bot_token/chat_id, "
          "matrix://…, ntfy://topic, json://host/path); a test notice is sent first, and "
          "a channel that does not take it is not kept. It tells you when a decision of "
          "yours is due, reminds you before its deadline and tells you when a game ends, "
          "saying no more than your turn email's subject. `notify channels` lists yours "
          "(the URL only in part, with any notices that failed); `notify remove 2` or "
          "`notify remove all` forgets them."),
    Topic("timezone", ("timezone", "tz"), "timezone Europe/Berlin",
          "show deadlines in your time zone as well as in UTC",
          "`timezone Europe/Berlin` (or `tz America/New_York`, `tz utc`) shows every deadline "
          "in that zone too; a name of the tz database is expected."),
    Topic("absent", ("absent", "away", "back"), "absent until 2026-12-24",
          "your deadlines wait while you are away; `back` ends it", ""),
    Topic("vacation", ("vacation", "holiday"), "vacation from 2026-12-20 to 2026-12-27",
          "book vacation days ahead in all your games; `vacation` says what is left",
          "You have a number of vacation days a year across all your games (the operator "
          "sets it; 14 by default). `vacation from 2026-12-20 to 2026-12-27` books those "
          "days (UTC dates, both included) in every running game of your address that "
          "allows vacation: a deadline falling on them waits until the day after. Without a "
          "booking, when a deadline of yours would pass (and your time bank, if the game has "
          "one, is empty), a day is spent for you and the deadline moves a day, at most two "
          "days in a row until you answer again: a longer absence is booked ahead, or your "
          "default orders are played. A day counts "
          "once however many games it serves; a booked day counts when booked. `vacation` "
          "alone says how many days are left this year."),
    Topic("resign", ("resign",), "resign",
          "give up your seat for good (it asks for `resign confirm`)",
          "Resigning cannot be undone: your seat then plays its default order at every "
          "decision and gets no turn emails. Where the game's rules have a resignation of "
          "their own (Illuminati: your groups go free), your seat leaves the game by them at "
          "its next decision instead. `resign` alone only tells you so; `resign confirm` "
          "resigns."),
    Topic("confirm", (), "confirm",
          "act on a held message from another address of yours",
          "A message for your seat from an address you do not play from is held, and your "
          "own address gets an email saying so. A reply to that email with the single word "
          "`confirm` acts on the held message as yours, once. Anywhere else `confirm` means "
          "nothing."),
    Topic("help", ("help", "?"), "help press",
          "what you can write now and this list; `help COMMAND` tells more of one",
          "`help` answers with what your seat can write now (the orders of your decision, "
          "with examples) and then every mail command and press form with an example. "
          "`help press`, `help notify` and so on (any name in that list) give the details "
          "of one."),
    Topic("auto-pass", (), "auto-pass on",
          "a standing answer to windows, given like any order",
          "`auto-pass on` answers every window at once with a pass; `auto-pass "
          "unless-attacked` still waits for you when your own group is attacked; `auto-pass "
          "pass-only` (how new games start) answers only the windows where, as everyone can "
          "tell, you could only pass; `auto-pass off` ends it. It is an order of this game, "
          "given in your turn; the mail command `standing windows unless attacked` (or on, "
          "off, pass only) sets the same at any time. It stays private: the others do not "
          "see that you set it, nor who has answered a window.", order_word="auto-pass"),
    Topic("standing", ("standing",), "standing DECISION ANSWER",
          "answers given in advance to decisions that recur; `standing` lists yours",
          "", standing=True),
)
WHERE = ("Write them one per line in a reply to your turn email (or to any email of this game "
         "but a press email from another player), above the quoted text.")


def topics_for(game: Any) -> list[Topic]:
    """Return the topics of a game: every one, less those needing an order word it lacks."""
    grammar = getattr(game, "GRAMMAR", None)
    words = set(grammar.rules) if grammar is not None else set()
    standing = tuple(game.standing_topics()) if hasattr(game, "standing_topics") else ()
    return [_standing_example(topic, standing) if topic.standing else topic
            for topic in TOPICS if (not topic.order_word or topic.order_word in words)
            and (standing or not topic.standing)]


def _standing_example(topic: Topic, standing: Sequence[Any]) -> Topic:
    """Return the standing topic with an example in the game's own words (`standing vote
    neither`), the first answer of its first decision."""
    first = standing[0]
    return replace(topic, example=f"standing {first.name} "
                                  f"{first.answers[0].name.replace('-', ' ')}")


def manual_text(meta: GameMeta, game: Any) -> str:
    """Return the list of mail commands and press forms, one example and line each."""
    topics = [topic for topic in topics_for(game) if topic.name != "press" or meta.press != "off"]
    width = max(len(topic.example) for topic in topics) + 2
    lines = ["Mail commands and press. " + WHERE]
    lines += [f"  {topic.example.ljust(width)}{topic.summary}" for topic in topics]
    lines.append("`help NAME` tells more of one: "
                 + ", ".join(topic.name for topic in topics) + ".")
    return "\n".join(lines)


def topic_text(meta: GameMeta, game: Any, words: Sequence[str],
               prompt: Prompt | None = None) -> str:
    """Return the details of the topic `words` name (a mail command or form, or an order of
    the game, told with the seat's open decision `prompt`), or the list of topics when none
    fits."""
    asked = " ".join(words).lower().strip(" `?.!")
    topics = topics_for(game)
    for topic in topics:
        if asked == topic.name or asked in topic.words:
            return f"{topic.example}\n{_detail(meta, topic, game)}"
    order = str(game.order_help(asked, prompt))
    if order:
        return order
    return (f"There is no help on {asked!r}. Write help and one of: "
            + ", ".join(topic.name for topic in topics) + "; or help and an order: "
            + ", ".join(order_names(game)) + ".")


def order_names(game: Any) -> list[str]:
    """Return the words naming the game's orders (each kind's first word as written), in
    the order the game declares them."""
    names: list[str] = []
    for spec in game.ORDERS.specs.values():
        if spec.kind == "default":
            continue
        word = spec.syntax.split()[0]
        if word not in names:
            names.append(word)
    return names


def _detail(meta: GameMeta, topic: Topic, game: Any = None) -> str:
    """Return a topic's details, with what depends on the game's settings filled in."""
    if topic.name == "standing":
        return standing_detail(game)
    if topic.name == "press":
        return press_detail(meta.press)
    if topic.name == "absent":
        return ("`absent until 2026-12-24` declares you away to the end of that day (UTC): "
                "your deadlines wait, up to this game's limit of "
                f"{meta.absence_days} days, and the others are told only that your seat is "
                "away. `back` ends the absence at once (`away` is the same as `absent`).")
    return topic.detail


def standing_detail(game: Any) -> str:
    """Return how standing answers work, with the game's decisions and their answers."""
    topics = game.standing_topics()
    answers = "; ".join(topics_help(topics))
    first = topics[0]
    example = f"{first.name} {first.answers[0].name.replace('-', ' ')}"
    text = ("A standing answer is given for you, at once, whenever its decision opens for "
            "you, checked like an order you wrote; where it is not legal it is not used, you "
            "are asked as usual and your email says why. `standing` lists yours; "
            f"`standing {example}` sets one (several are separated by `/`; each replaces "
            f"the one of the same decision); `standing clear {first.name}` clears one and "
            f"`standing clear` all. In this game: {answers}.")
    ahead = next((topic for topic in topics if topic.kinds), None)
    if ahead is not None:
        written = (f"{ahead.name} {ahead.answers[0].name.replace('-', ' ')}" if ahead.answers
                   else ahead.kinds[-1])
        text += (" Where a turn has several decisions, an order may answer the rest of its "
                 f"turn ahead after `then` (for example `..., then {written}`); answers ahead "
                 "lapse when the turn ends.")
    advice = getattr(getattr(getattr(game, "PARTS", None), "standing", None), "ADVICE", "")
    if advice:
        text += " " + advice
    kept = [topic.name for topic in topics if topic.kept]
    if kept:
        text += (f" A change of {', '.join(kept)} holds from the next one that opens; one "
                 "open now still waits for your answer.")
    return text + (" Standing answers are private: the others see only that the decision was "
                   "answered.")


def press_detail(level: str) -> str:
    """Return how press works under the game's press setting."""
    if level == "off":
        return ("This game is played without press: players do not exchange messages through "
                "the service.")
    forms = ["`press to all: TEXT` goes to every other seat."]
    if level != "open":
        forms.append("`press to bruno, carla: TEXT` goes to those seats alone (seat or "
                     "player names).")
    else:
        forms.append("In this game press is open only: every message goes to everyone.")
    if level == "grey":
        forms.append("`anonymous press to ...: TEXT` hides your name.")
    forms += [
        ("A message begins a paragraph and runs to the next blank line or a line `end`; it "
         "is never read as orders, and it can stand in any reply to your turn email, beside "
         "orders and commands."),
        ("Replying to a press email answers its writer alone (an anonymous writer stays "
         "unnamed). Such a reply is talk only: if a line of it reads as an order or a mail "
         "command, nothing of it is sent and nothing is done, and you are told which lines."),
        "`notify press off` stops press mail; it stays in your history."]
    return " ".join(forms)
