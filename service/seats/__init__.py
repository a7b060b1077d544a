"""Talk, seats and the game master: press, mail commands, identities, master tools."""
