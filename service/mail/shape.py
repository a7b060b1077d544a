"""The shape of a turn email: one prompt section, the game's own deadlines, the welcome."""
from __future__ import annotations

import re
from typing import Any

from engine.core import Prompt
from service.game.meta import GameMeta
from service.orders.irreversible import help_irreversible_last
from service.pdf.render import private_items

ENGINE_DEADLINE_LINE = re.compile(r"^\s*If the deadline passes\b.*$", re.IGNORECASE)
SUMMARY_LINES = 15
"""History lines a newly seated player is shown as the game so far."""


def prompt_help(help_text: str, prompt: Prompt) -> str:
    """Return the help text without the prompt's summary and without the rules' own deadline.

    The email states the summary once above the help, and the deadline and default with the
    hours this game uses, so neither is repeated from the engine's generic help.
    """
    text = help_text.strip()
    if text.startswith(prompt.summary.strip()):
        text = text[len(prompt.summary.strip()):].lstrip()
    lines = [line for line in text.splitlines() if not ENGINE_DEADLINE_LINE.match(line)]
    return help_irreversible_last("\n".join(lines).strip())


def hours_for(meta: GameMeta, prompt: Prompt | None) -> int | None:
    """Return the hours each decision of this game gets (the game's setting or the prompt's)."""
    if meta.deadline_hours:
        return meta.deadline_hours
    return prompt.deadline_hours if prompt is not None else None


def welcome_lines(meta: GameMeta, seat: str, view: dict[str, Any],
                  prompt: Prompt | None) -> list[str]:
    """Return the welcome: the seat's role, deadlines, how to reply and to talk."""
    others = ", ".join(name + (" (the house, a computer player)" if name in meta.house else "")
                       for name in meta.seat_names if name != seat)
    lines = [f"You play {meta.title} as seat {seat}, with {others}."]
    for label, text in private_items(view):
        lines.append(f"{label}: {text}")
    hours = hours_for(meta, prompt)
    reminders = ", ".join(f"{h} h" for h in meta.reminder_hours) or "none"
    if hours:
        lines.append(f"Each decision has {hours} hours; reminders come {reminders} before.")
    lines.append("Orders go in a reply to this email, to any later turn email or reminder, "
                 "or to the service's answer to your mail: those reply to your seat's play "
                 "address. Write each order on its own line above the quoted text.")
    lines.append("Mail commands go there too: `help` lists what you can write now and every "
                 "command with an example, `status` shows the board, `help notify` (or any "
                 "command) tells more of one.")
    lines.append(notify_line(meta.prefs(seat).notify))
    if str(meta.options.get("auto-pass", "off")) != "off":
        lines.append(AUTO_PASS_LINE)
    if meta.press != "off":
        lines.append(_press_line(meta.press))
        lines.append("A reply to a press email from another player is sent to its writer as "
                     "talk and never read as orders; if it holds an order or a command, "
                     "nothing of it is sent and you are told.")
    return lines


AUTO_PASS_LINE = ("Windows where your only answer is pass are answered for you; write "
                  "`auto-pass off` to answer them yourself.")


def notify_line(notify: str) -> str:
    """Return how the seat is mailed and how to change it, in one line."""
    if notify == "must-act":
        return ("You get mail only when you must act, with the news since your last turn; "
                "write `notify every` for every change.")
    if notify == "digest":
        return ("You get a daily digest of the game and no turn emails; write `notify act` "
                "for mail when you must act.")
    return ("You get mail at every change of the game; write `notify act` for mail only "
            "when you must act.")


def _press_line(level: str) -> str:
    """Return how to talk to the others under the game's press setting."""
    if level == "open":
        return "To talk to the other players, begin a paragraph with `press to all:`."
    anonymous = " (`anonymous press to ...:` hides your name)" if level == "grey" else ""
    return ("To talk to the other players, begin a paragraph with `press to all:` or "
            f"`press to NAME, NAME:`{anonymous}; it is never read as an order.")
