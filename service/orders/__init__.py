"""Order use cases: create a game, submit and decide an order, append what it causes."""
