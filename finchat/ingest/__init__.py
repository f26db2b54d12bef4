"""Ingestion pipeline: parse (PDF → Markdown) → chunk → embed → load, one module per stage."""
