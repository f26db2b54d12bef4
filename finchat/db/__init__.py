"""Database access: one connection pool per process, migrations, and small helpers."""

from finchat.db.pool import connect, get_pool

__all__ = ["connect", "get_pool"]
