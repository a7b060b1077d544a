"""Secret Masters (David Brain): three players, secret factions, sealed votes."""
from .game import SecretMasters

GAME = SecretMasters()

__all__ = ["GAME", "SecretMasters"]
