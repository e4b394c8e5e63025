"""The rules of The Queen's Necklace, one module per concern (RULES.md §2-§7)."""
