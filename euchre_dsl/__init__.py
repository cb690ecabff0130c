"""euchre-dsl: the Euchre family of card games as data.

Define a variant (YAML or the rules language), replay and validate hand
histories, simulate games with seeded bots, analyze what happened.
"""

__version__ = "0.1.0"
