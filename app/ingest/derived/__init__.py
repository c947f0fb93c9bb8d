"""The derived layer: what rules conclude from a user's stored records, kept current per turn.

Everything here is a rule over records already in the graph (never over raw text): ``NEXT``
chains and ``metric_trend`` records per metric, ``report_coverage`` per metric, episodes
(``PART_OF``), the ``current_medication`` list and ``TAKES`` edges, the goal lifecycle
(``SUPERSEDES`` + ``goal_trajectory``) and ``CANDIDATE_CAUSE_OF`` edges filtered by the
structural-noise rules. :mod:`app.ingest.derived.rules` holds the pure rules,
:mod:`app.ingest.derived.queries` the Cypher and :mod:`app.ingest.derived.service` runs them inside
the turn's transaction.
"""
