"""Seat views (what each seat may see) and the visibility of events."""
from __future__ import annotations

from typing import Any

from .arithmetic import parts, target_number
from .cards import GROUPS, ILLUMINATI, SIDES, alignments, name_of, power, transferable
from .events import answer_text
from .goals import goal_text, progress, special_goal
from .grid import world_arrows
from .rules_attack import plan_of
from .rules_counter import uncommitted
from .state import Phase, Player, State, depth


def _card(state: State, player: Player, index: int) -> dict[str, Any]:
    item = player.cards[index]
    data: dict[str, Any] = {
        "id": item.card, "name": name_of(item.card), "x": item.x, "y": item.y,
        "rotation": item.rot, "master": item.master, "money": item.money,
        "power": power(item.card), "transferable": transferable(item.card),
        "arrows": [SIDES[s] for s in world_arrows(item)],
        "depth": depth(player, item.card)}
    if item.card in GROUPS:
        group = GROUPS[item.card]
        data |= {"resistance": group.resistance, "income": group.income,
                 "alignments": list(alignments(item.card)),
                 "in": SIDES[(group.in_side + item.rot) % 4]}
    else:
        data["income"] = ILLUMINATI[item.card].income
    return data


def _player(state: State, player: Player, seat: str | None) -> dict[str, Any]:
    own = seat == player.seat or state.phase is Phase.OVER
    goal = special_goal(player) if (own or player.illuminati != "ufos") else None
    data: dict[str, Any] = {
        "seat": player.seat, "illuminati": player.illuminati,
        "illuminati_name": name_of(player.illuminati) if player.illuminati else "",
        "out": player.out, "hand_size": len(player.hand), "kills": player.kills,
        "treasury": player.money, "controlled": len(player.cards),
        "structure": [_card(state, player, i) for i in range(len(player.cards))],
        "goal": goal_text(goal) if goal else "the special goal of another Illuminati "
                                             "(secret)",
        "goal_progress": progress(player, goal) if goal else None}
    if own:
        data |= {"hand": [{"id": c, "name": name_of(c)} for c in player.hand],
                 "auto_pass": player.auto_pass, "notes": list(player.notes),
                 "chosen_goal": player.goal}
    return data


def _attack(state: State, seat: str | None) -> dict[str, Any] | None:
    attack = state.attack
    if attack is None:
        return None
    plan = plan_of(attack)
    return {"attacker": attack.attacker, "kind": attack.kind, "group": name_of(attack.group),
            "target": name_of(attack.target), "defender": attack.defender,
            "aiders": [name_of(a) for a in attack.aiders], "spent": attack.spent,
            "privileged": bool(attack.privilege) and not attack.abolished,
            "abolished": attack.abolished, "round": attack.round,
            "defence": attack.defence, "interference": attack.interference,
            "roll": attack.roll, "needed": target_number(state, plan),
            "modifiers": [[label, value] for label, value in parts(state, plan)],
            "your_answer": [_answer_text(a) for a in attack.sealed if a.seat == seat],
            "answered": seat is not None and seat not in attack.waiting
            and state.phase in (Phase.RESPONSE, Phase.REACTION, Phase.SECRETS)
            and any(a.seat == seat for a in attack.sealed),
            "committed": attack.committed or bool(attack.roll),
            "call_off": uncommitted(state),
            "placing": [f"{name_of(puppet)} at {SIDES[side]}" for puppet, _, side in
                        attack.placing]}


def _counter(state: State, seat: str | None) -> dict[str, Any] | None:
    """Return the open window for Secrets Man Was Not Meant To Know, as `seat` may see it."""
    counter = state.counter
    if counter is None:
        return None
    return {"plays": [{"seat": p.seat, "card": name_of(p.card),
                       "target": name_of(p.target) if p.target else ""} for p in counter.plays],
            "asked": list(counter.asked),
            "your_answer": [answer_text(a) for a in counter.sealed if a.seat == seat],
            "answered": seat is not None and seat in counter.asked
            and seat not in counter.waiting}


def _answer_text(item: Any) -> str:
    return answer_text(item)


def seat_view(state: State, seat: str | None) -> dict[str, Any]:
    """Return what `seat` (None: a spectator) may see of the game."""
    return {
        "game": "illuminati", "you": _you(state, seat), "phase": state.phase.value,
        "turn": {"seat": state.turn.seat, "number": state.turn.number,
                 "actions": state.turn.actions, "transfers": state.turn.transfers},
        "order": list(state.order), "basic_goal": state.basic_goal(),
        "players": [_player(state, p, seat) for p in state.players],
        "uncontrolled": [{"id": c, "name": name_of(c), "power": power(c),
                          "transferable": transferable(c), "resistance": GROUPS[c].resistance,
                          "alignments": list(alignments(c))} for c in state.uncontrolled],
        "deck_size": len(state.deck), "dead": [name_of(c) for c in state.dead],
        "discard_size": len(state.discard), "skip": list(state.skip),
        "attack": _attack(state, seat), "secrets_window": _counter(state, seat),
        "winners": list(state.winners),
        "reason": state.reason}


def _you(state: State, seat: str | None) -> dict[str, Any] | None:
    """Return the seat's own part of the view: Illuminati, goal, hand, standing order, notes."""
    if seat is None or seat not in state.seats:
        return None
    player = state.player(seat)
    goal = special_goal(player)
    return {"seat": seat, "illuminati": player.illuminati,
            "illuminati_name": name_of(player.illuminati) if player.illuminati else "",
            "goal": goal_text(goal) if goal else "not chosen yet",
            "hand": [name_of(card) for card in player.hand] or ["no Specials"],
            "auto_pass": player.auto_pass,
            "computer_espionage": list(player.notes) or ["nothing seen"]}


def label(state: State) -> str:
    """Return where the game stands, in a few words."""
    if state.phase is Phase.OVER:
        return "Game over, won by " + (" and ".join(state.winners) or "nobody")
    if state.phase in (Phase.SETUP, Phase.GOAL) or not state.turn.seat:
        return "Setup, the UFOs choose their goal" if state.phase is Phase.GOAL else "Setup"
    doing = PHASE_WORDS.get(state.phase, "")
    return f"Turn {state.turn.number}, {state.turn.seat}" + (f" ({doing})" if doing else "")


PHASE_WORDS = {Phase.END: "end of the turn", Phase.RESPONSE: "response window",
               Phase.RAISE: "raise", Phase.REACTION: "reaction window",
               Phase.SECRETS: "Secrets window", Phase.COUNTER: "Secrets window"}
"""What the label adds to the turn while a decision other than the turn's actions is open
(labels stand in mail subjects before a colon, so they hold none)."""
