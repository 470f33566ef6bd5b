"""One HTML element, its attribute values escaped: the page's building block (``web.py``, ``webtrade.py``)."""

from __future__ import annotations

from html import escape
from typing import Any


def tag(name: str, body: str = "", cls: str = "", **attrs: Any) -> str:
    """An element; ``body`` is HTML already, attribute values are escaped here."""
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items() if v is not None)
    klass = f' class="{escape(cls)}"' if cls else ""
    return f"<{name}{klass}{extra}>{body}</{name}>"
