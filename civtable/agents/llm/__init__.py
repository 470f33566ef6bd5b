"""Language-model players: ``llm:MODEL`` over an OpenAI-compatible endpoint (``agent.py``),
the prompt and the reading of replies (``prompt.py``), the endpoint (``client.py``),
and the figures ``simulate`` and ``ladder`` report for these seats (``figures.py``)."""

from __future__ import annotations

from .agent import COUNTERS, LlmAgent, make_llm
from .client import DEFAULT_URL, KEY_VARIABLE, URL_VARIABLE, ChatClient, LlmFailure, endpoint, probe

__all__ = ["COUNTERS", "DEFAULT_URL", "KEY_VARIABLE", "URL_VARIABLE", "ChatClient", "LlmAgent", "LlmFailure",
           "endpoint", "make_llm", "probe"]
