"""Weights of a static evaluation fitted against the final margins of self-play, kept as data.

Most weights of an evaluation are judgements, tuned in measured games; some are predictions
(what the turns an opponent still has will bring it), which can be learned from records
(``salon fit``, salon.learn.fit).  Those are data, not code: a game keeps them in a file of its
data package with the command that fitted them, and its evaluation module reads them into
module globals of the same names, which the evaluation reads at every call (so that a fit can
try other values by setting the globals).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from salon.core.errors import DataError
from salon.core.plugins import folder


@dataclass(frozen=True)
class Fitted:
    """Where one evaluation's fitted weights live: the module whose globals they are, and the
    data file (a ``"package:path"`` reference) that keeps them."""

    module: str
    data: str

    def file(self) -> Path:
        return Path(str(folder(self.data)))

    def read(self) -> dict[str, Any]:
        """The data file: the ``weights`` by name, and how each was ``fitted``."""
        try:
            loaded: dict[str, Any] = json.loads(self.file().read_text(encoding="utf-8"))
            weights = loaded["weights"]
            if not isinstance(weights, dict) or not all(isinstance(v, (int, float)) for v in weights.values()):
                raise ValueError("the weights must map names to numbers")
        except (OSError, ValueError, KeyError) as e:
            raise DataError(f"{self.data}: {e}") from None
        return loaded

    def weights(self) -> dict[str, float]:
        return {k: float(v) for k, v in self.read()["weights"].items()}
