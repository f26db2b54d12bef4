"""finchat: an on-premises chatbot for SEC filings, backed by one PostgreSQL (pgvector, full text, Apache AGE)."""

__version__ = "0.1.0"
