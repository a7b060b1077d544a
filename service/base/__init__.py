"""A base every other folder stands on: configuration, clock, logs, metrics, tokens, text checks, templates."""
