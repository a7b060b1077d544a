"""Illuminati (Steve Jackson Games): 2 to 8 secret conspiracies build power structures of
Groups and attack each other's to control, neutralize or destroy them."""
from .game import Illuminati

GAME = Illuminati()

__all__ = ["GAME", "Illuminati"]
