"""Validating records: every problem of a record, or the proof that it has none.

:class:`~.validator.Validator` reports the problems of the walk
(:mod:`euchre_dsl.replay`); its fast paths prove a clean record clean without
it, from the parsed record (:mod:`.fast_check`) or from its bytes
(:mod:`.fast_bytes`).
"""
