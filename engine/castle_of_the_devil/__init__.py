"""Castle of the Devil (dV Giochi; Die Kutschfahrt zur Teufelsburg): 4 to 8 players in two
hidden Secret Societies trade, spy and duel for the Keys and Goblets they need."""
from .game import CastleOfTheDevil

GAME = CastleOfTheDevil()

__all__ = ["GAME", "CastleOfTheDevil"]
