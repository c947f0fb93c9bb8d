# The two commands of the README: `make demo` and `make test`. Each sets itself up on a fresh
# machine (virtualenv, Python packages, the Neo4j jars from Maven Central, the database).
.PHONY: setup jars demo test test-fast lint typecheck eval bench clean-state exemplars

LAUNCHER_JAR = neo4j/target/selfgraph-neo4j-launcher.jar

setup:
	@scripts/setup-venv.sh >/dev/null

$(LAUNCHER_JAR): neo4j/pom.xml $(wildcard neo4j/src/main/java/io/selfgraph/launcher/*.java)
	cd neo4j && mvn -q -B package -DskipTests

jars: $(LAUNCHER_JAR)

demo: jars
	@venv=$$(scripts/setup-venv.sh) && "$$venv/bin/selfgraph" demo

test: jars
	@venv=$$(scripts/setup-venv.sh) && "$$venv/bin/ruff" check app tests bench scripts \
		&& "$$venv/bin/python" -m mypy && "$$venv/bin/python" -m pytest $(PYTEST_ARGS)

test-fast: jars
	@venv=$$(scripts/setup-venv.sh) && "$$venv/bin/python" -m pytest -m "not slow" $(PYTEST_ARGS)

lint:
	@venv=$$(scripts/setup-venv.sh) && "$$venv/bin/ruff" check app tests bench

typecheck:
	@venv=$$(scripts/setup-venv.sh) && "$$venv/bin/mypy"

# The exemplar corpus of the extraction's fuzzy tier: read scenario sets only (2 to 121). Sets 122-157 have been read
# by rounds 42-49; adding them (session 16: 4,194 exemplars) gained nothing on the unseen sets 158-161 and lost one
# finding, so they stay out. The sets kept for unseen measurement (tests/scenarios_holdout158 and later) must never
# be added here.
EXEMPLAR_SETS = tests/scenarios tests/scenarios_holdout $(foreach n,$(shell seq 2 121),tests/scenarios_holdout$(n)) \
	$(foreach n,1 2 3 4,tests/scenarios_variants$(n))

exemplars:
	@venv=$$(scripts/setup-venv.sh) && "$$venv/bin/selfgraph" eval exemplars $(EXEMPLAR_SETS) --out seed/exemplars

clean-state:
	-@venv=$$(scripts/setup-venv.sh) && "$$venv/bin/selfgraph" db stop
	rm -rf state
