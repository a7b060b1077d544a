"""The engine core: the game contract, the codec, the seeded random stream and violations."""
from .canonical import canonical_json, sha256_hex
from .codec import decode, encode
from .contract import (
                       EVERYONE,
                       Audience,
                       Canaries,
                       Event,
                       Field,
                       Game,
                       OptionSpec,
                       Order,
                       OrderForm,
                       Outcome,
                       Prompt,
                       Termination,
                       TypeTable,
                       event,
                       order,
                       replace,
)
from .errors import (
                       GameOver,
                       NotYourTurn,
                       RuleViolation,
                       StaleOrder,
                       UnreadableOrder,
                       WrongOrderKind,
)
from .registry import UnknownGame, all_games, get_game
from .rng import Rng

__all__ = [
    "EVERYONE", "Audience", "Canaries", "Event", "Field", "Game", "GameOver", "NotYourTurn", "OptionSpec",
    "Order", "OrderForm", "Outcome", "Prompt", "Rng", "RuleViolation", "StaleOrder", "Termination",
    "TypeTable",
    "UnknownGame", "UnreadableOrder", "WrongOrderKind", "all_games", "canonical_json", "decode",
    "encode", "event", "get_game", "order", "replace", "sha256_hex",
]
