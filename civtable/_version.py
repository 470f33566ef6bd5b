"""The version of civtable, in a module of its own so that any module (the package's
``__init__`` and ``core.records`` alike) reads it without importing the package."""

__version__ = "0.1.0"
