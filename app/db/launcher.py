"""The embedded Neo4j runtime: the real Neo4j 5.26 Community engine from Maven Central.

``neo4j/pom.xml`` resolves ``org.neo4j:neo4j`` and ``org.neo4j:neo4j-bolt`` and builds a small
launcher (``neo4j/src/main/java``). :class:`EmbeddedNeo4j` builds it on first use, starts it in the
background with the data under ``state/neo4j`` and its output in ``state/neo4j.log``, waits until
Bolt answers ``CALL dbms.components()``, and stops it with SIGTERM (the launcher shuts the engine
down cleanly). Starting a running instance is harmless; a restart keeps the data.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from app.db.client import GraphClient
from app.errors import ConfigurationError, DatabaseUnavailable
from app.settings import Settings

log = logging.getLogger(__name__)

LAUNCHER_MAIN = "io.selfgraph.launcher.Launcher"


@dataclass(frozen=True)
class EmbeddedStatus:
    running: bool
    pid: int | None
    uri: str
    home: Path
    log_file: Path


class EmbeddedNeo4j:
    """Controls the embedded Neo4j process described by the settings."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.cfg = settings.embedded

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.cfg.bolt_port}"

    @property
    def _jar(self) -> Path:
        return self.cfg.launcher_dir / "target" / "selfgraph-neo4j-launcher.jar"

    @property
    def _lib(self) -> Path:
        return self.cfg.launcher_dir / "target" / "lib"

    def is_built(self) -> bool:
        """The launcher jar and its libraries exist, and the jar is newer than every launcher source
        and the POM (a checkout that changed the launcher rebuilds it on the next start)."""
        if not (self._jar.is_file() and self._lib.is_dir() and any(self._lib.glob("neo4j-bolt-*.jar"))):
            return False
        sources = [self.cfg.launcher_dir / "pom.xml", *(self.cfg.launcher_dir / "src").rglob("*.java")]
        built = self._jar.stat().st_mtime
        return all(source.stat().st_mtime <= built for source in sources if source.is_file())

    def build(self) -> None:
        """Fetch the Neo4j jars from Maven Central and compile the launcher (first use only)."""
        mvn = shutil.which("mvn")
        if mvn is None:
            raise ConfigurationError(
                "Maven (mvn) is needed to fetch the Neo4j jars; install it or set NEO4J_URI."
            )
        if shutil.which("java") is None:
            raise ConfigurationError(
                "A Java 17 runtime is needed for the embedded Neo4j; install it or set NEO4J_URI."
            )
        log.info("building the embedded Neo4j launcher in %s", self.cfg.launcher_dir)
        proc = subprocess.run(
            [mvn, "-q", "-B", "package", "-DskipTests"],
            cwd=self.cfg.launcher_dir,
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0 or not self.is_built():
            raise ConfigurationError(
                "Building the Neo4j launcher failed.", output=(proc.stdout + proc.stderr)[-2000:]
            )

    def _pid(self) -> int | None:
        try:
            pid = int(self.cfg.pid_file.read_text().strip())
        except (FileNotFoundError, ValueError):
            return None
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return None
        except PermissionError:
            return pid
        if not _is_launcher(pid):
            return None
        return pid

    def status(self) -> EmbeddedStatus:
        pid = self._pid()
        return EmbeddedStatus(pid is not None, pid, self.uri, self.cfg.home, self.cfg.log_file)

    def start(self) -> EmbeddedStatus:
        """Start Neo4j in the background (if not running) and wait until Bolt answers."""
        proc: subprocess.Popen[bytes] | None = None
        if self._pid() is None:
            if not self.is_built():
                self.build()
            self.cfg.home.mkdir(parents=True, exist_ok=True)
            java = shutil.which("java") or "java"
            classpath = f"{self._jar}{os.pathsep}{self._lib / '*'}"
            env = dict(os.environ)
            env["SELFGRAPH_NEO4J_PASSWORD"] = self.settings.neo4j.password.get_secret_value()
            with self.cfg.log_file.open("ab") as out:
                proc = subprocess.Popen(
                    [
                        java,
                        f"-Xmx{self.cfg.heap}",
                        "-XX:+UseG1GC",
                        *self.cfg.jvm_options,
                        "-cp",
                        classpath,
                        LAUNCHER_MAIN,
                        str(self.cfg.home),
                        str(self.cfg.bolt_port),
                        str(self.cfg.pagecache_mb),
                        self.cfg.tx_log_retention,
                    ],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    env=env,
                    start_new_session=True,
                )
            self.cfg.pid_file.write_text(str(proc.pid))
            log.info("embedded Neo4j starting pid=%d port=%d", proc.pid, self.cfg.bolt_port)
        self.wait_ready(proc)
        return self.status()

    @property
    def _ready_marker(self) -> Path:
        return self.cfg.home / "launcher.ready"

    def wait_ready(self, proc: subprocess.Popen[bytes] | None = None) -> None:
        """Wait for the launcher's ready marker (password applied), then for Bolt to answer.

        ``proc`` is the process this call started: its own exit status says whether it died (its
        ``/proc`` command line may still be Python's for a moment after the fork, which the pid-file
        check would mistake for a recycled pid)."""
        deadline = time.monotonic() + self.cfg.start_timeout_s
        while not self._ready_marker.exists():
            exited = proc.poll() is not None if proc is not None else self._pid() is None
            if exited:
                raise DatabaseUnavailable(
                    "The embedded Neo4j exited during start-up.",
                    log_file=str(self.cfg.log_file),
                    cause=self._startup_failure(),
                )
            if time.monotonic() > deadline:
                raise DatabaseUnavailable(
                    "The embedded Neo4j did not start in time.", log_file=str(self.cfg.log_file)
                )
            time.sleep(0.25)
        with GraphClient.from_settings(self.settings) as client:
            while True:
                try:
                    client.ping()
                    return
                except DatabaseUnavailable:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.5)

    def _startup_failure(self) -> str:
        """The last 'Caused by' line of the log: usually says why (port in use, bad config)."""
        try:
            lines = self.cfg.log_file.read_text(errors="replace").splitlines()[-400:]
        except OSError:
            return "no log"
        causes = [line.strip() for line in lines if line.startswith(("Caused by", "selfgraph-launcher:"))]
        return causes[-1] if causes else (lines[-1] if lines else "empty log")

    def stop(self, timeout_s: float = 60.0) -> bool:
        """Stop the process with SIGTERM (SIGKILL after ``timeout_s``). True if one was running."""
        pid = self._pid()
        if pid is None:
            self.cfg.pid_file.unlink(missing_ok=True)
            return False
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and _alive(pid):
            time.sleep(0.2)
        if _alive(pid):
            log.warning("embedded Neo4j did not stop in %.0fs; killing pid=%d", timeout_s, pid)
            os.kill(pid, signal.SIGKILL)
        self.cfg.pid_file.unlink(missing_ok=True)
        return True


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie child (started by this process) counts as gone.
    try:
        finished, _ = os.waitpid(pid, os.WNOHANG)
        return finished == 0
    except ChildProcessError:
        return True


def _is_launcher(pid: int) -> bool:
    """Guard against a recycled pid: the process must be our launcher."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return True  # no /proc: trust the pid file
    return LAUNCHER_MAIN.encode() in cmdline
