"""Hand histories: the ``ehh/1`` JSON interchange form (read, write, validate)."""
