"""Players' standing as others see it: the figures a rating is shown as (``figures``), who may
see whose profile (``visibility``), a profile's counts, ratings, recent games and rivals
(``profiles``), the leaderboards (``boards``) and the accounts one follows, with whether they
are online and the tables they sit at (``follows``).

Every function here is a statement of the storage thread's
:class:`~salon.web.storage.Database`, run by the routes (salon.web.api.players) inside a job:
the rows they read are written when each game ends, so these are reads by index, never
replays of games.
"""
