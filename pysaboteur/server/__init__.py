"""The web table: play Saboteur in the browser with friends and bots.

A FastAPI application (:func:`create_app`) speaking the protocol of
``docs/web-protocol.md``, storing every table and move with SQLAlchemy
(SQLite by default, PostgreSQL by URL), with bots and clocks at the tables.
Run it with ``saboteur serve`` (``docs/server.md``).
"""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
