"""How often players are mailed and must reply, before and after the quiet defaults and the
pace of one mail.

Plays seeded games of every title through the real service in-process (a SQLite store in a
temporary folder, `create_game`, `submit_order`, mail commands through `seatcommands.answer`)
with simulated players who answer each of their decisions when its email arrives, with a
random legal order. Each game is played twice from the same seed:

- before: as players play today without changing anything: every seat mailed every change,
  `auto-pass off`, no standing answers;
- after: the defaults of new games (mailed only when the seat must act, with the news since
  its last email; Illuminati's windows a seat could only pass answered for it), and where a
  game has standing answers (Masons) the players use them: standing `towers nearest the
  shore / houses either / merge none / swap none` set once, so a wall is one reply.

The players play to win where the title has such a player here: Masons players complete a
city whenever a wall can and score with the card (or two) scoring most (`greedy_masons`);
Freimaurerei players build towards the end they may declare (`greedy_freimaurerei`: the end
when they may, advancement, a rite, a lodge that breaks up none, now and then an Intrigue,
dues or recruits) and after set `standing roll accept / defection bring / recruits smallest
lodge / members fewest broken / target best` once and write each turn in the mail of its
first action (`recruit, then dues`; `greedy_freimaurerei_turn`), as `help standing`
recommends; Secret Masters players put an agent of their own faction on the card worth most
and vote for it (`greedy_secret_masters`), and after set `standing place mine / vote mine /
redeploy none`
once; Castle of the Devil players follow the house player's plan without its search
(`greedy_castle`: offers, duels they can win, proclaiming when their hand wins; supporters
pass in a duel's plays, nobody calls the Doctor), and after set `standing look objects /
doctor let stand`; where these players have no preference they answer with a random legal
order, as the Illuminati players do. "Before" is also the new options off:
Masons scoring in turns (`scoring=turns`), no standing scoring answer; "after" scores sealed,
all seats at once, with the standing answer `scoring best card` (what these players choose),
and an Illuminati attacker writes its whole turn in its first mail, as `help script`
recommends (`turn_script`: its orders without dice up to its attack, the attack's branches at
the roll and on its outcome, a second attack if the first succeeds, then `end, end`).

Besides, per title: `replies_per_seat_per_round` (every reply a seat sends, its own turn's
and the others' scorings, windows and votes, per game round: Masons, Castle of the Devil and
Freimaurerei count a round as every seat's turn once, Secret Masters its rounds, Illuminati
its turns over the seats), `answered_decision_mails` (mails to a seat whose decision was
already answered for it: before, each one asked for it; after, each is composed, without
its PDF, and counted if its text still asks), and for Illuminati the replies of the seat to
move per own turn.

Per seat it counts the emails the outbox sends (every row but `held`, as the workers would
deliver them; digests are daily and not reached in a game played in one go), the replies the
seat wrote, and the decisions that waited on its email (each decision it answered itself), of
which those whose only legal answer is a pass (and in Illuminati's windows, those where
everyone can tell it is: `illuminati_pass_only_waits`) and those with one legal answer, public
or not. The simulated players keep the settings the game gave them (no `auto-pass` orders). Masons
replies are also counted per own turn (the turns whose wall was the seat's).

    .venv/bin/python bench/pace.py            # 6 seeds of every title (about 2 minutes)
    .venv/bin/python bench/pace.py --quick    # 1 seed of Masons, Illuminati, Freimaurerei,
                                              # Secret Masters

The last line is JSON.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Rng, get_game
from engine.core.registry import all_games
from engine.illuminati.quiet import could_answer
from service.game.loading import fold_rows, load_game
from service.orders.creation import NewSeat, create_game, seed_game_id
from service.orders.processing import submit_order
from service.seats.seatcommands import answer
from service.store.store import Store

NAMES = ("anna", "bruno", "carla", "dora", "emil", "fritz", "greta", "hans")
TABLES = {"secret-masters": 3, "freimaurerei": 2, "castle-of-the-devil": 5, "masons": 3,
          "illuminati": 3}
QUICK = ("freimaurerei", "masons", "illuminati", "secret-masters")
MASONS_STANDING = ("standing towers nearest the shore / houses either / merge none / swap none"
                   " / scoring best card")
SCRIPT = ", then end, end"
"""The end of an Illuminati turn script: the actions, then the end-of-turn transfers."""
PLANNED = 4
"""The most orders without dice an Illuminati player plans ahead before its attack."""
TARGET_REPLIES_PER_ROUND = 1.2
TARGET_ATTACKER_REPLIES = 1.5
ROUND_TITLES = ("masons", "secret-masters", "castle-of-the-devil", "freimaurerei")
MAX_REPLIES = 20_000
ABSENCE_DAYS = 15
TARGET_MASONS_REPLIES = 1.2
TARGET_MAIL_CUT = 0.40
CUT_TITLES = ("masons", "illuminati", "freimaurerei")
WINDOWS = ("response", "raise", "reaction", "counter", "secrets")


@dataclass
class Tally:
    """What the players of one or more games received and wrote, per seat and in all."""

    games: int = 0
    seats: int = 0
    orders: int = 0
    mails: Counter[str] = field(default_factory=Counter)
    replies: Counter[str] = field(default_factory=Counter)
    waits: int = 0
    pass_only_waits: int = 0
    public_pass_waits: int = 0
    single_waits: int = 0
    own_turns: int = 0
    own_turn_replies: int = 0
    rounds: float = 0.0
    """Game rounds played (each seat acting once a round), summed over games."""
    answered_mails: int = 0
    """Mails to a seat whose open decision was already answered for it (before: each asked
    for it under "what you must do now"; after: those whose text still does)."""
    attacker_turns: int = 0
    attacker_replies: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    """Replies by the kind of decision they answered (the prompt key's last part)."""

    def per_seat(self, counter: Counter[str]) -> float:
        """Return the counter's total per seat per game."""
        return sum(counter.values()) / self.seats if self.seats else 0.0


def chooser(game: str, index: int, tag: str) -> Rng:
    """Return the players' choices for game `index` (the same for before and after)."""
    return Rng(hashlib.sha256(f"pace:{game}:{index}:{tag}".encode()).digest())


def settles(rules: Any, order: Any) -> bool:
    """Return whether an order changes the seat's own settings (`auto-pass ...`): the
    simulated players keep the settings the game gave them, as most players do."""
    return rules.format_order(order).startswith("auto-pass")


def greedy_masons(rules: Any, state: Any, seat: str, rng: Rng) -> Any:
    """Return the order a Masons player playing to win gives, or None where it has no
    preference: a wall that completes a city whenever there is one, the card (or two)
    scoring most at a scoring (none where nothing scores)."""
    from engine.masons.cities import new_closures
    from engine.masons.orders import WallOrder
    from engine.masons.standing import best_card

    legal = list(rules.legal_orders(state, seat)) if rules.can_list(state, seat) else []
    walls = [order for order in legal if isinstance(order, WallOrder)]
    if walls:
        probe = Rng(hashlib.sha256(b"pace-probe").digest())
        closing = [order for order in walls
                   if new_closures(rules.fold(state, rules.decide(state, seat, order, probe)))]
        return rng.choice(closing) if closing else None
    prompt = rules.prompt_for(state, seat)
    if prompt is not None and "score" in prompt.key.split(".")[-1] or (
            prompt is not None and "final" in prompt.key.split(".")[-1]):
        return best_card(state, state.seats.index(seat), legal)
    return None


FREI_STANDING = ("standing roll accept / defection bring / recruits smallest lodge"
                 " / members fewest broken / target best")
"""After, a Freimaurerei player sets these once (what `help standing` recommends) and writes
its whole turn in the mail of its first action (`greedy_freimaurerei_turn`)."""
FREI_PLAN_STEPS = 40
"""Decisions a Freimaurerei player looks ahead in its own turn when it writes it."""


def greedy_freimaurerei(rules: Any, state: Any, seat: str, rng: Rng) -> Any:
    """Return the order a Freimaurerei player playing to win gives: at an action, the end
    declared when it may be, else advancement, a rite, a lodge, now and then an Intrigue,
    dues when short of money, else recruits (never a reorganization, whose moves it would
    weigh one by one); at the steps of an action, what the standing answers it sets after
    give (keep the roll, bring a defector over, recruits to the smallest lodge, charter
    members breaking up fewest lodges, the Intrigue target that helps its own score), and
    at an advancement the initiation of the most candidates until none is left."""
    from engine.freimaurerei import orders as fo
    from engine.freimaurerei import standing as fs

    index = state.realm_of(seat)
    legal = list(rules.legal_orders(state, seat))
    key = rules.prompt_for(state, seat).key.split(".")
    kind = key[2] if len(key) > 2 else key[-1]
    if kind == "action":
        realm = state.realms[index]
        money = realm.money
        spare = len(realm.members(None)) + sum(
            max(0, len(realm.members(x.number)) - 3) for x in realm.lodges)
        kinds = {type(o): o for o in legal}
        master = realm.pieces["SM"]
        wanted = [fo.DeclareEndOrder, fo.AdvanceOrder, fo.CharterOrder]
        if master.lodge is None and master.rite is not None and realm.lodges:
            wanted.insert(1, fo.ReorganizeOrder)  # its initiator into a lodge
        if spare >= 3:  # charter members that break up none of its lodges
            wanted.append(fo.BuildOrder)
        for choice in wanted:
            if choice in kinds:
                return kinds[choice]
        if fo.IntrigueOrder in kinds and money >= 10 and rng.randbelow(4) == 0:
            return kinds[fo.IntrigueOrder]
        if fo.DuesOrder in kinds and (money < 5 or (money < 15 and rng.randbelow(2) == 0)):
            return kinds[fo.DuesOrder]
        return kinds.get(fo.RecruitOrder) or kinds.get(fo.DuesOrder) or legal[0]
    picks = {"intrigue-roll": lambda: fo.AcceptOrder(),
             "defection": lambda: fs.first_defector(state, index, legal),
             "place-recruits": lambda: fs.smallest_lodge(state, index, legal),
             "build-members": lambda: fs.fewest_broken(state, index, legal),
             "intrigue-target": lambda: fs.best_target(state, index, legal)}
    if kind in picks:
        chosen = picks[kind]()
        return chosen if chosen in legal else legal[0]
    if kind == "reorganize":
        realm = state.realms[index]
        if realm.pieces["SM"].lodge is None and realm.lodges:
            crowd = max(realm.lodges, key=lambda x: (len(realm.members(x.number)), -x.number))
            move = fo.MoveOrder("SM", crowd.number)
            if move in legal:
                return move
    initiations = [o for o in legal if isinstance(o, fo.InitiateOrder)]
    if initiations:
        return max(initiations, key=lambda o: len(o.candidates))
    return next((o for o in legal if isinstance(o, fo.DoneOrder)), legal[0])


def greedy_freimaurerei_turn(rules: Any, state: Any, seat: str, order: Any) -> str:
    """Return the mail of a Freimaurerei player at the first open action of its turn: that
    action, then the rest of its turn written ahead (the second action, and each
    advancement's initiations and its done), as the player plans it in a world drawn from
    what it knows (`hidden_variant`: the dice and draws there are its guesses). The steps its
    standing answers cover are not written."""
    written = [rules.format_order(order)]
    plan = Rng(hashlib.sha256(f"pace-plan:{seat}:{state.turn}:{state.action}".encode()).digest())
    world = rules.hidden_variant(state, seat, plan) or state
    turn = state.turn
    for _ in range(FREI_PLAN_STEPS):
        world = rules.fold(world, rules.decide(world, seat, order, plan))
        prompt = rules.prompt_for(world, seat)
        if prompt is None or world.turn != turn or rules.outcome(world) is not None:
            break
        order = greedy_freimaurerei(rules, world, seat, plan)
        kind = prompt.key.split(".")[2]
        if kind in ("action", "advance", "reorganize"):
            written.append(rules.format_order(order))
    return ", then ".join(written)


CASTLE_STANDING = ("standing look objects / doctor let stand / offers better / plays to win"
                   " / sides friend / take most wanted / return least wanted / abilities renew"
                   " / sextant least wanted")
"""After, a Castle of the Devil player sets these once (what its greedy player does: the house
player's answer to an offer, its plays as a duellist and a supporter's pass, a side chosen by
the society cards it was shown, the loser's object it wants most and, given back or passed at
a Sextant, its least wanted, a Coat or Tome used to renew a spent profession)."""
SM_STANDING = "standing place mine / vote mine / redeploy none"
"""After, a Secret Masters player sets these once (what `help standing` recommends): its votes
back the card holding an agent of its own faction, its placements put one of its own agents on
the card worth most, and as Grand Master it redeploys none."""


def greedy_secret_masters(rules: Any, state: Any, seat: str, rng: Rng) -> Any:
    """Return the order a Secret Masters player playing to win gives: an agent of its own
    faction on the card worth most (`place_mine`, from the pool, else moved there), the vote
    backing that agent (`back_mine`), no Redeploy: what its standing `place mine / vote mine /
    redeploy none` gives; where none of its own agents can go, a random legal order."""
    from engine.secret_masters import orders as so
    from engine.secret_masters.standing import back_mine, place_mine

    index = state.seats.index(seat)
    legal = list(rules.legal_orders(state, seat))
    kind = rules.prompt_for(state, seat).key.split(".")[-1]
    if kind == "vote":
        return back_mine(state, index, legal)
    if kind == "redeploy":
        return next((o for o in legal if isinstance(o, so.PassOrder)), legal[0])
    placed = place_mine(state, index, legal)
    return placed if placed is not None else rng.choice(legal)


def greedy_castle(rules: Any, state: Any, seat: str, rng: Rng) -> Any:
    """Return the order a Castle of the Devil player playing to win gives: the house player's
    own plan (`engine/castle_of_the_devil/house.py` `plan_order`: offers, duels it can win,
    the best object of a loser, proclaiming as soon as its hand holds what its society needs;
    it reads only the seat's own cards, tokens, profession and the public duel), without the
    house's search (its iterations cost seconds a decision); a supporter passes in a duel's
    plays and nobody calls the Doctor (what its standing `doctor let stand` gives); a side is
    chosen by the society cards the seat was shown (`sides friend`), a trade ability used to
    renew a spent profession (`abilities renew`), the least wanted object passed at a Sextant;
    where the plan has no
    preference, a random legal order, but never a proclamation its own hand does not win (the
    plan proclaims when it does)."""
    from engine.castle_of_the_devil.house import plan_order
    from engine.castle_of_the_devil.orders import ClaimOrder, PassOrder
    from engine.castle_of_the_devil.standing import friend_side, least_wanted, renew

    planned = plan_order(state, seat, rng)
    legal = list(rules.legal_orders(state, seat)) if rules.can_list(state, seat) else []
    if planned is not None and (planned in legal or not legal):
        return planned
    kind = rules.prompt_for(state, seat).key.split(".")[-1]
    if kind in ("play", "doctor") and PassOrder() in legal:
        return PassOrder()
    if kind == "sides":
        return friend_side(state, state.index(seat), legal)
    if kind == "ability":
        return renew(state, state.index(seat), legal)
    if kind == "sextant":
        return least_wanted(state, state.index(seat), legal)
    if kind == "turn":
        unclaimed = [order for order in legal if not isinstance(order, ClaimOrder)]
        return rng.choice(unclaimed) if unclaimed else None
    return None


def pick_order(rules: Any, state: Any, seat: str, rng: Rng) -> Any:
    """Return the seat's order: a player playing to win where the title has one (Masons:
    `greedy_masons`), else a random legal order of its open decision (never a settings
    order while there is another)."""
    if rules.name == "masons":
        chosen = greedy_masons(rules, state, seat, rng)
        if chosen is not None:
            return chosen
    if rules.name == "secret-masters" and rules.can_list(state, seat):
        return greedy_secret_masters(rules, state, seat, rng)
    if rules.name == "castle-of-the-devil":
        chosen = greedy_castle(rules, state, seat, rng)
        if chosen is not None:
            return chosen
    if rules.name == "freimaurerei" and rules.can_list(state, seat) and (
            rules.prompt_for(state, seat).key != "setup.outer"):
        return greedy_freimaurerei(rules, state, seat, rng)
    if rules.can_list(state, seat):
        legal = list(rules.legal_orders(state, seat))
        return rng.choice([o for o in legal if not settles(rules, o)] or legal)
    order = rules.random_legal_order(state, seat, rng)
    for _ in range(20):
        if not settles(rules, order):
            break
        order = rules.random_legal_order(state, seat, rng)
    return order


def turn_script(rules: Any, state: Any, seat: str, order: Any, rng: Rng) -> str:
    """Return an Illuminati player's mail for the rest of its turn, as `help attack` and
    `help turn` recommend: the orders without dice it chooses one after the other (a transfer,
    a gift), up to its attack, then the attack's branches (at the roll: play Assassination
    on a failed roll if it holds it, else pass; if a first attack fails, repeat it; if it
    succeeds, a second attack with other groups) and the end of the turn."""
    from engine.illuminati.orders import AttackOrder, EndOrder, PassOrder, PlayOrder

    written = [rules.format_order(order)]
    probe = Rng(hashlib.sha256(b"pace-probe").digest())
    for _ in range(PLANNED):
        if isinstance(order, (AttackOrder, PassOrder, PlayOrder, EndOrder)):
            break
        state = rules.fold(state, rules.decide(state, seat, order, probe))
        order = pick_order(rules, state, seat, rng)
        written.append(rules.format_order(order))
    if isinstance(order, PassOrder) or (state.phase.value == "end" and
                                         isinstance(order, EndOrder)):
        return ", then ".join(written)
    text = ", then ".join(written)
    if isinstance(order, AttackOrder):
        text = ", ".join([text, *attack_branches(rules, state, seat, order, rng)])
    return text + (", then end" if isinstance(order, EndOrder) else SCRIPT)


def attack_branches(rules: Any, state: Any, seat: str, attack: Any, rng: Rng) -> list[str]:
    """Return the branches an Illuminati player writes after its attack (`state`: before it)."""
    from dataclasses import replace

    from engine.illuminati.orders import AttackOrder

    hand = state.player(seat).hand
    rolls = (["if the roll fails then play assassination"] if "assassination" in hand
             else []) + ["at the roll pass"]
    found = list(rolls)
    if state.turn.actions < 2:  # the second action: nothing left to branch on
        return found
    found.append("if it fails then " + rules.format_order(replace(
        attack, from_group=0, from_illuminati=0, privilege="", whisper=False, moving=0,
        placing=())))
    busy = {attack.target, attack.group, *attack.aiders}
    for _ in range(PLANNED * 3):  # a second attack by other groups, on another target
        other = rules.random_legal_order(state, seat, rng)
        if isinstance(other, AttackOrder) and not busy & {other.target, other.group,
                                                          *other.aiders}:
            found.append("if it succeeds then " + rules.format_order(other))
            found += rolls  # the second attack's roll
            break
    return found


def only_pass(rules: Any, state: Any, seat: str) -> tuple[bool, bool, bool]:
    """Return (every legal order is a pass, everyone can tell it is, there is one legal
    order) for the seat now. Only Illuminati's windows say what everyone can tell
    (`engine/illuminati/quiet.py`): elsewhere a pass-only decision counts as hidden."""
    if not rules.can_list(state, seat):
        return False, False, False
    legal = list(rules.legal_orders(state, seat))
    texts = {rules.format_order(order) for order in legal}
    passes = bool(texts) and texts <= {"pass"}
    public = passes and rules.name == "illuminati" and state.phase.value in WINDOWS and (
        not could_answer(state, seat, state.phase.value))
    return passes, public, len(legal) == 1


def play(store: Store, game: str, players: int, index: int, quiet: bool, tally: Tally) -> None:
    """Play one seeded game to its end, the players answering every decision they are mailed."""
    seats = [NewSeat(name, f"{name}@example.org") for name in NAMES[:players]]
    seed = hashlib.sha256(f"pace-seed:{game}:{index}".encode()).hexdigest()
    # both record a game.settings event (an absence limit nobody uses), so the two logs put
    # each decision at the same position and the games play alike until the settings differ
    settings: dict[str, Any] = {"absence_days": ABSENCE_DAYS}
    if not quiet:
        settings |= {"notify": "every", "auto_pass": False}
        if game == "masons":  # the new option off: scoring in turns, as before
            settings["options"] = {"scoring": "turns"}
    loaded = create_game(store, game, seats, seed_hex=seed, game_id=seed_game_id(seed),
                         **settings)
    game_id, rules = loaded.meta.id, loaded.game
    standing = quiet and bool(rules.standing_topics())
    if standing and game == "masons":
        for seat in seats:
            answer(store, game_id, seat.name, MASONS_STANDING, f"pace:{game_id}:{seat.name}")
    if standing and game == "secret-masters":
        for seat in seats:
            answer(store, game_id, seat.name, SM_STANDING, f"pace:{game_id}:{seat.name}")
    if standing and game == "castle-of-the-devil":
        for seat in seats:
            answer(store, game_id, seat.name, CASTLE_STANDING, f"pace:{game_id}:{seat.name}")
    if standing and game == "freimaurerei":
        for seat in seats:
            answer(store, game_id, seat.name, FREI_STANDING, f"pace:{game_id}:{seat.name}")
    rng = chooser(game, index, "players")
    walls: set[tuple[str, str]] = set()
    attacker_turns: set[int] = set()
    replies: Counter[str] = Counter()
    for _ in range(MAX_REPLIES):
        loaded = load_game(store, game_id)
        prompts = [p for p in rules.prompts(loaded.state) if not p.submitted]
        if not prompts:
            break
        prompt = rng.choice(prompts)
        seat, state = prompt.seat, loaded.state
        if game == "masons" and prompt.key.endswith(".wall"):
            walls.add((seat, prompt.key.split(".")[0]))
        passes, public, single = only_pass(rules, state, seat)
        attacking = game == "illuminati" and state.turn.seat == seat
        order = pick_order(rules, state, seat, rng)
        text = rules.format_order(order)
        if quiet and game == "freimaurerei" and prompt.key.split(".")[-1] == "action":
            text = greedy_freimaurerei_turn(rules, state, seat, order)  # the turn in one mail
        if quiet and attacking and state.phase.value == "turn":
            text = turn_script(rules, state, seat, order, rng)  # the turn in one mail
        result = submit_order(store, game_id, seat, text, source="pace")
        if not result.accepted:
            raise SystemExit(f"{game} {game_id}: {seat}'s legal order {text!r} was refused: "
                             f"{result.message}")
        replies[seat] += 1
        tally.kinds[prompt.key.split(".")[-1]] += 1
        if attacking:
            attacker_turns.add(state.turn.number)
            tally.attacker_replies += 1
        tally.waits += 1
        tally.pass_only_waits += passes
        tally.public_pass_waits += public
        tally.single_waits += single
        if game == "masons":
            tally.own_turn_replies += prompt.key.split(".")[0] in {
                turn for owner, turn in walls if owner == seat}
    else:
        raise SystemExit(f"{game} {game_id} did not end after {MAX_REPLIES} replies")
    tally.games += 1
    tally.seats += players
    tally.orders += loaded.seq
    tally.replies.update(replies)
    tally.own_turns += len(walls)
    tally.rounds += rounds_of(game, loaded.state, players)
    tally.attacker_turns += len(attacker_turns)
    tally.answered_mails += answered_mails(store, game_id, quiet)
    for row in store.outbox_for_game(game_id):
        if row.recipient in loaded.meta.seat_names and row.kind != "held":
            tally.mails[row.recipient] += 1


def rounds_of(game: str, state: Any, players: int) -> float:
    """Return how many rounds a finished game played (a round lets each seat act once)."""
    if game in ("secret-masters",):
        return float(state.round)
    if game == "illuminati":
        return state.turn.number / players
    return state.turn / players


def answered_mails(store: Store, game_id: str, quiet: bool) -> int:
    """Return the mails sent to a seat whose open decision was answered for it when they were
    written. Before (the settings of old games, every change mailed) each of them asked for
    it under "what you must do now", as every mail with an open decision did; after, each one
    is composed and counted if its text still asks."""
    from service.base.config import load_config
    from service.mail.compose import compose_outbox

    found = 0
    rows = sorted((row for row in store.outbox_for_game(game_id) if row.kind == "turn"),
                  key=lambda row: row.seq)
    config = load_config({"PBEM_SECRET_KEY": "pace", "PBEM_BASE_URL": "https://pace.test"})
    log = store.event_rows(game_id)
    then, folded = None, 0
    for row in rows:  # the log folded once, up to each mail's seq in turn
        upto = folded
        while upto < len(log) and log[upto][0] <= row.seq:
            upto += 1
        then = fold_rows(then, game_id, list(log[folded:upto]))
        folded = upto
        prompt = then.game.prompt_for(then.state, row.recipient)
        if prompt is None or not prompt.submitted or then.meta.finished:
            continue
        if not quiet:
            found += 1
            continue
        message = compose_outbox(store, config, row, pdf=False)  # its text is what asks
        body = message.get_body(("plain",)) if message is not None else None
        found += body is not None and "WHAT YOU MUST DO NOW" in str(body.get_content())
    return found


def run(games: list[str], seeds: int, folder: Path) -> dict[str, dict[str, Tally]]:
    """Return the tallies of every title, before and after."""
    found: dict[str, dict[str, Tally]] = {}
    for game in games:
        found[game] = {}
        for label, quiet in (("before", False), ("after", True)):
            store = Store(f"sqlite:///{folder / f'{game}-{label}'}.db")
            store.create_schema()
            tally = Tally()
            for index in range(seeds):
                play(store, game, TABLES[game], index, quiet, tally)
            store.dispose()
            found[game][label] = tally
    return found


def summary(found: dict[str, dict[str, Tally]], seconds: float) -> dict[str, Any]:
    """Return the figures as JSON-ready data, with the targets met or not."""
    mails = {game: {label: round(t.per_seat(t.mails), 1) for label, t in pair.items()}
             for game, pair in found.items()}
    replies = {game: {label: round(t.per_seat(t.replies), 1) for label, t in pair.items()}
               for game, pair in found.items()}
    cut = {game: round(1 - m["after"] / m["before"], 3) if m["before"] else 0.0
           for game, m in mails.items()}
    per_reply = {game: {label: round(sum(t.mails.values()) / sum(t.replies.values()), 2)
                        if t.replies else 0.0 for label, t in pair.items()}
                 for game, pair in found.items()}
    data: dict[str, Any] = {
        "mails_per_seat": mails, "replies_per_seat": replies, "mail_cut": cut,
        "mails_per_reply": per_reply,
        "pass_only_waits": {game: {label: t.pass_only_waits for label, t in pair.items()}
                            for game, pair in found.items()},
        "single_answer_waits": {game: {label: t.single_waits for label, t in pair.items()}
                                for game, pair in found.items()},
        "games": {game: pair["after"].games for game, pair in found.items()},
        "replies_per_seat_per_round": {
            game: {label: round(t.per_seat(t.replies) * t.games / t.rounds, 2)
                   if t.rounds else 0.0 for label, t in pair.items()}
            for game, pair in found.items()},
        "answered_decision_mails": {game: {label: t.answered_mails for label, t in pair.items()}
                                    for game, pair in found.items()},
        "seconds": round(seconds, 1)}
    if "illuminati" in found:
        data["illuminati_attacker_replies_per_turn"] = {
            label: round(t.attacker_replies / t.attacker_turns, 2) if t.attacker_turns else 0.0
            for label, t in found["illuminati"].items()}
    if "masons" in found:
        data["masons_replies_per_turn"] = {
            label: round(t.own_turn_replies / t.own_turns, 2) if t.own_turns else 0.0
            for label, t in found["masons"].items()}
    if "illuminati" in found:
        data["illuminati_pass_only_waits"] = {
            label: t.public_pass_waits for label, t in found["illuminati"].items()}
        data["illuminati_hidden_pass_only_waits"] = {
            label: t.pass_only_waits - t.public_pass_waits
            for label, t in found["illuminati"].items()}
    data["targets"] = {
        "replies_per_seat_per_round_at_most_1.2": {
            game: data["replies_per_seat_per_round"][game]["after"] <= TARGET_REPLIES_PER_ROUND
            for game in ROUND_TITLES if game in found},
        "illuminati_attacker_replies_per_turn_at_most_1.5": (
            data["illuminati_attacker_replies_per_turn"]["after"] <= TARGET_ATTACKER_REPLIES
            if "illuminati" in found else None),
        "no_answered_decision_mails": all(
            pair["after"] == 0 for pair in data["answered_decision_mails"].values()),
        "masons_replies_per_turn_at_most_1.2": (
            data["masons_replies_per_turn"]["after"] <= TARGET_MASONS_REPLIES
            if "masons" in found else None),
        "no_public_pass_only_waits": (data["illuminati_pass_only_waits"]["after"] == 0
                                      if "illuminati" in found else None),
        "mail_cut_at_least_40pc": {game: cut[game] >= TARGET_MAIL_CUT
                                   for game in CUT_TITLES if game in cut}}
    return data


def table(found: dict[str, dict[str, Tally]], data: dict[str, Any]) -> str:
    """Return the before/after table, one line per title."""
    lines = [(f"{'title':20} {'games':>5}  {'mails/seat':>15}  {'replies/seat':>15}  "
             f"{'pass-only waits':>15}  {'1-answer waits':>15}  mail cut  mails/reply")]
    for game, pair in found.items():
        title = get_game(game).title
        b, a = pair["before"], pair["after"]
        lines.append(
            f"{title:20} {a.games:5}  {b.per_seat(b.mails):6.1f} -> {a.per_seat(a.mails):5.1f}"
            f"  {b.per_seat(b.replies):6.1f} -> {a.per_seat(a.replies):5.1f}"
            f"  {b.pass_only_waits:6} -> {a.pass_only_waits:5}"
            f"  {b.single_waits:6} -> {a.single_waits:5}  {data['mail_cut'][game]:8.0%}"
            f"  {data['mails_per_reply'][game]['before']:4} -> "
            f"{data['mails_per_reply'][game]['after']}")
    if "illuminati_pass_only_waits" in data:
        waits = data["illuminati_pass_only_waits"]
        lines.append(f"Illuminati window waits a seat could only pass, as everyone can tell: "
                     f"{waits['before']} -> {waits['after']}")
    lines.append(f"{'title':20} replies/seat/round   answered-decision mails")
    for game in found:
        per_round = data["replies_per_seat_per_round"][game]
        answered = data["answered_decision_mails"][game]
        lines.append(f"{get_game(game).title:20} {per_round['before']:6} -> "
                     f"{per_round['after']:6}     {answered['before']:6} -> {answered['after']}")
    for game, pair in found.items():
        for label, tally in pair.items():
            rounds = tally.rounds * tally.seats / tally.games if tally.games else 0.0
            kinds = ", ".join(f"{kind} {count / rounds:.2f}" for kind, count
                              in tally.kinds.most_common() if rounds)
            lines.append(f"{get_game(game).title:20} {label:6} replies/seat/round by decision: "
                         f"{kinds}")
    if "illuminati_attacker_replies_per_turn" in data:
        attacker = data["illuminati_attacker_replies_per_turn"]
        lines.append(f"Illuminati replies of the seat to move per own turn: {attacker['before']}"
                     f" -> {attacker['after']} (target at most {TARGET_ATTACKER_REPLIES})")
    if "masons_replies_per_turn" in data:
        per_turn = data["masons_replies_per_turn"]
        lines.append(f"Masons replies per seat per own turn: {per_turn['before']} -> "
                     f"{per_turn['after']} (target at most {TARGET_MASONS_REPLIES})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the table and the JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="one seed of the three titles of the targets")
    parser.add_argument("--seeds", type=int, default=6, help="games per title and setting")
    parser.add_argument("--title", action="append", choices=sorted(TABLES),
                        help="a title's short name (repeatable; default: every title)")
    args = parser.parse_args(argv)
    games = [g.name for g in all_games() if g.name in TABLES]
    if args.quick:
        games = [g for g in games if g in QUICK]
    if args.title:
        games = [g for g in games if g in args.title]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        found = run(games, 1 if args.quick else args.seeds, Path(tmp))
    data = summary(found, time.perf_counter() - started)
    print(table(found, data))
    print(json.dumps(data, sort_keys=True))


if __name__ == "__main__":
    main()
