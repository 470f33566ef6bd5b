"""An OpenAI-compatible chat-completions endpoint (vLLM, llama.cpp's server, Ollama,
OpenAI...), spoken with the standard library: ``POST {url}/chat/completions``.

The key is read from an environment variable (``CIVTABLE_LLM_KEY`` by default) at each
request and sent only in the ``Authorization`` header: it is never kept in an object
that is printed, pickled or logged, nor named in an error. A reply is read up to
``MAX_REPLY`` bytes: a longer one is a failure, never held whole in memory.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from civtable.core.errors import CivtableError
from civtable.i18n import N_, message

DEFAULT_URL = "http://127.0.0.1:8080/v1"
"""A local server: llama.cpp's ``llama-server`` listens on port 8080 by default."""
URL_VARIABLE = "CIVTABLE_LLM_URL"
"""The endpoint when a bot spec names none (``--llm-url`` sets it for the games it plays)."""
KEY_VARIABLE = "CIVTABLE_LLM_KEY"
MAX_REPLY = 1 << 20
"""The longest reply read, in bytes (a reply of 1 MB is refused)."""


class LlmFailure(Exception):
    """A request that brought no reply: ``kind`` is ``unreachable``, ``timeout``,
    ``http``, ``too_long`` or ``garbage``; the message is one sentence."""

    def __init__(self, kind: str, text: str) -> None:
        super().__init__(text)
        self.kind = kind


@dataclass(frozen=True)
class Reply:
    text: str
    prompt_tokens: int | None
    completion_tokens: int | None
    seconds: float


def endpoint(url: str | None) -> str:
    """The endpoint's base URL: the one given, else ``CIVTABLE_LLM_URL``, else the default;
    checked to be an http(s) URL (a bad one is a ``CivtableError``)."""
    chosen = (url or os.environ.get(URL_VARIABLE) or DEFAULT_URL).strip().rstrip("/")
    parts = urlsplit(chosen)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise CivtableError(message(N_("the language-model endpoint must be an http:// or https:// URL, not {url}"),
                                    url=repr(chosen[:80])))
    if parts.username or parts.password:
        raise CivtableError(message(N_("give the language-model key in the environment variable {variable}, not "
                                       "in the URL"), variable=KEY_VARIABLE))
    return chosen


@dataclass(repr=False)
class ChatClient:
    """One model at one endpoint (the key is read from ``key_variable`` when a request is
    sent: it is never held, shown or logged)."""

    url: str
    model: str
    key_variable: str = KEY_VARIABLE
    timeout: float = 60.0
    max_tokens: int = 64
    temperature: float = 0.0

    def __repr__(self) -> str:  # never the key
        return f"<ChatClient {self.model} at {self.url}>"

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        key = os.environ.get(self.key_variable, "")
        if key:
            headers["Authorization"] = f"Bearer {key}"
        return headers

    def complete(self, messages: list[dict[str, Any]]) -> Reply:
        """The model's reply to a conversation; ``LlmFailure`` when none came."""
        body = json.dumps({"model": self.model, "messages": messages, "max_tokens": self.max_tokens,
                           "temperature": self.temperature, "stream": False}).encode()
        request = urllib.request.Request(f"{self.url}/chat/completions", data=body, headers=self._headers(),
                                         method="POST")
        start = time.monotonic()
        raw = self._fetch(request)
        seconds = time.monotonic() - start
        try:
            data = json.loads(raw)
            choice = data["choices"][0]["message"]
            text = choice.get("content") or ""
            if not isinstance(text, str):
                raise TypeError
        except (ValueError, KeyError, IndexError, TypeError, AttributeError, RecursionError):
            raise LlmFailure("garbage", "the endpoint's answer is not a chat completion") from None
        usage = data.get("usage") if isinstance(data, dict) else None
        usage = usage if isinstance(usage, dict) else {}
        return Reply(text, _count(usage.get("prompt_tokens")), _count(usage.get("completion_tokens")), seconds)

    def _fetch(self, request: urllib.request.Request) -> bytes:
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:  # noqa: S310 (http(s) checked)
                raw: bytes = response.read(MAX_REPLY + 1)
        except urllib.error.HTTPError as e:
            raise LlmFailure("http", f"the endpoint answered HTTP {e.code}") from None
        except TimeoutError:
            raise LlmFailure("timeout", f"no answer within {self.timeout:g} s") from None
        except urllib.error.URLError as e:
            if isinstance(e.reason, TimeoutError):
                raise LlmFailure("timeout", f"no answer within {self.timeout:g} s") from None
            raise LlmFailure("unreachable", f"the endpoint cannot be reached ({_reason(e.reason)})") from None
        except (OSError, ValueError) as e:
            raise LlmFailure("unreachable", f"the endpoint cannot be reached ({_reason(e)})") from None
        if len(raw) > MAX_REPLY:
            raise LlmFailure("too_long", f"the endpoint's answer is longer than {MAX_REPLY} bytes")
        return raw


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _reason(reason: Any) -> str:
    text = getattr(reason, "strerror", None) or str(reason) or type(reason).__name__
    return " ".join(str(text).split())[:120]


def probe(url: str, timeout: float = 5.0) -> None:
    """Fail with one sentence (``CivtableError``) when nothing answers at ``url``: any HTTP
    answer to ``GET {url}/models`` (even an error status) shows a server is there."""
    request = urllib.request.Request(f"{url}/models", method="GET")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
            response.read(1 << 16)
    except urllib.error.HTTPError:
        return
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = e.reason if isinstance(e, urllib.error.URLError) else e
        raise CivtableError(message(N_("the language-model endpoint {url} cannot be reached ({reason}); start a "
                                       "server there or give another with --llm-url"),
                                    url=url, reason=_reason(reason))) from None
