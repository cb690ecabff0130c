"""Simulation: seeded bots and the runner that plays whole games with them."""
