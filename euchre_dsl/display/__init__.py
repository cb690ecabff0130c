"""Records shown to people: a replayed game as terminal text and as an HTML page.

:mod:`.replay` turns a record into the table after every action
(:class:`~.replay.GameView`); :mod:`.render` draws it in a terminal and
:mod:`.html_replay` as one self-contained page.  Reading records is
:mod:`euchre_dsl.records`', replaying and checking them :mod:`euchre_dsl.replay`'s;
this layer only presents what the walk replays.
"""
