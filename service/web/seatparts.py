"""What a seat page shows of a game at one head, computed once and kept by (game, head, seat).

The parts are everything the page derives from the seat's view and the game's state: the
board (SVG and text), the seat's secrets, its prompt, order forms and help, the public summary
and the press it may read. They are cached in process by the game's head and the seat (None:
the spectator), so a page that did not change is not recomputed, and never shown to another
seat. What depends on the request (the session, a submission's fate) is not in here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Prompt
from service.base.lru import LruCache
from service.game.current import PageGame
from service.mail.compose import turn_label
from service.orders.irreversible import help_irreversible_last
from service.pdf.render import private_items
from service.web.orderforms import form_views, legal_texts
from service.web.render import inline_svg
from service.web.summary import GameSummary, outcome_text, summarize
from service.web.talk import Conversation, press_conversations

PARTS_KEPT = 512


@dataclass(frozen=True)
class SeatParts:
    """A seat's page at one head of the log, as far as it does not depend on the request."""

    summary: GameSummary
    turn: str
    board: Any
    board_text: str
    private: list[tuple[str, str]]
    prompt: Prompt | None
    help_text: str
    forms: list[Any]
    legal: list[str]
    outcome: str
    conversations: list[Conversation]


_parts: LruCache[tuple[str, int, str, str], SeatParts] = LruCache(PARTS_KEPT)


def seat_parts(game: PageGame, seat: str) -> SeatParts:
    """Return the parts of `seat`'s page at the game's head (cached by game, head and seat)."""
    return _parts.get_or_make((*game.key, seat), lambda: _make(game, seat))


def _make(game: PageGame, seat: str) -> SeatParts:
    """Return the parts of a seat's page, computed from its view."""
    loaded = game.loaded
    rules, state = loaded.game, loaded.state
    view = rules.view(state, seat)
    prompt = rules.prompt_for(state, seat)
    try:
        board = inline_svg(rules.render_board_svg(view), rules.render_text(view))
    except NotImplementedError:
        board = None
    return SeatParts(
        summary=summarize(loaded), turn=turn_label(view), board=board,
        board_text=rules.render_text(view), private=private_items(view), prompt=prompt,
        help_text=help_irreversible_last(rules.help(prompt)) if prompt else "",
        forms=form_views(prompt), legal=legal_texts(rules, state, seat) if prompt else [],
        outcome=outcome_text(loaded), conversations=press_conversations(game, seat))


@dataclass(frozen=True)
class SpectatorParts:
    """The spectator's page at one head: summary, board picture and text board."""

    summary: GameSummary
    board: Any
    board_text: str


_spectator: LruCache[tuple[str, int, str], SpectatorParts] = LruCache(PARTS_KEPT)


def spectator_parts(game: PageGame) -> SpectatorParts:
    """Return the spectator's parts at the game's head (a cache of its own, never a seat's)."""
    return _spectator.get_or_make(game.key, lambda: _make_spectator(game))


def _make_spectator(game: PageGame) -> SpectatorParts:
    """Return the spectator's parts, computed from the public view."""
    rules, state = game.loaded.game, game.loaded.state
    view = rules.view(state, None)
    try:
        board = inline_svg(rules.render_board_svg(view), rules.render_text(view))
    except NotImplementedError:
        board = None
    return SpectatorParts(summarize(game.loaded), board, rules.render_text(view))


def forget_parts() -> None:
    """Drop every cached part (tests)."""
    _parts.clear()
    _spectator.clear()
