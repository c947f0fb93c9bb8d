"""The write path: utterances and FHIR bundles into the graph."""
