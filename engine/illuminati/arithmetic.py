"""Attack arithmetic: the target number of an attack, with every modifier named."""
from __future__ import annotations

from dataclasses import dataclass

from . import cards
from .cards import GROUPS, OPPOSITE
from .state import State, depth

Part = tuple[str, int]
DISTANCE = {1: -10, 2: -5, 3: -2}
SHIELD_BONUS = 2
GUN_LOBBY_RESISTANCE = 10
GUN_LOBBY_FOES = ("liberal", "communist", "weird")


@dataclass(frozen=True)
class Plan:
    """An attack as the arithmetic sees it: who attacks what, with what, and the money so far."""

    seat: str
    kind: str
    group: str
    target: str
    aiders: tuple[str, ...] = ()
    spent: int = 0
    defence: int = 0
    interference: int = 0
    whisper: bool = False


def aligned(state: State, card: str) -> tuple[str, ...]:
    """Return the alignments of `card` this turn, the Orbital Lasers' change applied."""
    base = list(cards.alignments(card))
    laser = state.turn.laser
    if len(laser) == 3 and laser[0] == card:
        _, mode, alignment = laser
        if mode == "add" and alignment not in base:
            base.append(alignment)
        elif mode == "remove" and alignment in base:
            base.remove(alignment)
        elif mode == "reverse" and alignment in base and alignment in OPPOSITE:
            base[base.index(alignment)] = OPPOSITE[alignment]
    return tuple(base)


def attacker_alignments(state: State, plan: Plan) -> tuple[str, ...]:
    """Return the attacking group's alignments for this attack (Chinese Campaign Donors' rule)."""
    own = aligned(state, plan.group)
    if (cards.rule(plan.group) == "government-when-controlling-government"
            and plan.kind == "control" and "government" in aligned(state, plan.target)
            and "government" not in own):
        own = own + ("government",)
    return own


def resistance(state: State, plan: Plan) -> int:
    """Return the target's Resistance against this attacker (Gun Lobby, Survivalists)."""
    value = GROUPS[plan.target].resistance
    if (cards.rule(plan.target) == "resists-liberal-communist-weird"
            and set(attacker_alignments(state, plan)) & set(GUN_LOBBY_FOES)):
        value = GUN_LOBBY_RESISTANCE
    owner = state.owner(plan.target)
    if owner and plan.target != "survivalists" and "survivalists" in state.player(owner).groups:
        value += SHIELD_BONUS
    return value


def alignment_modifier(state: State, plan: Plan) -> int:
    """Return +4 per shared and -4 per opposed alignment pair (reversed to destroy)."""
    target = set(aligned(state, plan.target))
    total = 0
    for mine in attacker_alignments(state, plan):
        if mine == "fanatic":
            total -= 4 if "fanatic" in target else 0
            continue
        if mine in target:
            total += 4
        if OPPOSITE.get(mine) in target:
            total -= 4
    return -total if plan.kind == "destroy" else total


def distance_modifier(state: State, target: str) -> int:
    """Return the defence for a target close to its Illuminati: -10, -5, -2 or nothing."""
    owner = state.owner(target)
    return DISTANCE.get(depth(state.player(owner), target), 0) if owner else 0


def card_bonuses(state: State, plan: Plan) -> int:
    """Return the printed bonuses of the attacker's structure that count for this attack."""
    target = GROUPS[plan.target]
    shown = cards.Group(target.id, target.name, target.power, target.transferable,
                        target.resistance, target.income, aligned(state, plan.target),
                        target.in_side, target.out_sides, target.bonuses, target.rule,
                        target.aliases)
    total = 0
    for item in state.player(plan.seat).cards:
        for bonus in cards.bonuses(item.card):
            if bonus.direct and item.card != plan.group:
                continue
            if bonus.applies(plan.kind, shown):
                total += bonus.amount
    return total


def base_parts(state: State, plan: Plan) -> list[Part]:
    """Return the power against resistance (or power) part of the target number."""
    parts: list[Part] = [(f"power of {cards.name_of(plan.group)}", cards.power(plan.group))]
    parts += [(f"transferable power of {cards.name_of(a)}", cards.transferable(a))
              for a in plan.aiders]
    if plan.kind == "destroy" and not plan.whisper:
        parts.append((f"power of {cards.name_of(plan.target)}", -cards.power(plan.target)))
    else:
        parts.append((f"resistance of {cards.name_of(plan.target)}", -resistance(state, plan)))
    if plan.kind == "neutralize":
        parts.append(("attack to neutralize", 6))
    return parts


def parts(state: State, plan: Plan) -> list[Part]:
    """Return every named modifier of the attack's target number."""
    result = base_parts(state, plan)
    extra = [("alignments", alignment_modifier(state, plan)),
             ("distance from the Illuminati", distance_modifier(state, plan.target)),
             ("card abilities", card_bonuses(state, plan)),
             ("money spent by the attacker", plan.spent),
             ("money spent in defence", -plan.defence),
             ("interference", plan.interference)]
    return result + [part for part in extra if part[1]]


def target_number(state: State, plan: Plan) -> int:
    """Return the number the attacker must roll or less on 2d6 (11 and 12 always fail)."""
    return sum(value for _, value in parts(state, plan))


def succeeds(roll: int, needed: int) -> bool:
    """Return whether `roll` succeeds against `needed`: 11 and 12 always fail."""
    return roll <= 10 and roll <= needed
