"""Search with every card visible, and the worlds it is asked about.

The open-hand solver (:mod:`.solver`) over a compact position (:mod:`.position`),
the rest of a hand's bidding searched on top of it (:mod:`.bidding_search`),
the chance of winning a game from a score (:mod:`.win_chance`), and the unseen
cards filled in as one seat may imagine them (:mod:`.worlds`).  The analyzer
(:mod:`euchre_dsl.analysis`) and the search bots (:mod:`euchre_dsl.sim.bots`)
both stand on this layer; it imports only the engine, the rules and the cards.
"""
