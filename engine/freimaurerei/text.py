"""render_text: a plain-text picture of a view, for terminals and text emails."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.wording import counted

SIZE_LETTER = {"small": "S", "medium": "M", "large": "L"}
RITE_NAME = {"french": "French", "st-andrews": "St Andrew's"}


def render_text(data: Mapping[str, Any]) -> str:
    """Return a plain-text picture of a view."""
    lines = _heading(data) + [""]
    for realm in data["principalities"]:
        lines += _realm_lines(realm) + [""]
    lines += _pending_lines(data.get("pending"))
    if data.get("you"):
        lines += _own_lines(data["you"])
    if data.get("result"):
        lines += _result_lines(data["result"])
    return "\n".join(lines).rstrip() + "\n"


def stage_text(data: Mapping[str, Any]) -> str:
    """Return where the game stands: 'setup', or 'turn 3, action 2 of 4 (actions)'."""
    if not data.get("turn") or not data.get("actions"):
        return str(data.get("phase") or "setup")
    return (f"turn {data['turn']}, action {data['action']} of {data['actions']} "
            f"({data['phase']})")


def _heading(data: Mapping[str, Any]) -> list[str]:
    """Return the title, the banks and who is awaited."""
    bank = data["bank"]
    masons = bank["masons"]
    waiting = ", ".join(data["waiting_for"]) or "nobody"
    title = f"Freimaurerei - {stage_text(data)}; waiting for: {waiting}"
    banks = (f"Bank: Masons {masons['small']} small, {masons['medium']} medium, "
             f"{masons['large']} large; French markers {bank['french']['medium']} medium, "
             f"{bank['french']['small']} small; St Andrew's {bank['st-andrews']['medium']} "
             f"medium, {bank['st-andrews']['small']} small; purple {bank['purple']}; "
             f"{bank['money']} T.")
    decks = (f"Alignment bag: {data['bag']['small']} small, {data['bag']['medium']} medium. "
             f"Lodge deck: {data['lodge_deck']} cards. Ruler deck: {data['ruler_deck']} cards.")
    return [title, banks, decks
    ]


def card_label(card: Mapping[str, Any] | None) -> str:
    """Return e.g. '5C five of clubs (Illuminati)'."""
    if card is None:
        return "-"
    society = card["alignment"].capitalize() if card["alignment"] else _effect(card["effect"])
    label = f"{card['id']} {card['name']}" if card["effect"] == "suit" else card["name"]
    return f"{label} ({society})"


def _effect(effect: str) -> str:
    """Return what a special card's alignment depends on."""
    return {"joker": "drawn at the end", "none": "no alignment",
            "master": "the SM's inner alignment", "consort": "?"}.get(effect, "?")


def piece_label(piece: Mapping[str, Any]) -> str:
    """Return e.g. 'M7 L French+P outer black inner hidden'."""
    parts = [piece["id"], SIZE_LETTER[piece["size"]]]
    if piece["rite"]:
        parts.append(RITE_NAME[piece["rite"]] + ("+Perfection" if piece["perfect"] else ""))
    elif piece["perfect"]:
        parts.append("Perfection")
    if piece["outer"]:
        parts.append(f"outer {piece['outer']}")
    if piece["inner"]:
        parts.append(f"inner {piece['inner']}")
    return " ".join(parts)


def _realm_lines(realm: Mapping[str, Any]) -> list[str]:
    """Return the lines of one principality."""
    counts = realm["counts"]
    beside = ", ".join(card_label(c) for c in realm["consorts"])
    lines = [f"{realm['title'].upper()} - {realm['seat']} - {realm['money']} T",
             f"  Ruler: {card_label(realm['ruler'])}"
             + (f" [{realm['rulers_covered']} covered]" if realm["rulers_covered"] else "")
             + (f"; beside: {beside}" if beside else "")]
    for lodge in realm["lodges"]:
        covered = " [over " + ", ".join(c["id"] for c in lodge["covered"]) + "]" \
            if lodge["covered"] else ""
        lines.append(f"  Lodge {lodge['number']}: {card_label(lodge['card'])}{covered}")
        lines.append("      " + "; ".join(piece_label(p) for p in lodge["members"]))
    loose = "; ".join(piece_label(p) for p in realm["unaffiliated"]) or "nobody"
    lines.append(f"  Unaffiliated: {loose}")
    lines.append(f"  {counted(counts['lodges'], 'lodge')}, "
                 f"{counted(counts['perfect_initiates'], 'Perfect Initiate')}, "
                 f"{counted(counts['masons'], 'Mason')}"
                 + ("; may declare the end" if realm["may_declare_end"] else "")
                 + (f"; {counted(realm['points'], 'point')}" if "points" in realm else ""))
    return lines


def _pending_lines(pending: Mapping[str, Any] | None) -> list[str]:
    """Return what the action under way has done so far."""
    if not pending:
        return []
    details = [f"Under way: {pending['step']}"]
    if pending["face"]:
        details.append(f"roll {pending['rolls']}: {pending['face'].upper()}")
    if pending["recruits"]:
        details.append("recruits " + ", ".join(f"{r['id']} {r['size']}"
                                               for r in pending["recruits"]))
    if pending["card"]:
        details.append("card " + card_label(pending["card"]))
    if pending["moved"]:
        details.append("moved " + ", ".join(pending["moved"]))
    if pending["initiators"]:
        details.append("initiators left " + ", ".join(pending["initiators"]))
    return ["; ".join(details), ""]


def _own_lines(you: Mapping[str, Any]) -> list[str]:
    """Return what only the reading seat knows."""
    lines = [f"You are {you['seat']}, ruling {you['principality'].capitalize()}."]
    if you["sealed_outer"]:
        lines.append(f"Your sealed choice: a {you['sealed_outer']} Secret Master.")
    if you["inner"]:
        lines.append(f"Your Secret Master is secretly {you['inner'].capitalize()} (outer "
                     f"{you['outer'] or 'not yet shown'}).")
    if you["planted"]:
        lines.append("You planted: " + ", ".join(f"{piece} {alignment}" for piece, alignment
                                                 in sorted(you["planted"].items())) + ".")
    return lines + [""]


def _result_lines(result: Mapping[str, Any]) -> list[str]:
    """Return the final reckoning."""
    points = ", ".join(f"{seat} {n}" for seat, n in result["points"].items())
    return [f"Game over (declared by {result['declared_by']}). Points: {points}.",
            result["reason"]]
