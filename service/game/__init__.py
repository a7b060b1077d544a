"""A game folded from its log: the service's own events, what it knows of a game, reads, history."""
