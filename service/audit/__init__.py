"""Checking a game's past: the integrity check, the audit by replay, archives out and in."""
