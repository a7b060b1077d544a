"""prompts: who must decide what now, the forms for pages, and the help lines."""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from engine.core.contract import Field, OrderForm, Prompt

from . import orders as od
from .arithmetic import target_number
from .candidates import MEMO, listed
from .cards import name_of
from .rules_attack import plan_for
from .state import Phase, State
from .steps import STEPS, deciders

FORM_TEXTS: dict[type, tuple[str, str]] = {
    od.GoalOrder: ("Choose the goal the UFOs pursue (secret)", "goal <illuminati>"),
    od.AttackOrder: ("Attack a group", ("attack <control|neutralize|destroy> <target> with "
                     "<group> [aided by <group> and <group>] [spending <MB> from group <MB> "
                     "from illuminati] [privileged by <special>|bavaria] [at <side>] "
                     "[whispering]")),
    od.TransferOrder: ("Transfer money", "transfer <MB> from <card> to <card>"),
    od.MoveOrder: ("Move a group", "move <group> to <card> [at <side>]"),
    od.GiveGroupOrder: ("Give a group away", "give group <group> to <player>"),
    od.GiveMoneyOrder: ("Give money", "give <MB> to <player>"),
    od.GiveSpecialOrder: ("Give a Special", "give special <special> to <player>"),
    od.DropOrder: ("Drop a group", "drop <group>"),
    od.PlayOrder: ("Play a Special", "play <special> [on <target>] [at <card> [<side>]]"),
    od.RecycleOrder: ("Recyclers: pay 5MB for an extra draw", "recycle"),
    od.LaserOrder: ("Orbital Mind Control Lasers", ("laser <group> <add|remove|reverse> "
                    "<alignment>")),
    od.PassOrder: ("Pass", "pass"),
    od.EndOrder: ("End", "end"),
    od.DefendOrder: ("Defend your group", "defend <MB> from target <MB> from illuminati"),
    od.InterfereOrder: ("Interfere", "interfere <for|against> <MB> [with interference]"),
    od.AbolishOrder: ("Abolish privilege", ("abolish with deep agent | abolish with <special> "
                      "and <special>")),
    od.RaiseOrder: ("Raise the attack", "raise <MB> from group <MB> from illuminati"),
    od.RollOrder: ("Roll the dice", "roll"),
    od.AutoPassOrder: ("Standing order for windows", "auto-pass <on|off|unless-attacked>"),
    od.ResignOrder: ("Resign", "resign"),
    od.DefaultOrder: ("Let the service choose at random", "default"),
}


def deciders_of(state: State) -> tuple[str, ...]:
    """Return the seats the open decision waits for."""
    return deciders(state) if state.phase in STEPS else ()


def prompt_key(state: State) -> str:
    """Return the id of the current decision point, e.g. t4.w7.response."""
    return f"t{state.turn.number}.w{state.window}.{state.phase.value}"


def prompts(state: State) -> tuple[Prompt, ...]:
    """Return the open decisions, one per deciding seat."""
    return tuple(prompt(state, seat) for seat in deciders_of(state))


def prompt(state: State, seat: str) -> Prompt:
    """Return the prompt of one seat (built once per state)."""
    return MEMO.get(state, ("prompt", seat), lambda: _prompt(state, seat))  # type: ignore[no-any-return]


def _prompt(state: State, seat: str) -> Prompt:
    """Return the prompt of one seat."""
    step = STEPS[state.phase]
    return Prompt(seat=seat, key=prompt_key(state), summary=summary(state, seat),
                  forms=forms(step.rules, listed(state, seat)), default=step.default(state, seat),
                  default_summary=step.default_summary, simultaneous=step.sealed,
                  deadline_hours=step.hours)


def summary(state: State, seat: str) -> str:
    """Return what is decided, and for a turn the target numbers of the attacks in reach."""
    step = STEPS[state.phase]
    lines = [f"You {step.doing}."]
    attack = state.attack
    if attack is not None:
        lines.append(f"{attack.attacker} attacks to {attack.kind} {name_of(attack.target)} "
                     f"with {name_of(attack.group)}; the attack needs "
                     f"{target_number(state, _plan(state))} or less.")
    if state.phase is Phase.TURN:
        player = state.player(seat)
        lines.append(f"Regular actions left: {state.turn.actions}. Treasury of your "
                     f"Illuminati: {player.cards[0].money}MB.")
        numbers = _target_numbers(state, seat)
        if numbers:
            lines.append("Attacks you could make (target number without money): "
                         + "; ".join(numbers) + ".")
    return " ".join(lines)


def _plan(state: State) -> Any:
    from .rules_attack import plan_of

    assert state.attack is not None
    return plan_of(state.attack)


def _target_numbers(state: State, seat: str, limit: int = 8) -> list[str]:
    """Return 'control X with Y: N' for a sample of the seat's possible attacks."""
    result = []
    for order in [a for a in listed(state, seat)
                  if isinstance(a, od.AttackOrder) and not a.from_illuminati]:
        needed = target_number(state, plan_for(seat, order))
        result.append(f"{order.kind} {name_of(order.target)} with {name_of(order.group)}: "
                      f"{needed}")
        if len(result) >= limit:
            break
    return result


def forms(rules: dict[type, Any], listed: Sequence[Any]) -> tuple[OrderForm, ...]:
    """Return one form per order kind the step takes, options taken from the listed orders."""
    result = []
    for kind in rules:
        label, syntax = FORM_TEXTS[kind]
        chosen = [item for item in listed if type(item) is kind]
        result.append(OrderForm(kind.order_kind, label, _fields(kind, chosen),  # type: ignore[attr-defined]
                                tuple(od.format_order(o) for o in chosen[:3]), syntax))
    return tuple(result)


def _fields(kind: type, chosen: list[Any]) -> tuple[Field, ...]:
    fields = []
    for spec in dataclasses.fields(kind):
        values = [getattr(item, spec.name) for item in chosen]
        if any(isinstance(value, tuple) for value in values):
            options = tuple(dict.fromkeys(part for value in values for part in value))
            if options:
                fields.append(Field(spec.name, spec.name, "multi", options, 0, len(options)))
        else:
            options = tuple(dict.fromkeys(str(v) for v in values if v not in ("", -1)))
            if options:
                fields.append(Field(spec.name, spec.name, "choice", options))
    return tuple(fields)


def you_can_write(state: State, seat: str) -> str:
    """Return the syntax lines of what `seat` can write now."""
    step = STEPS.get(state.phase)
    if step is None:
        return ""
    return "You can write: " + " | ".join(FORM_TEXTS[k][1] for k in step.rules)


def help_text(item: Prompt) -> str:
    """Return the lines telling the prompted seat what it can write now, with examples."""
    lines = [item.summary, "", "You can write:"]
    for form in item.forms:
        lines.append(f"  {form.syntax}    ({form.label})")
        lines += [f"      e.g. {example}" for example in form.examples]
    lines.append(f"If the deadline passes: {item.default_summary}.")
    return "\n".join(lines)
