"""Where a game leaves its players: each account's result, written when the game ends, and the
ratings of rated tables (openskill's Plackett–Luce model, free-for-all, ties shared).

A table remembers who sat down when it started (``options["lineup"]``) and why anyone went
before the end (``options["departed"]``: conceded, timed out, left), so that its outcome
counts the people who started it, whoever plays their seats at the end: a player who went
finishes last, tied with the others who went (salon.web.standing.outcome).  A rated game
moves the ratings of its lineup only (bots never change a person's rating); Rococo's solo mode
rates its player against Madame du Barry as a fixed opponent (salon.web.standing.ratings).
Each change is stored with its before and after, so that a rating's history is exact and
``salon admin ratings`` can rebuild every rating from the placements and compare.
"""
