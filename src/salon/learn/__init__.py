"""Fitting and training what the bots read as data, from self-play: an evaluation's fitted
weights (fit: ``salon fit``), self-play records (selfplay: ``salon selfplay``) and the learned
models fitted from them (train: ``salon train``, with scikit-learn).  Playing reads the results
with the bots alone; only making them needs this package."""
