"""Imports every bundled game so that each registers itself with salon.core."""

import salon.rococo.game  # noqa: F401
