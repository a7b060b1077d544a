"""Attacks: the announcement's checks, and how an attack is carried out and resolved."""
from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.rng import Rng
from engine.core.wording import one_stop

from . import events as ev
from .arithmetic import Plan, aligned, succeeds, target_number
from .cards import ATTACKS, GROUPS, SIDES, name_of, power, transferable
from .event_types import card_names
from .flow import check_victory, knock_outs
from .grid import Placement, attach, layout_of, open_arrows
from .handling import Emitter, Next, OpenCounter, OpenWindow, refuse
from .orders import AttackOrder
from .state import Attack, Play, State, subtree

BAVARIA_PRIVILEGE = 5
IMMUNE_TO = ("government", "straight")


def plan_of(attack: Attack) -> Plan:
    """Return the arithmetic's view of the attack under way."""
    return Plan(attack.attacker, attack.kind, attack.group, attack.target, attack.aiders,
                attack.spent, attack.defence, attack.interference, attack.whisper)


def plan_for(seat: str, order: AttackOrder) -> Plan:
    """Return the arithmetic's view of an announced attack."""
    return Plan(seat, order.purpose, order.group, order.target, order.aiders,
                order.from_group + order.from_illuminati, whisper=order.whisper)


def uses_left(state: State, card: str, target: str) -> int:
    """Return how many more attacks or aids `card` may take part in this turn, on `target`
    (counting the repeat of a failed first attack on it)."""
    used = state.turn.used.count(card)
    if target and target == state.turn.retry and card in state.turn.retry_groups:
        used -= 1
    return (2 if card == "ufos" else 1) - used


def leans_on_retry(state: State, card: str, target: str) -> bool:
    """Return whether `card` may take part in an attack on `target` only as the repeat of the
    failed first attack on it (it has no other use left this turn; rules of 1.3)."""
    return (state.at_least("1.3") and uses_left(state, card, target) > 0
            and uses_left(state, card, "") <= 0)


def repeat_of(state: State) -> tuple[str, str, str, tuple[str, ...]] | None:
    """Return the failed first attack of this turn that may be repeated (its kind, target,
    attacking group and aiding groups), or None."""
    turn = state.turn
    if not turn.retry or not turn.retry_groups:
        return None
    return turn.retry_kind, turn.retry, turn.retry_groups[0], turn.retry_groups[1:]


def repeats(state: State, order: AttackOrder) -> bool:
    """Return whether `order` repeats the failed first attack: the same kind of attack on the
    same target, by the same attacking group with the same aiding groups."""
    repeat = repeat_of(state)
    return repeat is not None and (order.purpose, order.target, order.group) == repeat[:3] and (
        sorted(order.aiders) == sorted(repeat[3]))


def check_attack(state: State, seat: str, order: AttackOrder) -> None:
    """Raise a violation unless `order` is a legal attack for `seat` now."""
    player = state.player(seat)
    if state.turn.actions <= 0:
        raise refuse("Both regular actions of this turn are used: end the turn.", "no-action")
    if order.purpose not in ATTACKS:
        raise refuse("Attack to control, neutralize or destroy.", "attack-kind")
    if player.placed(order.group) is None:
        raise refuse(f"{name_of(order.group)} is not in your power structure.", "not-yours")
    _check_target(state, seat, order)
    _check_groups(state, seat, order)
    _check_kind(state, seat, order)
    _check_money(state, seat, order)
    _check_placing(state, seat, order)


def can_aim(state: State, seat: str, card: str, target: str) -> bool:
    """Return whether `card` of `seat` may take part in an attack on `target` now, as far as
    the target and the card's uses this turn go (for forms: what they may offer)."""
    if uses_left(state, card, target) <= 0:
        return False
    try:
        _check_target(state, seat, AttackOrder("control", target, card, (), 0, 0))
    except RuleViolation:
        return False
    return True


def _check_target(state: State, seat: str, order: AttackOrder) -> None:
    if order.target not in GROUPS:
        raise refuse(f"{name_of(order.target)} cannot be attacked: only Groups can.",
                     "bad-target")
    owner = state.owner(order.target)
    if owner == seat:
        raise refuse(f"{name_of(order.target)} is already yours.", "own-target")
    if not owner and order.target not in state.uncontrolled:
        raise refuse(f"{name_of(order.target)} is not in play.", "bad-target")
    if order.purpose == "neutralize" and not owner:
        raise refuse("Only a group controlled by another player can be neutralized.",
                     "neutralize-uncontrolled")
    if owner and state.player(owner).illuminati == "discordia":
        plan = plan_for(seat, order)
        if set(aligned(state, plan.group)) & set(IMMUNE_TO):
            raise refuse("The Discordian Society is immune to attacks by Government or "
                         "Straight groups.", "discordian")


def _check_groups(state: State, seat: str, order: AttackOrder) -> None:
    _check_uses(state, seat, order)
    _check_repeat(state, order)


def _check_uses(state: State, seat: str, order: AttackOrder) -> None:
    player = state.player(seat)
    if uses_left(state, order.group, order.target) <= 0:
        raise refuse(f"{name_of(order.group)} has already attacked or aided this turn.",
                     "group-used")
    if len(set(order.aiders)) != len(order.aiders) or order.group in order.aiders:
        raise refuse("Name each aiding group once, and not the attacking group.", "aiders")
    for aider in order.aiders:
        if player.placed(aider) is None:
            raise refuse(f"{name_of(aider)} is not in your power structure.", "not-yours")
        if transferable(aider) <= 0:
            raise refuse(f"{name_of(aider)} has no transferable power to lend.", "no-tp")
        if uses_left(state, aider, order.target) <= 0:
            raise refuse(f"{name_of(aider)} has already attacked or aided this turn.",
                         "group-used")


def _check_repeat(state: State, order: AttackOrder) -> None:
    """Refuse an attack in which a group of the failed first attack takes part again other
    than in its repeat: "A failed attack on the first action may be repeated on the same
    target with the same groups on the second" (rules page, Attacks)."""
    leaning = [card for card in (order.group, *order.aiders)
               if leans_on_retry(state, card, order.target)]
    repeat = repeat_of(state)
    if not leaning or repeat is None or repeats(state, order):
        return
    kind, target, group, aiders = repeat
    aided = f", aided by {card_names(aiders)}" if aiders else ", unaided"
    raise refuse(one_stop(f"{name_of(leaning[0])} has already attacked or aided this turn; it "
                          "may take part again only in the repeat of the failed attack, with "
                          f"the same groups in the same roles: to {kind} {name_of(target)} "
                          f"with {name_of(group)}{aided}."), "repeat")


def _check_kind(state: State, seat: str, order: AttackOrder) -> None:
    player = state.player(seat)
    if order.purpose == "control":
        arrows = open_arrows(player, order.group)
        if not arrows:
            raise refuse(f"{name_of(order.group)} has no open control arrow.", "no-arrow")
        if order.arrow >= 0 and order.arrow not in arrows:
            raise refuse(f"That arrow of {name_of(order.group)} is not open.", "no-arrow")
    elif order.arrow >= 0:
        raise refuse("Only an attack to control places the target at an arrow.", "arrow")
    if order.whisper:
        if order.purpose != "destroy" or power(order.target) != 0:
            raise refuse("Whispering Campaign is played with an attack to destroy a group of "
                         "Power 0.", "whisper")
        if "whispering-campaign" not in player.hand:
            raise refuse("You hold no Whispering Campaign.", "no-card")
    elif order.purpose == "destroy" and power(order.target) == 0:
        raise refuse("A group of Power 0 can only be destroyed with Whispering Campaign.",
                     "power-zero")


def _check_money(state: State, seat: str, order: AttackOrder) -> None:
    player = state.player(seat)
    if order.from_group < 0 or order.from_illuminati < 0 or order.moving < 0:
        raise refuse("Money spent cannot be negative.", "money")
    illuminati = player.illuminati
    group_money = player.placed(order.group).money  # type: ignore[union-attr]
    own = player.cards[0].money
    need_own = order.from_illuminati + (BAVARIA_PRIVILEGE if order.privilege == "bavaria"
                                        else 0)
    if order.group == illuminati:
        need_own += order.from_group
    elif order.from_group > group_money:
        raise refuse(f"{name_of(order.group)} holds only {group_money}MB.", "money")
    if need_own > own:
        raise refuse(f"Your Illuminati treasury holds only {own}MB.", "money")
    _check_privilege(state, seat, order)


def _check_privilege(state: State, seat: str, order: AttackOrder) -> None:
    player = state.player(seat)
    if not order.privilege:
        return
    if order.privilege == "bavaria":
        if player.illuminati != "bavaria" or state.turn.bavaria_privilege:
            raise refuse("Only the Bavarian Illuminati buy privilege, once per turn.",
                         "privilege")
        return
    needed = 2 if order.whisper and order.privilege == "whispering-campaign" else 1
    if player.hand.count(order.privilege) < needed:
        raise refuse("Privilege needs a Special from your hand (or Bavaria's 5MB).",
                     "privilege")


def capture_placement(state: State, seat: str, target: str, group: str, arrow: int = -1,
                      placing: tuple[tuple[str, str, int], ...] = ()) -> Placement | None:
    """Return where `target` and its puppets would land if `group` of `seat` took it now
    (None when the group has no open arrow): the capture's placement, worked out ahead."""
    player = state.player(seat)
    arrows = open_arrows(player, group)
    if not arrows:
        return None
    owner = state.owner(target)
    layout: dict[str, tuple[tuple[str, int], ...]] = {}
    money: dict[str, int] = {}
    if owner:
        victim = state.player(owner)
        layout = layout_of(victim)
        money = {card: victim.placed(card).money // 2  # type: ignore[union-attr]
                 for card in subtree(victim, target)}
    side = arrow if arrow in arrows else arrows[0]
    choices = {puppet: where for puppet, _, where in placing}
    return attach(player, target, group, side, layout, money, choices=choices,
                  settled_first=state.newer)


def _check_placing(state: State, seat: str, order: AttackOrder) -> None:
    """Refuse a placing that cannot happen: only a puppet of the target whose own place will be
    taken may go to another open arrow of its master."""
    if not order.placing:
        return
    if not state.newer:
        raise refuse("Placing displaced puppets is not offered in games created under engine "
                     "version 1.0: they take the first open arrow of their master.", "placing")
    if order.purpose != "control":
        raise refuse("Only an attack to control brings puppets to place.", "placing")
    owner = state.owner(order.target)
    puppets = subtree(state.player(owner), order.target)[1:] if owner else ()
    named = [puppet for puppet, _, _ in order.placing]
    if len(set(named)) != len(named):
        raise refuse("Place each puppet once.", "placing")
    placement = capture_placement(state, seat, order.target, order.group, order.arrow,
                                  order.placing)
    assert placement is not None  # _check_kind found an open arrow
    where = {item.card: item for item in placement.displaced}
    for puppet, master, side in order.placing:
        if puppet not in puppets:
            raise refuse(f"{name_of(puppet)} is not a puppet of {name_of(order.target)}.",
                         "placing")
        own_master = state.player(owner).placed(puppet).master  # type: ignore[union-attr]
        if master and master != own_master:
            raise refuse(f"{name_of(puppet)} stays under its own master, "
                         f"{name_of(own_master)}.", "placing")
        item = where.get(puppet)
        if item is None:
            raise refuse(f"{name_of(puppet)} keeps its own place in this capture (or is lost "
                         "with its master): only a puppet whose place is taken is placed.",
                         "placing")
        if side not in item.open:
            sides = " or ".join(SIDES[s] for s in item.open) or "none"
            raise refuse(f"{name_of(own_master)} will have no open arrow at the {SIDES[side]} "
                         f"for {name_of(puppet)} (open then: {sides}).", "placing")


def announce(em: Emitter, seat: str, order: AttackOrder, rng: Rng) -> Next:
    """Announce the attack, take the money and cards it commits; the response window follows
    (after the window for Secrets on its Whispering Campaign)."""
    state = em.state
    player = state.player(seat)
    first = state.turn.actions == 2
    em.emit(ev.AttackAnnounced(seat, order.purpose, order.group, order.target,
                               state.owner(order.target), order.aiders, order.arrow,
                               order.from_group + order.from_illuminati, order.privilege,
                               order.whisper, first, order.moving, order.placing))
    if order.from_group:
        em.emit(ev.MoneyChanged(seat, order.group, -order.from_group, "attack"))
    if order.from_illuminati:
        em.emit(ev.MoneyChanged(seat, player.illuminati, -order.from_illuminati, "attack"))
    if order.privilege == "bavaria":
        em.emit(ev.MoneyChanged(seat, player.illuminati, -BAVARIA_PRIVILEGE, "privilege"))
    elif order.privilege:
        em.emit(ev.SpecialDiscarded(seat, order.privilege, "privilege"))
    if order.whisper:
        em.emit(ev.SpecialDiscarded(seat, "whispering-campaign", "played"))
        return OpenCounter((Play(seat, "whispering-campaign", order.target),), "announce",
                           OpenWindow("response"))
    return OpenWindow("response")


def roll_dice(em: Emitter, rng: Rng) -> Next:
    """Roll 2d6 for the attack; the reaction window follows."""
    attack = em.state.attack
    assert attack is not None
    needed = target_number(em.state, plan_of(attack))
    em.emit(ev.DiceRolled((rng.roll(6), rng.roll(6)), needed))
    return OpenWindow("reaction")


def resolve(em: Emitter) -> None:
    """Carry out the attack's result, knock out the players left without groups, check victory."""
    attack = em.state.attack
    assert attack is not None
    success = succeeds(attack.roll, attack.needed)
    em.emit(ev.AttackResolved(attack.attacker, attack.kind, attack.target, success,
                              attack.roll, attack.needed))
    if success:
        {"control": capture, "neutralize": neutralize, "destroy": destroy}[attack.kind](
            em, attack)
        knock_outs(em, attack.attacker)
    check_victory(em)


def fail_unrolled(em: Emitter) -> None:
    """End the attack as failed without a roll (its Whispering Campaign was cancelled)."""
    attack = em.state.attack
    assert attack is not None
    em.emit(ev.AttackResolved(attack.attacker, attack.kind, attack.target, False, 0,
                              target_number(em.state, plan_of(attack))))
    check_victory(em)


def capture(em: Emitter, attack: Attack) -> None:
    """Place the target, with its puppets and half their money, at the attacking group; a
    displaced puppet goes where the capturer's order placed it, else to the first open arrow
    of its master clockwise from the top; what still does not fit becomes uncontrolled."""
    placement = capture_placement(em.state, attack.attacker, attack.target, attack.group,
                                  attack.arrow, attack.placing)
    if placement is None:
        return
    em.emit(ev.GroupsPlaced(attack.attacker, placement.placed, placement.lost, "captured"))
    group = em.state.player(attack.attacker).placed(attack.group)
    moved = min(attack.moving, group.money if group is not None else 0)
    if moved:
        em.emit(ev.MoneyChanged(attack.attacker, attack.group, -moved, "onto the new puppet"),
                ev.MoneyChanged(attack.attacker, attack.target, moved, "from its new master"))


def neutralize(em: Emitter, attack: Attack) -> None:
    """Send the target and its puppets to the uncontrolled area; their money to the bank."""
    owner = em.state.owner(attack.target)
    if owner:
        cards = subtree(em.state.player(owner), attack.target)
        em.emit(ev.GroupsReleased(owner, cards, "neutralized"))


def destroy(em: Emitter, attack: Attack) -> None:
    """Put the target on the dead pile; its puppets become uncontrolled."""
    owner = em.state.owner(attack.target)
    if owner:
        puppets = subtree(em.state.player(owner), attack.target)[1:]
        if puppets:
            em.emit(ev.GroupsReleased(owner, puppets, "master destroyed"))
    em.emit(ev.GroupDestroyed(attack.target, attack.attacker))
