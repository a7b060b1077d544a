"""What every other folder stands on: configuration, the clock, logs, metrics, seat tokens,
checks on typed text, the Jinja environment, small caches."""
