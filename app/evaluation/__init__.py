"""Evaluation: scenario replay, temporal corpus and recall corpus, scored like the seed papers."""
