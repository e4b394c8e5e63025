"""Component data of The Queen's Necklace (TOML files loaded by salon.necklace.components)."""
