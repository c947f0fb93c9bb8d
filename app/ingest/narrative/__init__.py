"""Narrative extraction: memory gate, record types, deterministic and LLM extractors, PII masking."""
