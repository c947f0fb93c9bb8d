"""Building the exemplar corpus from hand-labelled scenario turns (no database)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from app.cli import app as cli
from app.dictionary.snapshot import DictionarySnapshot, load_snapshot
from app.evaluation.exemplar_corpus import build_corpus, turn_exemplars
from app.evaluation.scenario_format import parse_scenario
from app.ingest.narrative.exemplars import NO_RECORD, read_corpus

SCENARIO = """
id: {id}
user: {{id: p-x, sex: female, birth_date: 1950-01-01}}
fhir: synthea_r4/X.json
turns:
  - at: 2021-03-10T09:00:00+00:00
    text: "I stopped the metformin on Sunday. The dog ate my lisinopril box."
    expect:
      records:
        - type: regimen_change
          fields: {{drug: metformin, action: stop}}
  - at: 2021-03-10T09:05:00+00:00
    text: "Metformin again. I quit metformin for good."
    expect:
      records:
        - type: regimen_change
          fields: {{drug: metformin, action: stop}}
  - at: 2021-03-10T09:10:00+00:00
    text: "My gout flared up on Friday."
    expect:
      findings:
        - {{kind: gap}}
  - at: 2021-03-10T09:15:00+00:00
    text: "Nice weather for my asthma today."
    expect:
      retain: false
"""


def _scenario(scenario_id: str = "s1") -> str:
    return SCENARIO.format(id=scenario_id)


def _snapshot() -> DictionarySnapshot:
    return load_snapshot()


def test_a_term_takes_the_label_of_its_record_and_an_unrecorded_term_none() -> None:
    import yaml

    turn = parse_scenario(yaml.safe_load(_scenario())).turns[0]
    exemplars, ambiguous = turn_exemplars(turn, _snapshot(), "set/s1#0")
    assert ambiguous == 0
    assert [(e.text, e.label, e.template) for e in exemplars] == [
        ("I stopped the medicine on Sunday.", "regimen_change", (("action", "stop"),)),
        ("The dog ate my medicine box.", NO_RECORD, ()),
    ]
    assert {e.kind for e in exemplars} == {"drug"} and {e.source for e in exemplars} == {"set/s1#0"}


def test_a_recorded_term_said_in_two_sentences_is_left_out() -> None:
    import yaml

    turn = parse_scenario(yaml.safe_load(_scenario())).turns[1]
    exemplars, ambiguous = turn_exemplars(turn, _snapshot(), "s")
    assert (exemplars, ambiguous) == ([], 2)


def test_a_set_labels_only_turns_with_written_records_or_marked_not_retained(tmp_path: Path) -> None:
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "s.yaml").write_text(_scenario("same-id"), encoding="utf-8")  # ids repeat across sets
    exemplars, counts = build_corpus([tmp_path / "one", tmp_path / "two"], _snapshot())
    assert counts.turns == 6  # turns 0, 1 and 3 of each set; the findings-only turn says nothing of records
    assert counts.ambiguous == 4
    assert counts.by_label == {NO_RECORD: 4, "regimen_change": 2}
    assert [e.source for e in exemplars if e.text.startswith("Nice")] == ["one/same-id#3", "two/same-id#3"]
    assert all("gout" not in e.text and "illness flared" not in e.text for e in exemplars)


def test_the_command_writes_the_corpus_and_its_vectors(tmp_path: Path) -> None:
    (tmp_path / "set").mkdir()
    (tmp_path / "set" / "s.yaml").write_text(_scenario(), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["eval", "exemplars", str(tmp_path / "set"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    exemplars, meta = read_corpus(out)
    assert len(exemplars) == 3 and meta["sources"] == [str(tmp_path / "set")]
    vectors = np.load(out / "narrative.npy")
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors.astype(np.float32), axis=1), 1.0, atol=1e-2)
