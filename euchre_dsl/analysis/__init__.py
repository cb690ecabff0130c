"""Analysis of play: the perfect-information solver, ``euchre analyze`` and its reports."""
