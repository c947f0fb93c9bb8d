"""The ``Self`` node: one per user, the hub every read and write is scoped to."""
