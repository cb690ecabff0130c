"""The package's version, in a module of its own so that any layer may read it.

The simulator stamps it into every record it writes (``meta.generator``) and
the cluster checks that its workers run the same one; importing it from the
package's ``__init__`` would be an import upward, from a layer into the API
that is built on it.
"""

__version__ = "0.1.0"
