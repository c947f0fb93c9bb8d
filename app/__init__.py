"""Selfgraph: a personal health memory for AI agents, built on Neo4j."""
