"""What a prompted seat reads: the summary with the attacks in reach, the key of the decision
point, and forms with number fields for money where the orders cannot be listed."""
from __future__ import annotations

from collections.abc import Sequence

from engine.core.contract import Field, OrderForm
from engine.core.errors import RuleViolation

from . import orders as od
from .arithmetic import target_number
from .candidates import listed
from .cards import ALIGNMENTS, ATTACKS, SIDES, name_of, power, transferable
from .grammar import ON_PLAYERS
from .grid import open_arrows
from .orders import AUTO_PASS_MODES
from .rules import RULES, accepts
from .rules_actions import check_transfer, move_is_free, transfer_kind
from .rules_attack import can_aim, capture_placement, leans_on_retry, plan_for, plan_of, repeat_of
from .state import Phase, State

FIELD_LABELS = {"from_group": "MB from the attacking group", "from_illuminati":
                "MB from your Illuminati", "from_target": "MB from the target",
                "amount": "MB", "moving": "MB the attacking group then moves onto its new "
                "puppet (to control)"}


def prompt_key(state: State) -> str:
    """Return the id of the current decision point, e.g. t4.w7.response."""
    return f"t{state.turn.number}.w{state.window}.{state.phase.value}"


def summary(state: State, seat: str, doing: str) -> str:
    """Return what is decided, and in a turn the target numbers of the attacks in reach."""
    attack = state.attack
    counter = state.counter
    if state.phase is Phase.RESPONSE and attack is not None and seat == attack.attacker:
        doing = ("wait while the others answer your attack, sealed; nothing is committed yet, "
                 "so until someone spends money or the dice roll you may call it off (the "
                 "action is then not spent)")
    lines = [f"You {doing}."]
    if state.phase is Phase.COUNTER and counter is not None:
        lines.append("Played: " + "; ".join(
            f"{p.seat} plays {name_of(p.card)}" + (f" on {name_of(p.target)}" if p.target
                                                  else "") for p in counter.plays) + ".")
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
                          f"{name_of(order.group)}: {needed}" + _displaced(state, seat, order))
            if len(result) >= limit:
                break
    return result


def listed_fields(kind: type, legal: Sequence[object]) -> tuple[Field, ...]:
    """Return the fields of a form of a step whose legal orders are listed (a goal, a Special
    played on the roll or on another Special): only the parts those orders name."""
    if kind is od.GoalOrder:
        goals = tuple(dict.fromkeys(o.goal for o in legal if isinstance(o, od.GoalOrder)))
        return (Field("goal", "Illuminati", "choice", goals),)
    if kind is not od.PlayOrder:
        return ()
    plays = [o for o in legal if isinstance(o, od.PlayOrder)]
    fields = [Field("card", "Special", "choice", tuple(dict.fromkeys(o.card for o in plays)))]
    targets = tuple(dict.fromkeys(o.target for o in plays if o.target))
    if targets:
        fields.append(Field("target", "on", "choice", targets))
    return tuple(fields)


def _displaced(state: State, seat: str, order: od.AttackOrder) -> str:
    """Return what a capture would displace, and where the capturer may place it (1.1)."""
    if order.purpose != "control" or not state.newer or not state.owner(order.target):
        return ""
    placement = capture_placement(state, seat, order.target, order.group)
    if placement is None or not placement.displaced:
        return ""
    notes = []
    for item in placement.displaced:
        if not item.open:
            notes.append(f"{name_of(item.card)} would not fit and be lost")
        else:
            notes.append(f"{name_of(item.card)} would lose its place: placing "
                         f"{item.card} at " + "|".join(SIDES[s] for s in item.open))
    return " (" + "; ".join(notes) + ")"


def money_forms(state: State, seat: str) -> tuple[OrderForm, ...]:
    """Return the forms of a step whose orders cannot all be listed: one per kind of order the
    seat may give now, money asked in number fields up to what the seat holds.

    A form's text is its kind followed by the values of its fields, in order; the grammar reads
    that layout (option values carry their own small words: "on bruno", "at top").
    """
    kinds = list(dict.fromkeys(od.ORDERS.spec(item).kind for item in listed(state, seat)))
    attack = state.attack
    if state.phase in (Phase.TURN, Phase.END):
        kinds = _turn_kinds(state, seat, kinds)
    made: list[OrderForm] = []
    for kind in kinds:
        if kind == "play":
            made += _play_forms(state, seat)
            continue
        fields = _fields(state, seat, kind)
        if fields is None:
            continue
        spec = od.ORDERS.specs[_CLASSES[kind]]
        examples = tuple(od.ORDERS.text(item) for item in listed(state, seat)
                         if od.ORDERS.spec(item).kind == kind)[:3]
        label = spec.label
        if kind == "pass" and attack is not None:
            label = "Pass (answer nothing)"
        made.append(OrderForm(kind, label, tuple(fields), examples, spec.syntax))
    return tuple(made)


_CLASSES = {spec.kind: cls for cls, spec in od.ORDERS.specs.items()}
TURN_EXTRAS = ("transfer", "give-money", "give-special", "give-group", "move", "drop", "laser")
"""Kinds offered as forms in a turn whenever they could be legal, listed by a sampler or not."""


def _turn_kinds(state: State, seat: str, kinds: list[str]) -> list[str]:
    """Return the kinds of the turn's forms: the listed ones, then the others in reach."""
    wanted = [kind for kind in TURN_EXTRAS if _CLASSES[kind] in RULES[state.phase]]
    tail: list[str] = [k for k in ("auto-pass", "end") if k in kinds]
    head = [k for k in kinds if k not in tail]
    return list(dict.fromkeys(head + wanted + tail))


def _money(state: State, seat: str) -> int:
    """Return the most money on one card of the seat's structure."""
    return max((p.money for p in state.player(seat).cards), default=0)


def _fields(state: State, seat: str, kind: str) -> list[Field] | None:
    """Return the fields of one form (None: the form is not offered now)."""
    player = state.player(seat)
    own = tuple(p.card for p in player.cards)
    groups = player.groups
    others = tuple(s for s in state.active if s != seat)
    most = _money(state, seat)
    treasury = player.cards[0].money
    if kind == "attack":
        return _attack_fields(state, seat)
    no_action = state.turn.actions <= 0
    if kind == "transfer":
        how = transfer_kind(state, seat, od.TransferOrder(1, own[0], own[0]))
        if len(own) < 2 or not most or (how == "action" and no_action) or (
                how == "end" and state.turn.transfers <= 0):
            return None
        pairs = _transfer_pairs(state, seat)
        if not pairs:
            return None
        return [Field("amount", "MB", "number", (), 1, most),
                Field("source", "from", "choice", tuple(dict.fromkeys(a for a, _ in pairs))),
                Field("dest", "to", "choice", tuple(dict.fromkeys(b for _, b in pairs)))]
    if kind == "give-money":
        if not treasury or not others:
            return None
        return [Field("amount", "MB from your Illuminati", "number", (), 1, treasury),
                Field("to", "to", "choice", others)]
    if kind == "give-special":
        if not player.hand or not others:
            return None
        return [Field("card", "Special", "choice", tuple(dict.fromkeys(player.hand))),
                Field("to", "to", "choice", others)]
    if kind == "give-group":
        if not groups or not others or state.phase is not Phase.TURN or no_action:
            return None
        return [Field("group", "group (with its puppets)", "choice", groups),
                Field("to", "to", "choice", others)]
    if kind == "move":
        if not groups or (no_action and not move_is_free(state, seat)):
            return None
        return [Field("group", "group (with its puppets)", "choice", groups),
                Field("master", "onto the card", "choice", tuple(f"to {card}" for card in own)),
                Field("arrow", "at the arrow (else the first open one)", "multi",
                      tuple(f"at {side}" for side in SIDES), 0, 1)]
    if kind == "drop":
        return [Field("group", "group (with its puppets)", "choice", groups)] if groups \
            else None
    if kind == "laser":
        lasers = "orbital-mind-control-lasers"
        if lasers not in groups or state.turn.laser:
            return None
        in_play = tuple(c for c in (*state.uncontrolled, *[g for p in state.players
                                                           for g in p.groups]) if c != lasers)
        return [Field("group", "group", "choice", in_play),
                Field("mode", "change", "choice", ("add", "remove", "reverse")),
                Field("alignment", "alignment", "choice", ALIGNMENTS)]
    if kind == "interfere":
        fields = [Field("side", "for or against", "choice", ("for", "against")),
                  Field("amount", "MB from your Illuminati", "number", (), 1, max(treasury, 1))]
        if "interference" in player.hand and state.attack is not None and state.attack.privilege:
            fields.append(Field("card", "in a privileged attack", "multi",
                                ("with interference",), 0, 1))
        return fields
    if kind == "defend":
        target = player.placed(state.attack.target) if state.attack else None
        return [Field("from_target", FIELD_LABELS["from_target"], "number", (), 0,
                      target.money if target else 0),
                Field("from_illuminati", FIELD_LABELS["from_illuminati"], "number", (), 0,
                      treasury)]
    if kind == "raise":
        return [Field("from_group", FIELD_LABELS["from_group"], "number", (), 0, most),
                Field("from_illuminati", FIELD_LABELS["from_illuminati"], "number", (), 0,
                      treasury)]
    if kind == "abolish":
        return [Field("cards", "discard Deep Agent, or two Specials", "multi",
                      tuple(dict.fromkeys(player.hand)), 1, 2)]
    if kind == "auto-pass":
        modes = tuple(m for m in AUTO_PASS_MODES if m != player.auto_pass)
        return [Field("mode", "standing answer to windows", "choice", modes)]
    if kind == "recycle" or kind in ("pass", "end", "roll", "call-off"):
        return []
    return None


def _transfer_pairs(state: State, seat: str) -> list[tuple[str, str]]:
    """Return the (source, destination) pairs of the seat's cards between which some money
    may be transferred now."""
    cards = [p.card for p in state.player(seat).cards]
    pairs = []
    for source in cards:
        for dest in cards:
            try:
                check_transfer(state, seat, od.TransferOrder(1, source, dest))
            except RuleViolation:
                continue
            pairs.append((source, dest))
    return pairs


def _attack_fields(state: State, seat: str) -> list[Field]:
    """Return the fields of an attack: every card the seat may name, money in numbers, and
    the optional parts (privilege, arrow, Whispering Campaign, money moved, placing)."""
    player = state.player(seat)
    own = tuple(p.card for p in player.cards)
    most = _money(state, seat)
    controlled = tuple(g for p in state.players if p.seat != seat for g in p.groups)
    pairs = [(card, target) for target in tuple(state.uncontrolled) + controlled
             for card in own if can_aim(state, seat, card, target)
             and not leans_on_retry(state, card, target)]
    targets = tuple(dict.fromkeys(t for _, t in pairs))
    able = tuple(dict.fromkeys(card for card, _ in pairs))
    lenders = tuple(card for card in able if transferable(card) > 0)
    whisper = "whispering-campaign" in player.hand
    reach = {"control": any(open_arrows(player, card) for card in able),
             "neutralize": any(t in controlled for _, t in pairs),
             "destroy": whisper or any(power(t) > 0 for t in targets)}
    repeat = repeat_of(state) if state.at_least("1.3") else None
    if repeat is not None:
        # The groups of a failed first attack again, in their roles, in its repeat only.
        kind, target, group, aiders = repeat
        targets = tuple(dict.fromkeys((*targets, target)))
        able = tuple(dict.fromkeys((*able, group)))
        lenders = tuple(dict.fromkeys((*lenders, *aiders)))
        reach[kind] = True
    fields = [Field("purpose", "attack to", "choice", tuple(k for k in ATTACKS if reach[k])),
              Field("target", "target", "choice", targets),
              Field("group", "attacking group", "choice", able)]
    if len(set(able) | set(lenders)) > 1 and lenders:
        # A group never aids its own attack: with a single card able to act, nothing can aid.
        fields.append(Field("aiders", "aided by", "multi", lenders, 0, len(lenders)))
    fields += [Field("from_group", FIELD_LABELS["from_group"], "number", (), 0, most),
              Field("from_illuminati", FIELD_LABELS["from_illuminati"], "number", (), 0,
                    player.cards[0].money)]
    privileges = tuple(f"privileged by {card}" for card in dict.fromkeys(player.hand))
    if player.illuminati == "bavaria" and not state.turn.bavaria_privilege:
        privileges = ("privileged by bavaria", *privileges)
    if privileges:
        fields.append(Field("privilege", "privileged (no interference but by an Interference "
                            "card)", "multi", privileges, 0, 1))
    fields.append(Field("arrow", "to control: at the arrow of the attacking group (else the "
                        "first open one)", "multi", tuple(f"at {side}" for side in SIDES), 0, 1))
    if "whispering-campaign" in player.hand:
        fields.append(Field("whisper", "to destroy a group of Power 0", "multi",
                            ("whispering campaign",), 0, 1))
    fields.append(Field("moving", FIELD_LABELS["moving"], "number", (), 0, most))
    if state.newer:
        fields.append(Field("placing", "to control: where displaced puppets go (e.g. placing "
                            "fbi at top)", "text"))
    return fields


def _play_forms(state: State, seat: str) -> list[OrderForm]:
    """Return one form per Special of the hand that may be played now, with its targets."""
    player = state.player(seat)
    spec = od.ORDERS.specs[od.PlayOrder]
    made = []
    for card in dict.fromkeys(player.hand):
        fields = [Field("card", "Special", "choice", (card,))]
        if card in ON_PLAYERS:
            options = tuple(f"on {s}" for s in state.active if s != seat)
        elif card == "media-campaign":
            options = tuple(f"on {c}" for c in dict.fromkeys(state.dead))
        elif card == "bribery":
            options = tuple(f"on {c}" for c in state.uncontrolled)
        elif card == "white-collar-crime":
            options = tuple(f"on {p.card}" for p in player.cards)
        else:
            options = ()
        if options:
            label = ("5MB onto" if card == "white-collar-crime" else "on")
            fields.append(Field("target", label, "choice", options))
        if card == "bribery":
            fields += [Field("place", "at your card", "choice",
                             tuple(f"at {p.card}" for p in player.cards)),
                       Field("arrow", "at the arrow (else the first open one)", "multi",
                             SIDES, 0, 1)]
        legal = [o for o in _plays_of(state, seat, card) if accepts(state, seat, o)]
        if not legal:
            continue
        examples = tuple(od.ORDERS.text(o) for o in legal[:2])
        made.append(OrderForm("play", f"Play {name_of(card)}", tuple(fields), examples,
                              spec.syntax))
    return made


def _plays_of(state: State, seat: str, card: str) -> list[od.PlayOrder]:
    """Return plays of `card` worth checking, to see whether the card may be played now."""
    player = state.player(seat)
    if card in ON_PLAYERS:
        return [od.PlayOrder(card, s) for s in state.active if s != seat]
    if card == "media-campaign":
        return [od.PlayOrder(card, c) for c in dict.fromkeys(state.dead)]
    if card == "bribery":
        return [od.PlayOrder(card, t, p.card) for t in state.uncontrolled[:1]
                for p in player.cards]
    return [od.PlayOrder(card)]

