"""The replay of a record: the one walk through the engine, and what it meets.

:func:`~.walk.walk_record` replays a record hand by hand and yields the
problems it finds and the events of the game (:mod:`.events`); the validator
keeps the problems, the replay display, the analyzer, the event standings and
the OpenSpiel conversion read the events.  The claims a record makes are
compared as the walk reaches them (:mod:`.result_claims`); the variants
records name are compiled once each (:mod:`.variants`).
"""
