"""Hypothesis profiles for the whole suite, and the fixtures of the browser tests.

``ci`` (the default, used by ``make test``): the budgets the tests declare.
``thorough``: ten times the contract kit's examples, for a long run before a
release (``pytest --hypothesis-profile=thorough``). Examples are derandomized
in CI so that a run is reproducible; a failure prints the example to add.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from tests.server.serverproc import ServerProcess

settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server process on a free port for the tests of one module (``tests/browser.py``)."""
    from tests.browser import serve

    yield from serve(tmp_path_factory.mktemp("srv") / "games.db")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium for the tests of one module; skipped without it (``tests/browser.py``)."""
    from tests.browser import launch

    yield from launch()
