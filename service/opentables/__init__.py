"""Open tables: games a game master opens for strangers to join, started when full."""
