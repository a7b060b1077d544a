"""Running the service: a store opened and upgraded with its projections filled, backups."""
