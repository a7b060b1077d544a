"""Masons (Leo Colovini): walls, towers, houses and palaces make cities scored with guild cards."""
from .game import GAME

__all__ = ["GAME"]
