"""The ``euchre`` command-line application (click)."""
