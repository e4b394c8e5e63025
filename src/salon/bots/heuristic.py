"""The heuristic bot (to be written)."""
