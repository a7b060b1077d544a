"""The event store: the hash-chained log, snapshots, submissions, the outbox, and its migrations."""
