"""Running the service: backups of the embedded store."""
