"""The Queen's Necklace (Le Collier de la Reine, Days of Wonder 2003): rules engine and data."""
