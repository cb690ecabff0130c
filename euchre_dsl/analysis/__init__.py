"""Analysis of played hands: the open-hand solver and what is built on it."""
