"""The browser server: ``civtable serve`` (FastAPI, SQLite by default)."""

from .app import create_app

__all__ = ["create_app"]
