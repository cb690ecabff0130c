"""Other programs' game records, converted to and from ``ehh/1``."""
