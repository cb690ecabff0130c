"""What should have happened in played hands: ``euchre analyze`` and what it is built on.

:mod:`.analyze` replays each record once, through the one walk
(:func:`~euchre_dsl.replay.walk.walk_record`), and values every card played
with the open-hand solver (:mod:`euchre_dsl.search`); :mod:`.hidden` does it
over sampled worlds for hands whose record hides cards; :mod:`.decisions`
estimates the net points of every option of a bidding decision.  The results
are typed (:mod:`.report`) and shown as text (:mod:`.text`), as one HTML page
(:mod:`.report_html`, :mod:`.table_values` for the replay page's marks), as
tables (:mod:`.export`), per player, seat and side (:mod:`.stats`) and as
each player's summary (:mod:`.players`).
"""
