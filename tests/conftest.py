"""Hypothesis profiles for the whole suite.

``ci`` (the default, used by ``make test``): the budgets the tests declare.
``thorough``: ten times the contract kit's examples, for a long run before a
release (``pytest --hypothesis-profile=thorough``). Examples are derandomized
in CI so that a run is reproducible; a failure prints the example to add.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")
