"""Requests coalesce: a burst of writes becomes one regeneration, off the request path."""

from __future__ import annotations

import threading

from app.db.client import GraphClient
from app.profile.regeneration import ProfileRefresher
from app.profile.synthesis import ComposerSynthesizer
from app.profile.worker import ProfileWorker
from tests.profile.conftest import NOW


def test_a_burst_of_twenty_requests_runs_once() -> None:
    runs: list[str] = []
    worker = ProfileWorker(runs.append, debounce_s=0.3).start()
    try:
        for _ in range(20):
            worker.request("alice")
        worker.request("bob")
        assert runs == []  # nothing runs inside the quiet period
        assert worker.wait_idle(timeout_s=10)
    finally:
        worker.stop()
    assert sorted(runs) == ["alice", "bob"]


def test_requests_after_a_run_start_a_new_one() -> None:
    runs: list[str] = []
    worker = ProfileWorker(runs.append, debounce_s=0.05).start()
    try:
        worker.request("alice")
        assert worker.wait_idle(timeout_s=10)
        worker.request("alice")
        assert worker.wait_idle(timeout_s=10)
    finally:
        worker.stop()
    assert runs == ["alice", "alice"]


def test_a_failing_refresh_does_not_stop_the_worker() -> None:
    calls: list[str] = []

    def refresh(user: str) -> None:
        calls.append(user)
        if user == "bad":
            raise RuntimeError("boom")

    worker = ProfileWorker(refresh, debounce_s=0.01).start()
    try:
        worker.request("bad")
        assert worker.wait_idle(timeout_s=10)
        worker.request("good")
        assert worker.wait_idle(timeout_s=10)
    finally:
        worker.stop()
    assert calls == ["bad", "good"] and worker.failures == 1


def test_burst_against_the_graph_regenerates_once(client: GraphClient, profile_user: str) -> None:
    refresher = ProfileRefresher(client, ComposerSynthesizer(), clock=lambda: NOW)
    done = threading.Event()
    reports = []

    def refresh(user: str) -> None:
        reports.append(refresher.refresh(user))
        done.set()

    worker = ProfileWorker(refresh, debounce_s=0.2).start()
    try:
        for _ in range(20):
            worker.request(profile_user)
        assert done.wait(timeout=30)
        assert worker.wait_idle(timeout_s=30)
    finally:
        worker.stop()
    assert len(reports) == 1 and len(reports[0].reasked) == 7
