"""What a prompted seat reads: the summary with the attacks in reach, the key of the decision
point, and forms with number fields for money where the orders cannot be listed."""
from __future__ import annotations

from engine.core.contract import Field, OrderForm
from engine.core.forms import forms_from_orders

from . import orders as od
from .arithmetic import target_number
from .candidates import listed
from .cards import ATTACKS, name_of, transferable
from .rules_attack import plan_for, plan_of
from .state import Phase, State

MONEY_FIELDS = {"from_group", "from_illuminati", "from_target", "amount"}
WRITTEN_ONLY = {"arrow", "whisper", "privilege", "card", "place", "moving"}
"""Parts of an order given in writing only (the form's fields give the common case)."""
FIELD_LABELS = {"from_group": "MB from the attacking group", "from_illuminati":
                "MB from your Illuminati", "from_target": "MB from the target",
                "amount": "MB"}


def prompt_key(state: State) -> str:
    """Return the id of the current decision point, e.g. t4.w7.response."""
    return f"t{state.turn.number}.w{state.window}.{state.phase.value}"


def summary(state: State, seat: str, doing: str) -> str:
    """Return what is decided, and in a turn the target numbers of the attacks in reach."""
    lines = [f"You {doing}."]
    attack = state.attack
    if attack is not None:
        lines.append(f"{attack.attacker} attacks to {attack.kind} {name_of(attack.target)} "
                     f"with {name_of(attack.group)}; the attack needs "
                     f"{target_number(state, plan_of(attack))} or less.")
    if state.phase is Phase.TURN:
        player = state.player(seat)
        lines.append(f"Regular actions left: {state.turn.actions}. Treasury of your "
                     f"Illuminati: {player.cards[0].money}MB.")
        numbers = _target_numbers(state, seat)
        if numbers:
            lines.append("Attacks you could make (target number without money): "
                         + "; ".join(numbers) + ".")
    return " ".join(lines)


def _target_numbers(state: State, seat: str, limit: int = 8) -> list[str]:
    """Return 'control X with Y: N' for a sample of the seat's possible attacks."""
    result = []
    for order in listed(state, seat):
        if isinstance(order, od.AttackOrder) and not order.from_illuminati:
            needed = target_number(state, plan_for(seat, order))
            result.append(f"{order.purpose} {name_of(order.target)} with "
                          f"{name_of(order.group)}: {needed}")
            if len(result) >= limit:
                break
    return result


def _full_fields(state: State, seat: str, kind: str, most: int) -> list[Field]:
    """Return the fields of an attack or a transfer with every card the seat may name."""
    own = tuple(p.card for p in state.player(seat).cards)
    if kind == "transfer":
        return [Field("amount", "MB", "number", (), 1, most),
                Field("source", "from", "choice", own), Field("dest", "to", "choice", own)]
    targets = tuple(state.uncontrolled) + tuple(
        g for p in state.players if p.seat != seat for g in p.groups)
    lenders = tuple(card for card in own if transferable(card) > 0)
    return [Field("purpose", "attack to", "choice", ATTACKS),
            Field("target", "target", "choice", targets),
            Field("group", "attacking group", "choice", own),
            Field("aiders", "aided by", "multi", lenders, 0, len(lenders)),
            Field("from_group", FIELD_LABELS["from_group"], "number", (), 0, most),
            Field("from_illuminati", FIELD_LABELS["from_illuminati"], "number", (), 0, most)]


def money_forms(state: State, seat: str) -> tuple[OrderForm, ...]:
    """Return the forms of the listed orders, money asked in number fields up to the treasury."""
    most = max((p.money for p in state.player(seat).cards), default=0)
    result = []
    for form in forms_from_orders(od.ORDERS, listed(state, seat)):
        fields = [Field(f.name, FIELD_LABELS[f.name], "number", (), 0, most)
                  if f.name in MONEY_FIELDS else f for f in form.fields
                  if f.name not in WRITTEN_ONLY]
        if form.kind == "interfere":
            fields = [Field("side", "for or against", "choice", ("for", "against")),
                      Field("amount", "MB from your Illuminati", "number", (), 1, most)]
        elif form.kind in ("attack", "transfer"):
            fields = _full_fields(state, seat, form.kind, most)
        result.append(OrderForm(form.kind, form.label, tuple(fields), form.examples,
                                form.syntax))
    return tuple(result)
