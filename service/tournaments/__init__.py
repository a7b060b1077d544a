"""Tournaments: entrants, rounds seated by score (Swiss) or to meet as evenly as possible
(round robin), games played as any other, standings with tie-breaks (docs/tournaments.md)."""
