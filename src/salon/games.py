"""Imports every bundled game so that each registers itself with salon.core."""

import salon.necklace.game  # noqa: F401
import salon.rococo.game  # noqa: F401
