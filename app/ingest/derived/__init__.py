"""The derived layer: what rules conclude from a user's stored records, kept current per turn.

Everything here is a rule over records already in the graph (never over raw text): ``NEXT``
chains and ``metric_trend`` records per metric, ``report_coverage`` per metric, episodes
(``PART_OF``), the ``current_medication`` list and ``TAKES`` edges, the goal lifecycle
(``SUPERSEDES`` + ``goal_trajectory``) and ``CANDIDATE_CAUSE_OF`` edges filtered by the
structural-noise rules. :mod:`.series`, :mod:`.lifecycle`, :mod:`.causal` and
:mod:`.summary_state` hold the pure rules, :mod:`.queries` the Cypher, and :mod:`.service` runs them
inside the turn's transaction (reading through :mod:`.stored_series`, writing through
:mod:`.record_links`, :mod:`.metrics`, :mod:`.current_state` and :mod:`.causal_candidates`).
"""
