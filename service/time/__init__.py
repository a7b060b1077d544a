"""Deadlines: when decisions fall due, how absences push them back, how players read them."""
