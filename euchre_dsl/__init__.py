"""euchre-dsl: the Euchre family of card games as data.

Define a variant (YAML or the rules language), replay and validate hand
histories, simulate games with seeded bots, analyze what happened.
"""

__version__ = "0.1.0"


def build() -> str:
    """'compiled' when the hot modules run as mypyc extensions, else 'pure Python'."""
    from .engine import game

    return "compiled" if not game.__file__.endswith(".py") else "pure Python"
