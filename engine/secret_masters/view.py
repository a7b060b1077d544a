"""What each seat may see: view, visibility, describe and the plain-text board."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.contract import EVERYONE, Audience, Canaries, replace

from . import events as ev
from .board import ANTARCTICA, SCORING, VALUE, controllers, name_of, points
from .rules import deciding_seats
from .state import COLOURS, Agents, Colour, Markers, Phase, Side, State

CARDS_UNDER_REDEPLOY = 3


def _agents(counts: Agents) -> dict[str, int]:
    """Return agent counts keyed by colour name."""
    return {colour.value: count for colour, count in zip(COLOURS, counts)}


def _markers(markers: Markers | None) -> dict[str, int] | None:
    """Return markers as a JSON-ready dict."""
    if markers is None:
        return None
    return {"red": markers.red, "white": markers.white, "orange": markers.orange}


def view(state: State, seat: str | None) -> dict[str, Any]:
    """Return everything `seat` (None: a spectator) may see now."""
    data = _public(state)
    index = state.seat_index(seat) if seat is not None else -1
    if index >= 0:
        data["you"] = _own(state, index)
    if state.phase is Phase.OVER:
        data["revealed"] = _revealed(state)
    return data


def _public(state: State) -> dict[str, Any]:
    """Return the part of the view every seat and spectator sees."""
    return {
        "game": "secret-masters", "round": state.round, "turn": state.turn,
        "phase": state.phase.value, "seats": list(state.seats),
        "grand_master": state.seats[state.grand_master], "active": state.seats[state.active],
        "goal": state.goal,
        "board": [_region(state, region) for region in SCORING],
        "antarctica": _agents(state.board[ANTARCTICA]),
        "pool": _agents(state.pool),
        "points": {colour.value: value for colour, value in points(state.board).items()},
        "cards": _cards(state),
        "cards_before_redeploy": max(0, len(state.deck) - CARDS_UNDER_REDEPLOY),
        "last_vote": _markers(state.last_vote),
        "voted": [state.seats[i] for i, vote in enumerate(state.votes) if vote is not None],
        "waiting_for": [state.seats[i] for i in deciding_seats(state)],
        "winner": state.seats[state.winner] if state.winner is not None else None,
    }


def _region(state: State, region: str) -> dict[str, Any]:
    """Return one region of the board as seen by everyone."""
    counts = state.board[region]
    return {"region": region, "name": name_of(region), "value": VALUE[region],
            "agents": _agents(counts),
            "controlled_by": [colour.value for colour in controllers(counts)]}


def _cards(state: State) -> dict[str, Any] | None:
    """Return the two revealed region cards and the agents on them."""
    if state.red_card is None and state.white_card is None:
        return None
    cards: dict[str, Any] = {}
    for side in (Side.RED, Side.WHITE):
        region = state.card(side)
        agent = state.agent(side)
        cards[side.value] = {"region": region, "name": name_of(region),
                             "value": VALUE.get(region) if region is not None else None,
                             "agent": agent.value if agent is not None else None}
    return cards


def _faction(faction: Colour | str | None) -> str | None:
    """Return a faction's name (a planted canary string passes through unchanged)."""
    if faction is None:
        return None
    return faction.value if isinstance(faction, Colour) else str(faction)


def _own(state: State, index: int) -> dict[str, Any]:
    """Return what only seat `index` knows: its faction, markers and sealed vote."""
    return {"seat": state.seats[index], "faction": _faction(state.factions[index]),
            "markers": _markers(state.hands[index]), "vote": _markers(state.votes[index])}


def _revealed(state: State) -> dict[str, Any]:
    """Return everything that was secret, shown once the game is over."""
    return {
        "factions": {seat: _faction(faction)
                     for seat, faction in zip(state.seats, state.factions)},
        "set_aside": _faction(state.set_aside),
        "markers": {seat: _markers(hand) for seat, hand in zip(state.seats, state.hands)},
        "deck": list(state.deck),
    }


_SECRET: dict[type, Callable[[Any], Audience]] = {
    ev.FactionDealt: lambda e: Audience(frozenset({e.seat}),
                                        f"{e.seat} received a faction card"),
    ev.FactionSetAside: lambda e: Audience(frozenset(), "one faction card was set aside unseen"),
    ev.DeckShuffled: lambda e: Audience(frozenset(),
                                        "the Grand Master shuffled the region deck"),
    ev.VoteCast: lambda e: Audience(frozenset({e.seat}), f"{e.seat} changed their vote"
                                    if e.revised else f"{e.seat} cast a sealed vote"),
    ev.MarkersDrawn: lambda e: Audience(frozenset({e.seat}),
                                        f"{e.seat} drew three vote markers from the bag"),
}


def plant_canaries(state: State, canaries: Canaries) -> State:
    """Return `state` with every item still hidden replaced by a canary readable by its owners."""
    if state.phase is Phase.OVER:
        return state
    nobody: frozenset[str] = frozenset()
    factions = tuple(canaries.text({seat}) if faction is not None else None
                     for seat, faction in zip(state.seats, state.factions))
    hands = tuple(_marker_canaries(canaries, seat) for seat in state.seats)
    votes = tuple(_marker_canaries(canaries, seat) if vote is not None else None
                  for seat, vote in zip(state.seats, state.votes))
    deck = tuple(canaries.text(nobody) for _ in state.deck)
    set_aside = canaries.text(nobody) if state.set_aside is not None else None
    return replace(state, factions=factions, hands=hands, votes=votes, deck=deck,
                   set_aside=set_aside)


def _marker_canaries(canaries: Canaries, seat: str) -> Markers:
    """Return markers whose three counts are canary numbers readable by `seat` only."""
    return Markers(canaries.number({seat}), canaries.number({seat}), canaries.number({seat}))


def visibility(event: Any) -> Audience:
    """Return who may read `event` before the game ends, and what the others read."""
    secret = _SECRET.get(type(event))
    return secret(event) if secret is not None else EVERYONE


def _words(markers: Markers) -> str:
    """Return e.g. 'red, red, orange'."""
    return ", ".join(markers.as_words()) or "nothing"


def _agent_list(counts: Agents) -> str:
    """Return e.g. '2 blue, 1 red'."""
    return ", ".join(f"{n} {colour.value}" for colour, n in zip(COLOURS, counts) if n)


def _where(colour: Any, region: str | None) -> str:
    """Return where an agent went after the vote."""
    if colour is None:
        return "no agent"
    return f"the {colour.value} agent went to {name_of(region)}"


_DESCRIBE: dict[type, Callable[[Any], str]] = {
    ev.GameSetUp: lambda e: "Starting agents: " + ", ".join(
        f"{c.value} in {name_of(r)}" for r, c in e.start.items())
        + f". {e.grand_master} is the Grand Master.",
    ev.FactionDealt: lambda e: f"{e.seat} received the {e.faction.value.capitalize()} faction.",
    ev.FactionSetAside: lambda e: f"The {e.faction.value.capitalize()} faction was set aside.",
    ev.RoundStarted: lambda e: f"Round {e.round} began; {e.grand_master} is the Grand Master "
                               "and the first active seat.",
    ev.DeckShuffled: lambda e: "The region deck was shuffled, top first: "
                               + ", ".join(name_of(c) for c in e.cards) + ".",
    ev.CardsRevealed: lambda e: f"{e.seat} revealed {name_of(e.red)} on the red card and "
                                f"{name_of(e.white)} on the white card.",
    ev.AntarcticaReturned: lambda e: "The pool was low: every agent in Antarctica ("
                                     f"{_agent_list(e.agents)}) went back to the pool.",
    ev.AgentPlaced: lambda e: f"{e.seat} placed a {e.colour.value} agent from the pool on the "
                              f"{e.side.value} card ({name_of(e.region)}).",
    ev.AgentMoved: lambda e: f"{e.seat} moved a {e.colour.value} agent from "
                             f"{name_of(e.from_region)} onto the {e.side.value} card "
                             f"({name_of(e.region)}).",
    ev.PlacementPassed: lambda e: f"{e.seat} had no legal agent to place; the {e.side.value} "
                                  f"card ({name_of(e.region)}) stays empty.",
    ev.VoteCast: lambda e: f"{e.seat} {'changed their vote to' if e.revised else 'voted'} "
                           f"{_words(e.markers)}.",
    ev.VoteResolved: lambda e: f"The vote: {e.totals.red} red, {e.totals.white} white, "
                               f"{e.totals.orange} orange. Red card: "
                               f"{_where(e.red_agent, e.red_to)}; white card: "
                               f"{_where(e.white_agent, e.white_to)}.",
    ev.VoteSkipped: lambda e: "Both cards are empty, so there is no vote this turn.",
    ev.MarkersDrawn: lambda e: f"{e.seat} drew {_words(e.markers)} from the bag.",
    ev.TurnPassed: lambda e: f"The cards were discarded; {e.seat} is the active seat "
                             f"(round {e.round}, turn {e.turn}).",
    ev.RedeployStarted: lambda e: f"The Redeploy card came up; {e.seat}, the Grand Master, "
                                  "may move one agent to a region of lower value.",
    ev.Redeployed: lambda e: f"{e.seat} redeployed a {e.colour.value} agent from "
                             f"{name_of(e.from_region)} to {name_of(e.to_region)}.",
    ev.RedeployPassed: lambda e: f"{e.seat} did not redeploy.",
    ev.GameWon: lambda e: f"{e.seat} revealed the {e.faction.value.capitalize()} faction, "
                          f"which controls {e.points} points, and wins.",
    ev.FactionsRevealed: lambda e: "Factions: " + ", ".join(
        f"{seat} {c.value.capitalize()}" for seat, c in e.factions.items())
        + (f"; set aside: {e.set_aside.value.capitalize()}" if e.set_aside else "") + ".",
}


def describe(event: Any) -> str:
    """Return a one-line account of `event` for those allowed to read it."""
    return _DESCRIBE[type(event)](event)


def render_text(data: Mapping[str, Any]) -> str:
    """Return a plain-text picture of a view, for terminals and text emails."""
    lines = _heading(data) + [""] + _table(data) + [""] + _status(data)
    if data.get("you"):
        lines += [""] + _own_lines(data["you"])
    if data.get("revealed"):
        lines += [""] + _revealed_lines(data["revealed"])
    return "\n".join(lines) + "\n"


def _heading(data: Mapping[str, Any]) -> list[str]:
    """Return the title lines: round, turn, phase and who leads."""
    return [f"Secret Masters - round {data['round']}, turn {data['turn']} ({data['phase']})",
            (f"Grand Master: {data['grand_master']}   Active seat: {data['active']}   "
             f"Goal: {data['goal']} points")]


def _row(label: str, value: str, counts: Mapping[str, int], control: str = "") -> str:
    """Return one line of the board table."""
    cells = "".join(f"{counts[c.value] or '.':>7}" for c in COLOURS)
    return f"{label:<20}{value:>5}{cells}   {control}".rstrip()


def _table(data: Mapping[str, Any]) -> list[str]:
    """Return the board as a table of agents per region and colour."""
    lines = [f"{'Region':<20}{'Value':>5}" + "".join(f"{c.value:>7}" for c in COLOURS)
             + "   Controlled by"]
    for region in data["board"]:
        control = ", ".join(region["controlled_by"]) or "-"
        lines.append(_row(region["name"], str(region["value"]), region["agents"], control))
    lines.append(_row(name_of(ANTARCTICA), "-", data["antarctica"]))
    lines.append(_row("Pool", "", data["pool"]))
    return lines


def _card_line(side: str, card: Mapping[str, Any] | None) -> str:
    """Return the line describing one revealed card."""
    if card is None or card["region"] is None:
        return f"{side.capitalize()} card: -"
    value = card["value"] if card["value"] is not None else "no value"
    agent = f"{card['agent']} agent" if card["agent"] else "no agent yet"
    return f"{side.capitalize()} card: {card['name']} ({value}) - {agent}"


def _status(data: Mapping[str, Any]) -> list[str]:
    """Return the lines on cards, points, the last vote and who is awaited."""
    cards = data["cards"] or {}
    lines = [_card_line("red", cards.get("red")), _card_line("white", cards.get("white")),
             f"Cards before Redeploy: {data['cards_before_redeploy']}",
             "Points: " + ", ".join(f"{c} {n}" for c, n in data["points"].items())]
    vote = data["last_vote"]
    if vote:
        lines.append(f"Last vote: {vote['red']} red, {vote['white']} white, "
                     f"{vote['orange']} orange")
    if data["voted"]:
        lines.append("Votes in: " + ", ".join(data["voted"]))
    if data["winner"]:
        lines.append(f"Winner: {data['winner']}")
    elif data["waiting_for"]:
        lines.append("Waiting for: " + ", ".join(data["waiting_for"]))
    return lines


def _marker_words(markers: Mapping[str, int] | None) -> str:
    """Return markers as counts, e.g. '2 red, 1 orange'."""
    if not markers:
        return "none"
    counts = [f"{markers[name]} {name}" for name in ("red", "white", "orange") if markers[name]]
    return ", ".join(counts) or "none"


def _own_lines(you: Mapping[str, Any]) -> list[str]:
    """Return what only the reading seat knows."""
    faction = (you["faction"] or "none").capitalize()
    lines = [(f"You are {you['seat']}, faction {faction}. "
              f"Your markers: {_marker_words(you['markers'])}.")]
    if you["vote"]:
        lines.append(f"Your sealed vote: {_marker_words(you['vote'])}.")
    return lines


def _revealed_lines(revealed: Mapping[str, Any]) -> list[str]:
    """Return the secrets shown at the end of the game."""
    factions = ", ".join(f"{seat} {(f or '?').capitalize()}"
                         for seat, f in revealed["factions"].items())
    aside = (revealed["set_aside"] or "?").capitalize()
    return [f"Factions: {factions}; set aside: {aside}.",
            "Markers: " + "; ".join(f"{seat} {_marker_words(m)}"
                                    for seat, m in revealed["markers"].items())]
