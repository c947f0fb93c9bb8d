"""The coaching-talk runner's report files (no database): the record list is written apart."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from app.evaluation.specificity import NOT_KEPT, _record_row, patient_messages, write_reports
from app.ingest.write_path.models import WrittenRecord


def test_record_row_is_reproducible_without_uid() -> None:
    record = WrittenRecord(
        uid="r-123", type="goal", fields={"target": "3,400"}, quote="I'll shoot for 3,400.", time_text=None
    )
    row = _record_row("patient8", datetime(2019, 9, 16, 16, 20, tzinfo=UTC), record)
    assert row == {
        "patient": "patient8",
        "mention_time": "2019-09-16T16:20:00+00:00",
        "type": "goal",
        "fields": {"target": "3,400"},
        "quote": "I'll shoot for 3,400.",
        "time_text": None,
        "event_start": None,
        "event_end": None,
    }


def test_write_reports_splits_records_from_the_report(tmp_path: Path) -> None:
    report = {"turns": 2, "dictionary_version": "v1", "written_records": [{"type": "goal"}]}
    write_reports(report, tmp_path / "report.json", tmp_path / "records.json")
    assert "written_records" not in json.loads((tmp_path / "report.json").read_text())
    assert json.loads((tmp_path / "records.json").read_text()) == {
        "dictionary_version": "v1",
        "records": [{"type": "goal"}],
    }


def test_not_kept_reasons_are_the_gate_drop_reasons() -> None:
    assert {"empty", "acknowledgement", "small_talk"} == NOT_KEPT


def test_patient_messages_read_both_time_formats(tmp_path: Path) -> None:
    path = tmp_path / "patient1.csv"
    path.write_text(
        "speaker,utterance,time\nCoach,Hi,2019-06-03 10:16:29\nPatient,Yes,2019-06-03 10:22:31\n"
        "Patient,  ,2019/8/1 11:47\nPatient,7000 steps,2019/8/1 11:47\n",
        encoding="utf-8",
    )
    assert patient_messages(path) == [
        (datetime(2019, 6, 3, 10, 22, 31, tzinfo=UTC), "Yes"),
        (datetime(2019, 8, 1, 11, 47, tzinfo=UTC), "7000 steps"),
    ]
