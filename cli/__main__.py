"""``python -m cli``: the same as the ``euchre`` command."""

from cli.main import main

main()
