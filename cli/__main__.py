"""``python -m euchre_dsl_cli`` (installed) or ``python -m cli`` (source): the ``euchre``
command."""

from .main import main

main()
