"""The one settings object of Selfgraph.

Precedence, highest first: arguments passed to :class:`Settings` (tests do this), environment
variables, a ``.env`` file in the working directory, the defaults below. Nested sections are
addressed with a double underscore (``SELFGRAPH_LLM__BACKEND=ollama``). The three Neo4j variables
``NEO4J_URI``, ``NEO4J_USER`` and ``NEO4J_PASSWORD`` are also read without the prefix, so an external
Neo4j is selected the way every Neo4j tool does it.

Nothing else in the code base reads the environment.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, BaseModel, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent


class Neo4jSettings(BaseModel):
    """Where the graph lives. ``uri`` empty means the embedded launcher's Bolt address."""

    uri: str = ""
    user: str = "neo4j"
    password: SecretStr = SecretStr("selfgraph-local")
    database: str = "neo4j"
    connection_timeout_s: float = 5.0
    max_pool_size: int = 50


TX_LOG_RETENTION_PATTERN = r"^(true|false|keep_all|keep_none|[1-9][0-9]*[kKmMgG]? (files|size|txs|entries|hours|days))$"
"""The forms Neo4j 5 accepts for ``db.tx_log.rotation.retention_policy`` (checked before the server
is started, so a typo is a settings error rather than a failed start-up)."""


class EmbeddedSettings(BaseModel):
    """The embedded Neo4j runtime started by ``selfgraph db start``."""

    state_dir: Path = PROJECT_ROOT / "state"
    launcher_dir: Path = PROJECT_ROOT / "neo4j"
    bolt_port: int = 7687
    heap: str = "2g"
    pagecache_mb: int = 1024
    tx_log_retention: str = Field(default="512M size", pattern=TX_LOG_RETENTION_PATTERN)
    """Transaction log kept after each checkpoint (Neo4j's ``db.tx_log.rotation.retention_policy``:
    ``"512M size"``, ``"2 files"``, ``"1 days"``, ``"keep_none"``…). Neo4j's default of two days
    grew a busy test database's log to 35 GB; recovery needs only the log since the last
    checkpoint, and Community has no online backup that reads older logs."""
    jvm_options: list[str] = []
    """Extra JVM flags for the server (e.g. ``["-XX:TieredStopAtLevel=1"]``), after the heap and GC."""
    start_timeout_s: float = 180.0

    @property
    def home(self) -> Path:
        return self.state_dir / "neo4j"

    @property
    def log_file(self) -> Path:
        return self.state_dir / "neo4j.log"

    @property
    def pid_file(self) -> Path:
        return self.state_dir / "neo4j.pid"


class ApiKey(BaseModel):
    """A bearer key. ``users`` empty means the key may act for every user (an operator key)."""

    key: SecretStr
    users: list[str] = Field(default_factory=list)

    def allows(self, user_id: str) -> bool:
        return not self.users or user_id in self.users


class ApiSettings(BaseModel):
    host: str = "127.0.0.1"
    port: int = 8000
    keys: list[ApiKey] = Field(default_factory=lambda: [ApiKey(key=SecretStr("dev-key"))])


class LlmSettings(BaseModel):
    """The chat model behind extraction residue, reconciliation residue and profile synthesis."""

    backend: Literal["none", "ollama"] = "none"
    model: str = "qwen2.5:14b-instruct"
    host: str = "http://127.0.0.1:11434"
    timeout_s: float = 60.0
    retries: int = 2
    temperature: float = 0.0


class ExtractionSettings(BaseModel):
    """The tiers of narrative extraction after the rules (:mod:`app.ingest.narrative.extraction_tiers`)."""

    exemplars: bool = True
    """Read the sentences the rules left by their nearest exemplars (``seed/exemplars``)."""
    exemplar_k: int = Field(default=7, ge=1)
    exemplar_min_similarity: float = Field(default=0.7, ge=0.0, le=1.0)
    """Cosine similarity the closest exemplar of the chosen record must reach."""
    exemplar_min_share: float = Field(default=0.4, ge=0.0, le=1.0)
    """Share of the neighbours' summed similarity the chosen record must hold."""


class EmbeddingSettings(BaseModel):
    model: str = "all-MiniLM-L6-v2"
    dimensions: int = 384
    batch_size: int = 64


class RetrievalSettings(BaseModel):
    graph_candidates: int = 50
    vector_candidates: int = 50
    keyword_candidates: int = 50
    min_score: float = 0.0
    vector_cache_max_vectors: int = 500_000
    """Vectors held in process for the exact per-user scan (384 float32 each: 500k ~ 770 MB)."""
    context_token_budget: int = 1500
    router_llm: bool = True
    """Ask the LLM backend (when not ``none``) to route requests the router's rules cannot decide."""
    router_timeout_s: float = 10.0
    """Cap on the router LLM call's timeout (the read path falls back to the rules' default)."""


class ProfileSettings(BaseModel):
    debounce_s: float = 5.0


class Settings(BaseSettings):
    """All configuration, built once per process by :func:`get_settings`."""

    model_config = SettingsConfigDict(
        env_prefix="SELFGRAPH_",
        env_nested_delimiter="__",
        env_file=".env",
        extra="ignore",
    )

    neo4j: Neo4jSettings = Field(default_factory=Neo4jSettings)
    neo4j_uri: str = Field(default="", validation_alias=AliasChoices("NEO4J_URI", "SELFGRAPH_NEO4J_URI"))
    neo4j_user: str = Field(default="", validation_alias=AliasChoices("NEO4J_USER", "SELFGRAPH_NEO4J_USER"))
    neo4j_password: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("NEO4J_PASSWORD", "SELFGRAPH_NEO4J_PASSWORD")
    )
    embedded: EmbeddedSettings = Field(default_factory=EmbeddedSettings)
    api: ApiSettings = Field(default_factory=ApiSettings)
    llm: LlmSettings = Field(default_factory=LlmSettings)
    extraction: ExtractionSettings = Field(default_factory=ExtractionSettings)
    embedding: EmbeddingSettings = Field(default_factory=EmbeddingSettings)
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    profile: ProfileSettings = Field(default_factory=ProfileSettings)
    log_level: str = "INFO"

    def model_post_init(self, __context: object) -> None:
        # The plain Neo4j variables override the nested section (they name an external server).
        if self.neo4j_uri:
            self.neo4j.uri = self.neo4j_uri
        if self.neo4j_user:
            self.neo4j.user = self.neo4j_user
        if self.neo4j_password is not None:
            self.neo4j.password = self.neo4j_password

    @property
    def external_neo4j(self) -> bool:
        """True when a URI names a Neo4j the project does not run itself."""
        return bool(self.neo4j.uri)

    @property
    def bolt_uri(self) -> str:
        return self.neo4j.uri or f"bolt://127.0.0.1:{self.embedded.bolt_port}"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings (tests build their own :class:`Settings` instead)."""
    return Settings()
