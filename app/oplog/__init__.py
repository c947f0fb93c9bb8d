"""The append-only operation log: every change to the graph is recorded as an ``Operation``."""
