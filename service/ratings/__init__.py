"""Ratings per title (openskill, Plackett-Luce) and reliability records per player: a
projection of finished games that anyone can rebuild from their archives."""
