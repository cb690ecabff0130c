"""Hand-history records: the ``ehh/1`` JSON form and the ehh text form, read and written.

The formats and nothing else: the readers (:mod:`.reader`, the one way every
command opens its inputs; :mod:`.text_reader`), the writers (:mod:`.writer`,
:mod:`.text_writer`), the notation of actions, deals and results
(:mod:`.notation`), the record's shape (:mod:`.shape`) and where each part of
a record is in its file (:mod:`.positions`).  Replaying a record is
:mod:`euchre_dsl.replay`'s; checking it, :mod:`euchre_dsl.validate`'s.
"""
