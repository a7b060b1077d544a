"""The `pbem` command."""
