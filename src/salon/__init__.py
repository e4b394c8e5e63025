"""The salon: Rococo and The Queen's Necklace.  Importing it chooses the engine, compiled or pure
(salon.compiled), before any module of the engine loads."""

from salon import compiled as compiled  # noqa: F401
