"""Victory: the basic goal by player count and every Illuminati's special goal."""
from __future__ import annotations

from .cards import ALIGNMENTS, ILLUMINATI, Goal, alignments, power, transferable
from .state import Player, State


def goal_text(goal: Goal) -> str:
    """Return a special goal in words."""
    if goal.kind == "power":
        return f"control a total Power of {goal.amount} (the Illuminati's own included)"
    if goal.kind == "transferable":
        return f"control a total Transferable Power of {goal.amount} (own included)"
    if goal.kind == "alignments":
        return "control at least one group of each of the ten alignments"
    if goal.kind == "alignment":
        return f"control {goal.amount} {goal.alignment.capitalize()} groups"
    if goal.kind == "money":
        return f"hold {goal.amount}MB across the whole power structure"
    if goal.kind == "destroyed":
        return f"destroy {goal.amount} groups (knocked-out Illuminati count)"
    return "the special goal of another Illuminati, chosen in secret"


def progress(player: Player, goal: Goal) -> int:
    """Return how far `player` has come towards `goal`, in the goal's own unit."""
    cards = [p.card for p in player.cards]
    if goal.kind == "power":
        return sum(power(card) for card in cards)
    if goal.kind == "transferable":
        return sum(transferable(card) for card in cards)
    if goal.kind == "alignments":
        return len({a for card in cards for a in alignments(card)} & set(ALIGNMENTS))
    if goal.kind == "alignment":
        return sum(goal.alignment in alignments(card) for card in cards)
    if goal.kind == "money":
        return player.money
    if goal.kind == "destroyed":
        return player.kills
    return 0


def special_goal(player: Player) -> Goal | None:
    """Return the special goal the player pursues (the UFOs': the one they chose); None
    before the player is dealt its Illuminati."""
    if player.illuminati not in ILLUMINATI:
        return None
    goal = ILLUMINATI[player.illuminati].goal
    if goal.kind == "chosen":
        return ILLUMINATI[player.goal].goal if player.goal in ILLUMINATI else None
    return goal


def reached(state: State, seat: str) -> str:
    """Return the goal `seat` meets now, in words, or '' when it meets none."""
    player = state.player(seat)
    if player.out:
        return ""
    if len(player.cards) >= state.basic_goal():
        return f"basic goal: controls {len(player.cards)} cards"
    goal = special_goal(player)
    if goal is not None and progress(player, goal) >= goal.amount:
        prefix = "chosen goal, " if player.illuminati == "ufos" else ""
        return f"{prefix}special goal: {goal_text(goal)}"
    return ""
