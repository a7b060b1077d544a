"""Turn scripts with branches: what the attacker does after an attack, depending on how it went.

After an attack the attacker may write the rest of its turn in the same mail, after `then`
(`standing.TURN`). A part of the script may begin with a condition, a branch:

    attack control cia with illuminati, if the roll fails then play assassination,
        if it fails then attack control cia with illuminati, if it succeeds then attack
        destroy moonies with fbi, then end, end

- `if it succeeds`, `if it fails`, `if it is called off` (or several joined by `or`: `if it
  fails or is called off`) answer the turn's next decision once the attack has ended;
- `if the roll succeeds`, `if the roll fails` and `at the roll` answer the attacker's own
  reaction window on the attack's dice (`pass`, `play assassination`), when it is asked in it.

"It" is the attack just before the branches: the mail's own attack, or an attack of the script
(`then attack ...`, `if it succeeds then attack ...`), so the second action has branches of its
own, written the same way after it. Branches of one kind in a row are the choices for that
attack: the first whose condition holds is used, the others are used up unused, and the script
goes on after them (branches on a roll that went by without asking the attacker are used up
too); an order written without a condition is used whatever happened. A branch is checked like
any order when it is used, and dropped with a private reason where it is not legal then.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.core.errors import UnreadableOrder
from engine.core.standing import Standing, words

from .arithmetic import succeeds
from .orders import AttackOrder
from .state import Phase, State

OUTCOMES = {"succeeds": "succeeded", "succeed": "succeeded", "wins": "succeeded",
            "fails": "failed", "fail": "failed", "called": "called-off",
            "off": "called-off"}
"""The words of a condition on the attack and how the attack ended (`State.turn.last`)."""
ROLL = ("roll-succeeds", "roll-fails")
CONDITION_HELP = ("if it succeeds | if it fails | if it is called off (or joined: if it fails "
                  "or is called off) | if the roll succeeds | if the roll fails | at the roll")
HELP_WORDS = ("script", "scripts", "turn script", "then", "if", "branch", "branches")
"""Help topics naming turn scripts (`help script`); `help attack` tells them too."""
HELP = "\n".join((
    ("Turn script: after an attack, write the rest of your turn in the same mail, after "
     "`then` (kept private, used when the attack's windows close; an order not legal then is "
     "dropped, told to you alone, and you are asked as usual):"),
    "  attack control cia with illuminati, then attack destroy moonies with fbi, then end, end",
    ("Branches say what to do depending on how the attack just before them went; in a row "
     "they are the choices for it (the first that holds is used, the others are dropped):"),
    f"  {CONDITION_HELP}",
    ("  for example: attack control cia with illuminati, if the roll fails then play "
     "assassination, at the roll pass, if it fails then attack control cia with illuminati, "
     "if it succeeds then attack destroy moonies with fbi, at the roll pass, then end, end"),
    ("The second attack's branches are written the same way after it; an order without "
     "`if` is used whatever happened; each `end` closes one part of the turn (the actions, "
     "then the end-of-turn transfers).")))
SMALL = {"it", "is", "the", "then", "my", "attack", "dice", "i", "and", "or", "was", "gets",
         "get", "be"}


@dataclass(frozen=True)
class Branch:
    """A condition of a turn script: the outcomes of the attack (or of its roll) it holds for."""

    when: frozenset[str]

    @property
    def on_roll(self) -> bool:
        """Return whether the branch answers the reaction window on the attack's roll."""
        return bool(self.when & set(ROLL))

    def text(self) -> str:
        """Return the condition as it is written back: `if it fails or is called off`."""
        if self.when == set(ROLL):
            return "at the roll"
        if self.on_roll:
            return "if the roll " + ("succeeds" if "roll-succeeds" in self.when else "fails")
        said = [{"succeeded": "succeeds", "failed": "fails", "called-off": "is called off"}[w]
                for w in ("succeeded", "failed", "called-off") if w in self.when]
        return "if it " + " or ".join(said)


def split_branch(part: str) -> tuple[Branch | None, str]:
    """Return the condition a script part begins with (None: none) and the order after it;
    raise UnreadableOrder for a condition that is not one of the branches."""
    said = part.strip().split()
    lower = [w.lower().strip(":") for w in said]
    if lower[:3] in (["at", "the", "roll"], ["on", "the", "roll"]):
        rest = said[3:]
        return Branch(frozenset(ROLL)), " ".join(rest[1:] if lower[3:4] == ["then"] else rest)
    if lower[:1] != ["if"]:
        return None, part
    cut = lower.index("then") if "then" in lower else -1
    if cut < 0:
        raise UnreadableOrder(f'"{part}": write `then` between the condition and the order.',
                              legal=f"Branches: {CONDITION_HELP}.")
    condition = [w.strip(",:") for w in lower[1:cut] if w not in SMALL or w == "roll"]
    order = " ".join(said[cut + 1:])
    if condition[:1] == ["roll"] and len(condition) == 2 and condition[1] in ("succeeds",
                                                                            "fails"):
        return Branch(frozenset({f"roll-{condition[1]}"})), order
    outcomes = {OUTCOMES.get(w, "") for w in condition}
    if not condition or "" in outcomes or "roll" in condition:
        raise UnreadableOrder(f'"{part}" is not a condition of a turn script.',
                              legal=f"Branches: {CONDITION_HELP}.")
    return Branch(frozenset(outcomes)), order


def branch_of(entry: Standing) -> Branch | None:
    """Return the condition of a stored entry written ahead (None: it has none)."""
    if not entry.written:
        return None
    return split_branch(entry.written)[0]


def with_branch(branch: Branch | None, entry: Standing) -> Standing:
    """Return the entry as stored: its order written after the branch's condition."""
    if branch is None:
        return entry
    joint = " " if branch.text() == "at the roll" else " then "
    return replace(entry, written=f"{branch.text()}{joint}{entry.written}")


def check_script(after: Any, parts: Sequence[tuple[Branch | None, Standing]]) -> None:
    """Raise UnreadableOrder where branches follow no attack: each run of branches comes
    right after an attack (the mail's order `after`, or a part written without condition)."""
    before = after
    for branch, entry in parts:
        if branch is None:
            before = entry
            continue
        attack = isinstance(before, AttackOrder) or (
            isinstance(before, Standing) and words(before.written)[:1] == ["attack"])
        if not attack and not isinstance(before, Branch):
            raise UnreadableOrder(f'"{branch.text()} then {entry.written}": a branch follows '
                                  "an attack (`attack ..., if it fails then ...`).",
                                  legal=f"Branches: {CONDITION_HELP}.")
        before = branch


def run_at_head(entries: Sequence[Standing], on_roll: bool) -> list[Standing]:
    """Return the branches of one kind (on the roll, or on the attack's end) in a row at the
    head of the seat's answers ahead."""
    found = []
    for entry in entries:
        branch = branch_of(entry)
        if branch is None or branch.on_roll != on_roll:
            break
        found.append(entry)
    return found


def roll_outcome(state: State) -> str:
    """Return how the attack's roll stands now: `roll-succeeds` or `roll-fails`."""
    attack = state.attack
    assert attack is not None
    return "roll-succeeds" if succeeds(attack.roll, attack.needed) else "roll-fails"


def own_roll(state: State, seat: str) -> bool:
    """Return whether the seat is asked in the reaction window on its own attack's roll."""
    return state.phase is Phase.REACTION and state.attack is not None and (
        state.attack.attacker == seat)


def _first(entries: Sequence[Standing], outcome: str) -> Standing | None:
    return next((e for e in entries if outcome in (branch_of(e) or Branch(frozenset())).when),
                None)


def choose(state: State, seat: str,
           entries: Sequence[Standing]) -> tuple[Standing | None, tuple[Standing, ...]]:
    """Return the branch at the head of `entries` that answers the seat's open decision (None:
    none) and the branches used up unused.

    At the attacker's reaction window on its roll: the roll's branches in a row at the head
    (the first that holds is used). At the turn's next decision: branches on a roll that went
    by without asking the attacker are used up, then the branches on the attack's end in a row
    (the first whose outcome holds is used)."""
    if own_roll(state, seat):
        rolls = run_at_head(entries, on_roll=True)
        chosen = _first(rolls, roll_outcome(state))
        return chosen, tuple(entry for entry in rolls if entry is not chosen)
    if state.phase not in (Phase.TURN, Phase.END):
        return None, ()
    gone = run_at_head(entries, on_roll=True)
    ends = run_at_head(entries[len(gone):], on_roll=False)
    chosen = _first(ends, state.turn.last)
    return chosen, tuple(entry for entry in (*gone, *ends) if entry is not chosen)
