"""The plain-text picture of a view, for terminals and text emails."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import object_name, profession_name, society_name

PHASES = {
    "turn": "choosing an action", "clairvoyant": "the Clairvoyant searches the pile",
    "answer": "answering an offer", "diplomat": "the Diplomat's trade",
    "ability": "a trade ability", "sextant": "the Sextant's passing",
    "gift": "over the hand limit", "sides": "duel: choosing sides",
    "play": "duel: playing", "doctor": "duel: the Doctor's window",
    "choice": "duel: the winner chooses", "take": "duel: the winner takes",
    "give-back": "duel: giving back", "claim": "a proclamation", "over": "game over",
}


def _objects(objects: list[str]) -> str:
    """Return e.g. 'Key, Dagger' (or 'none')."""
    return ", ".join(object_name(obj) for obj in objects) or "none"


def render_text(data: Mapping[str, Any]) -> str:
    """Return a plain-text picture of a view."""
    if data["phase"] == "over":
        heading = f"Castle of the Devil - game over after turn {data['turn']}"
    else:
        heading = (f"Castle of the Devil - turn {data['turn']}, {data['active']} to play "
                   f"({PHASES.get(data['phase'], data['phase'])})")
    lines = [heading, ""]
    lines += _table(data) + [""] + _status(data)
    if data.get("duel"):
        lines += [""] + _duel_lines(data["duel"])
    if data.get("you"):
        lines += [""] + _own_lines(data["you"])
    if data.get("over"):
        lines += [""] + _over_lines(data["over"])
    return "\n".join(lines) + "\n"


def _table(data: Mapping[str, Any]) -> list[str]:
    """Return one line per player, clockwise."""
    lines = [f"{'Player':<14}{'Objects':>8}{'Tokens':>8}   Profession"]
    for player in data["players"]:
        prof = profession_name(player["profession"]) if player["profession"] else "face down"
        line = f"{player['seat']:<14}{player['objects']:>8}{player['tokens']:>8}   {prof}"
        if "society" in player:
            line += f"; shown: {society_name(player['society'])}, {_objects(player['hand'])}"
        lines.append(line)
    return lines


def _status(data: Mapping[str, Any]) -> list[str]:
    """Return the lines on the pile, the tokens, the open step and who is awaited."""
    lines = [(f"Pile: {data['pile']} objects. Duel tokens left: {data['token_pile']}. "
              f"Hand limit: {data['hand_limit']}. Victory: {data['need']}")]
    trade = data.get("trade")
    if trade:
        what = f"the {object_name(trade['demanded'])} (Diplomat)" if trade["diplomat"] \
            else "an object"
        lines.append(f"Trade: {trade['offerer']} -> {trade['target']}: {what}.")
    if data.get("ability"):
        ability = data["ability"]
        lines.append(f"{ability['seat']} may use the {object_name(ability['object'])}.")
    if data.get("sextant"):
        sextant = data["sextant"]
        lines.append(f"Sextant ({sextant['user']}): passing to the {sextant['direction']}; "
                     f"chosen: {', '.join(sextant['chosen']) or 'nobody yet'}.")
    if data.get("giver"):
        lines.append(f"{data['giver']} is over the hand limit and must give an object away.")
    if data.get("claim"):
        claim = data["claim"]
        lines.append(f"{claim['claimant']} proclaims victory for "
                     f"{society_name(claim['society'])}; named: "
                     f"{', '.join(claim['named']) or 'nobody yet'}.")
    if data["waiting_for"]:
        lines.append("Waiting for: " + ", ".join(data["waiting_for"]))
    return lines


def _duel_lines(duel: Mapping[str, Any]) -> list[str]:
    """Return the duel in progress."""
    lines = [f"Duel: {duel['attacker']} (attacker) against {duel['defender']} (defender)."]
    if not duel["revealed"]:
        lines.append("Sides are sealed; answered: " + (", ".join(duel["answered"]) or "nobody"))
        return lines
    lines.append("Sides: " + (", ".join(f"{seat} {side}" for seat, side in
                                        duel["sides"].items()) or "none"))
    for play in duel["plays"]:
        what = (f"{play['amount']} token(s)" if play["kind"] == "tokens" else
                object_name(play["what"]) if play["kind"] == "object"
                else profession_name(play["what"]))
        target = f" ({play['target']})" if play["target"] else ""
        lines.append(f"  {play['seat']} played {what}{target}")
    if duel["excluded"]:
        lines.append("Taking no part: " + ", ".join(duel["excluded"]))
    lines.append(f"Totals: attacker {duel['totals'][0]}, defender {duel['totals'][1]}")
    if duel.get("to_play"):
        lines.append(f"To play: {duel['to_play']}")
    return lines


def _own_lines(you: Mapping[str, Any]) -> list[str]:
    """Return what only the reading seat knows."""
    side = "face up" if you["face_up"] else "face down"
    lines = [(f"You are {you['seat']}: {society_name(you['society'])}, "
              f"{profession_name(you['profession'])} ({side}), {you['tokens']} token(s)."),
             f"Your objects: {_objects(you['objects'])}."]
    for key, label in (("offered", "Object in the trade"), ("side", "Your sealed side"),
                       ("passing", "You pass on")):
        if you.get(key):
            value = you[key] if key == "side" else object_name(you[key])
            lines.append(f"{label}: {value}.")
    if you.get("pile"):
        lines.append(f"The pile: {_objects(you['pile'])}.")
    if you.get("loser_objects"):
        lines.append(f"The loser's objects: {_objects(you['loser_objects'])}.")
    if you["notes"]:
        lines += ["What you have learnt:"] + [f"  {note}" for note in you["notes"]]
    return lines


def _over_lines(over: Mapping[str, Any]) -> list[str]:
    """Return the end of the game: winners, reason and every card."""
    lines = [f"Winners: {', '.join(over['winners'])}. {over['reason']}"]
    for seat, society in over["societies"].items():
        lines.append(f"  {seat}: {society_name(society)}, "
                     f"{profession_name(over['professions'][seat])}, "
                     f"{_objects(over['hands'][seat])}")
    return lines
