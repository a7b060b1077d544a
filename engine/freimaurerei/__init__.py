"""Freimaurerei (Matthew Rogers): two principalities, lodges and nested secret alignments."""
from .game import Freimaurerei

GAME = Freimaurerei()

__all__ = ["GAME", "Freimaurerei"]
