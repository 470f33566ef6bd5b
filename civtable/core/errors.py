"""Errors of the public API.

Every error a user can cause is a ``CivtableError`` whose message is one clear
sentence; the command line prints it and exits with code 2.
"""

from __future__ import annotations


class CivtableError(Exception):
    """Base class of every error caused by bad input rather than a bug."""


class IllegalActionError(CivtableError, ValueError):
    """An action that is not legal now; the state is left unchanged."""


class UnknownGameError(CivtableError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class OptionError(CivtableError, ValueError):
    """An unknown game option or a bad option value."""


class InvalidStateError(CivtableError, ValueError):
    """A position (state JSON) that is malformed or breaks the rules."""


class RecordError(CivtableError, ValueError):
    """A game record that is corrupt, truncated or does not replay."""


class AgentError(CivtableError, ValueError):
    """An unknown bot name, bad bot parameters or a malformed strategy file."""
