"""The scenario YAML contract: valid files load, malformed files are refused with a clear message."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest

from app.evaluation.scenario_format import (
    EventWindow,
    RelevantFhir,
    RelevantTurn,
    ScenarioFormatError,
    is_given,
    load_scenario,
    load_scenarios,
)

VALID = """
id: metformin-stop-contradiction
description: free text
user: {id: p-fabian, sex: male, birth_date: 1981-06-02}
fhir: synthea_r4/Fabian.json
turns:
  - at: 2021-03-10T21:00:00+00:00
    text: "I stopped taking my metformin last week, it upset my stomach."
    expect:
      retain: true
      records:
        - type: regimen_change
          fields: {drug: metformin, action: stop}
          event_time: {from: 2021-03-01, to: 2021-03-07}
          abnormal: high
          concepts: [diabetes]
        - type: symptom
          fields: {name: nausea}
          event_time: null
      blocked: ["sugar thingy"]
      findings:
        - kind: contradiction
          severity: high
          safety_critical: true
          cites:
            - resource_type: MedicationRequest
              system: "http://www.nlm.nih.gov/research/umls/rxnorm"
              code: "860975"
      no_findings_of: [agreement]
queries:
  - at: 2021-03-11T08:00:00+00:00
    text: "how are my diabetes numbers?"
    expect:
      route: structured
      relevant: [{turn: 0}, {fhir: "Observation/1d5c3b7e-aa"}]
      k: 5
      empty: false
"""


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_issue_example_loads_with_every_key(tmp_path: Path) -> None:
    s = load_scenario(write(tmp_path, VALID))
    turn = s.turns[0]
    assert turn.at.utcoffset() is not None
    first, second = turn.expect.records
    assert isinstance(first.event_time, EventWindow)
    assert first.event_time.from_ == date(2021, 3, 1) and first.event_time.to == date(2021, 3, 7)
    assert is_given(second, "event_time") and second.event_time is None
    assert turn.expect.findings[0].cites[0].code == "860975"
    assert s.queries[0].expect.relevant == [
        RelevantTurn(turn=0),
        RelevantFhir(fhir="Observation/1d5c3b7e-aa"),
    ]


def test_absent_keys_are_distinguished_from_null(tmp_path: Path) -> None:
    text = VALID.replace("          event_time: null\n", "")
    s = load_scenario(write(tmp_path, text))
    record = s.turns[0].expect.records[1]
    assert not is_given(record, "event_time")
    assert not is_given(record, "abnormal")
    assert s.turns[0].expect.findings[0].severity == "high"


def test_quoted_dates_stay_dates_and_datetimes_keep_their_offset(tmp_path: Path) -> None:
    text = VALID.replace("event_time: null", "event_time: '2021-03-09T07:30:00+09:00'").replace(
        "{from: 2021-03-01, to: 2021-03-07}", "'2021-03-05'"
    )
    s = load_scenario(write(tmp_path, text))
    first, second = s.turns[0].expect.records
    assert first.event_time == date(2021, 3, 5) and not isinstance(first.event_time, datetime)
    assert isinstance(second.event_time, datetime) and second.event_time.utcoffset() is not None


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("type: regimen_change", "type: labs", "turns.0.expect.records.0.type: not a record type: 'labs'"),
        (
            "fields: {drug: metformin, action: stop}",
            "fields: {drug: metformin, dosage: 5}",
            "unknown field(s) ['dosage']",
        ),
        ("kind: contradiction", "kind: conflict", "turns.0.expect.findings.0.kind"),
        ("severity: high", "severity: critical", "turns.0.expect.findings.0.severity"),
        ('code: "860975"', "code: 860975", "cites.0.code: Input should be a valid string"),
        (
            "at: 2021-03-10T21:00:00+00:00",
            "at: 2021-03-10T21:00:00",
            "turns.0.at: a turn's 'at' needs a UTC offset",
        ),
        ("{from: 2021-03-01, to: 2021-03-07}", "{from: 2021-03-08, to: 2021-03-07}", "'from' is after 'to'"),
        ("{turn: 0}", "{turn: 3}", "relevant turn 3 does not exist"),
        ("route: structured", "route: vector", "queries.0.expect.route"),
        (
            "      retain: true",
            "      retain: true\n      retian: false",
            "turns.0.expect.retian: Extra inputs",
        ),
        ("fhir: synthea_r4/Fabian.json", "fhir: /etc/passwd", "fhir: fhir is a path relative to --data-root"),
        ('"Observation/1d5c3b7e-aa"', '"not a reference"', "a FHIR reference is 'Type/id'"),
        ("k: 5", "k: 0", "queries.0.expect.k"),
        ("event_time: null", "event_time: yesterday", "not an ISO 8601 date or datetime"),
    ],
)
def test_malformed_files_are_refused_with_the_path_and_the_problem(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert old in VALID
    path = write(tmp_path, VALID.replace(old, new))
    with pytest.raises(ScenarioFormatError) as err:
        load_scenario(path)
    assert str(path) in err.value.message
    assert message in err.value.message


def test_not_yaml_and_not_a_mapping_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ScenarioFormatError, match="not valid YAML"):
        load_scenario(write(tmp_path, "id: [unclosed\n"))
    with pytest.raises(ScenarioFormatError, match="one mapping"):
        load_scenario(write(tmp_path, "- a\n- b\n"))
    with pytest.raises(ScenarioFormatError, match="at least one turn or query"):
        load_scenario(write(tmp_path, "id: x\nuser: {id: u}\n"))


def test_directories_expand_and_duplicate_ids_are_refused(tmp_path: Path) -> None:
    write(tmp_path, VALID, "a.yaml")
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", VALID.replace("id: metformin-stop-contradiction", "id: other"), "b.yaml")
    assert [s.id for s in load_scenarios([tmp_path])] == ["metformin-stop-contradiction", "other"]
    write(tmp_path, VALID, "c.yaml")
    with pytest.raises(ScenarioFormatError, match="also used by"):
        load_scenarios([tmp_path])


def test_the_public_scenario_set_loads() -> None:
    root = Path(__file__).resolve().parents[1] / "scenarios"
    scenarios = load_scenarios([root])
    assert len(scenarios) >= 60
