"""A stub OpenAI-compatible chat-completions server on 127.0.0.1 for the tests of ``llm:``.

The model named in a request picks the stub's behaviour:

- ``valid``: the number of a listed legal action (seeded by the prompt, so games repeat);
- ``text``: the text of a listed legal action, with some reasoning before it;
- ``talk``: a valid number and a line ``say: ...``;
- ``illegal``: a number that is not listed, then an action that is not legal, in turn (by retry);
- ``garbage``: HTTP 200 with a body that is no chat completion;
- ``slow``: no answer for ``slow_seconds`` (longer than the bot's timeout);
- ``error``: HTTP 500;
- ``huge``: a reply of more than 1 MB;
- ``mixed``: valid, illegal, valid, garbage, valid, error, valid, huge, valid, slow, in turn
  (from the first after ``reset``).

``usage`` counts tokens as characters / 4 (the usual rule of thumb for English text), so
that the figures of docs/llm.md are the prompt sizes a real model would be sent. Every
request is kept (``requests``: the JSON bodies and the Authorization header).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MIXED = ("valid", "illegal", "valid", "garbage", "valid", "error", "valid", "huge", "valid", "slow")
LISTED = re.compile(r"^(\d+)\. (.+)$", re.MULTILINE)


class Stub:
    def __init__(self, slow_seconds: float = 1.0) -> None:
        self.slow_seconds = slow_seconds
        self.requests: list[dict[str, Any]] = []
        self.served: dict[str, int] = {}
        """Requests per model since the last ``reset`` (the ``mixed`` cycle's position)."""
        self.lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                if self.path.endswith("/models"):
                    self._send(200, json.dumps({"object": "list", "data": [{"id": m, "object": "model"}
                                                                           for m in ("valid", "mixed")]}).encode())
                else:
                    self._send(404, b"{}")

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length))
                with stub.lock:
                    model = str(body.get("model"))
                    n = stub.served.get(model, 0)
                    stub.served[model] = n + 1
                    stub.requests.append({"body": body, "authorization": self.headers.get("Authorization")})
                status, payload = stub.answer(body, n)
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout)
                    self._send(status, payload)

            def _send(self, status: int, payload: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Stub:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def reset(self) -> None:
        """Every model's behaviour starts again from its first answer (a new game)."""
        with self.lock:
            self.served.clear()

    # ------------------------------------------------------------ behaviours
    def answer(self, body: dict[str, Any], n: int) -> tuple[int, bytes]:
        model = body.get("model", "valid")
        mode = MIXED[n % len(MIXED)] if model == "mixed" else model
        messages = body["messages"]
        prompt = "\n".join(m["content"] for m in messages)
        last = messages[-1]["content"]
        listed = LISTED.findall(messages[1]["content"])
        pick = int(hashlib.sha256(prompt.encode()).hexdigest(), 16)
        if mode == "garbage":
            return 200, b"<html>the model is warming up</html>"
        if mode == "error":
            return 500, b'{"error": {"message": "internal error"}}'
        if mode == "slow":
            time.sleep(self.slow_seconds)
            mode = "valid"
        if mode == "huge":
            return 200, self.completion("1" + " " * (1 << 20), prompt)
        if mode == "illegal":
            text = f"{len(listed) + 5}" if len(messages) % 4 == 2 else "fly to the moon"  # by the retry
        elif not listed:  # the list is hidden: guess the words most games have
            text = ("end", "pass", "done", "decline")[pick % 4]
        elif mode == "text":
            number, action = listed[pick % len(listed)]
            text = f"Let me think about this.\nI choose {number}, because it helps.\n{action.upper()}"
        else:
            text = listed[pick % len(listed)][0]
            if mode == "talk" and "say: MESSAGE" in last:
                text += "\nsay: I have grain for your wine, and my hidden card is what I declare."
        return 200, self.completion(text, prompt)

    @staticmethod
    def completion(text: str, prompt: str) -> bytes:
        return json.dumps({
            "id": "stub", "object": "chat.completion", "model": "stub",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": len(prompt) // 4, "completion_tokens": max(1, len(text) // 4),
                      "total_tokens": len(prompt) // 4 + max(1, len(text) // 4)},
        }).encode()
