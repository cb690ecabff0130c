"""Club events (progressive euchre): rounds of one game per table, partners rotating
by a schedule, individual totals carried across rounds.

The engine plays each round at each table as an ordinary game (a fixed number
of deals, ``game.deals`` with ``game.fixed_deals``); this layer reads the
``event`` options to pair the players (:mod:`.schedule`), add up the hands
into standings and check an event's records (:mod:`.standings`), and play a
whole event with bots (:mod:`.simulate`).
"""
