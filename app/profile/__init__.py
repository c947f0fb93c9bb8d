"""HU2: the seven-question profile of a user, synthesised from the graph and kept current."""
