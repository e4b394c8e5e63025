"""Learning the bots' models: self-play records (selfplay) and fitting them (train)."""
